package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.RealData;
import org.ipjoin.testing.CsvFields;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Formats that name the client column in each file's header ({@code w3c:NAME}, {@code zeek:NAME},
 * {@code csv:NAME}), and {@code tag} on JSON, through the local runner in every mode, over the
 * real sample logs under {@code realdata/logkinds/} and a CSV file generated here. Every
 * expectation comes from a plain reading in this test (String splits, {@link CsvFields},
 * Jackson), and every output file is read back the same way: header lines, then records, each
 * record's column found by the output's own header.
 */
class HeaderNamedFormatsJobTest {

  @TempDir Path dir;

  /** One line of a log as a plain reader sees it: a header line, or a record and its client. */
  private record Line(String text, boolean header, boolean names, boolean types, String client) {}

  /** A plain reader of one kind of log: which lines are headers, and a record's named column. */
  private interface Reader {
    List<Line> read(List<String> lines, String column);

    /** What separates the tag column from the record in the output. */
    String separator();
  }

  /**
   * W3C and Zeek logs: lines starting with {@code #} are header lines, the one starting with
   * {@code fields} names the columns (split on {@code namesSplit} after that word), records are
   * split on {@code recordSplit}; Zeek's {@code #types} line is remembered as such.
   */
  private record HashHeaderReader(String fields, String namesSplit, String recordSplit,
      String separator) implements Reader {
    @Override
    public List<Line> read(List<String> lines, String column) {
      List<Line> out = new ArrayList<>();
      List<String> names = List.of();
      for (String line : lines) {
        if (line.startsWith("#")) {
          assertTrue(!line.startsWith("#separator") || line.equals("#separator \\x09"), line);
          boolean named = line.startsWith(fields);
          if (named) {
            names = Arrays.asList(line.substring(fields.length()).trim().split(namesSplit));
          }
          out.add(new Line(line, true, named, line.startsWith("#types\t"), null));
        } else {
          String[] f = line.split(recordSplit, -1);
          int i = names.indexOf(column);
          out.add(new Line(line, false, false, false, i >= 0 && i < f.length ? f[i] : null));
        }
      }
      return out;
    }
  }

  private static final Reader W3C = new HashHeaderReader("#Fields:", " +", " ", " ");
  private static final Reader ZEEK = new HashHeaderReader("#fields\t", "\t", "\t", "\t");

  private static final Reader CSV = new Reader() {
    @Override
    public List<Line> read(List<String> lines, String column) {
      List<Line> out = new ArrayList<>();
      List<String> names = CsvFields.split(lines.get(0));
      out.add(new Line(lines.get(0), true, true, false, null));
      for (String line : lines.subList(1, lines.size())) {
        List<String> f = CsvFields.split(line);
        int i = names.indexOf(column);
        out.add(new Line(line, false, false, false, i >= 0 && i < f.size() ? f.get(i) : null));
      }
      return out;
    }

    @Override
    public String separator() {
      return ",";
    }
  };

  /**
   * Whether a client field holds no address: present but empty or {@code -}, as servers write it
   * when they have none (a record neither malformed nor unmatched).
   */
  private static boolean holdsNoAddress(String client) {
    return client != null && (client.isEmpty() || client.equals("-"));
  }

  /** Whether a client field is an IPv4 or IPv6 address, judged by the JDK on literals only. */
  private static boolean isAddress(String client) {
    if (client == null || client.isEmpty()) {
      return false;
    }
    if (client.matches("(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]"
        + "|1[0-9][0-9]|[1-9]?[0-9])){3}")) {
      return true;
    }
    if (!client.contains(":") || !client.matches("[0-9A-Fa-f:.]+")) {
      return false;
    }
    try {
      InetAddress.getByName(client);
      return true;
    } catch (java.net.UnknownHostException e) {
      return false;
    }
  }

