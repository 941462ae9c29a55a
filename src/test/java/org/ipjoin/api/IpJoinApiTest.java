package org.ipjoin.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.ToolRunner;
import org.ipjoin.cli.IpJoinDriver;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.testing.LocalHadoop;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java API: its checks give the command line's messages and exit codes (the command line only
 * turns options into API calls), and a join configured through it runs on the LocalJobRunner with
 * the output an independent computation expects. Expectations are plain String and long arithmetic
 * on the test's own files, sharing nothing with ipjoin's parsing.
 */
class IpJoinApiTest {

  /** The list: two CIDR blocks and two addresses, with a comment and a blank line. */
  static final List<String> LIST = List.of("# test list", "10.1.0.0/16", "192.168.7.1", "",
      "172.16.0.0/30", "8.8.8.8");
  /** Log records in combined format; which are listed is decided by {@link #listed}. */
  static final List<String> LOG = List.of(
      "10.1.2.3 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1",
      "10.2.0.1 - - [17/May/2015:10:05:04 +0000] \"GET / HTTP/1.1\" 200 2",
      "192.168.7.1 - - [17/May/2015:10:05:05 +0000] \"GET /a HTTP/1.1\" 404 3",
      "192.168.7.2 - - [17/May/2015:10:05:06 +0000] \"GET /b HTTP/1.1\" 200 4",
      "172.16.0.3 - - [17/May/2015:10:05:07 +0000] \"GET /c HTTP/1.1\" 200 5",
      "172.16.0.4 - - [17/May/2015:10:05:08 +0000] \"GET /d HTTP/1.1\" 200 6",
      "8.8.8.8 - - [17/May/2015:10:05:09 +0000] \"GET /e HTTP/1.1\" 200 7",
      "10.1.255.255 - - [17/May/2015:10:05:10 +0000] \"GET /f HTTP/1.1\" 200 8");

  @TempDir Path dir;
  private Configuration conf;
  private Path list;
  private Path logs;

  @BeforeEach
  void localHadoop() throws IOException {
    conf = LocalHadoop.conf(dir);
    list = Files.write(dir.resolve("list.txt"), LIST);
    Files.createDirectories(dir.resolve("logs"));
    logs = Files.write(dir.resolve("logs/access.log"), LOG);
  }

  /** The first dotted quad of a record, as an unsigned 32-bit number. */
  static long address(String dotted) {
    long a = 0;
    for (String part : dotted.split("\\.")) {
      a = a * 256 + Long.parseLong(part);
    }
    return a;
  }

  /** Whether {@code ip} is in a line of {@link #LIST}, by CIDR arithmetic. */
  static boolean listed(String ip) {
    long a = address(ip);
    for (String entry : LIST) {
      if (entry.isBlank() || entry.startsWith("#")) {
        continue;
      }
      String[] cidr = entry.split("/");
      int bits = cidr.length == 2 ? Integer.parseInt(cidr[1]) : 32;
      long mask = bits == 0 ? 0 : (0xFFFFFFFFL << (32 - bits)) & 0xFFFFFFFFL;
      if ((a & mask) == (address(cidr[0]) & mask)) {
        return true;
      }
    }
    return false;
  }

  static List<String> expectedMatches() {
    return LOG.stream().filter(l -> listed(l.substring(0, l.indexOf(' ')))).toList();
  }

  private String index() throws IpJoinException {
    String index = dir.resolve("list.ipidx").toString();
    IpJoin.buildIndex(conf).input(list.toString()).output(index).run();
    return index;
  }

