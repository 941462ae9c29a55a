package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.RealData;
import org.ipjoin.api.IpJoin;
import org.ipjoin.api.JoinResult;
import org.ipjoin.job.driver.RunSummary;
import org.ipjoin.testing.IpJoinRun;
import org.ipjoin.testing.LocalHadoop;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records with a source and a destination address ({@code --client src=... --client dst=...}): the
 * real Suricata EVE sample (with generated lines beside it for malformed, absent, IPv6 and swapped
 * addresses) and the real VPC flow log sample, joined against two labelled indexes built here from
 * addresses picked from those files, in every mode. Each record's answer is computed from an
 * independent reading of its fields (Jackson for JSON, a plain split for the VPC log) and the two
 * lists as maps; the counters, {@code _ipjoin.json}'s {@code clients} and the result line are
 * checked against the same reading. The option errors are checked to the exact line.
 */
class SeveralClientColumnsJobTest {

  private static final Path EVE = RealData.file("logkinds/suricata_eve.json");
  private static final Path VPC = RealData.file("logkinds/aws_vpc_flow.log");
  private static final Pattern IPV4 =
      Pattern.compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Index a: addresses picked as sources; index b: as destinations (and one source). */
  private static final Map<String, String> A = Map.of("10.16.1.11", "inside",
      "172.31.16.139", "vpc-a", "2001:db8::5", "six");
  private static final Map<String, String> B = Map.of("8.8.4.4", "dns", "172.31.9.12", "vpc-b",
      "10.16.1.11", "also");

  @TempDir static Path shared;
  @TempDir Path dir;
  private static Path indexA;
  private static Path indexB;
  private static Path moreEve;

  /** A column's field as read: malformed, no address, or an address in canonical text. */
  private record Field(boolean malformed, String address) {
    static final Field MALFORMED = new Field(true, null);
    static final Field NONE = new Field(false, null);

    boolean hasAddress() {
      return address != null;
    }

    /** The tag of this field in a list: '-', the label, or '0'. */
    String tag(Map<String, String> list) {
      return malformed ? "-" : address == null ? "0" : list.getOrDefault(address, "0");
    }

    boolean listedIn(Map<String, String> list) {
      return address != null && list.containsKey(address);
    }
  }

  /** One record and its two fields. */
  private record Rec(String line, Field src, Field dst) {
    boolean joined() {
      return src.hasAddress() || dst.hasAddress();
    }

    boolean malformed() {
      return !joined() && (src.malformed() || dst.malformed());
    }

    boolean noAddress() {
      return !joined() && !malformed();
    }

    boolean anyListed() {
      return src.listedIn(A) || src.listedIn(B) || dst.listedIn(A) || dst.listedIn(B);
    }

    /**
     * The record as tag mode writes it: a JSON object with the four tags added as its last fields
     * ({@code "src.a":"inside"}, columns outer, indexes inner), any other line with a TAB before
     * each tag.
     */
    String tagged() {
      if (line.startsWith("{") && line.endsWith("}")) {
        return line.substring(0, line.length() - 1) + ",\"src.a\":\"" + src.tag(A)
            + "\",\"src.b\":\"" + src.tag(B) + "\",\"dst.a\":\"" + dst.tag(A)
            + "\",\"dst.b\":\"" + dst.tag(B) + "\"}";
      }
      return line + "\t" + src.tag(A) + "\t" + src.tag(B) + "\t" + dst.tag(A) + "\t" + dst.tag(B);
    }
  }

