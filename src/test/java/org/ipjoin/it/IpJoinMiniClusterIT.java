package org.ipjoin.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.ToolRunner;
import org.ipjoin.api.JoinResult;
import org.ipjoin.cli.IpJoinDriver;
import org.ipjoin.job.FailingFirstAttemptMapper;
import org.ipjoin.testing.IpsumHistoryProbes;
import org.ipjoin.testkit.IpJoinMiniCluster;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The join on real Hadoop: HDFS (MiniDFSCluster) and YARN (MiniMRYarnCluster), one cluster for the
 * whole class (starting one costs ~15-20 s on 2 cores), started by the test kit users get ({@link
 * IpJoinMiniCluster}) with its fast settings. The index is built straight into HDFS through the
 * Java API and reaches the tasks through the distributed cache.
 *
 * <p>Expected outputs are computed here with plain String code from the real files, never from
 * ipjoin's own classes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IpJoinMiniClusterIT {

  static final Path IPSUM = org.ipjoin.RealData.ipsum();
  static final Path LOG = org.ipjoin.RealData.elasticLog();

  @RegisterExtension
  static final IpJoinMiniCluster CLUSTER = new IpJoinMiniCluster(
      Path.of(System.getProperty("ipjoin.test.dir", "target/test-work")));

  private Configuration conf;
  private FileSystem fs;
  private Path work;
  private List<String> expectedMatches;

  @BeforeAll
  void putListAndLogsAndBuildTheIndex() throws Exception {
    conf = CLUSTER.conf();
    fs = CLUSTER.fs();
    work = CLUSTER.workDir();
    CLUSTER.copyFromLocal(IPSUM, "/lists/ipsum.txt");
    CLUSTER.copyFromLocal(LOG, "/logs/elastic.log");
    expectedMatches = expectedMatches();
    assertEquals(32, expectedMatches.size(), "realdata/README.md: 32 elastic lines are listed in ipsum");
    CLUSTER.buildIndex("/lists/ipsum.txt", "/lists/ips.ipidx");
  }

  /** Log lines whose first field is listed in ipsum, in input order. */
  static List<String> expectedMatches() throws IOException {
    Set<String> listed = new HashSet<>();
    try (Stream<String> lines = Files.lines(IPSUM)) {
      lines.filter(l -> !l.startsWith("#") && !l.isBlank()).forEach(l -> listed.add(l.split("\t")[0]));
    }
    List<String> matches = new ArrayList<>();
    for (String line : Files.readAllLines(LOG, StandardCharsets.ISO_8859_1)) {
      int space = line.indexOf(' ');
      if (space > 0 && listed.contains(line.substring(0, space))) {
        matches.add(line);
      }
    }
    return matches;
  }

  int join(String output, String... extra) throws Exception {
    List<String> args = new ArrayList<>(Arrays.asList(extra));
    args.addAll(List.of("--index", "/lists/ips.ipidx", "--input", "/logs", "--output", output));
    return ToolRunner.run(new Configuration(conf), new IpJoinDriver(), args.toArray(new String[0]));
  }

  /** The lines of every part-* file of the main output, sorted (parts come from parallel tasks). */
  List<String> outputLines(String dir) throws IOException {
    return sorted(CLUSTER.readOutput(dir));
  }

  static List<String> sorted(List<String> lines) {
    List<String> sorted = new ArrayList<>(lines);
    sorted.sort(null);
    return sorted;
  }

  List<String> sortedExpected() {
    List<String> sorted = new ArrayList<>(expectedMatches);
    sorted.sort(null);
    return sorted;
  }

  @Test
  void joinsThroughTheDistributedCacheOnYarnAndRefusesAnExistingOutput() throws Exception {
    JoinResult result = CLUSTER.join().index("/lists/ips.ipidx").input("/logs")
        .output("/out/match").prepare().run();
    assertEquals(0, result.exitCode());
    assertEquals(expectedMatches.size(), result.counter("MATCHED"));
    assertEquals(sortedExpected(), sorted(CLUSTER.readOutput("/out/match")));
    assertTrue(fs.exists(new org.apache.hadoop.fs.Path("/out/match/_SUCCESS")));

    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldErr = System.err;
    int rerun;
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      rerun = join("/out/match");
    } finally {
      System.setErr(oldErr);
    }
    assertEquals(2, rerun);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("already exists"), err.toString());
    assertEquals(sortedExpected(), outputLines("/out/match"), "the first run's output is untouched");
  }

  /**
   * A history index built on HDFS from the five real daily ipsum snapshots through the test kit
   * ({@code buildHistoryIndex}), joined on YARN as of each record's own time: every probe's
   * answer is the snapshot file in force on its day (the nearest one outside the history), read
   * by plain Java.
   */
  @Test
  void aHistoryIndexOnHdfsAnswersEachRecordAsOfItsDayOnYarn() throws Exception {
    IpsumHistoryProbes ipsum = new IpsumHistoryProbes();
    try (Stream<Path> days = Files.list(IpsumHistoryProbes.SNAPSHOTS)) {
      for (Path day : days.toList()) {
        CLUSTER.copyFromLocal(day, "/history/ipsum6/" + day.getFileName());
      }
    }
    CLUSTER.buildHistoryIndex("/history/ipsum6", IpsumHistoryProbes.DATE_REGEX,
        "/lists/ipsum-history.ipidx");
    List<String> clients = ipsum.clients();
    List<String> log = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (IpsumHistoryProbes.Probe probe : IpsumHistoryProbes.probes(clients)) {
      log.add(probe.line());
      if (ipsum.listedNearest(probe)) {
        expected.add(probe.line());
      }
    }
    CLUSTER.writeLines("/history-logs/access.log", log);

    JoinResult result = CLUSTER.join().index("block", "/lists/ipsum-history.ipidx")
        .input("/history-logs").output("/out/as-of").time("combined").asOfOutside("nearest")
        .prepare().run();

    assertEquals(0, result.exitCode());
    assertEquals(sorted(expected), outputLines("/out/as-of"));
    assertEquals(2L * clients.size(), result.counter("AS_OF_OUTSIDE"));
    assertTrue(!expected.isEmpty() && expected.size() < log.size(), expected.toString());
  }

  /**
   * Three indexes in one job on YARN, each its own cache file and link (the same file twice under
   * two names among them): every record is read once and the where expression picks the records.
   */
  @Test
  void severalIndexesJoinInOneJobEachThroughItsOwnCacheLink() throws Exception {
    List<String> five = expectedMatches.stream().map(l -> l.substring(0, l.indexOf(' ')))
        .distinct().limit(5).toList();
    CLUSTER.writeLines("/lists/five.txt", five);
    CLUSTER.buildIndex("/lists/five.txt", "/lists/five.ipidx");
    JoinResult result = CLUSTER.join().index("block", "/lists/ips.ipidx")
        .index("again", "/lists/ips.ipidx").index("/lists/five.ipidx").input("/logs")
        .output("/out/multi").where("block and again and not five").prepare().run();
    assertEquals(0, result.exitCode());
    List<String> expected = expectedMatches.stream()
        .filter(l -> !five.contains(l.substring(0, l.indexOf(' ')))).sorted().toList();
    assertEquals(expected, outputLines("/out/multi"));
    long inFive = expectedMatches.size() - expected.size();
    assertEquals(java.util.Map.of("block", (long) expectedMatches.size(),
        "again", (long) expectedMatches.size(), "five", inFive), result.matchedByIndex());
  }

  /** The test mapper that fails every first attempt in setup, set through the configuration. */
  static final String FAIL_FIRST_ATTEMPT =
      "mapreduce.job.map.class=" + FailingFirstAttemptMapper.class.getName();

  /** A run of the driver with its stderr captured: exit code, ipjoin: lines, job id. */
  record Run(int exitCode, List<String> ipjoinLines, String jobId) {}

  Run joinCapturingStderr(String output, String... extra) throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldErr = System.err;
    IpJoinDriver driver;
    int rc;
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      driver = new IpJoinDriver(); // prints to System.err as it is now
      List<String> args = new ArrayList<>(Arrays.asList(extra));
      args.addAll(List.of("--index", "/lists/ips.ipidx", "--input", "/logs", "--output", output));
      rc = ToolRunner.run(new Configuration(conf), driver, args.toArray(new String[0]));
    } finally {
      System.setErr(oldErr);
    }
    List<String> lines = Arrays.stream(err.toString(StandardCharsets.UTF_8).split("\n"))
        .filter(l -> l.startsWith("ipjoin: ")).toList();
    return new Run(rc, lines, org.ipjoin.job.FailedJobLines.jobId(lines));
  }

  @Test
  void aFailedFirstTaskAttemptIsRetriedAndGivesExactlyTheCleanOutput() throws Exception {
    Run run = joinCapturingStderr("/out/retried", "-D", FAIL_FIRST_ATTEMPT);
    assertEquals(0, run.exitCode(), run.ipjoinLines().toString());
    assertEquals(List.of(), run.ipjoinLines());
    assertEquals(sortedExpected(), outputLines("/out/retried"));
    for (FileStatus f : fs.listStatus(new org.apache.hadoop.fs.Path("/out/retried"))) {
      assertFalse(f.getPath().getName().startsWith("_ipjoin_task_failure"),
          "the retried attempt's reason is deleted with the job: " + f.getPath());
    }
  }

  /**
   * One attempt allowed: the job fails, leaves no partial output, and the driver's last line is the
   * failed attempt's own reason, which YARN's diagnostics (a stack trace) would not give in one line.
   */
  @Test
  void aFailedJobLeavesNoPartialOutputAndTheDriverPrintsTheTasksReason() throws Exception {
    Run run = joinCapturingStderr("/out/failed", "-D", FAIL_FIRST_ATTEMPT,
        "-D", "mapreduce.map.maxattempts=1");
    assertEquals(1, run.exitCode(), run.ipjoinLines().toString());
    // One input file, one map task: its only attempt is _m_000000_0.
    String attempt = "attempt_" + run.jobId().substring("job_".length()) + "_m_000000_0";
    assertEquals(2, run.ipjoinLines().size(), run.ipjoinLines().toString());
    assertTrue(run.ipjoinLines().get(0).startsWith("ipjoin: job " + run.jobId() + " failed"),
        run.ipjoinLines().toString());
    assertEquals("ipjoin: task " + attempt + " failed: java.io.IOException: "
        + FailingFirstAttemptMapper.message(attempt), run.ipjoinLines().get(1));
    org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path("/out/failed");
    if (fs.exists(out)) {
      for (FileStatus f : fs.listStatus(out)) {
        assertFalse(f.getPath().getName().startsWith("part-"), "partial output " + f.getPath());
        assertFalse(f.getPath().getName().equals("_SUCCESS"), "_SUCCESS after a failed job");
        assertFalse(f.getPath().getName().startsWith("_ipjoin_task_failure"), "reasons left behind");
      }
    }
  }

  /**
   * {@code hadoop jar target/ipjoin.jar ...} exactly as the hadoop script runs it: RunJar on the
   * client classpath, with the cluster's site configuration first on the classpath (the script's
   * HADOOP_CONF_DIR), in a separate JVM that knows nothing of the test's classes.
   */
  @Test
  void theThinJobJarRunsUnderRunJarAgainstTheCluster() throws Exception {
    Path confDir = work.resolve("client-conf");
    Files.createDirectories(confDir);
    try (OutputStream out = Files.newOutputStream(confDir.resolve("core-site.xml"))) {
      conf.writeXml(out);
    }
    // surefire and failsafe set "basedir" to the project directory.
    Files.copy(Path.of(System.getProperty("basedir", ".."), "src/test/resources/log4j.properties"),
        confDir.resolve("log4j.properties"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    String jar = System.getProperty("ipjoin.jar", "target/ipjoin.jar");
    String hadoopClasspath = Files.readString(
        Path.of(System.getProperty("ipjoin.classpath.file", "target/classpath.txt"))).trim();
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx512m", "-cp", confDir + File.pathSeparator + hadoopClasspath,
        "org.apache.hadoop.util.RunJar", jar,
        "--index", "/lists/ips.ipidx", "--input", "/logs", "--output", "/out/runjar");
    Process process = new ProcessBuilder(command).directory(work.toFile())
        .redirectErrorStream(true).redirectOutput(work.resolve("runjar.log").toFile()).start();
    assertTrue(process.waitFor(5, TimeUnit.MINUTES), "hadoop jar did not finish in 5 minutes");
    String log = Files.readString(work.resolve("runjar.log"));
    assertEquals(0, process.exitValue(), log);
    assertEquals(sortedExpected(), outputLines("/out/runjar"));
  }

  // ---- Output publication on YARN (docs/pipelines.md) ----

  /**
   * One map task fails on every attempt ({@code *.fail} input, read through the test codec
   * {@code org.ipjoin.job.FailingTestCodec}) after the good input's task finished first (one map at
   * a time, the larger split first): nothing appears at {@code --output}, no hidden staging
   * directory stays, and the scheduler's rerun with the same {@code --output} needs no cleanup.
   */
  @Test
  void aJobWithAFailingTaskPublishesNothingAndTheRerunNeedsNoCleanup() throws Exception {
    org.apache.hadoop.fs.Path in = new org.apache.hadoop.fs.Path("/pipe/in");
    fs.mkdirs(in);
    fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(LOG.toUri()), new org.apache.hadoop.fs.Path(in, "elastic.log"));
    try (var out = fs.create(new org.apache.hadoop.fs.Path(in, "bad.fail"))) {
      out.write("10.0.0.1 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1\n"
          .getBytes(StandardCharsets.US_ASCII));
    }
    int failed = ToolRunner.run(new Configuration(conf), new IpJoinDriver(), new String[] {
        "-D", "io.compression.codecs=org.ipjoin.job.FailingTestCodec",
        "-D", "mapreduce.map.maxattempts=1", "-D", "mapreduce.job.running.map.limit=1",
        "--index", "/lists/ips.ipidx", "--input", "/pipe/in", "--output", "/pipe/out"});
    assertEquals(1, failed);
    org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path("/pipe/out");
    assertFalse(fs.exists(out), "output of a failed job is visible");
    for (FileStatus f : fs.listStatus(new org.apache.hadoop.fs.Path("/pipe"))) {
      assertFalse(f.getPath().getName().startsWith("."), "left behind: " + f.getPath());
    }

    int rerun = ToolRunner.run(new Configuration(conf), new IpJoinDriver(), new String[] {
        "--index", "/lists/ips.ipidx", "--input", "/pipe/in/elastic.log", "--output", "/pipe/out"});
    assertEquals(0, rerun);
    assertEquals(sortedExpected(), outputLines("/pipe/out"));
    assertTrue(fs.exists(new org.apache.hadoop.fs.Path(out, "_SUCCESS")));
    org.ipjoin.job.driver.RunSummary summary = org.ipjoin.job.driver.RunSummary.read(fs, out);
    assertEquals(expectedMatches.size(),
        summary.counter(org.ipjoin.job.IpJoinCounter.MATCHED));
    assertEquals(List.of(fs.makeQualified(new org.apache.hadoop.fs.Path("/pipe/in/elastic.log")).toString()),
        summary.inputs());
  }
}