  /** Runs the driver, returns its exit code and stderr lines. */
  private List<String> driver(String... args) throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = ToolRunner.run(new Configuration(conf), new IpJoinDriver(
        new PrintStream(OutputStream.nullOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8)),
        args);
    List<String> lines = new ArrayList<>(List.of("exit " + rc));
    lines.addAll(Arrays.asList(err.toString(StandardCharsets.UTF_8).split("\n")));
    return lines;
  }

  /** Runs {@code ipindex}, returns its exit code and stderr lines. */
  private static List<String> ipindex(Configuration conf, String... args) throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream old = System.err;
    int rc;
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      rc = IndexTools.run(new Configuration(conf), args);
    } finally {
      System.setErr(old);
    }
    List<String> lines = new ArrayList<>(List.of("exit " + rc));
    lines.addAll(Arrays.asList(err.toString(StandardCharsets.UTF_8).split("\n")));
    return lines;
  }

  private static List<String> asCli(String prefix, IpJoinException e) {
    List<String> lines = new ArrayList<>(List.of("exit " + e.exitCode()));
    e.problems().forEach(p -> lines.add(prefix + p));
    return lines;
  }

  @Test
  void theDriverAndTheApiGiveIdenticalProblemsForTheSameBadOptions() throws Exception {
    String index = index();
    String out = dir.resolve("out").toString();
    IpJoinException api = assertThrows(IpJoinException.class, () -> IpJoin.join(conf)
        .index(index).input(logs.toString()).output(out).mode("sideways").format("tsv:0").prepare());
    List<String> cli = driver("--index", index, "--input", logs.toString(), "--output", out,
        "--mode", "sideways", "--format", "tsv:0");
    assertEquals(cli, asCli("ipjoin: ", api));
    assertEquals(2, api.exitCode());
    assertEquals(2, api.problems().size(), api.problems().toString());
    assertTrue(api.problems().get(0).startsWith("bad mode: ") && api.problems().get(0).contains("sideways"),
        api.problems().toString());
    assertFalse(Files.exists(dir.resolve("out")));
  }

  @Test
  void aBadChainRuleIsOneLineFromTheApiAndTheDriverAlike() throws Exception {
    String index = index();
    String out = dir.resolve("out").toString();
    IpJoinException api = assertThrows(IpJoinException.class, () -> IpJoin.join(conf)
        .index(index).input(logs.toString()).output(out).chain("untrusted=10.0.0.0/33").prepare());
    List<String> cli = driver("--index", index, "--input", logs.toString(), "--output", out,
        "--chain", "untrusted=10.0.0.0/33");
    assertEquals(cli, asCli("ipjoin: ", api));
    assertEquals(List.of("bad chain rule 'untrusted=10.0.0.0/33': '10.0.0.0/33': the prefix"
        + " length must be 0 to 32"), api.problems());
    assertEquals(2, api.exitCode());
    assertFalse(Files.exists(dir.resolve("out")));
  }

  @Test
  void ipindexBuildAndTheApiGiveIdenticalProblemsForTheSameBadOption() throws Exception {
    String out = dir.resolve("x.ipidx").toString();
    IpJoinException api = assertThrows(IpJoinException.class,
        () -> IpJoin.buildIndex(conf).input(list.toString()).output(out).overlap("widest").run());
    assertEquals(ipindex(conf, "build", "--input", list.toString(), "--output", out,
        "--overlap", "widest"), asCli("ipindex build: ", api));
    assertTrue(api.getMessage().startsWith("--overlap: "), api.getMessage());
    assertFalse(Files.exists(dir.resolve("x.ipidx")));
  }

  @Test
  void aJoinWithoutItsRequiredOptionsNamesThemAll() {
    IpJoinException e = assertThrows(IpJoinException.class, () -> IpJoin.join(conf).prepare());
    assertEquals(ExitCode.USAGE.code(), e.exitCode());
    assertEquals(List.of("missing --index (or -D ipjoin.index.path=...)", "missing --input",
        "missing --output"), e.problems());
  }

  @Test
  void countByOutsideCountModeIsRefused() throws Exception {
    String index = index();
    IpJoinException e = assertThrows(IpJoinException.class, () -> IpJoin.join(conf).index(index)
        .input(logs.toString()).output(dir.resolve("out").toString()).mode("tag").countBy("label")
        .prepare());
    assertEquals(List.of("--count-by applies to --mode count only; the mode is 'tag'"), e.problems());
  }

  @Test
  void buildOptionsAreCheckedWithTheCommandLinesMessages() {
    String out = dir.resolve("x.ipidx").toString();
    IpJoinException shrink = assertThrows(IpJoinException.class, () -> IpJoin.buildIndex(conf)
        .input(list.toString()).output(out).overwrite(true).maxShrink("1.5").run());
    assertEquals(ExitCode.USAGE.code(), shrink.exitCode());
    assertEquals("--max-shrink must be a number from 0 to 1, got '1.5'", shrink.getMessage());
    IpJoinException noInput = assertThrows(IpJoinException.class,
        () -> IpJoin.buildIndex(conf).output(out).run());
    assertEquals("missing --input", noInput.getMessage());
    IpJoinException missing = assertThrows(IpJoinException.class,
        () -> IpJoin.buildIndex(conf).input(dir.resolve("nope.txt").toString()).output(out).run());
    assertEquals(ExitCode.USAGE.code(), missing.exitCode());
    assertTrue(missing.getMessage().contains("nope.txt"), missing.getMessage());
  }

  @Test
  void aMalformedLineFailsTheBuildWithItsFileAndLineUnlessSkipped() throws Exception {
    Path bad = Files.write(dir.resolve("bad.txt"), List.of("1.2.3.4", "1.2.3.400"));
    String out = dir.resolve("bad.ipidx").toString();
    IpJoinException e = assertThrows(IpJoinException.class,
        () -> IpJoin.buildIndex(conf).input(bad.toString()).output(out).run());
    assertEquals(ExitCode.FAILED.code(), e.exitCode());
    assertTrue(e.getMessage().contains("bad.txt:2"), e.getMessage());
    BuiltIndex built = IpJoin.buildIndex(conf).input(bad.toString()).output(out).skipInvalid(true).run();
    assertEquals(1, built.intervals());
    assertEquals(1, built.skipped());
    assertEquals(2, built.lines());
  }

  @Test
  void verifyReportsTheIndexAndRefusesAMissingOne() throws Exception {
    String index = index();
    IndexInfo info = IpJoin.verifyIndex(conf, index, true);
    // 10.1.0.0/16, 192.168.7.1, 172.16.0.0/30, 8.8.8.8: four disjoint intervals.
    assertEquals(4, info.intervals());
    assertTrue(info.ranges());
    assertEquals(0, info.labels());
    assertEquals(Files.size(Path.of(index)), info.length());
    assertTrue(info.identity().startsWith(info.length() + ":4:"), info.identity());
    assertTrue(info.checksumVerified());
    assertEquals("sorted", info.layout());

    String addresses = Files.write(dir.resolve("addresses.txt"), List.of("10.0.0.1", "10.0.0.9"))
        .toString();
    String compact = dir.resolve("compact.ipidx").toString();
    IpJoin.buildIndex(conf).input(addresses).output(compact).layout("compact").run();
    IndexInfo compactInfo = IpJoin.verifyIndex(conf, compact, true);
    assertEquals("compact", compactInfo.layout());
    assertEquals(2, compactInfo.intervals());

    String missing = dir.resolve("none.ipidx").toString();
    IpJoinException e = assertThrows(IpJoinException.class, () -> IpJoin.verifyIndex(conf, missing, true));
    assertEquals(ExitCode.USAGE.code(), e.exitCode());
    assertEquals(List.of("exit 2", "ipindex verify: " + e.getMessage()), ipindex(conf, "verify", missing));
  }

  @Test
  void anInputWithoutDataIsRefusedWithExitCode3() throws Exception {
    String index = index();
    Path empty = Files.write(dir.resolve("empty.log"), new byte[0]);
    IpJoinException e = assertThrows(IpJoinException.class, () -> IpJoin.join(conf).index(index)
        .input(empty.toString()).output(dir.resolve("out").toString()).prepare());
    assertEquals(ExitCode.EMPTY_INPUT.code(), e.exitCode());
    assertTrue(e.getMessage().startsWith("no input data: "), e.getMessage());
  }

  /** The job the API configures, submitted by the caller: the matching records, exactly. */
  @Test
  void aJobConfiguredThroughTheApiJoinsOnTheLocalRunner() throws Exception {
    String index = index();
    Path out = dir.resolve("out-job");
    PreparedJoin prepared = IpJoin.join(conf).index(index).input(dir.resolve("logs").toString())
        .output(out.toString()).prepare();
    assertEquals(Path.of(index).toUri().getPath(), prepared.index().toUri().getPath());
    Job job = prepared.job();
    assertTrue(job.waitForCompletion(false));
    assertEquals(expectedMatches(), partLines(out));
    assertEquals(5, expectedMatches().size(), "the list holds 5 of the 8 records");
  }

  /** The same join run as the driver runs it: published with its run summary, counters returned. */
  @Test
  void aRunThroughTheApiPublishesTheOutputAndReturnsTheCounters() throws Exception {
    String index = index();
    Path out = dir.resolve("out-run");
    JoinResult result = IpJoin.join(conf).index(index).input(logs.toString())
        .output(out.toString()).mode("tag").prepare().run();
    assertTrue(result.succeeded(), "exit " + result.exitCode());
    List<String> tagged = LOG.stream()
        .map(l -> l + "\t" + (listed(l.substring(0, l.indexOf(' '))) ? "1" : "0")).toList();
    assertEquals(tagged, partLines(out));
    assertEquals(LOG.size(), result.counter("RECORDS"));
    assertEquals(expectedMatches().size(), result.counter("MATCHED"));
    assertEquals(LOG.size() - expectedMatches().size(), result.counter("UNMATCHED"));
    assertTrue(Files.exists(out.resolve("_ipjoin.json")));
    assertTrue(Files.exists(out.resolve("_SUCCESS")));
  }

  /**
   * Two indexes through the API: the list and a second one holding the records' even last octets,
   * one job, with a where expression and a count by both; the same keys the command line sets.
   */
  @Test
  void aJoinOfTwoIndexesWithWhereAndCountByBoth() throws Exception {
    String index = index();
    List<String> evens = LOG.stream().map(l -> l.substring(0, l.indexOf(' ')))
        .filter(ip -> address(ip) % 2 == 0).toList();
    Path evenList = Files.write(dir.resolve("even.txt"), evens);
    String even = dir.resolve("even.ipidx").toString();
    IpJoin.buildIndex(conf).input(evenList.toString()).output(even).run();

    Path out = dir.resolve("out-where");
    JoinResult result = IpJoin.join(conf).index("blocked", index).index(even)
        .input(logs.toString()).output(out.toString()).where("blocked and not even").prepare().run();
    assertTrue(result.succeeded(), "exit " + result.exitCode());
    List<String> expected = LOG.stream().filter(l -> {
      String ip = l.substring(0, l.indexOf(' '));
      return listed(ip) && address(ip) % 2 != 0;
    }).toList();
    assertEquals(expected, partLines(out));
    assertEquals(expected.size(), result.counter("MATCHED"));
    assertEquals(List.of("blocked", "even"), List.copyOf(result.matchedByIndex().keySet()));
    assertEquals(expectedMatches().size(), result.matchedByIndex().get("blocked"));
    assertEquals(evens.size(), result.matchedByIndex().get("even"));

    Path counts = dir.resolve("out-count");
    assertTrue(IpJoin.join(conf).index("blocked", index).index(even).input(logs.toString())
        .output(counts.toString()).mode("count").countBy("even,blocked").prepare().run().succeeded());
    java.util.TreeMap<String, Integer> byKey = new java.util.TreeMap<>();
    for (String l : LOG) {
      String ip = l.substring(0, l.indexOf(' '));
      if (listed(ip) || address(ip) % 2 == 0) {
        byKey.merge((address(ip) % 2 == 0 ? "1" : "0") + "\t" + (listed(ip) ? "1" : "0"), 1,
            Integer::sum);
      }
    }
    List<String> expectedCounts = new ArrayList<>();
    byKey.forEach((k, n) -> expectedCounts.add(k + "\t" + n));
    assertEquals(expectedCounts, partLines(counts));
  }

  /** The lines of the part files in {@code dir}, in file-name order. */
  static List<String> partLines(Path dir) throws IOException {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> parts = Files.list(dir)) {
      for (Path part : parts.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList()) {
        lines.addAll(Files.readAllLines(part, StandardCharsets.ISO_8859_1));
      }
    }
    return lines;
  }
}