  @BeforeAll
  static void buildIndexesAndMoreRecords() throws IOException {
    indexA = write(A, "a");
    indexB = write(B, "b");
    // Beside the real sample: what a source/destination pair can also look like.
    moreEve = shared.resolve("more_eve.json");
    Files.writeString(moreEve, String.join("\n",
        "{\"event_type\":\"flow\",\"src_ip\":\"8.8.4.4\",\"dest_ip\":\"10.16.1.11\"}",
        "{\"event_type\":\"flow\",\"src_ip\":\"10.16.1.11\",\"dest_ip\":\"192.0.2.9\"}",
        "{\"event_type\":\"flow\",\"src_ip\":\"10.16.1.11\",\"dest_ip\":\"not-an-ip\"}",
        "{\"event_type\":\"flow\",\"src_ip\":\"bad\",\"dest_ip\":\"8.8.4.4\"}",
        "{\"event_type\":\"flow\",\"src_ip\":\"bad\",\"dest_ip\":\"worse\"}",
        "{\"event_type\":\"flow\",\"src_ip\":null,\"dest_ip\":\"-\"}",
        "{\"event_type\":\"flow\",\"src_ip\":null,\"dest_ip\":\"bad\"}",
        "{\"event_type\":\"flow\",\"src_ip\":\"192.0.2.1\",\"dest_ip\":null}",
        "{\"event_type\":\"flow\",\"src_ip\":\"2001:db8::5\",\"dest_ip\":\"2001:db8::6\"}",
        "{\"event_type\":\"stats\"}",
        "{\"event_type\":\"flow\",\"src_ip\":\"192.0.2.1\",\"dest_ip\":\"192.0.2.2\"}") + "\n",
        StandardCharsets.UTF_8);
  }

  private static Path write(Map<String, String> list, String name) throws IOException {
    Path text = shared.resolve(name + ".tsv");
    List<String> lines = new ArrayList<>();
    list.forEach((address, label) -> lines.add(address + "\t" + label));
    Files.write(text, lines, StandardCharsets.UTF_8);
    Path index = shared.resolve(name + ".ipidx");
    BuiltIndexes.write(text, index);
    return index;
  }

  // ---- the independent reading ----

  private static Field field(String raw) {
    if (raw == null) {
      return Field.MALFORMED;
    }
    if (raw.isEmpty() || raw.equals("-")) {
      return Field.NONE;
    }
    if (IPV4.matcher(raw).matches()) {
      return new Field(false, raw);
    }
    if (raw.contains(":") && raw.matches("[0-9A-Fa-f:.]+")) {
      try {
        return new Field(false, InetAddress.getByName(raw).getHostAddress()
            .replaceAll("(^|:)0(:0)+(:|$)", "::").replace(":::", "::"));
      } catch (IOException e) {
        return Field.MALFORMED;
      }
    }
    return Field.MALFORMED;
  }

  /** JSON: the key's string, JSON null as no address, anything else (or nothing) malformed. */
  private static Field jsonField(JsonNode record, String key) {
    JsonNode value = record == null ? null : record.get(key);
    if (value == null) {
      return Field.MALFORMED;
    }
    if (value.isNull()) {
      return Field.NONE;
    }
    return value.isTextual() ? field(value.asText()) : Field.MALFORMED;
  }

