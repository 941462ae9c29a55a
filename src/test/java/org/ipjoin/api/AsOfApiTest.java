package org.ipjoin.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.RealData;
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

  private static final Path SNAPSHOTS = RealData.file("history/ipsum6");
  private static final String CLOUD_IP = "192.0.2.80";

  @TempDir Path dir;

  private static Set<String> snapshot(LocalDate day) throws Exception {
    Set<String> ips = new HashSet<>();
    for (String line : Files.readAllLines(SNAPSHOTS.resolve(day + ".txt"))) {
      if (!line.isBlank()) {
        ips.add(line.trim());
      }
    }
    return ips;
  }

  @Test
  void theEmbeddingDocsAsOfExampleAnswersEachRecordAsOfItsDay() throws Exception {
    Configuration conf = LocalHadoop.conf(dir);
    LocalDate first = LocalDate.parse("2026-03-12");
    List<Set<String>> days = new ArrayList<>();
    TreeSet<String> union = new TreeSet<>();
    for (int d = 0; d < 5; d++) {
      days.add(snapshot(first.plusDays(d)));
      union.addAll(days.get(d));
    }
    // Clients: one address of each day's list, the first of the union (in some days, not all),
    // one of the plain index; each on the day before the first snapshot, every day, the day after.
    List<String> clients = new ArrayList<>();
    for (Set<String> day : days) {
      clients.add(new TreeSet<>(day).first());
    }
    clients.add(union.first());
    clients.add(CLOUD_IP);
    List<String> log = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (String ip : clients) {
      for (int d = -1; d <= 5; d++) {
        LocalDate day = first.plusDays(d);
        String line = ip + " - - [" + String.format("%02d", day.getDayOfMonth())
            + "/Mar/2026:12:00:00 +0000] \"GET / HTTP/1.1\" 200 1";
        log.add(line);
        // Outside the history, the nearest snapshot answers: the first before, the last after.
        Set<String> inForce = days.get(Math.max(0, Math.min(4, d)));
        if (inForce.contains(ip) && !ip.equals(CLOUD_IP)) {
          expected.add(line);
        }
      }
    }
    Path logs = Files.createDirectories(dir.resolve("logs"));
    Files.write(logs.resolve("access.log"), log);
    Path cloudList = Files.write(dir.resolve("datacentres.txt"), List.of(CLOUD_IP));
    String ipsumDaily = SNAPSHOTS.toString();
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

    assertEquals(union.size(), built.intervals());
    assertTrue(asOf.succeeded(), "exit " + asOf.exitCode());
    assertEquals(expected, IpJoinApiTest.partLines(dir.resolve("blocked-then")));
    assertEquals(2L * clients.size(), outside);
    assertTrue(!expected.isEmpty() && expected.size() < log.size(), expected.toString());
  }
}
