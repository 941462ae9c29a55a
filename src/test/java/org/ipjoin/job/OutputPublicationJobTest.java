package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.util.VersionInfo;
import org.ipjoin.cli.IpJoinDriver;
import org.ipjoin.job.driver.RunSummary;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a scheduler sees at {@code --output} (real files, real LocalJobRunner): nothing unless the
 * job succeeded, one writer per output, {@code --overwrite} replacing only on success, and the run
 * summary {@code _ipjoin.json}.
 *
 * <p>Bad inputs are real: a truncated {@code .gz}, and {@code *.fail} / {@code *.block} files read
 * through test codecs ({@link FailingTestCodec}, {@link BlockingTestCodec}) that Hadoop's own
 * {@code io.compression.codecs} setting brings in, so a task fails on every attempt, or a job stops
 * at a known point, with no switch in production code. The good input is bigger than the bad one:
 * the local runner runs the larger split first, so its task has finished (and, with Hadoop's
 * default committer, already moved its part file into the output) when the bad one fails.
 *
 * <p>Expected outputs are computed here with plain String code: a line matches when the text
 * before its first space is one of the listed addresses.
 */
class OutputPublicationJobTest {

  private static final List<String> LISTED = List.of("10.0.0.1", "10.0.0.2", "192.0.2.7");
  private static final String CODECS = FailingTestCodec.class.getName() + ","
      + BlockingTestCodec.class.getName();

  @TempDir Path dir;
  private Path index;
  private Path good;
  private Path other;
  private Path output;
  private Path marker;
  private Path release;

  /** Exit code and stderr lines of one driver run. */
  private record Result(int exitCode, List<String> errLines) {}

