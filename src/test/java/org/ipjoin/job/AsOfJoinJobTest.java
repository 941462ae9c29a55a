package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.partLines;
import static org.ipjoin.job.DriverRun.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.RealData;
import org.ipjoin.api.IpJoin;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * As-of joins on the local runner: a history index of five real daily snapshots of the ipsum
 * level-6 list (src/test/resources/realdata/history/ipsum6) joined with combined log lines made
 * here, whose clients are drawn from the snapshots' union and a few never-listed addresses, and
 * whose times fall in each snapshot's day, before the first and after the last one's validity.
 * Every record's answer is checked against the snapshot file in force at its time, read by plain
 * Java into a HashSet; a plain index in the same job answers as of now, {@code --where} over both
 * holds as of each record's time, and {@code --count-by} counts each record as of its time.
 */
class AsOfJoinJobTest {

  private static final Path SNAPSHOTS = RealData.file("history/ipsum6");
  private static final DateTimeFormatter CLF =
      DateTimeFormatter.ofPattern("dd/MMM/uuuu:HH:mm:ss", Locale.ENGLISH);
  private static final List<LocalDate> DAYS = Stream.of("2026-03-12", "2026-03-13",
      "2026-03-14", "2026-03-15", "2026-03-16").map(LocalDate::parse).toList();
  private static final String PLAIN_IP = "192.0.2.44";

  @TempDir Path dir;
  private Path history;
  private Path plain;
  private Path logs;
  private final List<Set<String>> snapshots = new ArrayList<>();
  /** Each generated line, its client and the snapshot in force at its time (-1 before, 5 after). */
  private final List<String> lines = new ArrayList<>();
  private final List<String> clients = new ArrayList<>();
  private final List<Integer> inForce = new ArrayList<>();

  @BeforeEach
  void snapshotsIndexesAndLogs() throws Exception {
    Set<String> union = new TreeSet<>();
    for (LocalDate day : DAYS) {
      Set<String> ips = new HashSet<>();
      for (String line : Files.readAllLines(SNAPSHOTS.resolve(day + ".txt"))) {
        if (!line.isBlank()) {
          ips.add(line.trim());
        }
      }
      snapshots.add(ips);
      union.addAll(ips);
    }
    history = dir.resolve("ipsum-history.ipidx");
    IpJoin.buildIndex(new Configuration()).input(SNAPSHOTS.toString()).output(history.toString())
        .asOfFromFile("(\\d{4}-\\d{2}-\\d{2})\\.txt").run();
    plain = dir.resolve("plain.ipidx");
    TestIndexes.write(plain, PLAIN_IP);

    List<String> pool = new ArrayList<>(union);
    pool.add(PLAIN_IP);
    pool.add("198.51.100.7");
    Random random = new Random(20260312);
    for (int i = 0; i < 900; i++) {
      String ip = pool.get(random.nextInt(pool.size()));
      // Days -1 (before the first snapshot) .. 5 (the day after the last one: outside).
      int d = random.nextInt(7) - 1;
      LocalDateTime at = DAYS.get(0).plusDays(d).atStartOfDay()
          .plusSeconds(random.nextInt(86_400));
      lines.add(ip + " - - [" + CLF.format(at) + " +0000] \"GET /" + i + " HTTP/1.1\" 200 512"
          + " \"-\" \"probe\"");
      clients.add(ip);
      inForce.add(d);
    }
    // A time given in another zone: 2026-03-13 01:30 +0200 is still the 12th in UTC.
    lines.add(pool.get(0) + " - - [13/Mar/2026:01:30:00 +0200] \"GET /zone HTTP/1.1\" 200 1 \"-\""
        + " \"probe\"");
    clients.add(pool.get(0));
    inForce.add(0);
    logs = Files.createDirectories(dir.resolve("logs"));
    Files.write(logs.resolve("access.log"), lines);
  }

