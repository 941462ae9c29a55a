package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.RealData;
import org.ipjoin.ReferenceList;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.job.driver.RunSummary;
import org.ipjoin.testing.IpJoinRun;
import org.ipjoin.testing.ListOracle;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three real lists in one job over the real logs: ipsum (exact addresses, labelled with how many
 * block lists name them), Spamhaus DROP (CIDR blocks without labels) and the ipcat data centres
 * (labelled ranges), built in the test; a fourth, a folder of real lists labelled by file name,
 * beside them in one test. Every tag column of every output line, every {@code
 * --where} and {@code --count-by} answer is checked against an independent reading of each list
 * ({@link ReferenceList}, and a map of ipsum's lines), on every read path.
 */
class MultiIndexJobTest {

  private static final Path IPSUM = RealData.ipsum();
  private static final Path DROP = RealData.file("lists/spamhaus_drop.txt");
  private static final Path DATACENTRES = RealData.file("lists/ipcat_datacenters.csv");

  @TempDir static Path shared;
  @TempDir Path dir;

  private static Path blockIndex;
  private static Path dropIndex;
  private static Path cloudIndex;
  private static Path edges;
  /** Per record of the input, in order: its tag in block, drop and cloud ("-" when malformed). */
  private static List<String> records;
  private static List<String[]> tags;

  @BeforeAll
  static void buildIndexesAndTheExpectation() throws IOException {
    blockIndex = shared.resolve("ipsum.ipidx");
    dropIndex = shared.resolve("drop.ipidx");
    cloudIndex = shared.resolve("dc.ipidx");
    BuiltIndexes.write(IPSUM, blockIndex);
    BuiltIndexes.write(DROP, dropIndex);
    BuiltIndexes.write(DATACENTRES, cloudIndex);

    ReferenceList drop = ReferenceList.cidrBlocks(DROP);
    ReferenceList cloud = ReferenceList.ipcatCsv(DATACENTRES);
    Map<Long, String> ipsum = ipsumCounts();
    // The real logs have no client in a DROP block: add records at the edges of some blocks, and
    // a few ipsum addresses, so that every index matches something on its own and together.
    StringBuilder extra = new StringBuilder();
    for (ReferenceList.Entry block : drop.entries().subList(0, 30)) {
      for (long a : new long[] {block.start() - 1, block.start(), block.end(), block.end() + 1}) {
        extra.append(ReferenceList.dotted(a)).append(" - - [17/Jan/2025:17:03:47 +0000] \"GET /")
            .append(a).append(" HTTP/1.1\" 403 0\n");
      }
    }
    ipsum.keySet().stream().sorted().limit(20).forEach(a -> extra.append(ReferenceList.dotted(a))
        .append(" - - [17/Jan/2025:17:03:48 +0000] \"GET /ipsum HTTP/1.1\" 200 1\n"));
    extra.append("not-an-ip - - [17/Jan/2025:17:03:49 +0000] \"GET / HTTP/1.1\" 200 1\n");
    edges = shared.resolve("edges.log");
    Files.writeString(edges, extra, StandardCharsets.US_ASCII);

    records = LabelledJoinJobTest.records(RealData.elasticLog(), RealData.basjesLog(), edges);
    tags = new ArrayList<>();
    Map<String, String[]> byClient = new HashMap<>();
    for (String r : records) {
      String client = r.indexOf(' ') < 0 ? r : r.substring(0, r.indexOf(' '));
      tags.add(byClient.computeIfAbsent(client, c -> new String[] {
          ipsumTag(ipsum, c), drop.tag(r, "0"), cloud.tag(r, "0")}));
    }
  }

  /** ipsum's lines read with String code: address to the count after the TAB. */
  private static Map<Long, String> ipsumCounts() throws IOException {
    Map<Long, String> counts = new HashMap<>();
    for (String line : Files.readAllLines(IPSUM, StandardCharsets.UTF_8)) {
      if (!line.startsWith("#") && !line.isBlank()) {
        String[] f = line.split("\t");
        counts.put(ReferenceList.address(f[0].trim()), f[1].trim());
      }
    }
    return counts;
  }

  private static String ipsumTag(Map<Long, String> ipsum, String client) {
    if (ListOracle.IPV4.matcher(client).matches()) {
      return ipsum.getOrDefault(ReferenceList.address(client), "0");
    }
    return client.contains(":") ? "0" : "-";
  }

  private static boolean malformed(String[] t) {
    return t[0].equals("-");
  }

  private static boolean listed(String tag) {
    return !tag.equals("0") && !tag.equals("-");
  }

  private IpJoinRun run(String... more) throws Exception {
    List<String> args = new ArrayList<>(IpJoinRun.LOCAL);
    args.addAll(List.of(more));
    args.addAll(List.of("--input", RealData.elasticLog().toString(),
        RealData.basjesLog().toString(), edges.toString(), "--output", out().toString()));
    return IpJoinRun.of(args);
  }

  private Path out() {
    return dir.resolve("out");
  }

  private List<String> indexArgs(ReadPath path) {
    boolean text = path.readsText();
    return List.of("--loader", path.externalName(),
        "--index", "block=" + (text ? IPSUM : blockIndex),
        "--index", "drop=" + (text ? DROP : dropIndex),
        "--index", "cloud=" + (text ? DATACENTRES : cloudIndex));
  }

  private List<String> expectedWhere(Predicate<String[]> holds, boolean nomatch) {
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      String[] t = tags.get(i);
      if (!malformed(t) && holds.test(t) != nomatch) {
        expected.add(records.get(i));
      }
    }
    return DriverRun.sorted(expected);
  }

  private RunSummary summary() throws IOException {
    return RunSummary.read(FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(out().toUri()));
  }

  @Test
  void tagWritesOneColumnPerIndexForEveryRecordOnEveryReadPath() throws Exception {
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      expected.add(records.get(i) + "\t" + String.join("\t", tags.get(i)));
    }
    long[] listedIn = new long[3];
    for (String[] t : tags) {
      for (int k = 0; k < 3; k++) {
        listedIn[k] += listed(t[k]) ? 1 : 0;
      }
    }
    assertTrue(listedIn[0] >= 32 && listedIn[1] >= 60 && listedIn[2] > 100, Arrays.toString(listedIn));
    long anyListed = tags.stream().filter(t -> listed(t[0]) || listed(t[1]) || listed(t[2])).count();
    for (ReadPath path : ReadPath.values()) {
      List<String> args = new ArrayList<>(indexArgs(path));
      args.addAll(List.of("--mode", "tag", "--overwrite"));
      IpJoinRun run = run(args.toArray(new String[0]));
      assertEquals(0, run.exitCode(), path + ": " + run.err());
      assertEquals(DriverRun.sorted(expected),
          DriverRun.sorted(LabelledJoinJobTest.outputLines(out())), path.externalName());

      RunSummary summary = summary();
      assertEquals(List.of("block", "drop", "cloud"),
          summary.indexes().stream().map(RunSummary.JoinedIndex::name).toList());
      for (int k = 0; k < 3; k++) {
        assertEquals(listedIn[k], summary.indexes().get(k).matched(), path + " index " + k);
      }
      assertEquals(anyListed, summary.counter(IpJoinCounter.MATCHED), path.externalName());
      assertEquals(1, tags.stream().filter(MultiIndexJobTest::malformed).count());
      assertEquals(1, summary.counter(IpJoinCounter.MALFORMED));
      assertTrue(run.out().contains(String.format("(block %,d listed, drop %,d listed, cloud %,d"
          + " listed)", listedIn[0], listedIn[1], listedIn[2])), run.out());
    }
  }

  @Test
  void whereSelectsRecordsByAnExpressionOverTheIndexes() throws Exception {
    List<Map.Entry<String, Predicate<String[]>>> expressions = List.of(
        Map.entry("block and not cloud", t -> listed(t[0]) && !listed(t[2])),
        Map.entry("cloud or drop", t -> listed(t[2]) || listed(t[1])),
        Map.entry("(block=1 or block=2) and not drop",
            t -> (t[0].equals("1") || t[0].equals("2")) && !listed(t[1])),
        Map.entry("not (block or cloud)", t -> !listed(t[0]) && !listed(t[2])));
    // What _ipjoin.json records for each, its canonical form: every "and" and "or" in parentheses.
    // Written here by hand, not by the code that writes the summary.
    Map<String, String> canonical = Map.of(
        "block and not cloud", "(block and not cloud)",
        "cloud or drop", "(cloud or drop)",
        "(block=1 or block=2) and not drop", "((block=1 or block=2) and not drop)",
        "not (block or cloud)", "not (block or cloud)");
    // Every expression once, and every read path once: expression i % 4 on read path i.
    ReadPath[] paths = ReadPath.values();
    for (int i = 0; i < Math.max(paths.length, expressions.size()); i++) {
      Map.Entry<String, Predicate<String[]>> e = expressions.get(i % expressions.size());
      ReadPath path = paths[i % paths.length];
      List<String> expected = expectedWhere(e.getValue(), false);
      assertFalse(expected.isEmpty(), e.getKey());
      List<String> args = new ArrayList<>(indexArgs(path));
      args.addAll(List.of("--where", e.getKey(), "--overwrite"));
      IpJoinRun run = run(args.toArray(new String[0]));
      assertEquals(0, run.exitCode(), e.getKey() + ": " + run.err());
      assertEquals(expected, DriverRun.sorted(LabelledJoinJobTest.outputLines(out())),
          e.getKey() + " on " + path.externalName());
      assertEquals(expected.size(), summary().counter(IpJoinCounter.MATCHED), e.getKey());
      // The summary records the expression in its canonical form.
      assertEquals(canonical.get(e.getKey()), summary().where());
    }
    // nomatch writes the well-formed records the expression does not hold for.
    IpJoinRun run = run("--index", "block=" + blockIndex, "--index", "cloud=" + cloudIndex,
        "--index", "drop=" + dropIndex, "--loader", "nio", "--loader", "cloud=mmap-direct",
        "--mode", "nomatch", "--where", "block or cloud", "--overwrite");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(expectedWhere(t -> listed(t[0]) || listed(t[2]), true),
        DriverRun.sorted(LabelledJoinJobTest.outputLines(out())));
    assertEquals("mmap-direct", summary().indexes().get(1).loader());
    assertEquals("nio", summary().indexes().get(0).loader());
    // Only a per-index --loader: the -D loader for every index stays for the others.
    IpJoinRun refined = run("-D", IpJoinKeys.LOADER.key() + "=mmap", "--index",
        "block=" + blockIndex, "--index", "cloud=" + cloudIndex, "--loader", "cloud=mmap-direct",
        "--where", "block or cloud", "--overwrite");
    assertEquals(0, refined.exitCode(), refined.err());
    assertEquals(List.of("mmap", "mmap-direct"),
        summary().indexes().stream().map(RunSummary.JoinedIndex::loader).toList());
  }

  @Test
  void countByTwoIndexesCountsEachCombinationOfTheirLabels() throws Exception {
    TreeMap<String, Long> counts = new TreeMap<>(MultiIndexJobTest::compareUtf8);
    for (String[] t : tags) {
      if (listed(t[0]) || listed(t[2])) {
        counts.merge(t[2] + "\t" + t[0], 1L, Long::sum);
      }
    }
    List<String> expected = new ArrayList<>();
    counts.forEach((key, n) -> expected.add(key + "\t" + n));
    for (ReadPath path : ReadPath.values()) {
      List<String> args = new ArrayList<>(indexArgs(path));
      args.addAll(List.of("--mode", "count", "--count-by", "cloud,block", "--overwrite",
          "-D", "mapreduce.job.reduces=2"));
      // Generic options first, as ToolRunner wants them.
      args.add(0, args.remove(args.size() - 1));
      args.add(0, args.remove(args.size() - 1));
      IpJoinRun run = run(args.toArray(new String[0]));
      assertEquals(0, run.exitCode(), run.err());
      assertEquals(expected, LabelledJoinJobTest.outputLines(out()), path.externalName());
      assertEquals("cloud,block", summary().countBy());
    }
  }

  @Test
  void refusalsAreOneLineBeforeSubmission() throws Exception {
    String[][] cases = {
        {"ipjoin: index name 'ipsum' is given to 2 indexes (" + blockIndex + ", " + blockIndex
            + "); name each one: --index NAME=PATH",
            "--index", blockIndex.toString(), "--index", blockIndex.toString()},
        {"ipjoin: bad --index block: index block has no named attributes (its label is one value),"
            + " so 'org' cannot be chosen",
            "--index", "block=" + blockIndex + ":org", "--index", "cloud=" + cloudIndex},
        {"ipjoin: --count-by label needs one index; with 2 name the ones to count by: --count-by"
            + " block,cloud", "--index", "block=" + blockIndex, "--index", "cloud=" + cloudIndex,
            "--mode", "count", "--count-by", "label"},
        {"ipjoin: bad count-by: 'asn' is no index of this join; count by address, or index"
            + " names, several comma-separated: block, cloud",
            "--index", "block=" + blockIndex, "--index", "cloud=" + cloudIndex,
            "--mode", "count", "--count-by", "block,asn"},
        {"ipjoin: --where applies to --mode match, nomatch and count; tag mode writes every record"
            + " with every index's columns", "--index", "block=" + blockIndex,
            "--mode", "tag", "--where", "block"},
        {"ipjoin: bad loader: 'geo=mmap-direct' names no index; the indexes: block",
            "--index", "block=" + blockIndex, "--loader", "geo=mmap-direct"},
    };
    for (String[] c : cases) {
      IpJoinRun run = run(Arrays.copyOfRange(c, 1, c.length));
      assertEquals(2, run.exitCode(), run.err());
      assertEquals(List.of(c[0]), run.errLines());
      assertFalse(Files.exists(out()));
    }
    // The where expression's own messages: one line naming the bad token or unknown name.
    String[][] where = {
        {"block and nope", "unknown index 'nope' (indexes: block, cloud) (column 11)"},
        {"block and", "expected an index name at the end (column 10)"},
        {"block.org=x", "index 'block' has no attributes: its label is one value (write"
            + " block=LABEL) (column 7)"},
        {"(block or cloud", "the '(' here is never closed (column 1)"}};
    for (String[] w : where) {
      IpJoinRun run = run("--index", "block=" + blockIndex, "--index", "cloud=" + cloudIndex,
          "--where", w[0]);
      assertEquals(2, run.exitCode(), run.err());
      assertEquals(List.of("ipjoin: --where '" + w[0] + "': " + w[1]), run.errLines());
      assertFalse(Files.exists(out()));
    }
  }

  @Test
  void theMemoryCheckSumsTheIndexesAndNamesTheOneToMap() throws Exception {
    // 1 MiB of task heap: the ipsum index alone needs more than 70% of it.
    IpJoinRun run = run("-D", "mapreduce.map.java.opts=-Xmx1m", "--index", "block=" + blockIndex,
        "--index", "cloud=" + cloudIndex, "--loader", "cloud=mmap-direct");
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(1, run.errLines().size(), run.err());
    String line = run.errLines().get(0);
    assertTrue(line.startsWith("ipjoin: the 2 indexes need about ") && line.contains("(block ")
        && line.contains(", cloud ") && line.contains("more than 70% of the map task heap of 1.0"
        + " MiB (-Xmx in mapreduce.map.java.opts): read block with --loader block=mmap-direct"),
        line);
    assertFalse(Files.exists(out()));
  }

  @Test
  void staleFilesUnderTheLinkNamesInTheWorkingDirectoryAreNeverRead() throws Exception {
    // With ./ipindex-1 already present the local runner makes no link and says nothing: each
    // index is opened by its own file: URI, so this garbage must never be read.
    List<Path> stale = List.of(Path.of(JoinIndexes.linkName(0)), Path.of(JoinIndexes.linkName(1)));
    for (Path p : stale) {
      Files.writeString(p, "stale leftover, not an index");
    }
    IpJoinRun run;
    try {
      run = run("--index", "block=" + blockIndex, "--index", "cloud=" + cloudIndex, "--mode", "tag");
    } finally {
      for (Path p : stale) {
        Files.deleteIfExists(p);
      }
    }
    assertEquals(0, run.exitCode(), run.err());
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      expected.add(records.get(i) + "\t" + tags.get(i)[0] + "\t" + tags.get(i)[2]);
    }
    assertEquals(DriverRun.sorted(expected), DriverRun.sorted(LabelledJoinJobTest.outputLines(out())));
  }

  @Test
  void aHiveStyleFolderIsAPathAndTheIndexIsNamedAfterItsFile() throws Exception {
    Path hive = Files.createDirectories(dir.resolve("ref/dt=2026-11-21"));
    Path geo = Files.copy(cloudIndex, hive.resolve("geo.ipidx"));
    IpJoinRun run = run("--index", geo.toString(), "--index", "block=" + blockIndex,
        "--mode", "tag");
    assertEquals(0, run.exitCode(), run.err());
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      expected.add(records.get(i) + "\t" + tags.get(i)[2] + "\t" + tags.get(i)[0]);
    }
    assertEquals(DriverRun.sorted(expected), DriverRun.sorted(LabelledJoinJobTest.outputLines(out())));
    assertEquals(List.of("geo", "block"),
        summary().indexes().stream().map(RunSummary.JoinedIndex::name).toList());
  }

  /**
   * A fourth index from a folder of real lists, each entry labelled by its file's name
   * ({@code --label-from-file}): the cloud ranges, Spamhaus DROP and DROPv6 as {@code
   * list_cloud.netset}, {@code list_drop.netset} and {@code list_dropv6.netset}. Its column is
   * checked against a {@link ListOracle} fed with the folder's lines by plain String code (the
   * earlier file and then the smaller block win, as the build's {@code longest} policy says), beside
   * the three other indexes on every read path, and in a {@code --where} over it.
   */
  @Test
  void aFolderLabelledByFileIsOneMoreIndexOnEveryReadPath() throws Exception {
    Path folder = RealData.file("lists-by-file");
    Path feeds = shared.resolve("feeds.ipidx");
    org.ipjoin.api.IpJoin.buildIndex(new Configuration()).input(folder.toString())
        .output(feeds.toString()).overwrite(true).labelFromFile("list_(.+)\\.netset").run();
    ListOracle oracle = ListOracle.ofFolderLabelledByFile(folder, "list_(.+)\\.netset");
    List<String> feedTags = new ArrayList<>();
    Map<String, String> byClient = new HashMap<>();
    for (String r : records) {
      String client = r.indexOf(' ') < 0 ? r : r.substring(0, r.indexOf(' '));
      feedTags.add(byClient.computeIfAbsent(client, c -> feedTag(oracle, c)));
    }
    assertTrue(feedTags.stream().filter(MultiIndexJobTest::listed).distinct().count() >= 2,
        "the records meet at least two of the folder's lists");
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      expected.add(records.get(i) + "\t" + String.join("\t", tags.get(i)) + "\t"
          + feedTags.get(i));
    }
    for (ReadPath path : ReadPath.values()) {
      List<String> args = new ArrayList<>(indexArgs(path));
      // The text read path reads a list, not a folder: the folder's index is read with nio there.
      args.addAll(List.of("--index", "feeds=" + feeds, "--loader",
          "feeds=" + (path.readsText() ? ReadPath.NIO : path).externalName(), "--mode", "tag",
          "--overwrite"));
      IpJoinRun run = run(args.toArray(new String[0]));
      assertEquals(0, run.exitCode(), path + ": " + run.err());
      assertEquals(DriverRun.sorted(expected),
          DriverRun.sorted(LabelledJoinJobTest.outputLines(out())), path.externalName());
    }
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      if (feedTags.get(i).equals("drop") && !listed(tags.get(i)[0])) {
        kept.add(records.get(i));
      }
    }
    IpJoinRun where = run("--index", "block=" + blockIndex, "--index", "feeds=" + feeds,
        "--where", "feeds=drop and not block", "--overwrite");
    assertEquals(0, where.exitCode(), where.err());
    assertFalse(kept.isEmpty());
    assertEquals(DriverRun.sorted(kept), DriverRun.sorted(LabelledJoinJobTest.outputLines(out())));
  }

  /** The folder index's tag of a client: the oracle's label, 0 when none, - when malformed. */
  private static String feedTag(ListOracle oracle, String client) {
    try {
      if (ListOracle.IPV4.matcher(client).matches()) {
        ListOracle.Entry e = oracle.answer(false, ListOracle.ipv4(client),
            org.ipjoin.index.list.OverlapPolicy.LONGEST);
        return e == null ? "0" : e.label();
      }
      if (client.contains(":")) {
        ListOracle.Entry e = oracle.answer(true, ListOracle.literal(client),
            org.ipjoin.index.list.OverlapPolicy.LONGEST);
        return e == null ? "0" : e.label();
      }
      return "-";
    } catch (java.net.UnknownHostException e) {
      return "-";
    }
  }

  /**
   * The ipcat data centres built with two named attributes (the name and url columns): an index
   * whose label is {@code name<TAB>url}, read independently here as a {@link ListOracle} of the
   * CSV lines.
   */
  @Test
  void attributesAreChosenWrittenComparedAndCountedOnEveryBinaryReadPath() throws Exception {
    Path attrs = dir.resolve("dcattrs.ipidx");
    org.ipjoin.api.IpJoin.buildIndex(new Configuration()).input(DATACENTRES.toString())
        .output(attrs.toString()).labels("name=3,url=4").run();
    ListOracle oracle = new ListOracle();
    for (String line : Files.readAllLines(DATACENTRES, StandardCharsets.UTF_8)) {
      List<String> f = org.ipjoin.testing.CsvFields.split(line);
      oracle.add(false, ListOracle.ipv4(f.get(0)), ListOracle.ipv4(f.get(1)),
          f.get(2) + "\t" + f.get(3));
    }
    // Per record: name and url of its data centre, {"0", "0"} unmatched, {"-", "-"} malformed.
    List<String[]> dc = new ArrayList<>();
    Map<String, String[]> byClient = new HashMap<>();
    for (String r : records) {
      String client = r.indexOf(' ') < 0 ? r : r.substring(0, r.indexOf(' '));
      dc.add(byClient.computeIfAbsent(client, c -> {
        if (!ListOracle.IPV4.matcher(c).matches()) {
          return c.contains(":") ? new String[] {"0", "0"} : new String[] {"-", "-"};
        }
        ListOracle.Entry e = oracle.answer(false, ListOracle.ipv4(c),
            org.ipjoin.index.list.OverlapPolicy.LONGEST);
        return e == null ? new String[] {"0", "0"} : e.label().split("\t", -1);
      }));
    }
    for (ReadPath path : ReadPath.values()) {
      if (path.readsText()) {
        continue; // the text read path builds its labels with the build's defaults: one value
      }
      // All attributes, then the url alone, each beside the block list.
      IpJoinRun all = run("--loader", path.externalName(), "--index", "cloud=" + attrs,
          "--index", "block=" + blockIndex, "--mode", "tag", "--overwrite");
      assertEquals(0, all.exitCode(), all.err());
      List<String> expected = new ArrayList<>();
      for (int i = 0; i < records.size(); i++) {
        expected.add(records.get(i) + "\t" + dc.get(i)[0] + "\t" + dc.get(i)[1] + "\t"
            + tags.get(i)[0]);
      }
      assertEquals(DriverRun.sorted(expected),
          DriverRun.sorted(LabelledJoinJobTest.outputLines(out())), path.externalName());
      IpJoinRun url = run("--loader", path.externalName(), "--index", "cloud=" + attrs + ":url",
          "--index", "block=" + blockIndex, "--mode", "tag", "--overwrite");
      assertEquals(0, url.exitCode(), url.err());
      expected.clear();
      for (int i = 0; i < records.size(); i++) {
        expected.add(records.get(i) + "\t" + dc.get(i)[1] + "\t" + tags.get(i)[0]);
      }
      assertEquals(DriverRun.sorted(expected),
          DriverRun.sorted(LabelledJoinJobTest.outputLines(out())), path.externalName() + " url");
      assertEquals(List.of("url"), summary().indexes().get(0).attributes());
    }

    // The most frequent data centre name, compared by attribute in --where.
    Map<String, Long> names = new TreeMap<>();
    dc.stream().filter(d -> listed(d[0])).forEach(d -> names.merge(d[0], 1L, Long::sum));
    String top = names.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    IpJoinRun where = run("--index", "cloud=" + attrs, "--index", "block=" + blockIndex,
        "--where", "cloud.name='" + top + "' or block", "--overwrite");
    assertEquals(0, where.exitCode(), where.err());
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      if (dc.get(i)[0].equals(top) || listed(tags.get(i)[0])) {
        expected.add(records.get(i));
      }
    }
    assertEquals(DriverRun.sorted(expected), DriverRun.sorted(LabelledJoinJobTest.outputLines(out())));

    // Counted by one attribute and the block list's label.
    IpJoinRun count = run("--index", "cloud=" + attrs, "--index", "block=" + blockIndex,
        "--mode", "count", "--count-by", "cloud.name,block", "--overwrite");
    assertEquals(0, count.exitCode(), count.err());
    TreeMap<String, Long> counts = new TreeMap<>(MultiIndexJobTest::compareUtf8);
    for (int i = 0; i < records.size(); i++) {
      if (listed(dc.get(i)[0]) || listed(tags.get(i)[0])) {
        counts.merge(dc.get(i)[0] + "\t" + tags.get(i)[0], 1L, Long::sum);
      }
    }
    List<String> expectedCounts = new ArrayList<>();
    counts.forEach((key, n) -> expectedCounts.add(key + "\t" + n));
    assertEquals(expectedCounts, LabelledJoinJobTest.outputLines(out()));

    // An attribute the index lacks, for output and for counting: one line naming its attributes.
    IpJoinRun bad = run("--index", "cloud=" + attrs + ":city", "--index", "block=" + blockIndex,
        "--overwrite");
    assertEquals(2, bad.exitCode(), bad.err());
    assertEquals(List.of("ipjoin: bad --index cloud: index cloud has no attribute 'city'; its"
        + " attributes: name, url"), bad.errLines());
    IpJoinRun badCount = run("--index", "cloud=" + attrs, "--mode", "count", "--count-by",
        "cloud.city", "--overwrite");
    assertEquals(2, badCount.exitCode(), badCount.err());
    assertEquals(List.of("ipjoin: bad count-by: index cloud has no attribute 'city'; its"
        + " attributes: name, url"), badCount.errLines());
  }

  private static int compareUtf8(String a, String b) {
    return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }
}
