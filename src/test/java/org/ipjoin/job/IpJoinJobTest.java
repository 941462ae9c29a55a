package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.hadoop.util.ToolRunner;
import org.ipjoin.cli.IpJoinDriver;
import org.ipjoin.index.load.TextListLoader;
import org.ipjoin.job.driver.RunSummary;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole job in the LocalJobRunner, through {@code ToolRunner.run(new IpJoinDriver(), args)}, on
 * the real logs of {@code realdata/} against {@code realdata/lists/ipsum.txt}.
 *
 * <p>Every expectation is computed here with plain String code that shares nothing with ipjoin: the
 * client is the text before the first space, a record matches when that text is one of ipsum's
 * first TAB columns ({@code #} lines skipped). A local job takes a few seconds, so each job runs
 * once and several things are asserted per run; every job writes to its own output directory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class IpJoinJobTest {

  private static final Pattern IPV4 =
      Pattern.compile("(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])){3}");
  private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:.]*:[0-9a-fA-F:.]*");

  @TempDir static Path dir;

  private Path ipsum;
  private Path elastic;
  private Path basjes;
  private Path garbage;
  private Path index;
  private Set<String> listed;
  /** Records of all three inputs, per input, as ISO-8859-1 strings (one char per byte). */
  private final Map<Path, List<String>> records = new LinkedHashMap<>();
  /** Match-mode output of each loader, for the agreement check. */
  private final Map<String, List<String>> matchOutputs = new HashMap<>();
  private int jobs;

  /** Garbage lines injected into garbage.log; each has no well-formed client IP. */
  private static final List<String> MALFORMED_LINES = List.of(
      "",
      "this is not a log line",
      "999.1.2.3 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1",
      "010.1.2.3 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1 leading zero",
      " 83.149.9.216 - - leading space, so the first field is empty",
      "1.2.3 - - three octets",
      // Four dotted numbers that are no address: an octet above 255, or a leading zero.
      "1.2.3.256 - - [17/May/2015:10:05:03 +0000] \"GET /last-octet-256 HTTP/1.1\" 200 1",
      "256.1.1.1 - - [17/May/2015:10:05:03 +0000] \"GET /first-octet-256 HTTP/1.1\" 200 1",
      "1.2.3.999 - - [17/May/2015:10:05:03 +0000] \"GET /last-octet-999 HTTP/1.1\" 200 1",
      "01.2.3.4 - - [17/May/2015:10:05:03 +0000] \"GET /leading-zero HTTP/1.1\" 200 1",
      "\u00ff\u00fe\u0080 bytes that are not UTF-8");

  @BeforeAll
  void setUp() throws IOException {
    ipsum = org.ipjoin.RealData.ipsum();
    elastic = org.ipjoin.RealData.elasticLog();
    basjes = org.ipjoin.RealData.basjesLog();

    listed = new HashSet<>();
    for (String line : Files.readAllLines(ipsum, StandardCharsets.ISO_8859_1)) {
      if (!line.startsWith("#") && !line.isEmpty()) {
        int tab = line.indexOf('\t');
        listed.add(tab < 0 ? line : line.substring(0, tab));
      }
    }

    // One listed and one unlisted well-formed record among the garbage, so that task matches too.
    String listedIp = listed.iterator().next();
    List<String> garbageLines = new ArrayList<>(MALFORMED_LINES);
    garbageLines.add(2, listedIp + " - - [17/May/2015:10:05:03 +0000] \"GET /listed HTTP/1.1\" 200 1");
    garbageLines.add(5, "192.0.2.1 - - [17/May/2015:10:05:03 +0000] \"GET /unlisted HTTP/1.1\" 200 1");
    garbageLines.add("::1 - - [17/May/2015:10:05:03 +0000] \"GET /v6 HTTP/1.1\" 200 1");
    garbage = dir.resolve("garbage.log");
    Files.write(garbage, (String.join("\n", garbageLines) + "\n").getBytes(StandardCharsets.ISO_8859_1));

    for (Path p : List.of(elastic, basjes, garbage)) {
      records.put(p, Files.readAllLines(p, StandardCharsets.ISO_8859_1));
    }

    // The binary index, built from ipsum.txt (the text loader reads ipsum.txt itself).
    index = dir.resolve("ipsum.ipidx");
    int[] keys = org.ipjoin.index.TestLookups.keys(new TextListLoader().load(ipsum, true).index());
    TestIndexes.write(index, keys);
    assertEquals(listed.size(), keys.length, "ipsum.txt has duplicate or odd addresses");
  }

  @AfterAll
  void noStaleLinkLeftBehind() {
    // The local runner makes ./ipindex in the working directory and must remove it after each job:
    // a leftover would be silently read by the next job that relies on the link.
    assertFalse(Files.exists(Paths.get("ipindex")), "a stale ./ipindex was left in " + Paths.get("").toAbsolutePath());
  }

  // ---- the independent expectation ----

  /** The text before the first space (the whole line if there is none). */
  private static String client(String line) {
    int space = line.indexOf(' ');
    return space < 0 ? line : line.substring(0, space);
  }

  private static boolean isIpv4(String field) {
    return IPV4.matcher(field).matches();
  }

  private static boolean isIpv6(String field) {
    return IPV6.matcher(field).matches();
  }

  private static boolean isMalformed(String line) {
    String c = client(line);
    return !isIpv4(c) && !isIpv6(c);
  }

  private boolean isListed(String line) {
    String c = client(line);
    return isIpv4(c) && listed.contains(c);
  }

  private List<String> linesOf(Path... inputs) {
    List<String> all = new ArrayList<>();
    for (Path p : inputs) {
      all.addAll(records.get(p));
    }
    return all;
  }

  private static List<String> sorted(List<String> lines) {
    List<String> copy = new ArrayList<>(lines);
    copy.sort(null);
    return copy;
  }

  // ---- running jobs ----

  /** A finished job: exit code, its run summary (null unless it succeeded), output dir. */
  private record Run(int exitCode, RunSummary summary, Path output) {
    long counter(IpJoinCounter c) {
      return summary.counter(c);
    }

    /** Main output lines (part-* files at the top level), sorted: parts finish in any order. */
    List<String> lines() throws IOException {
      List<String> all = new ArrayList<>();
      for (Path part : parts(output)) {
        all.addAll(splitLines(Files.readAllBytes(part)));
      }
      return sorted(all);
    }

    /** The bytes of the malformed side output; it must be a single file (one task has garbage). */
    byte[] malformedBytes() throws IOException {
      Path sub = output.resolve("malformed");
      if (!Files.isDirectory(sub)) {
        return new byte[0];
      }
      List<Path> files = parts(sub);
      assertEquals(1, files.size(), "malformed files: " + files);
      return Files.readAllBytes(files.get(0));
    }
  }

  private static List<Path> parts(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
    }
  }

  private static List<String> splitLines(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    if (text.isEmpty()) {
      return List.of();
    }
    assertTrue(text.endsWith("\n"), "output does not end with a newline");
    return Arrays.asList(text.substring(0, text.length() - 1).split("\n", -1));
  }

  private Run job(List<String> options, Path... inputs) throws Exception {
    return job(0, options, inputs);
  }

  private Run job(int expectedExitCode, List<String> options, Path... inputs) throws Exception {
    return job(expectedExitCode, new ByteArrayOutputStream(), options, inputs);
  }

  private Run job(int expectedExitCode, ByteArrayOutputStream err, List<String> options,
      Path... inputs) throws Exception {
    Path output = dir.resolve("out-" + (++jobs));
    List<String> args = new ArrayList<>(options);
    args.add("--input");
    for (Path p : inputs) {
      args.add(p.toString());
    }
    args.addAll(List.of("--output", output.toString()));
    IpJoinRun run = IpJoinRun.local(args);
    err.writeBytes(run.err().getBytes(StandardCharsets.UTF_8));
    int rc = run.exitCode();
    assertEquals(expectedExitCode, rc, "exit code; stderr: " + err.toString(StandardCharsets.UTF_8));
    RunSummary summary = rc != 0 ? null : RunSummary.read(
        org.apache.hadoop.fs.FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(output.toUri()));
    return new Run(rc, summary, output);
  }

  private byte[] expectedMalformedBytes() {
    StringBuilder s = new StringBuilder();
    for (String line : MALFORMED_LINES) {
      s.append(line).append('\n');
    }
    return s.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  // ---- the tests ----

  @Test
  @Order(0)
  void theExpectationAgreesWithTheRealdataReadme() {
    assertEquals(32, records.get(elastic).stream().filter(this::isListed).count());
    assertEquals(12, records.get(basjes).stream().filter(l -> isIpv6(client(l))).count());
    // Line 8899 is cut short (no closing quote on the user agent) but its client IP is fine.
    String line8899 = records.get(elastic).get(8898);
    assertTrue(line8899.startsWith("46.118.127.106 ") && !line8899.endsWith("\""), line8899);
    assertFalse(isMalformed(line8899));
    assertEquals(0, linesOf(elastic, basjes).stream().filter(IpJoinJobTest::isMalformed).count());
    assertEquals(MALFORMED_LINES.size(), records.get(garbage).stream().filter(IpJoinJobTest::isMalformed).count());
  }

  @ParameterizedTest
  @ValueSource(strings = {"text", "stream", "buffered", "nio", "mmap"})
  @Order(1)
  void matchModeWithEveryLoader(String loader) throws Exception {
    Path indexFile = loader.equals("text") ? ipsum : index;
    Run run = job(List.of("--loader", loader, "--index", indexFile.toString()), elastic, basjes, garbage);

    List<String> all = linesOf(elastic, basjes, garbage);
    List<String> expected = all.stream().filter(this::isListed).toList();
    List<String> actual = run.lines();
    assertEquals(sorted(expected), actual);
    matchOutputs.put(loader, actual);

    long malformed = all.stream().filter(IpJoinJobTest::isMalformed).count();
    long ipv6 = all.stream().filter(l -> isIpv6(client(l))).count();
    assertEquals(all.size(), run.counter(IpJoinCounter.RECORDS));
    assertEquals(expected.size(), run.counter(IpJoinCounter.MATCHED));
    assertEquals(all.size() - expected.size() - malformed, run.counter(IpJoinCounter.UNMATCHED));
    assertEquals(12 + 1, ipv6);
    assertEquals(ipv6, run.counter(IpJoinCounter.IPV6));
    assertEquals(MALFORMED_LINES.size(), malformed);
    assertEquals(malformed, run.counter(IpJoinCounter.MALFORMED));
    // Three small files, three map tasks, each loading the whole index; its size counted once.
    assertEquals(listed.size(), run.counter(IpJoinCounter.INDEX_ENTRIES));
    assertEquals(Files.size(indexFile), run.counter(IpJoinCounter.INDEX_BYTES));
    assertEquals(3, run.counter(IpJoinCounter.INDEX_LOADS));

    assertArrayEquals(expectedMalformedBytes(), run.malformedBytes());
  }

  @Test
  @Order(2)
  void allLoadersAgree() {
    assertEquals(Set.of("text", "stream", "buffered", "nio", "mmap"), matchOutputs.keySet());
    List<String> nio = matchOutputs.get("nio");
    assertFalse(nio.isEmpty());
    matchOutputs.forEach((loader, out) -> assertEquals(nio, out, loader + " differs from nio"));
  }

  @Test
  @Order(3)
  void tagModeOnElasticAloneIgnoresAStaleIpindexInTheWorkingDirectory() throws Exception {
    // The trap: with ./ipindex already present the local runner makes no link and logs
    // nothing. The mapper opens the file: URI itself, so this garbage must never be read.
    Path stale = Paths.get("ipindex");
    Files.writeString(stale, "stale leftover, not an index");
    Run run;
    try {
      run = job(List.of("--mode", "tag", "--index", index.toString()), elastic);
    } finally {
      Files.deleteIfExists(stale);
    }
    List<String> expected = records.get(elastic).stream()
        .map(l -> l + "\t" + (isListed(l) ? "1" : "0")).toList();
    assertEquals(sorted(expected), run.lines());
    assertEquals(10_000, run.counter(IpJoinCounter.RECORDS));
    assertEquals(32, run.counter(IpJoinCounter.MATCHED));
    assertEquals(10_000 - 32, run.counter(IpJoinCounter.UNMATCHED));
    assertEquals(0, run.counter(IpJoinCounter.MALFORMED));
    assertEquals(0, run.counter(IpJoinCounter.IPV6));
    assertFalse(Files.exists(run.output().resolve("malformed")));
  }

  /**
   * nomatch keeps the well-formed records that are not listed, IPv6 clients among them, and sets
   * the malformed ones aside: none of {@link #MALFORMED_LINES} may leak into the main output.
   */
  @Test
  @Order(4)
  void nomatchModeKeepsUnlistedRecordsAndIpv6ClientsButNoMalformedOne() throws Exception {
    Run run = job(List.of("--mode", "nomatch", "--index", index.toString()), basjes, garbage);
    List<String> all = linesOf(basjes, garbage);
    List<String> expected = all.stream()
        .filter(l -> !isListed(l) && !MALFORMED_LINES.contains(l)).toList();
    assertEquals(sorted(expected), run.lines());
    for (String malformed : MALFORMED_LINES) {
      assertFalse(run.lines().contains(malformed), "malformed record in nomatch: " + malformed);
    }
    assertArrayEquals(expectedMalformedBytes(), run.malformedBytes());
    assertEquals(12 + 1, run.counter(IpJoinCounter.IPV6));
    assertEquals(12 + 1, run.lines().stream().filter(l -> client(l).contains(":")).count());
    assertEquals(3456 + MALFORMED_LINES.size() + 3, run.counter(IpJoinCounter.RECORDS));
    assertEquals(expected.size(), run.counter(IpJoinCounter.UNMATCHED));
    assertEquals(MALFORMED_LINES.size(), run.counter(IpJoinCounter.MALFORMED));
    assertEquals(3456 + MALFORMED_LINES.size() + 3 - expected.size() - MALFORMED_LINES.size(),
        run.counter(IpJoinCounter.MATCHED));
  }

  @Test
  @Order(5)
  void countModeWritesSortedCountsPerListedAddress() throws Exception {
    Run run = job(List.of("--mode", "count", "--index", index.toString(), "--no-malformed-output"),
        elastic, basjes, garbage);
    TreeMap<Long, Long> counts = new TreeMap<>();
    for (String line : linesOf(elastic, basjes, garbage)) {
      if (isListed(line)) {
        counts.merge(addressValue(client(line)), 1L, Long::sum);
      }
    }
    List<String> expected = new ArrayList<>();
    counts.forEach((address, count) -> expected.add(dotted(address) + "\t" + count));
    // One reducer: the file itself is in address order, so compare unsorted.
    List<Path> files = parts(run.output());
    assertEquals(1, files.size(), files.toString());
    assertEquals(expected, splitLines(Files.readAllBytes(files.get(0))));
    assertEquals(MALFORMED_LINES.size(), run.counter(IpJoinCounter.MALFORMED));
    assertFalse(Files.exists(run.output().resolve("malformed")), "--no-malformed-output ignored");
  }

  @Test
  @Order(6)
  void gzipAndBzip2InputGiveTheSameOutput() throws Exception {
    Path gz = dir.resolve("elastic.log.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      Files.copy(elastic, out);
    }
    Path garbageGz = dir.resolve("garbage.log.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(garbageGz))) {
      Files.copy(garbage, out);
    }
    Path bz2 = dir.resolve("basjes.log.bz2");
    BZip2Codec codec = ReflectionUtils.newInstance(BZip2Codec.class, new Configuration());
    try (OutputStream out = codec.createOutputStream(Files.newOutputStream(bz2))) {
      Files.copy(basjes, out);
    }
    Run run = job(List.of("--index", index.toString()), gz, bz2, garbageGz);
    List<String> expected = linesOf(elastic, basjes, garbage).stream().filter(this::isListed).toList();
    assertEquals(sorted(expected), run.lines());
    assertEquals(10_000 + 3456 + records.get(garbage).size(), run.counter(IpJoinCounter.RECORDS));
    assertArrayEquals(expectedMalformedBytes(), run.malformedBytes());
  }

  @Test
  @Order(7)
  void aFailingTaskFailsTheJobWithExitCodeOneAndItsReason() throws Exception {
    // A test mapper fails every first attempt; the local runner does not retry, so the job fails
    // after submission: exit code 1, not 2, and the driver's last line is the task's reason.
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Run run = job(1, err, List.of("-D", "mapreduce.job.map.class="
        + FailingFirstAttemptMapper.class.getName(), "--index", index.toString()), garbage);
    assertFalse(Files.exists(run.output()), "nothing is published for a failed job");
    List<String> lines = Arrays.stream(err.toString(StandardCharsets.UTF_8).split("\n"))
        .filter(l -> l.startsWith("ipjoin: ")).toList();
    java.util.regex.Matcher id = java.util.regex.Pattern.compile("ipjoin: job (job_\\S+) failed")
        .matcher(lines.get(0));
    assertTrue(id.matches(), lines.get(0));
    String jobId = id.group(1);
    String attempt = "attempt_" + jobId.substring("job_".length()) + "_m_000000_0";
    assertEquals(List.of("ipjoin: job " + jobId + " failed", "ipjoin: task " + attempt
        + " failed: java.io.IOException: " + FailingFirstAttemptMapper.message(attempt)), lines);
  }

  private static long addressValue(String dotted) {
    long value = 0;
    for (String octet : dotted.split("\\.")) {
      value = value * 256 + Integer.parseInt(octet);
    }
    return value;
  }

  private static String dotted(long address) {
    return (address >> 24) + "." + ((address >> 16) & 255) + "." + ((address >> 8) & 255) + "." + (address & 255);
  }
}