  private boolean listed(int record, boolean nearest) {
    int d = inForce.get(record);
    if (d < 0 || d >= DAYS.size()) {
      if (!nearest) {
        return false;
      }
      d = d < 0 ? 0 : DAYS.size() - 1;
    }
    return snapshots.get(d).contains(clients.get(record));
  }

  private boolean outside(int record) {
    return inForce.get(record) < 0 || inForce.get(record) >= DAYS.size();
  }

  private List<String> expected(java.util.function.IntPredicate keep) {
    List<String> out = new ArrayList<>();
    for (int r = 0; r < lines.size(); r++) {
      if (keep.test(r)) {
        out.add(lines.get(r));
      }
    }
    return sorted(out);
  }

  private long outsideCount() {
    long n = 0;
    for (int r = 0; r < lines.size(); r++) {
      n += outside(r) ? 1 : 0;
    }
    return n;
  }

  @Test
  void matchModeAnswersEachRecordAsOfItsTime() throws Exception {
    DriverRun r = DriverRun.of("--index", "ipsum=" + history, "--input", logs.toString(),
        "--output", dir.resolve("match").toString(), "--time", "combined");
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(expected(rec -> listed(rec, false)), sorted(partLines(r.output())));
    assertEquals(outsideCount(), r.counter(IpJoinCounter.AS_OF_OUTSIDE), r.toString());
    assertEquals(expected(rec -> listed(rec, false)).size(), r.counter(IpJoinCounter.MATCHED));
  }

  @Test
  void nearestAnswersOutsideRecordsByTheFirstOrLastSnapshot() throws Exception {
    DriverRun r = DriverRun.of("--index", "ipsum=" + history, "--input", logs.toString(),
        "--output", dir.resolve("nearest").toString(), "--time", "combined", "--as-of-outside",
        "nearest");
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(expected(rec -> listed(rec, true)), sorted(partLines(r.output())));
    assertEquals(outsideCount(), r.counter(IpJoinCounter.AS_OF_OUTSIDE));
  }

  @Test
  void tagModeWritesAQuestionMarkOutsideAndAPlainIndexAnswersAsOfNow() throws Exception {
    DriverRun r = DriverRun.of("--index", "ipsum=" + history, "--index", "plain=" + plain,
        "--input", logs.toString(), "--output", dir.resolve("tag").toString(), "--time",
        "combined", "--mode", "tag");
    assertEquals(0, r.exitCode(), r.toString());
    List<String> expected = new ArrayList<>();
    for (int rec = 0; rec < lines.size(); rec++) {
      String ipsum = outside(rec) ? "?" : listed(rec, false) ? "1" : "0";
      String inPlain = clients.get(rec).equals(PLAIN_IP) ? "1" : "0";
      expected.add(lines.get(rec) + "\t" + ipsum + "\t" + inPlain);
    }
    assertEquals(sorted(expected), sorted(partLines(r.output())));
  }

  @Test
  void tagModeWritesTheLabelInForceAtEachRecordsTime() throws Exception {
    // The real snapshots labelled as a score column would: the days each address has been listed
    // in a row, so most labels change from day to day.
    Path folder = Files.createDirectories(dir.resolve("streaks"));
    List<Map<String, String>> labels = new ArrayList<>();
    Map<String, Integer> streak = new HashMap<>();
    for (int d = 0; d < DAYS.size(); d++) {
      Map<String, Integer> next = new HashMap<>();
      Map<String, String> day = new HashMap<>();
      StringBuilder text = new StringBuilder();
      for (String ip : new TreeSet<>(snapshots.get(d))) {
        next.put(ip, streak.getOrDefault(ip, 0) + 1);
        day.put(ip, "streak-" + next.get(ip));
        text.append(ip).append('\t').append(day.get(ip)).append('\n');
      }
      streak = next;
      labels.add(day);
      Files.writeString(folder.resolve(DAYS.get(d) + ".txt"), text);
    }
    Path labelled = dir.resolve("streaks.ipidx");
    IpJoin.buildIndex(new Configuration()).input(folder.toString()).output(labelled.toString())
        .asOfFromFile("(\\d{4}-\\d{2}-\\d{2})\\.txt").run();
    DriverRun r = DriverRun.of("--index", "streak=" + labelled, "--input", logs.toString(),
        "--output", dir.resolve("labels").toString(), "--time", "combined", "--mode", "tag");
    assertEquals(0, r.exitCode(), r.toString());
    List<String> expected = new ArrayList<>();
    for (int rec = 0; rec < lines.size(); rec++) {
      String tag = outside(rec) ? "?"
          : labels.get(inForce.get(rec)).getOrDefault(clients.get(rec), "0");
      expected.add(lines.get(rec) + "\t" + tag);
    }
    assertEquals(sorted(expected), sorted(partLines(r.output())));
  }