  /** The output the header-keeping rule gives: pending header lines before each output record. */
  private static List<String> expectedOutput(List<Line> lines, Predicate<Line> written,
      java.util.function.Function<Line, String> form) {
    List<String> out = new ArrayList<>();
    List<String> pending = new ArrayList<>();
    boolean any = false;
    for (Line line : lines) {
      if (line.header()) {
        pending.add(form.apply(line));
      } else if (written.test(line)) {
        out.addAll(pending);
        pending.clear();
        out.add(form.apply(line));
        any = true;
      }
    }
    if (any) {
      out.addAll(pending);
    }
    return out;
  }

  /** Runs every mode over {@code log} and checks each output against the plain reading. */
  private void everyMode(Path log, String format, String column, Reader reader,
      String... listedClients) throws Exception {
    // A set that answers "no" for a record without the column (null).
    Set<String> listed = new java.util.HashSet<>(List.of(listedClients));
    List<String> input = Files.readAllLines(log, StandardCharsets.UTF_8);
    List<Line> lines = reader.read(input, column);
    Path index = dir.resolve("hit.txt");
    Files.write(index, listed);
    Path built = dir.resolve("hit.ipidx");
    BuiltIndexes.write(index, built);
    long records = lines.stream().filter(l -> !l.header()).count();
    long matched = lines.stream().filter(l -> !l.header() && listed.contains(l.client())).count();
    long unmatched = lines.stream().filter(l -> !l.header() && isAddress(l.client())
        && !listed.contains(l.client())).count();
    assertTrue(matched > 0 && unmatched > 0, "the index must split the records: " + matched);

    for (String mode : List.of("match", "nomatch", "tag", "count")) {
      Path out = dir.resolve(log.getFileName() + "-" + mode);
      // Blocks of a few lines: header changes fall inside blocks and across them.
      DriverRun run = DriverRun.of("-D", "ipjoin.input.block.bytes=300", "--mode", mode,
          "--format", format, "--index", "hit=" + built, "--input", log.toString(), "--output",
          out.toString());
      assertEquals(0, run.exitCode(), mode + ": " + run);
      assertEquals(records, run.counter(IpJoinCounter.RECORDS), mode);
      assertEquals(matched, run.counter(IpJoinCounter.MATCHED), mode);
      assertEquals(unmatched, run.counter(IpJoinCounter.UNMATCHED), mode);
      List<String> actual = DriverRun.partLines(out);
      assertEquals(mode.equals("count") ? 1 : 1, DriverRun.parts(out).size(), mode);
      switch (mode) {
        case "match" -> {
          assertEquals(expectedOutput(lines, l -> listed.contains(l.client()), Line::text),
              actual, mode);
          for (Line l : reader.read(actual, column)) {
            assertTrue(l.header() || listed.contains(l.client()), l.text());
          }
        }
        case "nomatch" -> {
          assertEquals(expectedOutput(lines, l -> isAddress(l.client())
              && !listed.contains(l.client()) || holdsNoAddress(l.client()), Line::text), actual,
              mode);
          for (Line l : reader.read(actual, column)) {
            assertTrue(l.header() || isAddress(l.client()) && !listed.contains(l.client())
                || holdsNoAddress(l.client()), l.text());
          }
        }
        case "tag" -> {
          String sep = reader.separator();
          assertEquals(expectedOutput(lines, l -> true, l -> l.names() ? l.text() + sep + "hit"
              : l.types() ? l.text() + "\tstring" : l.header() ? l.text()
              : l.text() + sep + tag(l.client(), listed)), actual, mode);
          // Read back by the output's own header: the column "hit" holds each record's tag, and
          // the client column still holds its client (a record shorter than its header, as two
          // of the IIS file's are, has no column "hit": its tag is its last field, above).
          List<Line> tagged = reader.read(actual, "hit");
          List<Line> clients = reader.read(actual, column);
          for (int i = 0; i < tagged.size(); i++) {
            if (!tagged.get(i).header() && tagged.get(i).client() != null) {
              assertEquals(tag(clients.get(i).client(), listed), tagged.get(i).client(),
                  tagged.get(i).text());
            }
          }
        }
        default -> {
          Map<String, Long> counts = new TreeMap<>(Comparator.comparing(
              HeaderNamedFormatsJobTest::addressOrder));
          lines.stream().filter(l -> !l.header() && listed.contains(l.client()))
              .forEach(l -> counts.merge(l.client(), 1L, Long::sum));
          List<String> expected = new ArrayList<>();
          counts.forEach((a, n) -> expected.add(a + "\t" + n));
          assertEquals(expected, actual, mode);
        }
      }
    }
  }

