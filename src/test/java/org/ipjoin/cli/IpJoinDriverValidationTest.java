package org.ipjoin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.job.TestIndexes;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver's checks before submission: each problem gives exit code 2 and one stderr line naming
 * it, and no job is submitted (so these tests are fast). Everything not under test is valid.
 */
class IpJoinDriverValidationTest {

  @TempDir Path dir;
  private Path index;
  private Path input;
  private Path output;

  /** Exit code, stderr lines, stdout. */
  private record Result(int exitCode, List<String> errLines, String out) {}

  @BeforeEach
  void files() throws IOException {
    ValidJobFiles valid = ValidJobFiles.in(dir);
    index = valid.index();
    input = valid.input();
    output = valid.output();
  }

  private Result run(String... args) throws Exception {
    // Hadoop creates its job staging root on the first submission: its absence proves none.
    Path jobStaging = dir.resolve("mr-staging");
    IpJoinRun run = IpJoinRun.local(jobStaging, Arrays.asList(args));
    assertFalse(Files.exists(jobStaging), "a job was submitted despite: " + run.err());
    return new Result(run.exitCode(), run.errLines(), run.out());
  }

  private List<String> valid(String... extra) {
    List<String> args = new ArrayList<>(List.of("--index", index.toString(),
        "--input", input.toString(), "--output", output.toString()));
    args.addAll(Arrays.asList(extra));
    return args;
  }

  /** Asserts exit 2 and exactly one stderr line containing every fragment. */
  private void assertOneLine(Result r, String... fragments) {
    assertEquals(2, r.exitCode(), r.errLines().toString());
    assertEquals(1, r.errLines().size(), r.errLines().toString());
    String line = r.errLines().get(0);
    assertTrue(line.startsWith("ipjoin: "), line);
    for (String f : fragments) {
      assertTrue(line.contains(f), "'" + f + "' not in: " + line);
    }
  }

  @Test
  void missingIndex() throws Exception {
    Path missing = dir.resolve("nope.ipidx");
    Result r = run("--index", missing.toString(), "--input", input.toString(), "--output", output.toString());
    assertOneLine(r, "index", missing.toString(), "does not exist");
  }

  @Test
  void truncatedIndexShowsTheCorruptIndexMessage() throws Exception {
    byte[] bytes = Files.readAllBytes(index);
    Files.write(index, Arrays.copyOf(bytes, bytes.length - 4));
    Result r = run(valid().toArray(new String[0]));
    assertOneLine(r, index.toString(), "file length check failed", "truncated");
  }

  @Test
  void textFileGivenToABinaryLoaderIsNotAnIndex() throws Exception {
    Result r = run("--index", input.toString(), "--input", input.toString(), "--output", output.toString());
    assertOneLine(r, input.toString(), "magic check failed", "not an ipjoin index");
  }

  @Test
  void malformedTextListNamesFileAndLine() throws Exception {
    Path list = dir.resolve("ip.tsv");
    Files.writeString(list, "# list\n8.8.8.8\n10.0.0.1/8\n");
    Result r = run("--loader", "text", "--index", list.toString(), "--input", input.toString(),
        "--output", output.toString());
    assertOneLine(r, list.toString() + ":3", "has host bits set; the block is 10.0.0.0/8");
  }

  @Test
  void existingOutput() throws Exception {
    Files.createDirectory(output);
    Result r = run(valid().toArray(new String[0]));
    assertOneLine(r, "output directory file:" + output,
        "already exists; remove it, choose another or pass --overwrite");
  }

