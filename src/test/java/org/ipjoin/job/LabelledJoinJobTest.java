package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.parts;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.RealData;
import org.ipjoin.ReferenceList;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.job.driver.RunSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ranges and labels through the whole job on the LocalJobRunner: indexes built from real lists
 * (ipcat data centres with their names, Spamhaus DROP blocks without labels) over real logs,
 * every record's output checked against {@link ReferenceList}, a brute-force reading of the list
 * with String code.
 */
public class LabelledJoinJobTest {

  private static final Path DATACENTRES = RealData.file("lists/ipcat_datacenters.csv");
  private static final Path DROP = RealData.file("lists/spamhaus_drop.txt");

  @TempDir Path dir;

  /** Records of the logs, in order. */
  public static List<String> records(Path... logs) throws IOException {
    List<String> records = new ArrayList<>();
    for (Path log : logs) {
      records.addAll(Files.readAllLines(log, StandardCharsets.UTF_8));
    }
    return records;
  }

  /** What tag mode must write for each record, in order. */
  public static List<String> expectedTags(ReferenceList list, List<String> records, String unmatched) {
    Map<String, String> byClient = new HashMap<>();
    List<String> out = new ArrayList<>(records.size());
    for (String r : records) {
      String client = r.indexOf(' ') < 0 ? r : r.substring(0, r.indexOf(' '));
      out.add(r + "\t" + byClient.computeIfAbsent(client, c -> list.tag(r, unmatched)));
    }
    return out;
  }

  /** The part files' lines, read as UTF-8 (labels may be any UTF-8). */
  static List<String> outputLines(Path out) throws IOException {
    List<String> lines = new ArrayList<>();
    for (Path part : parts(out)) {
      String text = Files.readString(part, StandardCharsets.UTF_8);
      assertTrue(text.isEmpty() || text.endsWith("\n"), part.toString());
      if (!text.isEmpty()) {
        lines.addAll(Arrays.asList(text.substring(0, text.length() - 1).split("\n", -1)));
      }
    }
    return lines;
  }

  private static List<String> sorted(List<String> lines) {
    return DriverRun.sorted(lines);
  }