  @Test
  void asOfOneTimeAndNoTimeAnswerFromOneSnapshot() throws Exception {
    DriverRun fixed = DriverRun.of("--index", "ipsum=" + history, "--input", logs.toString(),
        "--output", dir.resolve("fixed").toString(), "--as-of", "2026-03-13T12:00:00Z");
    assertEquals(0, fixed.exitCode(), fixed.toString());
    assertEquals(expected(rec -> snapshots.get(1).contains(clients.get(rec))),
        sorted(partLines(fixed.output())));
    assertEquals(0, fixed.counter(IpJoinCounter.AS_OF_OUTSIDE));

    // No time: the list as it is now, its last snapshot.
    DriverRun now = DriverRun.of("--index", "ipsum=" + history, "--input", logs.toString(),
        "--output", dir.resolve("now").toString());
    assertEquals(0, now.exitCode(), now.toString());
    assertEquals(expected(rec -> snapshots.get(4).contains(clients.get(rec))),
        sorted(partLines(now.output())));

    DriverRun after = DriverRun.of("--index", "ipsum=" + history, "--input", logs.toString(),
        "--output", dir.resolve("after").toString(), "--as-of", "2026-03-20");
    assertEquals(0, after.exitCode(), after.toString());
    assertEquals(List.of(), partLines(after.output()));
    assertEquals(lines.size(), after.counter(IpJoinCounter.AS_OF_OUTSIDE));
  }

  @Test
  void aBadOutsideAnswerIsOneLineAndExit2() throws Exception {
    DriverRun r = DriverRun.of("--index", "ipsum=" + history, "--input", logs.toString(),
        "--output", dir.resolve("bad").toString(), "--as-of-outside", "latest");
    assertEquals(2, r.exitCode(), r.toString());
    assertEquals(List.of("ipjoin: bad --as-of-outside 'latest' (ipjoin.as.of.outside): give none"
        + " or nearest"), r.errLines());
  }

  /**
   * A plain index of every third address of the snapshots' union (in its sorted order) and the
   * address only the plain index of the other tests lists: some records are listed in both
   * indexes, some in one, at some times and not others.
   */
  private Set<String> seen() {
    Set<String> union = new TreeSet<>();
    snapshots.forEach(union::addAll);
    Set<String> seen = new HashSet<>();
    int i = 0;
    for (String ip : union) {
      if (i++ % 3 == 0) {
        seen.add(ip);
      }
    }
    seen.add(PLAIN_IP);
    return seen;
  }