  /**
   * 300,000 keys need ~1.2 MiB in each task (4 bytes a key and a 2^12 + 1-entry lookup directory); a 1 MiB task heap would fail every attempt with
   * OutOfMemoryError, so the driver refuses it with the numbers and the keys to raise.
   */
  @Test
  void indexLargerThanTheMapTaskHeapFailsInTheDriver() throws Exception {
    int[] keys = java.util.stream.IntStream.range(0, 300_000).map(i -> i * 7 - 1_000_000).toArray();
    TestIndexes.write(index, keys);
    Result r = run(withOptions("-D", "mapreduce.map.java.opts=-Xmx1m"));
    assertOneLine(r, index.toString(), "needs about 1.2 MiB of heap in each map task (300,000 keys",
        "more than 70% of the map task heap of 1.0 MiB (-Xmx in mapreduce.map.java.opts)",
        "raise mapreduce.map.memory.mb and/or the -Xmx in mapreduce.map.java.opts",
        "ipjoin.memory.check=false");

    // Without -Xmx: mapreduce.map.memory.mb=1 × 0.8.
    Result mb = run(withOptions("-D", "mapreduce.map.memory.mb=1"));
    assertOneLine(mb, "map task heap of 1.0 MiB (mapreduce.map.memory.mb=1 × "
        + "mapreduce.job.heap.memory-mb.ratio=0.8");

    // The text loader's estimate comes from the list's length.
    Path list = dir.resolve("ip.tsv");
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 100_000; i++) {
      text.append("10.").append(i >> 16).append('.').append((i >> 8) & 255).append('.').append(i & 255).append('\n');
    }
    Files.writeString(list, text);
    Result t = run("-D", "mapreduce.map.java.opts=-Xmx1m", "--loader", "text", "--index", list.toString(),
        "--input", input.toString(), "--output", output.toString());
    assertOneLine(t, list.toString(), "text loader: about the list's length");
  }

  /** Hadoop's own parser would fail with "For input string"; the culprit is the memory key. */
  @Test
  void aBadMemorySettingIsNamedWithItsValue() throws Exception {
    Result r = run(withOptions("-D", "mapreduce.map.memory.mb=2g"));
    assertEquals(List.of("ipjoin: mapreduce.map.memory.mb must be a whole number of MiB, e.g. 2048,"
        + " got '2g'"), r.errLines());
    assertEquals(2, r.exitCode());
    Result ratio = run(withOptions("-D", "mapreduce.job.heap.memory-mb.ratio=most"));
    assertEquals(List.of("ipjoin: mapreduce.job.heap.memory-mb.ratio must be a number, e.g. 0.8,"
        + " got 'most'"), ratio.errLines());
  }

  /** Every check of ipindex verify runs before submission; a flipped payload bit is refused. */
  @Test
  void aCorruptPayloadIsRefusedBeforeSubmissionUnlessTheWholeIndexCheckIsSkipped() throws Exception {
    int[] keys = {100, 2000, 30000, 400000};
    TestIndexes.write(index, keys);
    byte[] bytes = Files.readAllBytes(index);
    org.ipjoin.index.format.Section starts = org.ipjoin.IndexFiles.starts(index);
    int from = (int) starts.offset();
    java.util.zip.CRC32C good = new java.util.zip.CRC32C();
    good.update(bytes, from, (int) starts.length());
    bytes[from + 4 * 2] ^= 1; // 30000 -> 30001: still sorted
    java.util.zip.CRC32C bad = new java.util.zip.CRC32C();
    bad.update(bytes, from, (int) starts.length());
    Files.write(index, bytes);
    Result r = run(valid().toArray(new String[0]));
    assertEquals(List.of(String.format("ipjoin: file:%s: section checksum check failed: IPv4"
        + " interval starts: the directory says CRC32C 0x%08x, the bytes have 0x%08x", index,
        good.getValue(), bad.getValue())), r.errLines());
    assertEquals(2, r.exitCode());
  }

  /** With the whole-index check off, the header checks still run before submission. */
  @Test
  void headerChecksRunWhenTheWholeIndexCheckIsSkipped() throws Exception {
    byte[] bytes = Files.readAllBytes(index);
    Files.write(index, Arrays.copyOf(bytes, bytes.length - 4));
    Result r = run(withOptions("-D", "ipjoin.index.verify.submit=false"));
    assertOneLine(r, index.toString(), "file length check failed", "truncated");
    TestIndexes.write(index, "8.8.8.8");
    assertOneLine(run(withOptions("-D", "ipjoin.index.verify.submit=perhaps")),
        "ipjoin.index.verify.submit must be true or false, got 'perhaps'");
  }

  @Test
  void aSchemeWithoutAFileSystemIsOneLine() throws Exception {
    Result r = run("--index", index.toString(), "--input", "nofs://bucket/logs", "--output",
        output.toString());
    assertEquals(List.of("ipjoin: no FileSystem for nofs://bucket/logs: No FileSystem for scheme"
        + " \"nofs\""), r.errLines());
    assertEquals(2, r.exitCode());
    // s3a is known to Hadoop (core-default.xml names its class) but hadoop-aws is not here.
    Result s3a = run("--index", index.toString(), "--input", "s3a://bucket/logs", "--output",
        output.toString());
    assertEquals(List.of("ipjoin: no FileSystem for s3a://bucket/logs: the connector for scheme"
        + " 's3a' is not on the classpath (Class org.apache.hadoop.fs.s3a.S3AFileSystem not found)"),
        s3a.errLines());
    assertEquals(2, s3a.exitCode());
  }

  @Test
  void aConfiguredMapperMustExtendIpJoinMapper() throws Exception {
    assertOneLine(run(withOptions("-D", "mapreduce.job.map.class="
        + org.apache.hadoop.mapreduce.Mapper.class.getName())),
        "mapreduce.job.map.class: org.apache.hadoop.mapreduce.Mapper does not extend"
            + " org.ipjoin.job.task.IpJoinMapper");
    assertOneLine(run(withOptions("-D", "mapreduce.job.map.class=org.example.Nope")),
        "mapreduce.job.map.class: class 'org.example.Nope' not found");
  }

  @Test
  void badMemoryCheckValue() throws Exception {
    Result r = run(withOptions("-D", "ipjoin.memory.check=maybe"));
    assertOneLine(r, "ipjoin.memory.check must be true or false, got 'maybe'");
  }

  /** Generic options first, then the valid job options. */
  private String[] withOptions(String... generic) {
    List<String> args = new ArrayList<>(Arrays.asList(generic));
    args.addAll(valid());
    return args.toArray(new String[0]);
  }

  @Test
  void missingInput() throws Exception {
    Path missing = dir.resolve("missing.log");
    Result r = run("--index", index.toString(), "--input", input.toString(), missing.toString(),
        "--output", output.toString());
    assertOneLine(r, "input", missing.toString(), "does not exist");
  }

  @Test
  void badLoader() throws Exception {
    Result r = run(valid("--loader", "fast").toArray(new String[0]));
    String every = Stream.of(ReadPath.values()).map(ReadPath::externalName)
        .collect(Collectors.joining(", "));
    assertOneLine(r, "bad loader", "'fast'");
    assertTrue(r.errLines().get(0).endsWith("; choose one of " + every),
        "not every read path (" + every + ") in: " + r.errLines().get(0));
  }

  @Test
  void badLoaderFromDashDIsReportedToo() throws Exception {
    List<String> args = new ArrayList<>(List.of("-D", "ipjoin.index.loader=fast"));
    args.addAll(valid());
    assertOneLine(run(args.toArray(new String[0])), "bad loader", "'fast'");
  }

  @Test
  void commandLineWinsOverDashD() throws Exception {
    // -D sets a bad loader, --loader a good one: the only problem left is the existing output.
    Files.createDirectory(output);
    List<String> args = new ArrayList<>(List.of("-D", "ipjoin.index.loader=fast"));
    args.addAll(valid("--loader", "mmap"));
    assertOneLine(run(args.toArray(new String[0])), "already exists");
  }

  @Test
  void badMode() throws Exception {
    assertOneLine(run(valid("--mode", "join").toArray(new String[0])),
        "bad mode", "'join'", "match, nomatch, tag, count");
  }

  @Test
  void badCountByAndCountByOutsideCountMode() throws Exception {
    Result bad = run(valid("--mode", "count", "--count-by", "asn").toArray(new String[0]));
    assertOneLine(bad);
    assertEquals("ipjoin: bad count-by: 'asn' is no index of this join; count by address, label,"
        + " or index names, several comma-separated: ips", bad.errLines().get(0));
    Result tag = run(valid("--mode", "tag", "--count-by", "label").toArray(new String[0]));
    assertOneLine(tag);
    assertEquals("ipjoin: --count-by applies to --mode count only; the mode is 'tag'",
        tag.errLines().get(0));
  }

  @Test
  void anUnmatchedTagWithATabOrLineBreakIsRefusedEscaped() throws Exception {
    List<String> args = new ArrayList<>(List.of("-D", "ipjoin.tag.unmatched=no\tmatch"));
    args.addAll(valid("--mode", "tag"));
    Result r = run(args.toArray(new String[0]));
    assertOneLine(r);
    assertEquals("ipjoin: ipjoin.tag.unmatched must not contain a tab or line break (it is the"
        + " record's last column), got 'no\\x09match'", r.errLines().get(0));
  }

  @Test
  void aBadBlockSizeBlocksSwitchOrPipelineIsRefusedInOneLine() throws Exception {
    for (String size : new String[] {"0", "-1", "1MiB", "268435457"}) {
      List<String> args = new ArrayList<>(List.of("-D", "ipjoin.input.block.bytes=" + size));
      args.addAll(valid());
      Result r = run(args.toArray(new String[0]));
      assertOneLine(r);
      assertEquals("ipjoin: ipjoin.input.block.bytes must be a whole number of bytes from 1 to"
          + " 268435456, got '" + size + "'", r.errLines().get(0));
    }
    List<String> args = new ArrayList<>(List.of("-D", "ipjoin.input.blocks=yes"));
    args.addAll(valid());
    Result r = run(args.toArray(new String[0]));
    assertOneLine(r);
    assertEquals("ipjoin: ipjoin.input.blocks must be true or false, got 'yes'", r.errLines().get(0));
    args = new ArrayList<>(List.of("-D", "ipjoin.input.pipeline=gzip"));
    args.addAll(valid());
    r = run(args.toArray(new String[0]));
    assertOneLine(r);
    assertEquals("ipjoin: ipjoin.input.pipeline must be compressed, always or never, got 'gzip'",
        r.errLines().get(0));
  }

  @Test
  void badFormats() throws Exception {
    assertOneLine(run(valid("--format", "json").toArray(new String[0])), "bad format 'json'");
    assertOneLine(run(valid("--format", "tsv:0").toArray(new String[0])), "bad format 'tsv:0'", "from 1");
    assertOneLine(run(valid("--format", "ws:x").toArray(new String[0])), "'x' is not a number");
    assertOneLine(run(valid("--format", "regex:(oops").toArray(new String[0])), "does not compile");
    assertOneLine(run(valid("--format", "regex:^\\S+").toArray(new String[0])), "no capture group");
  }

  @Test
  void unknownOption() throws Exception {
    assertOneLine(run(valid("--frobnicate").toArray(new String[0])), "unknown option '--frobnicate'");
  }

  @Test
  void noPartialOptionNames() throws Exception {
    assertOneLine(run("--ind", index.toString(), "--input", input.toString(), "--output",
        output.toString()), "unknown option '--ind'");
  }

  @Test
  void missingValue() throws Exception {
    assertOneLine(run(valid("--mode").toArray(new String[0])), "--mode needs a value");
  }

  @Test
  void strayArgument() throws Exception {
    assertOneLine(run("stray", "--index", index.toString(), "--output", output.toString(),
        "--input", input.toString()), "unexpected argument 'stray'");
  }

  @Test
  void badBooleanFromDashD() throws Exception {
    List<String> args = new ArrayList<>(List.of("-D", "ipjoin.index.verify.checksum=maybe"));
    args.addAll(valid());
    assertOneLine(run(args.toArray(new String[0])), "ipjoin.index.verify.checksum", "'maybe'");
  }

  @Test
  void missingRequiredOptionsAreAllListed() throws Exception {
    Result r = run();
    assertEquals(2, r.exitCode());
    assertEquals(List.of("ipjoin: no options given; ipjoin --help lists them",
        "ipjoin: missing --index (or -D ipjoin.index.path=...)",
        "ipjoin: missing --input", "ipjoin: missing --output"), r.errLines());
  }

  @Test
  void helpPrintsUsageAndExitsZero() throws Exception {
    Result r = run("--help");
    assertEquals(0, r.exitCode());
    assertEquals(List.of(), r.errLines());
    assertTrue(r.out().contains("--index"), r.out());
    assertTrue(r.out().contains("--no-malformed-output"), r.out());
    assertTrue(r.out().replaceAll("\\s+", " ").contains("Exit codes: 0 success, 1 the data or the"
        + " job failed, 2 usage or validation error, 3 the input held no data."), r.out());
  }
}