  private DriverRun job(Path index, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("--index", index.toString(),
        "--input", RealData.elasticLog().toString(), RealData.basjesLog().toString(),
        "--output", dir.resolve("out").toString()));
    args.addAll(List.of(more));
    // Generic options first, as ToolRunner wants them.
    List<String> generic = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).equals("-D")) {
        generic.add(args.remove(i));
        generic.add(args.remove(i));
        i--;
      }
    }
    generic.addAll(args);
    return DriverRun.of(generic.toArray(new String[0]));
  }

  @Test
  void tagWritesTheLabelOfTheMostSpecificDataCentreRangeForEveryRecord() throws Exception {
    Path index = dir.resolve("dc.ipidx");
    BuiltIndexes.write(DATACENTRES, index);
    ReferenceList reference = ReferenceList.ipcatCsv(DATACENTRES);
    List<String> records = records(RealData.elasticLog(), RealData.basjesLog());

    DriverRun run = job(index, "--mode", "tag");
    assertEquals(0, run.exitCode(), run.toString());
    List<String> expected = expectedTags(reference, records, "0");
    assertEquals(sorted(expected), sorted(outputLines(run.output())));

    long matched = expected.stream().filter(l -> !l.endsWith("\t0")).count();
    assertTrue(matched > 100, "the logs hit data centres: " + matched);
    Set<String> labelsSeen = new HashSet<>();
    for (String l : expected) {
      String tag = l.substring(l.lastIndexOf('\t') + 1);
      if (!tag.equals("0")) {
        labelsSeen.add(tag);
      }
    }
    assertTrue(labelsSeen.size() > 5, labelsSeen.toString());
    assertEquals(matched, run.counter(IpJoinCounter.MATCHED));
    assertEquals(records.size() - matched, run.counter(IpJoinCounter.UNMATCHED));
    assertEquals(12, run.counter(IpJoinCounter.IPV6));
    // Two input files, two map tasks: the index's intervals and labels are counted once.
    assertEquals(intervalsOf(reference), run.counter(IpJoinCounter.INDEX_ENTRIES));
    assertEquals(winningLabels(reference), run.counter(IpJoinCounter.INDEX_LABELS));
    assertEquals(2, run.counter(IpJoinCounter.INDEX_LOADS));
  }

  @Test
  void tagWithUnlabelledBlocksWritesOneOrZero() throws Exception {
    Path index = dir.resolve("drop.ipidx");
    BuiltIndexes.write(DROP, index);
    ReferenceList reference = ReferenceList.cidrBlocks(DROP);
    // The real logs have no client in a DROP block: add records at the edges of some blocks.
    StringBuilder edges = new StringBuilder();
    for (ReferenceList.Entry block : reference.entries().subList(0, 40)) {
      for (long a : new long[] {block.start() - 1, block.start(), block.end(), block.end() + 1}) {
        edges.append(ReferenceList.dotted(a)).append(" - - [17/Jan/2025:17:03:47 +0000] \"GET /")
            .append(a).append(" HTTP/1.1\" 403 0\n");
      }
    }
    Path extra = dir.resolve("edges.log");
    Files.writeString(extra, edges, StandardCharsets.US_ASCII);
    List<String> records = records(RealData.elasticLog(), RealData.basjesLog(), extra);

    DriverRun run = DriverRun.of("--mode", "tag", "--index", index.toString(), "--input",
        RealData.elasticLog().toString(), RealData.basjesLog().toString(), extra.toString(),
        "--output", dir.resolve("out").toString());
    assertEquals(0, run.exitCode(), run.toString());
    List<String> expected = expectedTags(reference, records, "0");
    assertEquals(sorted(expected), sorted(outputLines(run.output())));
    long ones = expected.stream().filter(l -> l.endsWith("\t1")).count();
    assertTrue(ones >= 80, "two edges of each of 40 blocks: " + ones);
    assertEquals(ones, run.counter(IpJoinCounter.MATCHED));
    assertEquals(0, run.counter(IpJoinCounter.INDEX_LABELS));
  }

  @Test
  void theUnmatchedTagIsConfigurableAndMalformedRecordsKeepTheDash() throws Exception {
    Path index = dir.resolve("dc.ipidx");
    BuiltIndexes.write(DATACENTRES, index);
    ReferenceList reference = ReferenceList.ipcatCsv(DATACENTRES);
    List<String> odd = List.of("not-an-ip - - malformed", "", "3.0.0.1 - - in Amazon AWS",
        "10.1.2.3 - - private", "::1 - - ipv6");
    Path extra = dir.resolve("odd.log");
    Files.writeString(extra, String.join("\n", odd) + "\n", StandardCharsets.UTF_8);
    List<String> records = records(RealData.basjesLog(), extra);

    DriverRun run = DriverRun.of("-D", "ipjoin.tag.unmatched=none", "--mode", "tag",
        "--index", index.toString(), "--input", RealData.basjesLog().toString(), extra.toString(),
        "--output", dir.resolve("out").toString());
    assertEquals(0, run.exitCode(), run.toString());
    List<String> expected = expectedTags(reference, records, "none");
    assertEquals(sorted(expected), sorted(outputLines(run.output())));
    assertTrue(expected.contains("not-an-ip - - malformed\t-"));
    assertTrue(expected.contains("\t-"));
    assertTrue(expected.contains("3.0.0.1 - - in Amazon AWS\tAmazon AWS"));
    assertTrue(expected.contains("10.1.2.3 - - private\tnone"));
    assertTrue(expected.contains("::1 - - ipv6\tnone"));
    assertFalse(outputLines(run.output()).stream().anyMatch(l -> l.endsWith("\t0")));
    assertEquals(2, run.counter(IpJoinCounter.MALFORMED));
  }

  @Test
  void countByLabelCountsRecordsPerLabelSortedByLabelBytesInOneFile() throws Exception {
    Path index = dir.resolve("dc.ipidx");
    BuiltIndexes.write(DATACENTRES, index);
    ReferenceList reference = ReferenceList.ipcatCsv(DATACENTRES);
    List<String> records = records(RealData.elasticLog(), RealData.basjesLog());

    // Three reducers asked for: label counts still come in one sorted file.
    DriverRun run = job(index, "-D", "mapreduce.job.reduces=3", "--mode", "count",
        "--count-by", "label");
    assertEquals(0, run.exitCode(), run.toString());

    TreeMap<String, Long> counts = new TreeMap<>(LabelledJoinJobTest::compareUtf8);
    for (String tagged : expectedTags(reference, records, "0")) {
      String tag = tagged.substring(tagged.lastIndexOf('\t') + 1);
      if (!tag.equals("0") && !tag.equals("-")) {
        counts.merge(tag, 1L, Long::sum);
      }
    }
    List<String> expected = new ArrayList<>();
    counts.forEach((label, n) -> expected.add(label + "\t" + n));
    assertEquals(expected, outputLines(run.output()));
    assertEquals(List.of("part-r-00000"),
        parts(run.output()).stream().map(p -> p.getFileName().toString()).toList());
    RunSummary summary = RunSummary.read(org.apache.hadoop.fs.FileSystem.getLocal(
        new org.apache.hadoop.conf.Configuration()), new org.apache.hadoop.fs.Path(run.output().toUri()));
    assertEquals("count", summary.mode());
    assertEquals("label", summary.countBy());
  }

  @Test
  void countByLabelCountsEntriesWithoutALabelUnderOne() throws Exception {
    // 10.0.0.0/8 unlabelled with 10.1.0.0/16 'b' inside it, 192.0.2.0-192.0.2.9 'a', 198.51.100.7.
    int[] starts = {key("10.0.0.0"), key("10.1.0.0"), key("10.2.0.0"), key("192.0.2.0"),
        key("198.51.100.7")};
    int[] ends = {key("10.0.255.255"), key("10.1.255.255"), key("10.255.255.255"),
        key("192.0.2.9"), key("198.51.100.7")};
    int[] labelIds = {0, 1, 0, 2, 0};
    byte[] labelBytes = "ba".getBytes(StandardCharsets.UTF_8);
    Path index = dir.resolve("mixed.ipidx");
    BuiltIndexes.write(new IndexContent(starts, ends, labelIds, 5, new int[] {0, 1, 2}, labelBytes,
        0, 0), index);
    List<String> records = List.of("10.0.0.1 x", "10.1.2.3 x", "10.1.2.4 x", "10.200.0.1 x",
        "192.0.2.9 x", "192.0.2.10 x", "198.51.100.7 x", "198.51.100.8 x", "::1 x", "junk x");
    Path input = dir.resolve("access.log");
    Files.writeString(input, String.join("\n", records) + "\n", StandardCharsets.US_ASCII);

    DriverRun run = DriverRun.of("--mode", "count", "--count-by", "label", "--index",
        index.toString(), "--input", input.toString(), "--output", dir.resolve("out").toString());
    assertEquals(0, run.exitCode(), run.toString());
    assertEquals(List.of("1\t3", "a\t1", "b\t2"), outputLines(run.output()));
    assertEquals(2, run.counter(IpJoinCounter.INDEX_LABELS));
    assertEquals(5, run.counter(IpJoinCounter.INDEX_ENTRIES));

    // The same index tagged: label, 1 without one, 0 for no match, - for malformed.
    DriverRun tag = DriverRun.of("--mode", "tag", "--no-malformed-output", "--index",
        index.toString(), "--input", input.toString(), "--output", dir.resolve("tag").toString());
    assertEquals(0, tag.exitCode(), tag.toString());
    assertEquals(List.of("10.0.0.1 x\t1", "10.1.2.3 x\tb", "10.1.2.4 x\tb", "10.200.0.1 x\t1",
        "192.0.2.9 x\ta", "192.0.2.10 x\t0", "198.51.100.7 x\t1", "198.51.100.8 x\t0", "::1 x\t0",
        "junk x\t-"), outputLines(tag.output()));
  }

  private static int key(String dotted) {
    return (int) (ReferenceList.address(dotted) ^ 0x8000_0000L);
  }

  private static int compareUtf8(String a, String b) {
    return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Elementary segments of the list (between consecutive range boundaries), each answered by its
   * winner; touching segments with the same label are one interval.
   */
  private static List<Object[]> segments(ReferenceList list) {
    TreeSet<Long> cuts = new TreeSet<>();
    for (ReferenceList.Entry e : list.entries()) {
      cuts.add(e.start());
      cuts.add(e.end() + 1);
    }
    List<Long> points = new ArrayList<>(cuts);
    List<Object[]> out = new ArrayList<>();
    for (int k = 0; k + 1 < points.size(); k++) {
      ReferenceList.Entry w = list.answer(points.get(k));
      if (w != null) {
        out.add(new Object[] {points.get(k), points.get(k + 1) - 1, w.label()});
      }
    }
    return out;
  }

  private static long intervalsOf(ReferenceList list) {
    long intervals = 0;
    long end = -2;
    String label = null;
    for (Object[] s : segments(list)) {
      if ((long) s[0] != end + 1 || !s[2].equals(label)) {
        intervals++;
      }
      end = (long) s[1];
      label = (String) s[2];
    }
    return intervals;
  }

  private static long winningLabels(ReferenceList list) {
    Set<String> labels = new HashSet<>();
    for (Object[] s : segments(list)) {
      labels.add((String) s[2]);
    }
    return labels.size();
  }
}