  @Test
  void whereOverAHistoryAndAPlainIndexHoldsAsOfEachRecordsTime() throws Exception {
    Set<String> seen = seen();
    Path seenIndex = dir.resolve("seen.ipidx");
    TestIndexes.write(seenIndex, seen.toArray(new String[0]));
    String[][] cases = {{"ipsum and not seen", "match"}, {"seen and not ipsum", "match"},
        {"ipsum=1 or seen", "nomatch"}};
    for (String[] c : cases) {
      DriverRun r = DriverRun.of("--index", "ipsum=" + history, "--index", "seen=" + seenIndex,
          "--input", logs.toString(), "--output", dir.resolve("where-" + c[0].hashCode())
              .toString(), "--time", "combined", "--where", c[0], "--mode", c[1]);
      assertEquals(0, r.exitCode(), c[0] + ": " + r);
      java.util.function.IntPredicate holds = switch (c[0]) {
        case "ipsum and not seen" -> rec -> listed(rec, false) && !seen.contains(clients.get(rec));
        case "seen and not ipsum" -> rec -> seen.contains(clients.get(rec)) && !listed(rec, false);
        default -> rec -> listed(rec, false) || seen.contains(clients.get(rec));
      };
      java.util.function.IntPredicate written = c[1].equals("match") ? holds : holds.negate();
      List<String> want = expected(written);
      assertEquals(want, sorted(partLines(r.output())), c[0]);
      assertEquals(outsideCount(), r.counter(IpJoinCounter.AS_OF_OUTSIDE), c[0]);
      // The reference is not vacuous: each expression holds for some records and not others.
      assertTrue(!want.isEmpty() && want.size() < lines.size(), c[0] + ": " + want.size());
    }
  }

  @Test
  void countByCountsEachRecordAsOfItsTime() throws Exception {
    Set<String> seen = seen();
    Path seenIndex = dir.resolve("seen.ipidx");
    TestIndexes.write(seenIndex, seen.toArray(new String[0]));

    // Per combination of both indexes' answers (1 listed, 0 not), records listed in either;
    // outside records answered by the nearest snapshot.
    DriverRun both = DriverRun.of("--index", "ipsum=" + history, "--index", "seen=" + seenIndex,
        "--input", logs.toString(), "--output", dir.resolve("count-both").toString(), "--time",
        "combined", "--mode", "count", "--count-by", "ipsum,seen", "--as-of-outside", "nearest");
    assertEquals(0, both.exitCode(), both.toString());
    Map<String, Long> combinations = new TreeMap<>();
    for (int rec = 0; rec < lines.size(); rec++) {
      boolean inIpsum = listed(rec, true);
      boolean inSeen = seen.contains(clients.get(rec));
      if (inIpsum || inSeen) {
        combinations.merge((inIpsum ? "1" : "0") + "\t" + (inSeen ? "1" : "0"), 1L, Long::sum);
      }
    }
    List<String> want = new ArrayList<>();
    combinations.forEach((k, v) -> want.add(k + "\t" + v));
    assertEquals(sorted(want), sorted(partLines(both.output())));
    assertEquals(3, want.size(), want.toString());
    assertEquals(outsideCount(), both.counter(IpJoinCounter.AS_OF_OUTSIDE));

    // Per address, the records listed as of their time only.
    DriverRun addresses = DriverRun.of("--index", "ipsum=" + history, "--input",
        logs.toString(), "--output", dir.resolve("count-address").toString(), "--time",
        "combined", "--mode", "count");
    assertEquals(0, addresses.exitCode(), addresses.toString());
    Map<String, Long> perAddress = new TreeMap<>();
    for (int rec = 0; rec < lines.size(); rec++) {
      if (listed(rec, false)) {
        perAddress.merge(clients.get(rec), 1L, Long::sum);
      }
    }
    List<String> wantAddresses = new ArrayList<>();
    perAddress.forEach((k, v) -> wantAddresses.add(k + "\t" + v));
    assertEquals(sorted(wantAddresses), sorted(partLines(addresses.output())));

    // One index by label: an unlabelled list's entries under 1, records listed as of their time.
    DriverRun label = DriverRun.of("--index", "ipsum=" + history, "--input", logs.toString(),
        "--output", dir.resolve("count-label").toString(), "--time", "combined", "--mode",
        "count", "--count-by", "label");
    assertEquals(0, label.exitCode(), label.toString());
    assertEquals(List.of("1\t" + expected(rec -> listed(rec, false)).size()),
        partLines(label.output()));
  }

  static long millis(LocalDate day) {
    return day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
  }
}
