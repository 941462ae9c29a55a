package org.ipjoin.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.testing.IpsumHistoryProbes;
import org.ipjoin.testing.LocalHadoop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/embedding.md's as-of example run on the LocalJobRunner: a history index of five real
 * daily ipsum level-6 snapshots (src/test/resources/realdata/history/ipsum6) built through
 * {@code IndexBuild.asOfFromFile}, joined with a plain index through {@code JoinJob.time},
 * {@code asOfOutside} and {@code where}; each record's answer checked against the snapshot file in
 * force on its day, read by plain Java into a HashSet.
 */
class AsOfApiTest {

  private static final String CLOUD_IP = "192.0.2.80";

  @TempDir Path dir;

  @Test
  void theEmbeddingDocsAsOfExampleAnswersEachRecordAsOfItsDay() throws Exception {
    Configuration conf = LocalHadoop.conf(dir);
    IpsumHistoryProbes ipsum = new IpsumHistoryProbes();
    // Clients: one address of each day's list, the first of the union (in some days, not all),
    // one of the plain index; each on the day before the first snapshot, every day, the day after.
    List<String> clients = new ArrayList<>(ipsum.clients());
    clients.add(CLOUD_IP);
    List<String> log = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (IpsumHistoryProbes.Probe probe : IpsumHistoryProbes.probes(clients)) {
      log.add(probe.line());
      // Outside the history, the nearest snapshot answers: the first before, the last after.
      if (ipsum.listedNearest(probe) && !probe.ip().equals(CLOUD_IP)) {
        expected.add(probe.line());
      }
    }
    Path logs = Files.createDirectories(dir.resolve("logs"));
    Files.write(logs.resolve("access.log"), log);
    Path cloudList = Files.write(dir.resolve("datacentres.txt"), List.of(CLOUD_IP));
    String ipsumDaily = IpsumHistoryProbes.SNAPSHOTS.toString();
    String history = dir.resolve("ipsum-history.ipidx").toString();
    String datacentres = dir.resolve("datacentres.ipidx").toString();
    IpJoin.buildIndex(conf).input(cloudList.toString()).output(datacentres).run();

    // As docs/embedding.md writes it.
    BuiltIndex built = IpJoin.buildIndex(conf)
        .input(ipsumDaily)
        .output(history)
        .asOfFromFile("(\\d{4}-\\d{2}-\\d{2})\\.txt")
        .run();
    JoinResult asOf = IpJoin.join(conf)
        .index("block", history)
        .index("cloud", datacentres)
        .input(logs.toString())
        .output(dir.resolve("blocked-then").toString())
        .time("combined")
        .asOfOutside("nearest")
        .where("block and not cloud")
        .prepare().run();
    long outside = asOf.counter("AS_OF_OUTSIDE");

    assertEquals(ipsum.union().size(), built.intervals());
    assertTrue(asOf.succeeded(), "exit " + asOf.exitCode());
    assertEquals(expected, IpJoinApiTest.partLines(dir.resolve("blocked-then")));
    assertEquals(2L * clients.size(), outside);
    assertTrue(!expected.isEmpty() && expected.size() < log.size(), expected.toString());
  }
}
