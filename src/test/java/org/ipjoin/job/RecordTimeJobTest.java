package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.partLines;
import static org.ipjoin.job.DriverRun.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import org.ipjoin.RealData;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --time}: each record's time read, a record whose time cannot be read counted in {@code
 * TIME_UNREADABLE} and set aside under {@code malformed/time-m-*}, over the real logs under
 * {@code realdata/logkinds/} (combined, W3C, Zeek, JSON) and a variant of the combined ones with
 * damaged times made here. Which times are readable is decided by java.time (strict parsing with
 * the kind's own pattern), never by ipjoin's reader; option errors are one line with exit 2.
 */
class RecordTimeJobTest {

  private static final DateTimeFormatter CLF = DateTimeFormatter
      .ofPattern("dd/MMM/uuuu:HH:mm:ss xx", Locale.ENGLISH).withResolverStyle(ResolverStyle.STRICT);

  @TempDir Path dir;

  /** The content of the first {@code [...]} of a line, or null. */
  private static String bracketed(String line) {
    int open = line.indexOf('[');
    int close = open < 0 ? -1 : line.indexOf(']', open);
    return close < 0 ? null : line.substring(open + 1, close);
  }

  private static boolean readable(String text, Predicate<String> parse) {
    try {
      return text != null && parse.test(text);
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  private static boolean clf(String line) {
    return readable(bracketed(line), t -> OffsetDateTime.parse(t, CLF) != null);
  }

  /** The lines of the files {@code malformed/time-m-*} of an output. */
  private static List<String> timeUnreadableLines(Path output) throws Exception {
    Path malformed = output.resolve("malformed");
    List<String> lines = new ArrayList<>();
    if (!Files.isDirectory(malformed)) {
      return lines;
    }
    try (Stream<Path> files = Files.list(malformed)) {
      for (Path f : files.filter(p -> p.getFileName().toString().startsWith("time-m-")).sorted()
          .toList()) {
        lines.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
      }
    }
    return lines;
  }

  /** Counters and set-aside lines of a run against the records java.time cannot read. */
  private static void assertSetAside(DriverRun r, List<String> unreadable) throws Exception {
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(unreadable.size(), r.counter(IpJoinCounter.TIME_UNREADABLE), r.toString());
    assertEquals(sorted(unreadable), sorted(timeUnreadableLines(r.output())));
    // Set aside as malformed: counted there too, beside records whose address is malformed.
    Path malformed = r.output().resolve("malformed");
    assertEquals(unreadable.size() + (Files.isDirectory(malformed) ? partLines(malformed).size()
        : 0), r.counter(IpJoinCounter.MALFORMED));
  }

  private static List<String> records(Path file) throws Exception {
    return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
        .filter(l -> !l.startsWith("#")).toList();
  }

  @Test
  void combinedLogsWithDamagedTimesSetThoseAsideInMatchAndTagModes() throws Exception {
    Path logs = Files.createDirectories(dir.resolve("logs"));
    List<String> all = new ArrayList<>();
    for (String name : new String[] {"nginx_xff.log", "traefik_clf.log"}) {
      List<String> lines = Files.readAllLines(RealData.file("logkinds/" + name));
      Files.write(logs.resolve(name), lines);
      all.addAll(lines);
    }
    // Variants of the real lines: times no common log writes, and two it does in other zones.
    String base = Files.readAllLines(RealData.file("logkinds/traefik_clf.log")).get(0);
    String time = bracketed(base);
    List<String> variants = new ArrayList<>();
    for (String t : new String[] {"31/Feb/2026:07:05:00 +0000", "27/Nov/2026:25:00:00 +0000",
        "27/Nov/2026:07:05:00", "27/Nov/2026:07:05:00 -0930", "29/Feb/2024:23:59:59 +1400",
        "27/Nvm/2026:07:05:00 +0000", "27/Nov/2026:07:05:00 +2500", ""}) {
      variants.add(base.replace("[" + time + "]", "[" + t + "]"));
    }
    variants.add(base.replace("[" + time + "]", time));
    Files.write(logs.resolve("variants.log"), variants);
    all.addAll(variants);
    List<String> unreadable = all.stream().filter(l -> !clf(l)).toList();
    assertEquals(7, unreadable.size(), "the damaged variants, by java.time");

    Path index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, "85.181.35.98", "172.17.0.1", "192.168.33.1");
    Predicate<String> listed = l -> Stream.of("85.181.35.98 ", "172.17.0.1 ", "192.168.33.1 ")
        .anyMatch(l::startsWith);

    DriverRun match = DriverRun.of("--index", index.toString(), "--input", logs.toString(),
        "--output", dir.resolve("match").toString(), "--time", "combined");
    assertSetAside(match, unreadable);
    assertEquals(sorted(all.stream().filter(l -> clf(l) && listed.test(l)).toList()),
        sorted(partLines(match.output())));

    DriverRun tag = DriverRun.of("--index", index.toString(), "--input", logs.toString(),
        "--output", dir.resolve("tag").toString(), "--time", "combined", "--mode", "tag");
    assertSetAside(tag, unreadable);
    List<String> expected = new ArrayList<>();
    for (String line : all) {
      expected.add(line + "\t" + (!clf(line) ? "-" : listed.test(line) ? "1" : "0"));
    }
    assertEquals(sorted(expected), sorted(partLines(tag.output())));
  }

  @Test
  void zeekTimesAreReadAndMaskedOnesSetAside() throws Exception {
    Path logs = Files.createDirectories(dir.resolve("zeek"));
    List<String> all = new ArrayList<>();
    for (String name : new String[] {"zeek_conn.log", "zeek_conn_teredo.log"}) {
      Files.copy(RealData.file("logkinds/" + name), logs.resolve(name));
      all.addAll(records(RealData.file("logkinds/" + name)));
    }
    // Zeek's ts: epoch seconds with six fraction digits, read by BigDecimal.
    List<String> unreadable = all.stream().filter(l -> !readable(l.split("\t")[0],
        t -> t.matches("[0-9]{1,10}\\.[0-9]{6}") && new java.math.BigDecimal(t).signum() >= 0))
        .toList();
    assertEquals(21, unreadable.size(), "the teredo baseline's masked times");
    Path index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, "192.168.2.76");
    DriverRun r = DriverRun.of("--index", index.toString(), "--input", logs.toString(),
        "--output", dir.resolve("out").toString(), "--format", "zeek-conn", "--time", "zeek:ts");
    assertSetAside(r, unreadable);
  }

  @Test
  void aTimeFieldThatFitsNoRecordFailsTheJobSayingSo() throws Exception {
    Path log = RealData.file("logkinds/zeek_conn_teredo.log");
    int records = records(log).size();
    Path index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, "192.168.2.16");
    Path out = dir.resolve("out");
    DriverRun r = DriverRun.of("--index", index.toString(), "--input", log.toString(),
        "--output", out.toString(), "--format", "zeek-conn", "--time", "zeek:ts");
    assertEquals(1, r.exitCode(), r.toString());
    assertEquals(List.of(String.format("ipjoin: %d of %d records were malformed with --format"
        + " zeek-conn (ipjoin.format), %d of them because --time zeek:ts (ipjoin.time) read no"
        + " time, more than ipjoin.malformed.max.fraction=1.0 allows (1.0: fail when all are);"
        + " check the format and the time's field against the input, or raise"
        + " ipjoin.malformed.max.fraction; nothing was published to %s", records, records,
        records, DriverRun.qualified(out))), r.errLines());
    assertFalse(Files.exists(out));
  }

  @Test
  void w3cDateAndTimeColumnsAreReadUnderEachFieldsLine() throws Exception {
    Path log = RealData.file("logkinds/iis_w3c.log");
    List<String> unreadable = records(log).stream().filter(l -> !readable(l,
        t -> LocalDateTime.parse(t.split(" ")[0] + "T" + t.split(" ")[1]) != null)).toList();
    assertEquals(0, unreadable.size());
    Path index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, "81.2.69.143");
    DriverRun r = DriverRun.of("--index", index.toString(), "--input", log.toString(),
        "--output", dir.resolve("out").toString(), "--format", "iis", "--time", "w3c:date+time");
    assertSetAside(r, unreadable);
    assertEquals(records(log).size(), r.counter(IpJoinCounter.RECORDS));
  }

  @Test
  void jsonTimesWithOffsetsWithoutAColonAndNanosecondCountsAreRead() throws Exception {
    ObjectMapper json = new ObjectMapper();
    DateTimeFormatter suricata = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSxx")
        .withResolverStyle(ResolverStyle.STRICT);
    String[][] cases = {
        {"suricata_eve.json", "suricata", "timestamp"},
        {"cloudflare_logpush.json", "cloudflare", "EdgeStartTimestamp"},
    };
    for (String[] c : cases) {
      Path log = RealData.file("logkinds/" + c[0]);
      List<String> unreadable = new ArrayList<>();
      for (String line : records(log)) {
        JsonNode value = json.readTree(line).get(c[2]);
        boolean ok = value != null && (value.isNumber()
            ? value.asText().length() == 19
            : readable(value.asText(), t -> OffsetDateTime.parse(t, suricata) != null));
        if (!ok) {
          unreadable.add(line);
        }
      }
      Path index = dir.resolve(c[1] + ".ipidx");
      TestIndexes.write(index, "10.16.1.11", "89.163.242.206");
      DriverRun r = DriverRun.of("--index", index.toString(), "--input", log.toString(),
          "--output", dir.resolve(c[1]).toString(), "--format", c[1], "--time", "json:" + c[2]);
      assertSetAside(r, unreadable);
    }
  }

  @Test
  void optionErrorsAreOneLineWithExitTwoAndNothingRuns() throws Exception {
    Path index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, "192.0.2.1");
    Path log = RealData.file("logkinds/nginx_xff.log");
    String[][] cases = {
        {"--time", "combined", "--as-of", "2026-11-27T07:05:00Z", "ipjoin: --time and --as-of"
            + " (ipjoin.time and ipjoin.as.of) cannot be given together: --time reads each record's"
            + " own time, --as-of gives one time for every record"},
        {"--time", "stamp", null, null, "ipjoin: bad --time 'stamp'; use one of combined,"
            + " json:PATH, w3c:date+time, zeek:NAME, tsv:N, csv:N, ws:N, tsv:NAME, csv:NAME or"
            + " regex:PATTERN"},
        {"--time", "ws:0", null, null, "ipjoin: bad --time 'ws:0': columns are numbered from 1,"
            + " got 0"},
        {"--as-of", "2026-11-31", null, null, "ipjoin: bad --as-of '2026-11-31': not a time; give"
            + " 2026-11-27T07:05:00Z (ISO 8601, any zone), 2026-11-27, epoch seconds 1732690000 or"
            + " milliseconds 1732690000000, or 27/Nov/2026:07:05:00 +0000"},
    };
    int n = 0;
    for (String[] c : cases) {
      List<String> args = new ArrayList<>(List.of("--index", index.toString(), "--input",
          log.toString(), "--output", dir.resolve("out" + n++).toString(), c[0], c[1]));
      if (c[2] != null) {
        args.addAll(List.of(c[2], c[3]));
      }
      DriverRun r = DriverRun.of(args.toArray(String[]::new));
      assertEquals(2, r.exitCode(), r.toString());
      assertEquals(List.of(c[4]), r.errLines());
      assertFalse(r.submitted());
    }
  }
}
