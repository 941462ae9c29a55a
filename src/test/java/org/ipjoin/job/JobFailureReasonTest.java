package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32C;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.apache.hadoop.util.ReflectionUtils;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job that fails says why, as the driver's last {@code ipjoin:} line, on the LocalJobRunner
 * (which itself reports no task diagnostics: "failed: NA"), run exactly as {@code hadoop jar}
 * would. Each case is one map task (one small input file), so the failed attempt is
 * {@code attempt_<job>_m_000000_0}; every expected line is built here from the file names and,
 * for checksums, from CRC32C computed over the file's bytes with the JDK.
 */
class JobFailureReasonTest {

  private static final String RECORD = "8.8.8.8 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1";

  @TempDir Path dir;
  private Path index;
  private Path input;

  /** Exit code, stderr lines, and the first attempt of the job's first map task (if submitted). */
  private record Result(int exitCode, List<String> errLines, String firstAttempt, Path output) {
    String lastIpjoinLine() {
      List<String> ours = errLines.stream().filter(l -> l.startsWith("ipjoin: ")).toList();
      assertFalse(ours.isEmpty(), "no ipjoin: line on stderr");
      return ours.get(ours.size() - 1);
    }
  }

  @BeforeEach
  void files() throws Exception {
    index = dir.resolve("ips.ipidx");
    // Keys 1000 apart: one flipped low bit in a middle key keeps the order and min/max intact.
    int[] keys = new int[50];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = 0x08000000 + 1000 * i;
    }
    TestIndexes.write(index, keys);
    input = dir.resolve("access.log");
    Files.writeString(input, RECORD + "\n");
  }

  private Result run(String... args) throws Exception {
    Path output = dir.resolve("out");
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.addAll(List.of("--output", output.toString()));
    IpJoinRun run = IpJoinRun.local(all);
    List<String> lines = run.errLines();
    return new Result(run.exitCode(), lines, FailedJobLines.firstMapAttempt(lines), output);
  }

  /** Exit 1, the reason as the last ipjoin: line, no "NA", no leftover reason directory. */
  private void assertFailedWith(Result r, String reason) {
    assertEquals(1, r.exitCode(), r.errLines().toString());
    assertEquals("ipjoin: task " + r.firstAttempt() + " failed: " + reason, r.lastIpjoinLine(),
        r.errLines().toString());
    assertTrue(r.errLines().stream().noneMatch(l -> l.endsWith(": NA")), r.errLines().toString());
    assertFalse(Files.exists(r.output()), "a failed job publishes nothing, reasons included");
  }

  private static int crc32c(byte[] bytes, int from, int to) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, from, to - from);
    return (int) crc.getValue();
  }

  @Test
  void aFlippedPayloadByteIsRefusedBeforeSubmissionAndNamedByTheTaskWhenTheCheckIsSkipped()
      throws Exception {
    byte[] bytes = Files.readAllBytes(index);
    org.ipjoin.index.format.Section starts = org.ipjoin.IndexFiles.starts(index);
    int from = (int) starts.offset();
    int to = (int) starts.end();
    int good = crc32c(bytes, from, to);
    bytes[from + 4 * 25] ^= 1; // key 25's lowest bit (little-endian): the order still holds
    Files.write(index, bytes);
    int bad = crc32c(bytes, from, to);
    String check = String.format(Locale.ROOT, ": section checksum check failed: IPv4 interval"
        + " starts: the directory says CRC32C 0x%08x, the bytes have 0x%08x", good, bad);

    // By default the driver runs every check of ipindex verify: exit 2, nothing submitted.
    Result refused = run("--index", index.toString(), "--input", input.toString());
    assertEquals(2, refused.exitCode(), refused.errLines().toString());
    assertEquals(null, refused.firstAttempt(), "a job was submitted");
    assertEquals(List.of("ipjoin: file:" + index + check), refused.errLines());

    // With the whole-index check skipped the header passes, and the task names the failed check.
    Result failed = run("-D", "ipjoin.index.verify.submit=false",
        "--index", index.toString(), "--input", input.toString());
    assertFailedWith(failed, index + check);
  }

  /**
   * The reason does not come through logging: with every logger off (a {@code hadoop jar} user's
   * log4j setup may be anything) the driver still prints it.
   */
  @Test
  void theReasonIsPrintedWithAllLoggingOff() throws Exception {
    org.apache.log4j.Logger root = org.apache.log4j.LogManager.getRootLogger();
    org.apache.log4j.Level before = root.getLevel();
    root.setLevel(org.apache.log4j.Level.OFF);
    Result r;
    try {
      r = run("-D", "mapreduce.job.map.class=" + FailingFirstAttemptMapper.class.getName(),
          "--index", index.toString(), "--input", input.toString());
    } finally {
      root.setLevel(before);
    }
    assertFailedWith(r, "java.io.IOException: " + FailingFirstAttemptMapper.message(r.firstAttempt()));
  }

  @Test
  void aTruncatedGzipInputIsNamed() throws Exception {
    Path gz = dir.resolve("cut.log.gz");
    ByteArrayOutputStream whole = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(whole)) {
      for (int i = 0; i < 200; i++) {
        out.write((RECORD + " " + i + "\n").getBytes(StandardCharsets.US_ASCII));
      }
    }
    byte[] bytes = whole.toByteArray();
    Files.write(gz, Arrays.copyOf(bytes, bytes.length / 2));
    Result r = run("--index", index.toString(), "--input", gz.toString());
    assertFailedWith(r, "cannot read input file:" + gz
        + ": java.io.EOFException: Unexpected end of input stream");
  }

  @Test
  void aCorruptBzip2InputIsNamed() throws Exception {
    Path bz2 = dir.resolve("bad.log.bz2");
    ByteArrayOutputStream whole = new ByteArrayOutputStream();
    BZip2Codec codec = ReflectionUtils.newInstance(BZip2Codec.class, new Configuration());
    try (OutputStream out = codec.createOutputStream(whole)) {
      for (int i = 0; i < 200; i++) {
        out.write((RECORD + " " + i + "\n").getBytes(StandardCharsets.US_ASCII));
      }
    }
    byte[] bytes = whole.toByteArray();
    for (int i = 40; i < 60; i++) {
      bytes[i] ^= (byte) 0x5a; // inside the first block's compressed data
    }
    Files.write(bz2, bytes);
    Result r = run("--index", index.toString(), "--input", bz2.toString());
    // Hadoop's bzip2 decoder meets the damage as an index out of bounds (the same bytes, the same
    // index, every time).
    assertFailedWith(r, "cannot read input file:" + bz2 + ": corrupt data (java.lang."
        + "ArrayIndexOutOfBoundsException: Index -1217404497 out of bounds for length 258)");
  }

  /**
   * The loader name is resolved once into a ReadPath: {@code TEXT} (any spelling the parser takes)
   * reads the text list, and after a failure nothing re-reads that list as if it were a binary
   * index; the reason is the task's own, and it is the only line after the job's.
   */
  @Test
  void anUpperCaseTextLoaderFailsWithTheTasksReasonOnly() throws Exception {
    Path list = dir.resolve("ip.tsv");
    Files.writeString(list, "8.8.8.8\n1.1.1.1\n");
    Result r = run("-D", "mapreduce.job.map.class=" + FailingFirstAttemptMapper.class.getName(),
        "--loader", "TEXT", "--index", list.toString(), "--input", input.toString());
    assertFailedWith(r, "java.io.IOException: " + FailingFirstAttemptMapper.message(r.firstAttempt()));
    assertEquals(2, r.errLines().stream().filter(l -> l.startsWith("ipjoin: ")).count(),
        r.errLines().toString());
  }

  /**
   * The local FileSystem lists a file with a ':' in its name, but Hadoop cannot open it (it makes a
   * path of its checksum file's name, and reads the ':' as a URI scheme): the task names the file.
   */
  @Test
  void aColonInAnInputFileNameIsNamed() throws Exception {
    Path logs = dir.resolve("logs");
    Files.createDirectory(logs);
    Path colon = logs.resolve("host:8080.log");
    Files.writeString(colon, RECORD + "\n");
    Result r = run("--index", index.toString(), "--input", logs.toString());
    assertFailedWith(r, "cannot read input file:" + colon + ": Hadoop cannot open a file whose name"
        + " holds a ':' (read as a URI scheme); rename it (Relative path in absolute URI:"
        + " .host:8080.log.crc)");
  }

  @Test
  void anOutOfMemoryErrorInSetupNamesTheHeapAndTheWaysOut() throws Exception {
    Result r = run("-D", "mapreduce.job.map.class=" + OutOfMemoryInSetupMapper.class.getName(),
        "--index", index.toString(), "--input", input.toString());
    // The local runner's task shares this JVM: its heap is the task heap.
    assertFailedWith(r, String.format(Locale.ROOT, "out of memory in the map task while loading"
        + " the index (50 keys, loader nio), with a task heap of %.1f MiB: give map tasks more heap"
        + " (the -Xmx in mapreduce.map.java.opts, and mapreduce.map.memory.mb with it) or use"
        + " --loader mmap-direct (lookups from a shared mapping, no heap copy)",
        Runtime.getRuntime().maxMemory() / 1048576.0));
  }

  /**
   * Out of heap after the index was loaded, at the third line: the reason names the input file and
   * the record's offset and the line-length key, and not {@code --loader mmap-direct}, which would
   * free nothing for an index of 50 keys.
   */
  @Test
  void anOutOfMemoryErrorWhileReadingNamesTheFileTheOffsetAndTheLineLengthKey() throws Exception {
    Files.writeString(input, RECORD + "\n" + RECORD + "\nHUGE " + RECORD + "\n");
    Result r = run("-D", "mapreduce.job.map.class=" + OutOfMemoryOnMarkedLineMapper.class.getName(),
        "-D", "ipjoin.input.blocks=false", "--index", index.toString(), "--input", input.toString());
    long offset = 2L * (RECORD.length() + 1);
    assertFailedWith(r, String.format(Locale.ROOT, "out of memory in the map task while reading"
        + " records of file:%s (the last record read starts at byte offset %d), with the index"
        + " loaded (50 keys, loader nio) and a task heap of %.1f MiB: a line may be too long for the"
        + " heap; set mapreduce.input.linerecordreader.line.maxlength to skip longer lines, or give"
        + " map tasks more heap (the -Xmx in mapreduce.map.java.opts, and mapreduce.map.memory.mb"
        + " with it)", input, offset, Runtime.getRuntime().maxMemory() / 1048576.0));
  }

  /**
   * The key the reason above names works with and without blocks of lines: a line longer than
   * {@code mapreduce.input.linerecordreader.line.maxlength} is skipped by Hadoop's line reader
   * (which both read paths use), so it is neither a record nor output; the other lines are joined.
   */
  @Test
  void aLineLongerThanTheMaximumLengthIsSkippedWithAndWithoutBlocks() throws Exception {
    String kept = "192.0.2.1 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1";
    String longLine = "192.0.2.1 " + "x".repeat(5000);
    Files.writeString(input, kept + "\n" + longLine + "\n" + kept + "\n");
    for (String blocks : List.of("true", "false")) {
      Path output = dir.resolve("out-blocks-" + blocks);
      IpJoinRun run = IpJoinRun.local(List.of("-D", "ipjoin.input.blocks=" + blocks,
          "-D", "mapreduce.input.linerecordreader.line.maxlength=1000", "--mode", "nomatch",
          "--index", index.toString(), "--input", input.toString(), "--output", output.toString()));
      assertEquals(0, run.exitCode(), run.err());
      JsonNode counters = new ObjectMapper().readTree(output.resolve("_ipjoin.json").toFile())
          .get("counters");
      assertEquals(2, counters.get("RECORDS").asLong(), "blocks " + blocks + ": " + counters);
      assertEquals(List.of(kept, kept), Files.readAllLines(output.resolve("part-m-00000")),
          "blocks " + blocks);
    }
  }
}
