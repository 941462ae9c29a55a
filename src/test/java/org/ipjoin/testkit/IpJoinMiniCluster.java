package org.ipjoin.testkit;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.ipjoin.api.BuiltIndex;
import org.ipjoin.api.IpJoin;
import org.ipjoin.api.JoinJob;
import org.ipjoin.problem.IpJoinException;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * HDFS ({@link MiniDFSCluster}) and YARN ({@link MiniMRYarnCluster}) for one test class, started
 * once before its first test and stopped after its last, with the settings that make them fast on
 * a small machine; plus what a test of a pipeline using ipjoin needs: write a list and logs into
 * HDFS, build the index, configure and run the join, read its output. Register it as a static
 * field:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final IpJoinMiniCluster cluster = new IpJoinMiniCluster();
 *
 * @Test
 * void joins() throws Exception {
 *   cluster.writeLines("/lists/ips.txt", List.of("10.0.0.0/8"));
 *   cluster.writeLines("/logs/access.log", List.of("10.1.2.3 - - [...] \"GET / HTTP/1.1\" 200 1"));
 *   cluster.buildIndex("/lists/ips.txt", "/lists/ips.ipidx");
 *   JoinResult result = cluster.join().index("/lists/ips.ipidx").input("/logs")
 *       .output("/out/match").prepare().run();
 *   assertEquals(0, result.exitCode());
 *   assertEquals(List.of("10.1.2.3 - - ..."), cluster.readOutput("/out/match"));
 * }
 * }</pre>
 *
 * <p>The settings, each worth seconds to minutes per class on 2 cores: node manager logs kept 1 s
 * (stopping YARN otherwise waits for log retention), the job client polls for completion every 100
 * ms (default 5 s), and the AM and task JVMs run with {@code -XX:TieredStopAtLevel=1} (C1 only:
 * short-lived JVMs start faster) and {@code -Xmx512m}. Everything the clusters write goes under
 * {@link #workDir()}: {@code target/ipjoin-minicluster/<test class>} of the working directory, or
 * the directory given to {@link #IpJoinMiniCluster(java.nio.file.Path)}; it is emptied at start.
 *
 * <p>The test's classpath needs {@code org.apache.hadoop:hadoop-minicluster} and JUnit 5 besides
 * ipjoin; see docs/embedding.md.
 */
public final class IpJoinMiniCluster implements BeforeAllCallback, AfterAllCallback {

  private final java.nio.file.Path baseDir;
  private final int nodeManagers;
  private final Map<String, String> settings;
  private java.nio.file.Path workDir;
  private MiniDFSCluster dfs;
  private MiniMRYarnCluster yarn;

  /** Where Hadoop's test clusters put their directories (GenericTestUtils.getTestDir). */
  private static final String TEST_DATA = "test.build.data";
  private Configuration conf;
  private FileSystem fs;

  /** Clusters working under {@code target/ipjoin-minicluster/<test class>}. */
  public IpJoinMiniCluster() {
    this(java.nio.file.Path.of("target", "ipjoin-minicluster"));
  }

  /** Clusters working under {@code baseDir/<test class>}. */
  public IpJoinMiniCluster(java.nio.file.Path baseDir) {
    this(baseDir, 1, Map.of());
  }

  /**
   * Clusters working under {@code baseDir/<name>} with {@code nodeManagers} NodeManagers (each with
   * its own local directories, so each localises the distributed cache's files once for its
   * containers), and {@code settings} set over the fast ones above (e.g. the task JVMs' options).
   */
  public IpJoinMiniCluster(java.nio.file.Path baseDir, int nodeManagers,
      Map<String, String> settings) {
    this.baseDir = baseDir.toAbsolutePath();
    this.nodeManagers = nodeManagers;
    this.settings = Map.copyOf(settings);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    start(context.getRequiredTestClass().getSimpleName());
  }

  @Override
  public void afterAll(ExtensionContext context) {
    stop();
  }

  /**
   * Starts the clusters under {@code baseDir/name}, for a program that runs them itself (a test
   * class registers the extension instead); {@link #stop()} stops them.
   */
  public void start(String name) throws IOException {
    workDir = baseDir.resolve(name);
    deleteRecursively(workDir);
    Files.createDirectories(workDir);
    Configuration base = new Configuration();
    base.set("hadoop.tmp.dir", workDir.resolve("hadoop-tmp").toString());
    base.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, workDir.resolve("dfs").toString());
    base.set("yarn.nodemanager.log.retain-seconds", "1");
    base.set("mapreduce.client.completion.pollinterval", "100");
    base.set("yarn.app.mapreduce.am.command-opts", "-Xmx512m -XX:TieredStopAtLevel=1");
    base.set("mapreduce.map.java.opts", "-Xmx512m -XX:TieredStopAtLevel=1");
    base.set("mapreduce.reduce.java.opts", "-Xmx512m -XX:TieredStopAtLevel=1");
    settings.forEach(base::set);
    dfs = new MiniDFSCluster.Builder(base).numDataNodes(1).build();
    dfs.waitActive();
    base.set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
    yarn = newYarnCluster(name);
    yarn.init(base);
    yarn.start();
    conf = new Configuration(yarn.getConfig());
    fs = FileSystem.get(conf);
  }

  /**
   * MiniYARNCluster puts its node manager's directories under the system property {@code
   * test.build.data} (default {@code target/test/data} of the working directory), not under
   * {@code hadoop.tmp.dir}, and reads it once, when it is constructed: the property points into
   * {@link #workDir()} for that moment only, so everything the clusters write stays there.
   */
  private MiniMRYarnCluster newYarnCluster(String name) {
    String given = System.getProperty(TEST_DATA);
    System.setProperty(TEST_DATA, workDir.resolve("yarn").toString());
    try {
      return new MiniMRYarnCluster("ipjoin-" + name, nodeManagers);
    } finally {
      if (given == null) {
        System.clearProperty(TEST_DATA);
      } else {
        System.setProperty(TEST_DATA, given);
      }
    }
  }

  /** Stops the clusters (after {@link #start(String)}); nothing when they are not running. */
  public void stop() {
    if (yarn != null) {
      yarn.stop();
      yarn = null;
    }
    if (dfs != null) {
      dfs.shutdown();
      dfs = null;
    }
    conf = null;
  }

  /** A new copy of the clusters' configuration: HDFS as default FileSystem, jobs go to YARN. */
  public Configuration conf() {
    return new Configuration(requireStarted());
  }

  /** The HDFS of the cluster. */
  public FileSystem fs() {
    requireStarted();
    return fs;
  }

  /** Where the clusters write on the local disk. */
  public java.nio.file.Path workDir() {
    requireStarted();
    return workDir;
  }

  /** Writes {@code lines} (UTF-8, each ended by a newline) to {@code path} in HDFS, replacing it. */
  public Path writeLines(String path, List<String> lines) throws IOException {
    Path p = new Path(path);
    try (OutputStream out = fs().create(p, true)) {
      for (String line : lines) {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    return fs.makeQualified(p);
  }

  /** Copies a local file (a list, a log) to {@code path} in HDFS. */
  public Path copyFromLocal(java.nio.file.Path local, String path) throws IOException {
    Path p = new Path(path);
    fs().copyFromLocalFile(new Path(local.toUri()), p);
    return fs.makeQualified(p);
  }

  /** Builds the index of the list(s) at {@code list} into {@code index}, through the API. */
  public BuiltIndex buildIndex(String list, String index) throws IpJoinException {
    return IpJoin.buildIndex(conf()).input(list).output(index).run();
  }

  /**
   * Builds the history index of the dated snapshots in the folder {@code dir} into {@code index},
   * each dated by the first group of {@code regex} matched against its name ({@code
   * "(\\d{4}-\\d{2}-\\d{2})\\.txt"}), through {@code IpJoin.buildIndex(...).asOfFromFile}; a join
   * with {@code time(...)} or {@code asOf(...)} then answers each record as of its time.
   */
  public BuiltIndex buildHistoryIndex(String dir, String regex, String index)
      throws IpJoinException {
    return IpJoin.buildIndex(conf()).input(dir).output(index).asOfFromFile(regex).run();
  }

  /** A join on this cluster: set index, input, output and options, then prepare and run it. */
  public JoinJob join() {
    return IpJoin.join(conf());
  }

  /**
   * The lines of the output's {@code part-*} files, file after file in name order (each map task
   * writes its own file, in input order).
   */
  public List<String> readOutput(String dir) throws IOException {
    List<String> lines = new ArrayList<>();
    FileStatus[] parts = fs().listStatus(new Path(dir), p -> p.getName().startsWith("part-"));
    Arrays.sort(parts, Comparator.comparing(s -> s.getPath().getName()));
    for (FileStatus part : parts) {
      try (var in = fs.open(part.getPath())) {
        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        if (!text.isEmpty()) {
          lines.addAll(Arrays.asList(text.substring(0, text.length() - (text.endsWith("\n") ? 1 : 0))
              .split("\n", -1)));
        }
      }
    }
    return lines;
  }

  private Configuration requireStarted() {
    if (conf == null) {
      throw new IllegalStateException("the minicluster is not running: register IpJoinMiniCluster"
          + " as a static @RegisterExtension field and use it from tests or @BeforeAll methods");
    }
    return conf;
  }

  private static void deleteRecursively(java.nio.file.Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<java.nio.file.Path> walk = Files.walk(dir)) {
      for (java.nio.file.Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
