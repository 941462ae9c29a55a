package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.ipjoin.api.IpJoin;
import org.ipjoin.testing.LocalHadoop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job on the local runner leaves nothing under Hadoop's temp and staging directories: the local
 * runner's per-job folders (empty once the job ends) are removed with it, for a job that succeeded
 * and for one that failed.
 */
class LocalRunnerLeftoversTest {

  @TempDir Path dir;

  @Test
  void localJobsLeaveNoFoldersBehind() throws Exception {
    Path tmp = dir.resolve("hadoop-tmp");
    Path staging = dir.resolve("staging");
    Configuration conf = LocalHadoop.conf(dir);
    conf.set("hadoop.tmp.dir", tmp.toString());
    conf.set("mapreduce.jobtracker.staging.root.dir", staging.toString());
    Path list = Files.write(dir.resolve("list.txt"), List.of("10.0.0.1"));
    Path logs = Files.write(dir.resolve("access.log"), List.of("10.0.0.1 - - [x] \"GET /\" 200 1"));
    Path cut = Files.write(dir.resolve("cut.log.gz"), new byte[] {0x1f, (byte) 0x8b, 8, 0});
    String index = dir.resolve("list.ipidx").toString();
    IpJoin.buildIndex(conf).input(list.toString()).output(index).run();

    for (int i = 0; i < 2; i++) {
      assertEquals(0, IpJoin.join(conf).index(index).input(logs.toString())
          .output(dir.resolve("out" + i).toString())
          .warnings(new PrintStream(OutputStream.nullOutputStream())).prepare().run().exitCode());
    }
    assertEquals(1, IpJoin.join(conf).index(index).input(cut.toString())
        .output(dir.resolve("failed").toString())
        .warnings(new PrintStream(OutputStream.nullOutputStream())).prepare().run().exitCode());

    assertEquals(List.of(), leftovers(tmp), "under hadoop.tmp.dir");
    assertEquals(List.of(), leftovers(staging), "under the staging root");
  }

  /**
   * A count job (map outputs spilled to the local directories, then a reduce) leaves nothing under
   * hadoop.tmp.dir either: neither when it succeeds nor when one of its map tasks fails (a corrupt
   * gzip among good inputs, whose tasks already wrote their map outputs).
   */
  @Test
  void countJobsLeaveNothingBehindWhetherTheySucceedOrFail() throws Exception {
    Path tmp = dir.resolve("hadoop-tmp");
    Configuration conf = LocalHadoop.conf(dir);
    conf.set("hadoop.tmp.dir", tmp.toString());
    Path list = Files.write(dir.resolve("list.txt"), List.of("10.0.0.1", "10.0.0.2"));
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 5000; i++) {
      lines.append("10.0.0.").append(i % 3).append(" - - [x] \"GET /\" 200 1\n");
    }
    Path logs = Files.writeString(dir.resolve("access.log"), lines);
    Path cut = Files.write(dir.resolve("cut.log.gz"), new byte[] {0x1f, (byte) 0x8b, 8, 0});
    String index = dir.resolve("list.ipidx").toString();
    IpJoin.buildIndex(conf).input(list.toString()).output(index).run();
    conf.set(IpJoinKeys.MODE.key(), "count");

    assertEquals(0, IpJoin.join(conf).index(index).input(logs.toString())
        .output(dir.resolve("counted").toString())
        .warnings(new PrintStream(OutputStream.nullOutputStream())).prepare().run().exitCode());
    assertEquals(List.of(), everything(tmp), "after a count job that succeeded");
    // The runner's shared folders stay, empty: another local job of the same user may be making
    // its own folder in them while this one cleans up, and would fail if they disappeared.
    assertTrue(Files.isDirectory(tmp.resolve("mapred/local/localRunner").resolve(
        UserGroupInformation.getCurrentUser().getShortUserName()).resolve("jobcache")));
    assertEquals(1, IpJoin.join(conf).index(index).input(logs.toString(), cut.toString())
        .output(dir.resolve("failed").toString())
        .warnings(new PrintStream(OutputStream.nullOutputStream())).prepare().run().exitCode());
    assertEquals(List.of(), everything(tmp), "after a count job that failed");
  }

  /** Every file under {@code root}, and every folder named after a job or a task attempt. */
  private static List<String> everything(Path root) throws IOException {
    if (!Files.exists(root)) {
      return List.of();
    }
    try (Stream<Path> all = Files.walk(root)) {
      return all.filter(p -> Files.isRegularFile(p) || p.toString().contains("job_local")
          || p.toString().contains("attempt_"))
          .map(p -> root.relativize(p).toString()).sorted().toList();
    }
  }

  /** Every folder below {@code root} named after a job or a local runner's staging area. */
  private static List<String> leftovers(Path root) throws IOException {
    if (!Files.exists(root)) {
      return List.of();
    }
    try (Stream<Path> all = Files.walk(root)) {
      return all.map(p -> root.relativize(p).toString())
          .filter(p -> p.contains("job_local") || p.endsWith(".staging")).sorted().toList();
    }
  }
}