  @BeforeEach
  void files() throws IOException {
    index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, LISTED.toArray(new String[0]));
    good = dir.resolve("good.log");
    Files.writeString(good, logLines("10.0.0.", 1, 200));
    other = dir.resolve("other.log");
    Files.writeString(other, logLines("192.0.2.", 1, 50));
    output = dir.resolve("out");
    marker = dir.resolve("marker");
    release = dir.resolve("release");
  }

  /** {@code count} combined-log lines with clients {@code prefix + first ...}. */
  private static String logLines(String prefix, int first, int count) {
    StringBuilder s = new StringBuilder();
    for (int i = first; i < first + count; i++) {
      s.append(prefix).append(i).append(" - - [17/May/2015:10:05:03 +0000] \"GET /").append(i)
          .append(" HTTP/1.1\" 200 ").append(i).append('\n');
    }
    return s.toString();
  }

  /** The lines of {@code inputs} whose client is listed, sorted. */
  private static List<String> expectedMatches(Path... inputs) throws IOException {
    List<String> matches = new ArrayList<>();
    for (Path p : inputs) {
      for (String line : Files.readAllLines(p, StandardCharsets.ISO_8859_1)) {
        if (LISTED.contains(line.substring(0, line.indexOf(' ')))) {
          matches.add(line);
        }
      }
    }
    matches.sort(null);
    return matches;
  }

  private List<String> args(List<String> extra, Path... inputs) {
    List<String> args = new ArrayList<>(IpJoinRun.LOCAL);
    args.addAll(List.of("-D", "io.compression.codecs=" + CODECS,
        "-D", BlockingTestCodec.MARKER + "=" + marker, "-D", BlockingTestCodec.RELEASE + "=" + release));
    args.addAll(extra);
    args.addAll(List.of("--index", index.toString(), "--output", output.toString(), "--input"));
    for (Path p : inputs) {
      args.add(p.toString());
    }
    return args;
  }

  private Result run(List<String> extra, Path... inputs) throws Exception {
    IpJoinRun run = IpJoinRun.of(args(extra, inputs));
    return new Result(run.exitCode(), run.errLines());
  }

  /** The main output's lines (every top-level part file), sorted. */
  private List<String> outputLines() throws IOException {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> s = Files.list(output)) {
      for (Path part : s.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
        lines.addAll(Files.readAllLines(part, StandardCharsets.ISO_8859_1));
      }
    }
    lines.sort(null);
    return lines;
  }

  /** Every file under {@code root} (relative name to bytes). */
  private static Map<String, String> tree(Path root) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        files.put(root.relativize(p).toString(),
            new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
      }
    }
    return files;
  }

  /** Names in the output's parent that look like a staging or set-aside directory of ours. */
  private List<String> hiddenLeftovers() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".out.")).toList();
    }
  }

  /** Asserts that a consumer finds nothing at all under the output. */
  private void assertNothingPublished(Result r) throws IOException {
    assertFalse(Files.exists(output), "output exists after a failed run: "
        + (Files.exists(output) ? tree(output).keySet() : Set.of()) + "; stderr " + r.errLines());
  }

  private void assertSucceededWith(Result r, List<String> expected) throws IOException {
    assertEquals(0, r.exitCode(), r.errLines().toString());
    assertEquals(expected, outputLines());
    assertTrue(Files.exists(output.resolve("_SUCCESS")));
    assertTrue(Files.exists(output.resolve("_ipjoin.json")));
    assertEquals(List.of(), hiddenLeftovers());
  }

  private Path truncatedGzip() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream gz = new GZIPOutputStream(bytes)) {
      gz.write(logLines("10.0.0.", 1, 20).getBytes(StandardCharsets.US_ASCII));
    }
    byte[] whole = bytes.toByteArray();
    Path cut = dir.resolve("cut.log.gz");
    Files.write(cut, Arrays.copyOf(whole, whole.length / 2));
    assertTrue(Files.size(cut) < Files.size(good), "the good input must be the larger split");
    return cut;
  }

  // ---- nothing visible unless the job succeeded ----

  @ParameterizedTest
  @ValueSource(strings = {"truncated gzip", "task that always fails"})
  void aFailedJobPublishesNothingAndTheRerunNeedsNoCleanup(String badInput) throws Exception {
    Path bad;
    if (badInput.equals("truncated gzip")) {
      bad = truncatedGzip();
    } else {
      bad = dir.resolve("bad.fail");
      Files.writeString(bad, logLines("10.0.0.", 1, 3));
    }
    Result failed = run(List.of(), good, bad);
    assertEquals(1, failed.exitCode(), failed.errLines().toString());
    assertNothingPublished(failed);
    assertEquals(List.of(), hiddenLeftovers(), "the failed run's staging directory is deleted");

    // The scheduler's retry, with the bad input fixed (dropped): same --output, no cleanup.
    Result rerun = run(List.of(), good);
    assertSucceededWith(rerun, expectedMatches(good));
  }

  /**
   * The driver as a scheduler runs it: its own JVM (test classpath), stopped by SIGTERM (an Airflow
   * timeout) or SIGKILL while a map task waits on a {@code .block} input after the good input's task
   * finished.
   */
  @ParameterizedTest
  @ValueSource(strings = {"SIGTERM", "SIGKILL"})
  void aKilledDriverPublishesNothingAndTheRerunNeedsNoCleanup(String signal) throws Exception {
    Path waiting = dir.resolve("waiting.block");
    Files.writeString(waiting, logLines("10.0.0.", 1, 3));
    Process child = startDriverProcess(args(List.of(), good, waiting));
    awaitMarker(child);
    if (signal.equals("SIGTERM")) {
      child.destroy();
    } else {
      child.destroyForcibly();
    }
    assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the driver did not exit after " + signal);
    assertEquals(signal.equals("SIGTERM") ? 143 : 137, child.exitValue(), log());
    assertNothingPublished(new Result(child.exitValue(), List.of(log())));
    if (signal.equals("SIGTERM")) {
      assertEquals(List.of(), hiddenLeftovers(), "the shutdown hook deletes the staging directory");
    } else {
      // No hook runs on SIGKILL: the hidden staging directory stays, and must not matter.
      List<String> left = hiddenLeftovers();
      assertEquals(1, left.size(), left.toString());
      assertTrue(left.get(0).matches("\\.out\\.ipjoin-\\d+-[0-9a-f]+"), left.get(0));
      Path stale = dir.resolve(left.get(0));
      Result rerun = run(List.of(), good);
      assertEquals(0, rerun.exitCode(), rerun.errLines().toString());
      assertEquals(expectedMatches(good), outputLines());
      assertEquals(List.of(left.get(0)), hiddenLeftovers(), "a rerun leaves other runs' staging alone");
      assertTrue(Files.isDirectory(stale));
      return;
    }
    Result rerun = run(List.of(), good);
    assertSucceededWith(rerun, expectedMatches(good));
  }

  private Process startDriverProcess(List<String> args) throws Exception {
    Path classes = Paths.get(IpJoinDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path testClasses = Paths.get(getClass().getProtectionDomain().getCodeSource().getLocation().toURI());
    String hadoop = Files.readString(classes.getParent().resolve("classpath.txt")).trim();
    List<String> command = new ArrayList<>(List.of(
        Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
        "-Dipjoin.test.dir=" + dir.resolve("child-work"),
        "-cp", classes + File.pathSeparator + testClasses + File.pathSeparator + hadoop,
        IpJoinDriver.class.getName()));
    command.addAll(args);
    return new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(dir.resolve("driver.log").toFile()).start();
  }

  /** Polls for the marker the blocked task creates; fails if the driver exits first. */
  private void awaitMarker(Process child) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (!Files.exists(marker)) {
      if (!child.isAlive()) {
        fail("the driver exited (" + child.exitValue() + ") before the task blocked: " + log());
      }
      if (System.nanoTime() > deadline) {
        child.destroyForcibly();
        fail("no task blocked within 3 minutes: " + log());
      }
      Thread.sleep(20); // polling interval for the marker file
    }
  }

  private String log() throws IOException {
    Path log = dir.resolve("driver.log");
    return Files.exists(log) ? Files.readString(log, StandardCharsets.ISO_8859_1) : "(no log)";
  }

  // ---- one writer per output ----

  @Test
  void twoJobsRacingForOneOutputPublishExactlyOne() throws Exception {
    Path slow = dir.resolve("slow.block");
    Files.writeString(slow, logLines("192.0.2.", 1, 10));
    ExecutorService first = Executors.newSingleThreadExecutor();
    try {
      // Job 1 stages, starts, and blocks in its map task.
      Future<Result> job1 = first.submit(() -> run(List.of(), slow));
      while (!Files.exists(marker)) {
        if (job1.isDone()) {
          fail("job 1 ended before blocking: " + job1.get());
        }
        Thread.sleep(20); // polling interval for the marker file
      }
      assertFalse(Files.exists(output), "a running job must not be visible at --output");

      // Job 2 runs to completion and publishes while job 1 is still running.
      Result job2 = run(List.of(), good);
      assertEquals(0, job2.exitCode(), job2.errLines().toString());
      assertEquals(expectedMatches(good), outputLines());
      assertEquals(1, hiddenLeftovers().size(), "job 1 still stages: " + hiddenLeftovers());
      Map<String, String> published = tree(output);

      Files.createFile(release);
      Result lost = job1.get(5, TimeUnit.MINUTES);
      assertEquals(1, lost.exitCode(), lost.errLines().toString());
      assertEquals(List.of("ipjoin: output file:" + output + " was published by another job while"
          + " this one ran; this run's result was discarded (rerun with --overwrite to replace it)"),
          lost.errLines());
      assertEquals(published, tree(output), "the winner's output is untouched");
      assertEquals(List.of("file:" + good), textList(readSummary().get("inputs")),
          "the output is job 2's");
      assertEquals(List.of(), hiddenLeftovers(), "the loser's staging directory is deleted");
    } finally {
      first.shutdownNow();
    }
  }

  // ---- --overwrite ----

  @Test
  void overwriteReplacesTheOutputOnlyWhenTheNewJobSucceeded() throws Exception {
    assertSucceededWith(run(List.of(), good), expectedMatches(good));

    Result refused = run(List.of(), other);
    assertEquals(2, refused.exitCode());
    assertEquals(List.of("ipjoin: output directory file:" + output + " already exists; remove it,"
        + " choose another or pass --overwrite"), refused.errLines());
    assertEquals(expectedMatches(good), outputLines());

    Result replaced = run(List.of("--overwrite"), other);
    assertSucceededWith(replaced, expectedMatches(other));
    assertEquals(List.of("file:" + other), textList(readSummary().get("inputs")));
    Map<String, String> before = tree(output);

    Path bad = dir.resolve("bad.fail");
    Files.writeString(bad, logLines("10.0.0.", 1, 3));
    Result failed = run(List.of("--overwrite"), good, bad);
    assertEquals(1, failed.exitCode(), failed.errLines().toString());
    assertEquals(before, tree(output), "a failed --overwrite run leaves the old output as it was");
    assertEquals(List.of(), hiddenLeftovers());

    // The same through the configuration key.
    Result byKey = run(List.of("-D", "ipjoin.output.overwrite=true"), good);
    assertSucceededWith(byKey, expectedMatches(good));
  }

  @Test
  void overwriteRefusesAnOutputThatHoldsAnInput() throws Exception {
    Files.createDirectories(output);
    Path inside = output.resolve("day.log");
    Files.copy(good, inside);
    Result r = run(List.of("--overwrite"), inside);
    assertEquals(2, r.exitCode());
    assertEquals(List.of("ipjoin: --overwrite would delete file:" + inside + ": it is inside output"
        + " file:" + output), r.errLines());
    assertTrue(Files.exists(inside));
  }

  // ---- the run summary ----

  @Test
  void theRunSummaryRecordsTheRun() throws Exception {
    Instant before = Instant.now();
    Result r = run(List.of("--mode", "tag", "--loader", "mmap"), good, other);
    Instant after = Instant.now();
    List<String> expectedTagged = new ArrayList<>();
    for (Path p : List.of(good, other)) {
      for (String line : Files.readAllLines(p, StandardCharsets.ISO_8859_1)) {
        expectedTagged.add(line + "\t" + (LISTED.contains(line.substring(0, line.indexOf(' '))) ? 1 : 0));
      }
    }
    expectedTagged.sort(null);
    assertSucceededWith(r, expectedTagged);

    JsonNode json = readSummary();
    List<String> fields = new ArrayList<>();
    json.fieldNames().forEachRemaining(fields::add);
    assertEquals(List.of("ipjoinVersion", "hadoopVersion", "jobId", "output", "index", "inputs",
        "format", "mode", "countBy", "loader", "start", "end", "durationMillis", "counters"),
        fields);
    assertEquals(pomVersion(), json.get("ipjoinVersion").asText());
    assertEquals(VersionInfo.getVersion(), json.get("hadoopVersion").asText());
    assertTrue(json.get("jobId").asText().matches("job_local\\d+_\\d{4}"), json.get("jobId").asText());
    assertEquals("file:" + output, json.get("output").asText());

    byte[] indexBytes = Files.readAllBytes(index);
    CRC32C crc = new CRC32C();
    // The identity's CRC is the section directory's: 32 bytes per section after the 64-byte
    // header, the section count a little-endian u32 at byte 16 (docs/index-format.md).
    int sections = java.nio.ByteBuffer.wrap(indexBytes).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(16);
    crc.update(indexBytes, 64, 32 * sections);
    String crcHex = String.format("%08x", crc.getValue());
    JsonNode idx = json.get("index");
    assertEquals("file:" + index, idx.get("path").asText());
    assertEquals(indexBytes.length + ":" + LISTED.size() + ":" + crcHex, idx.get("identity").asText());
    assertEquals(indexBytes.length, idx.get("length").asLong());
    assertEquals(LISTED.size(), idx.get("keys").asLong());
    assertEquals(crcHex, idx.get("crc32c").asText());

    assertEquals(List.of("file:" + good, "file:" + other), textList(json.get("inputs")));
    assertEquals("combined", json.get("format").asText());
    assertEquals("tag", json.get("mode").asText());
    assertTrue(json.get("countBy").isNull(), "count mode only");
    assertEquals("mmap", json.get("loader").asText());

    Instant start = Instant.parse(json.get("start").asText());
    Instant end = Instant.parse(json.get("end").asText());
    assertFalse(start.isBefore(before.minusMillis(1)) || end.isAfter(after.plusMillis(1)),
        start + " .. " + end + " outside " + before + " .. " + after);
    assertEquals(end.toEpochMilli() - start.toEpochMilli(), json.get("durationMillis").asLong());

    long matched = expectedMatches(good, other).size();
    long records = 200 + 50;
    JsonNode counters = json.get("counters");
    List<String> names = new ArrayList<>();
    counters.fieldNames().forEachRemaining(names::add);
    assertEquals(List.of("RECORDS", "MATCHED", "UNMATCHED", "IPV6", "MALFORMED", "RECORDS_V4",
        "RECORDS_V6", "MATCHED_V4", "MATCHED_V6", "INDEX_ENTRIES", "INDEX_ENTRIES_V6", "INDEX_BYTES",
        "INDEX_LOAD_MILLIS", "INDEX_LABELS", "INDEX_LOADS", "NO_ADDRESS", "TIME_UNREADABLE",
        "AS_OF_OUTSIDE"), names);
    assertEquals(records, counters.get("RECORDS").asLong());
    assertEquals(matched, counters.get("MATCHED").asLong());
    assertEquals(records - matched, counters.get("UNMATCHED").asLong());
    assertEquals(0, counters.get("IPV6").asLong());
    assertEquals(0, counters.get("MALFORMED").asLong());
    assertEquals(records, counters.get("RECORDS_V4").asLong());
    assertEquals(0, counters.get("RECORDS_V6").asLong());
    assertEquals(matched, counters.get("MATCHED_V4").asLong());
    assertEquals(0, counters.get("MATCHED_V6").asLong());
    assertEquals(LISTED.size(), counters.get("INDEX_ENTRIES").asLong(), "once, not per map task");
    assertEquals(0, counters.get("INDEX_ENTRIES_V6").asLong());
    assertEquals(indexBytes.length, counters.get("INDEX_BYTES").asLong());
    assertEquals(2, counters.get("INDEX_LOADS").asLong(), "two map tasks");
    assertTrue(counters.get("INDEX_LOAD_MILLIS").asLong() >= 0);
    assertEquals(0, counters.get("INDEX_LABELS").asLong(), "an exact list without labels");

    // The reader gives the same values.
    RunSummary read = RunSummary.read(org.apache.hadoop.fs.FileSystem.getLocal(
        new org.apache.hadoop.conf.Configuration()), new org.apache.hadoop.fs.Path(output.toUri()));
    assertEquals(matched, read.counter(IpJoinCounter.MATCHED));
    assertEquals(json.get("jobId").asText(), read.jobId());
    assertEquals(crcHex, read.index().crc32c());
  }

  private JsonNode readSummary() throws IOException {
    return new ObjectMapper().readTree(output.resolve("_ipjoin.json").toFile());
  }

  private static List<String> textList(JsonNode array) {
    List<String> values = new ArrayList<>();
    for (Iterator<JsonNode> it = array.elements(); it.hasNext(); ) {
      values.add(it.next().asText());
    }
    return values;
  }

  /** The project's version, from pom.xml (target/test-classes/../../pom.xml). */
  private String pomVersion() throws Exception {
    Path testClasses = Paths.get(getClass().getProtectionDomain().getCodeSource().getLocation().toURI());
    String pom = Files.readString(testClasses.getParent().getParent().resolve("pom.xml"));
    Matcher m = Pattern.compile("<artifactId>ipjoin</artifactId>\\s*<version>([^<]+)</version>")
        .matcher(pom);
    assertTrue(m.find(), "no version in pom.xml");
    return m.group(1);
  }
}