  private static String tag(String client, Set<String> listed) {
    return listed.contains(client) ? "1" : isAddress(client) || holdsNoAddress(client) ? "0" : "-";
  }

  /** IPv4 addresses first, in numeric order (count's output order), then the others. */
  private static String addressOrder(String address) {
    String[] p = address.split("\\.");
    return p.length != 4 ? "~" + address
        : String.format("%03d%03d%03d%03d", Integer.parseInt(p[0]), Integer.parseInt(p[1]),
            Integer.parseInt(p[2]), Integer.parseInt(p[3]));
  }

  /**
   * A source and a destination column of one Zeek log, each by the {@code #fields} line: every
   * record gets both columns' tags, the header lines name both tag columns, and a column the
   * header does not name is refused before submission naming its {@code --client}.
   */
  @Test
  void zeekSourceAndDestinationColumnsByTheFieldsLine() throws Exception {
    Path log = RealData.file("logkinds/zeek_conn_teredo.log");
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    // The first record's responder is listed; no originator is.
    String listed = lines.stream().filter(l -> !l.startsWith("#")).findFirst().orElseThrow()
        .split("\t")[4];
    Path built = dir.resolve("z.ipidx");
    BuiltIndexes.write(Files.writeString(dir.resolve("z.txt"), listed + "\n"), built);
    Path out = dir.resolve("zeek-two");
    DriverRun run = DriverRun.of("--mode", "tag", "--index", "z=" + built, "--client",
        "src=zeek:id.orig_h", "--client", "dst=zeek:id.resp_h", "--input", log.toString(),
        "--output", out.toString());
    assertEquals(0, run.exitCode(), run.toString());
    List<String> expected = new ArrayList<>();
    for (String line : lines) {
      if (line.startsWith("#fields")) {
        expected.add(line + "\tsrc.z\tdst.z");
      } else if (line.startsWith("#types")) {
        expected.add(line + "\tstring\tstring");
      } else if (line.startsWith("#")) {
        expected.add(line);
      } else {
        String[] f = line.split("\t");
        expected.add(line + "\t" + (f[2].equals(listed) ? "1" : "0") + "\t"
            + (f[4].equals(listed) ? "1" : "0"));
      }
    }
    assertEquals(expected, DriverRun.partLines(out));

    DriverRun refused = DriverRun.of("--mode", "tag", "--index", "z=" + built, "--client",
        "src=zeek:id.orig_h", "--client", "dst=zeek:id.nosuch", "--input", log.toString(),
        "--output", dir.resolve("zeek-refused").toString());
    assertEquals(2, refused.exitCode(), refused.toString());
    assertEquals(1, refused.errLines().size(), refused.toString());
    assertTrue(refused.errLines().get(0).contains(": its #fields line names no column id.nosuch"
        + " (--client dst=zeek:id.nosuch (ipjoin.clients)); its columns: ts, uid, id.orig_h,"),
        refused.toString());
  }

  @Test
  void iisW3cColumnsFollowEachFieldsLine() throws Exception {
    everyMode(RealData.file("logkinds/iis_w3c.log"), "w3c:c-ip", "c-ip", W3C,
        "81.2.69.143");
  }