  private static List<Rec> eveRecords() throws IOException {
    List<Rec> records = new ArrayList<>();
    for (Path file : List.of(EVE, moreEve)) {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        JsonNode node = JSON.readTree(line.substring(line.indexOf('{')));
        records.add(new Rec(line, jsonField(node, "src_ip"), jsonField(node, "dest_ip")));
      }
    }
    return records;
  }

  private static List<Rec> vpcRecords() throws IOException {
    List<Rec> records = new ArrayList<>();
    for (String line : Files.readAllLines(VPC, StandardCharsets.UTF_8)) {
      String[] f = line.trim().split("\\s+");
      records.add(new Rec(line, field(f.length > 3 ? f[3] : null), field(f.length > 4 ? f[4] : null)));
    }
    return records;
  }

  // ---- running ----

  private Path out() {
    return dir.resolve("out");
  }

  private IpJoinRun run(Path input, String src, String dst, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("--index", "a=" + indexA, "--index", "b=" + indexB,
        "--client", "src=" + src, "--client", "dst=" + dst, "--overwrite",
        "--output", out().toString(), "--input"));
    args.add(input.toString());
    if (input == EVE) {
      args.add(moreEve.toString());
    }
    args.addAll(List.of(more));
    return IpJoinRun.local(args);
  }

  private List<String> output() throws IOException {
    return DriverRun.sorted(LabelledJoinJobTest.outputLines(out()));
  }

  private RunSummary summary() throws IOException {
    return RunSummary.read(FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(out().toUri()));
  }

  private static List<String> lines(List<Rec> records, Predicate<Rec> keep, Function<Rec, String> as) {
    return DriverRun.sorted(records.stream().filter(keep).map(as).toList());
  }

  /** Counters, _ipjoin.json's clients and the result line, as the reading says. */
  private void checkCounters(List<Rec> records, IpJoinRun run, String srcFormat, String dstFormat,
      Predicate<Rec> matched) throws IOException {
    RunSummary s = summary();
    long joined = records.stream().filter(Rec::joined).count();
    long listed = records.stream().filter(r -> r.joined() && matched.test(r)).count();
    assertEquals(records.size(), s.counter(IpJoinCounter.RECORDS));
    assertEquals(listed, s.counter(IpJoinCounter.MATCHED));
    assertEquals(joined - listed, s.counter(IpJoinCounter.UNMATCHED));
    assertEquals(records.stream().filter(Rec::malformed).count(), s.counter(IpJoinCounter.MALFORMED));
    assertEquals(records.stream().filter(Rec::noAddress).count(), s.counter(IpJoinCounter.NO_ADDRESS));
    long srcListed = records.stream().filter(r -> r.src().listedIn(A) || r.src().listedIn(B)).count();
    long dstListed = records.stream().filter(r -> r.dst().listedIn(A) || r.dst().listedIn(B)).count();
    assertEquals(List.of(
        new RunSummary.Client("src", srcFormat, srcListed,
            records.stream().filter(r -> r.src().malformed()).count(),
            records.stream().filter(r -> !r.src().malformed() && !r.src().hasAddress()).count()),
        new RunSummary.Client("dst", dstFormat, dstListed,
            records.stream().filter(r -> r.dst().malformed()).count(),
            records.stream().filter(r -> !r.dst().malformed() && !r.dst().hasAddress()).count())),
        s.clients());
    long aListed = records.stream().filter(r -> r.src().listedIn(A) || r.dst().listedIn(A)).count();
    long bListed = records.stream().filter(r -> r.src().listedIn(B) || r.dst().listedIn(B)).count();
    assertEquals(List.of(aListed, bListed),
        s.indexes().stream().map(RunSummary.JoinedIndex::matched).toList());
    assertTrue(run.out().contains(String.format(
        "%,d matched (src %,d listed, dst %,d listed; a %,d listed, b %,d listed)", listed,
        srcListed, dstListed, aListed, bListed)), run.out());
  }

  private void everyMode(Path input, List<Rec> records, String src, String dst) throws Exception {
    assertTrue(records.stream().anyMatch(Rec::anyListed), "the lists match something");

    IpJoinRun match = run(input, src, dst);
    assertEquals(0, match.exitCode(), match.err());
    assertEquals(lines(records, r -> r.joined() && r.anyListed(), Rec::line), output());
    checkCounters(records, match, src, dst, Rec::anyListed);

    Predicate<Rec> where = r -> r.src().listedIn(A) && !r.dst().listedIn(B);
    IpJoinRun selected = run(input, src, dst, "--where", "src.a and not dst.b");
    assertEquals(0, selected.exitCode(), selected.err());
    assertEquals(lines(records, r -> r.joined() && where.test(r), Rec::line), output());
    checkCounters(records, selected, src, dst, where);
    assertEquals("(src.a and not dst.b)", summary().where());

    IpJoinRun nomatch = run(input, src, dst, "--mode", "nomatch");
    assertEquals(0, nomatch.exitCode(), nomatch.err());
    assertEquals(lines(records, r -> r.noAddress() || r.joined() && !r.anyListed(), Rec::line),
        output());

    IpJoinRun tag = run(input, src, dst, "--mode", "tag");
    assertEquals(0, tag.exitCode(), tag.err());
    assertEquals(lines(records, r -> true, Rec::tagged), output());
    checkCounters(records, tag, src, dst, Rec::anyListed);

    IpJoinRun count = run(input, src, dst, "--mode", "count", "--count-by", "src.a,dst.b");
    assertEquals(0, count.exitCode(), count.err());
    Map<String, Long> byLabels = new TreeMap<>();
    for (Rec r : records) {
      if (r.joined() && r.anyListed() && (r.src().listedIn(A) || r.dst().listedIn(B))) {
        String key = (r.src().listedIn(A) ? A.get(r.src().address()) : "0") + "\t"
            + (r.dst().listedIn(B) ? B.get(r.dst().address()) : "0");
        byLabels.merge(key, 1L, Long::sum);
      }
    }
    List<String> expected = new ArrayList<>();
    byLabels.forEach((k, n) -> expected.add(k + "\t" + n));
    assertEquals(DriverRun.sorted(expected), output());

    IpJoinRun addresses = run(input, src, dst, "--mode", "count");
    assertEquals(0, addresses.exitCode(), addresses.err());
    Map<String, Long> byAddress = new TreeMap<>();
    for (Rec r : records) {
      for (Field f : new Field[] {r.src(), r.dst()}) {
        if (f.listedIn(A) || f.listedIn(B)) {
          byAddress.merge(f.address(), 1L, Long::sum);
        }
      }
    }
    List<String> perAddress = new ArrayList<>();
    byAddress.forEach((k, n) -> perAddress.add(k + "\t" + n));
    assertEquals(DriverRun.sorted(perAddress), output());
  }

  @Test
  void suricataEveSourceAndDestinationInEveryMode() throws Exception {
    List<Rec> records = eveRecords();
    assertEquals(14 + 11, records.size());
    assertTrue(records.stream().anyMatch(r -> r.joined() && (r.src().malformed() || r.dst().malformed())),
        "a record joined on one column with the other malformed");
    everyMode(EVE, records, "json:src_ip", "json:dest_ip");
  }

  @Test
  void vpcFlowLogSourceAndDestinationInEveryMode() throws Exception {
    List<Rec> records = vpcRecords();
    assertEquals(3, records.size());
    assertTrue(records.get(0).malformed(), "the header line names the fields");
    everyMode(VPC, records, "ws:4", "ws:5");
  }

  @Test
  void oneColumnIsTheFormatFormAndTagColumnsKeepIndexNames() throws Exception {
    // One --client is one column: names stay the indexes', the counters and summary name it.
    IpJoinRun run = IpJoinRun.local(List.of("--index", "a=" + indexA, "--index", "b=" + indexB,
        "--client", "src=ws:4", "--mode", "tag", "--output", out().toString(), "--input",
        VPC.toString()));
    assertEquals(0, run.exitCode(), run.err());
    List<String> expected = new ArrayList<>();
    for (Rec r : vpcRecords()) {
      expected.add(r.line() + "\t" + r.src().tag(A) + "\t" + r.src().tag(B));
    }
    assertEquals(DriverRun.sorted(expected), output());
    assertEquals(1, summary().clients().size());
    assertTrue(run.out().contains("(src 1 listed; a 1 listed, b 0 listed)"), run.out());
  }

  @Test
  void theJavaApiTakesTheColumnsAndReturnsTheirFigures() throws Exception {
    List<Rec> records = vpcRecords();
    JoinResult result = IpJoin.join(LocalHadoop.conf(dir)).index("a", indexA.toString())
        .index("b", indexB.toString()).client("src", "ws:4").client("dst", "ws:5")
        .where("dst.b").input(VPC.toString()).output(out().toString()).prepare().run();
    assertEquals(0, result.exitCode());
    assertEquals(lines(records, r -> r.dst().listedIn(B), Rec::line), output());
    assertEquals(List.of("src", "dst"), List.copyOf(result.matchedByClient().keySet()));
    assertEquals(records.stream().filter(r -> r.src().listedIn(A) || r.src().listedIn(B)).count(),
        result.matchedByClient().get("src"));
    assertEquals(records.stream().filter(r -> r.dst().listedIn(A) || r.dst().listedIn(B)).count(),
        result.matchedByClient().get("dst"));
  }

  /**
   * A record is malformed only when none of its columns holds an address, so a column whose format
   * fits no record (a key the records do not have) is held to ipjoin.malformed.max.fraction on its
   * own: the job fails naming the column, and nothing is published.
   */
  @Test
  void aColumnThatFitsNoRecordFailsTheJobNamingIt() throws Exception {
    List<String> lines = Files.readAllLines(VPC, StandardCharsets.UTF_8);
    Path out = out();
    IpJoinRun run = IpJoinRun.local(List.of("--index", "a=" + indexA, "--client", "src=ws:4",
        "--client", "dst=json:dstaddr", "--output", out.toString(), "--input", VPC.toString()));
    assertEquals(1, run.exitCode(), run.err());
    assertEquals(List.of(String.format("ipjoin: %d of %d records were malformed in column dst,"
        + " --client dst=json:dstaddr (ipjoin.clients), more than ipjoin.malformed.max.fraction=1.0"
        + " allows (1.0: fail when all are); check the column's format against the input, or raise"
        + " ipjoin.malformed.max.fraction; nothing was published to file:%s", lines.size(),
        lines.size(), out)), run.errLines());
    assertFalse(Files.exists(out));
  }

  @Test
  void optionErrorsAreOneLineWithExitTwo() throws Exception {
    String[][] cases = {
        {"--format", "json:src_ip", "ipjoin: --client and --format (ipjoin.clients and ipjoin.format)"
            + " cannot be given together: --format F is the one address column, --client NAME=F"
            + " names each of several"},
        {"--client", "2x=ws:5", "ipjoin: bad --client '2x=ws:5': give NAME=FORMAT with a column name"
            + " of a letter, then letters, digits, '_' or '-' (e.g. src=json:src_ip)"},
        {"--client", "a=ws:5", "ipjoin: bad --client a=ws:5: a is also an index name; name the"
            + " column otherwise (src, dst, ...)"},
        {"--where", "src.a and dst.c", "ipjoin: --where 'src.a and dst.c': unknown index 'dst.c'"
            + " (indexes: src.a, src.b, dst.a, dst.b; or a, b in any column) (column 11)"},
        {"--where", "src and b", "ipjoin: --where 'src and b': 'src' is an address column: name an"
            + " index in it, src.INDEX (indexes: a, b) (column 1)"},
        {"--client", "dst=ws:9", "ipjoin: bad --client 'dst=ws:9': column dst is named twice"},
    };
    for (String[] c : cases) {
      Path staging = dir.resolve("staging");
      IpJoinRun run = IpJoinRun.local(staging, List.of("--index", "a=" + indexA, "--index",
          "b=" + indexB, "--client", "src=ws:4", "--client", "dst=ws:5", c[0], c[1],
          "--output", out().toString(), "--input", VPC.toString()));
      assertEquals(2, run.exitCode(), run.err());
      assertEquals(List.of(c[2]), run.errLines(), c[1]);
      assertFalse(Files.exists(staging), "nothing was submitted");
    }
  }

  @Test
  void bareIndexNameMeansAnyColumnAndCountByNeedsAColumn() throws Exception {
    List<Rec> records = eveRecords();
    IpJoinRun run = run(EVE, "json:src_ip", "json:dest_ip", "--where", "b=dns");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(lines(records, r -> r.joined() && ("dns".equals(r.src().tag(B))
        || "dns".equals(r.dst().tag(B))), Rec::line), output());
    assertEquals("(src.b=dns or dst.b=dns)", summary().where());

    IpJoinRun bare = run(EVE, "json:src_ip", "json:dest_ip", "--mode", "count", "--count-by", "a");
    assertEquals(2, bare.exitCode(), bare.err());
    assertEquals(List.of("ipjoin: bad count-by: 'a' is no index of this join; count by address,"
        + " or index names, several comma-separated: src.a, src.b, dst.a, dst.b"), bare.errLines());
  }
}