  @Test
  void zeekConnReadsTheFieldsLine() throws Exception {
    Path log = RealData.file("logkinds/zeek_conn.log");
    // Every record of this file has the same id.orig_h: the join reads id.resp_h instead, which
    // varies; two of the file's own addresses, the first record's and the last's, are listed.
    List<Line> lines = ZEEK.read(Files.readAllLines(log), "id.resp_h");
    List<String> clients = lines.stream().filter(l -> !l.header()).map(Line::client).toList();
    everyMode(log, "zeek:id.resp_h", "id.resp_h", ZEEK,
        clients.get(0), clients.get(clients.size() - 1));
  }

  @Test
  void zeekTeredoWithIpv6ClientsAndATestToolLine() throws Exception {
    everyMode(RealData.file("logkinds/zeek_conn_teredo.log"), "zeek:id.orig_h", "id.orig_h", ZEEK,
        "192.168.2.16", "fe80::8000:ffff:ffff:fffd");
  }

  /** Generated here: RFC 4180 quoting in names and values, commas and doubled quotes in fields. */
  private Path quotedCsv() throws Exception {
    Path csv = dir.resolve("generated.csv");
    Files.writeString(csv, String.join("\n",
        "id,\"client ip\",\"note, with comma\",when",
        "1,\"192.0.2.1\",\"say \"\"hi\"\", twice\",2026-11-21",
        "2,198.51.100.7,plain,2026-11-21",
        "3,\"2001:db8::5\",\"x\",2026-11-21",
        "4,\"not an ip\",y,2026-11-21",
        "5,  203.0.113.9 ,\"a,b,c\",2026-11-21",
        "6,\"192.0.2.1\",\"\",2026-11-22",
        "7") + "\n");
    return csv;
  }

  @Test
  void csvColumnByQuotedHeaderName() throws Exception {
    everyMode(quotedCsv(), "csv:client ip", "client ip", CSV, "192.0.2.1", "2001:db8::5");
  }

  @Test
  void csvByNumberReadsQuotedFields() throws Exception {
    // Every client quoted: read as quoted text before, every record was malformed (exit 1).
    Path csv = dir.resolve("quoted.csv");
    Files.writeString(csv, "\"a,b\",\"192.0.2.1\"\n\"c\",\"192.0.2.2\"\n");
    Path index = dir.resolve("q.ipidx");
    TestIndexes.write(index, "192.0.2.1");
    DriverRun run = DriverRun.of("--mode", "match", "--format", "csv:2", "--index",
        index.toString(), "--input", csv.toString(), "--output", dir.resolve("q").toString());
    assertEquals(0, run.exitCode(), run.toString());
    assertEquals(List.of("\"a,b\",\"192.0.2.1\""), DriverRun.partLines(run.output()));
  }

  @Test
  void csvTagQuotesLabelsAsRfc4180Says() throws Exception {
    Path csv = quotedCsv();
    Path list = dir.resolve("labels.txt");
    Files.writeString(list, "192.0.2.1\tCloud, \"X\" Inc\n203.0.113.9\tplain\n");
    Path index = dir.resolve("cloud.ipidx");
    BuiltIndexes.write(list, index);
    Path out = dir.resolve("tagged");
    DriverRun run = DriverRun.of("--mode", "tag", "--format", "csv:client ip", "--index",
        "cloud=" + index, "--input", csv.toString(), "--output", out.toString());
    assertEquals(0, run.exitCode(), run.toString());
    List<String> actual = DriverRun.partLines(out);
    List<Line> tagged = CSV.read(actual, "cloud");
    List<Line> original = CSV.read(Files.readAllLines(csv), "client ip");
    assertEquals(original.size(), tagged.size());
    Map<String, String> labels = new java.util.HashMap<>(Map.of("192.0.2.1", "Cloud, \"X\" Inc",
        "203.0.113.9", "plain"));
    for (int i = 1; i < original.size(); i++) {
      String client = original.get(i).client();
      String expected = labels.getOrDefault(client, isAddress(client) ? "0" : "-");
      assertTrue(actual.get(i).endsWith(expected.contains(",") ? ",\"Cloud, \"\"X\"\" Inc\""
          : "," + expected), actual.get(i));
      if (tagged.get(i).client() != null) {
        assertEquals(expected, tagged.get(i).client(), actual.get(i));
      }
      assertEquals(CsvFields.split(original.get(i).text()),
          CsvFields.split(actual.get(i)).subList(0, CsvFields.split(original.get(i).text()).size()));
    }
    assertEquals(CsvFields.split(original.get(0).text()).size() + 1,
        CsvFields.split(actual.get(0)).size());
  }

  @Test
  void jsonTagAddsAFieldToEachObject() throws Exception {
    List<String> lines = new ArrayList<>(Files.readAllLines(
        RealData.file("logkinds/suricata_eve.json")));
    // Derived records: no such key, a value that is no address, an empty object, blanks after.
    lines.add("{}");
    lines.add("{\"src_ip\":\"not-an-ip\",\"n\":1}  ");
    lines.add("{ \"src_ip\" : \"10.16.1.11\" }");
    Path log = dir.resolve("eve.json");
    Files.write(log, lines);
    ObjectMapper json = new ObjectMapper();
    String first = json.readTree(lines.get(0)).get("src_ip").asText();
    Path list = dir.resolve("eve.txt");
    Files.writeString(list, first + "\tsensor \"a\"\\b\n");
    Path index = dir.resolve("eve.ipidx");
    BuiltIndexes.write(list, index);
    Path out = dir.resolve("eve-tag");
    DriverRun run = DriverRun.of("--mode", "tag", "--format", "json:src_ip", "--index",
        "seen=" + index, "--input", log.toString(), "--output", out.toString());
    assertEquals(0, run.exitCode(), run.toString());
    List<String> actual = DriverRun.partLines(out);
    assertEquals(lines.size(), actual.size());
    for (int i = 0; i < lines.size(); i++) {
      ObjectNode in = (ObjectNode) json.readTree(lines.get(i));
      String client = in.has("src_ip") ? in.get("src_ip").asText() : null;
      String expectedTag = first.equals(client) ? "sensor \"a\"\\b" : isAddress(client) ? "0"
          : "-";
      ObjectNode expected = in.deepCopy();
      expected.put("seen", expectedTag);
      assertEquals(expected, json.readTree(actual.get(i)), actual.get(i));
    }
  }

  @Test
  void aRecordBeforeAnyHeaderOrAMissingColumnIsRefusedBeforeSubmission() throws Exception {
    Path index = dir.resolve("r.ipidx");
    TestIndexes.write(index, "192.0.2.1");
    Path noHeader = dir.resolve("no-header.log");
    Files.writeString(noHeader, "2018-01-01 00:00:00 192.0.2.1 GET /\n");
    DriverRun run = DriverRun.of("--format", "w3c:c-ip", "--index", index.toString(), "--input",
        noHeader.toString(), "--output", dir.resolve("o1").toString());
    assertEquals(2, run.exitCode(), run.toString());
    assertTrue(!run.submitted());
    assertTrue(run.errLines().stream().anyMatch(l -> l.contains(noHeader.toString())
        && l.contains("line 1 is a record before any #Fields: line") && l.contains("c-ip")),
        run.toString());

    Path csv = dir.resolve("other.csv");
    Files.writeString(csv, "when,host\n2026,192.0.2.1\n");
    DriverRun missing = DriverRun.of("--format", "csv:client", "--index", index.toString(),
        "--input", csv.toString(), "--output", dir.resolve("o2").toString());
    assertEquals(2, missing.exitCode(), missing.toString());
    assertTrue(missing.errLines().stream().anyMatch(l -> l.contains(csv.toString())
        && l.contains("names no column client") && l.contains("its columns: when, host")),
        missing.toString());
  }
}
