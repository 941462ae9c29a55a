package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.ipjoin.tools.IndexTools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Safe publishing while jobs run: jobs run one after another while a background thread keeps
 * republishing the same index path with {@code ipindex build --overwrite}, alternating between two
 * lists A and B with different addresses (and different lengths). Every job must either succeed
 * with exactly A's answer or exactly B's, or fail (exit 1) saying the index identity check failed
 * because the index changed after submission. Any other outcome (a mix, a corrupt-index complaint
 * about a file that was only replaced, another exit code) is a bug.
 */
class IndexRepublishJobTest {

  private static final int JOBS = 5;
  /** Bounds the rebuild thread even if the jobs hang: it also stops when the jobs are done. */
  private static final int MAX_REBUILDS = 100_000;

  private static final int[] PAUSES_MS = {0, 1200, 300, 900, 50, 600, 1500, 150};

  @TempDir Path dir;

  @Test
  void everyJobSeesAWholeIndexOrFailsOnTheIdentityCheck() throws Exception {
    // A: 10.0.0.1-60, B: 10.0.1.1-90 and 10.0.0.1-10. Different lengths and different answers.
    List<String> a = new ArrayList<>();
    List<String> b = new ArrayList<>();
    for (int i = 1; i <= 60; i++) {
      a.add("10.0.0." + i);
    }
    for (int i = 1; i <= 90; i++) {
      b.add("10.0.1." + i);
    }
    for (int i = 1; i <= 10; i++) {
      b.add("10.0.0." + i);
    }
    Path listA = dir.resolve("a.tsv");
    Path listB = dir.resolve("b.tsv");
    Files.writeString(listA, "# list A\n" + String.join("\n", a) + "\n");
    Files.writeString(listB, "# list B\n" + String.join("\n", b) + "\n");

    // Two input files (two map tasks, each loading the index): clients from both lists and others.
    List<String> records = new ArrayList<>();
    for (int octet3 = 0; octet3 < 3; octet3++) {
      for (int i = 1; i <= 120; i++) {
        records.add("10.0." + octet3 + "." + i + " - - [21/Nov/2026:00:00:00 +0000] \"GET /r" + i
            + " HTTP/1.1\" 200 " + i);
      }
    }
    Path logDir = dir.resolve("logs");
    Files.createDirectory(logDir);
    int half = records.size() / 2;
    Files.writeString(logDir.resolve("one.log"), String.join("\n", records.subList(0, half)) + "\n");
    Files.writeString(logDir.resolve("two.log"), String.join("\n", records.subList(half, records.size())) + "\n");

    // The expectations, with String code only.
    List<String> expectA = matching(records, Set.copyOf(a));
    List<String> expectB = matching(records, Set.copyOf(b));
    assertEquals(60, expectA.size());
    assertEquals(100, expectB.size());

    Path index = dir.resolve("ips.ipidx");
    assertEquals(0, build(listA, index));

    AtomicBoolean stop = new AtomicBoolean();
    AtomicInteger rebuilds = new AtomicInteger();
    ConcurrentLinkedQueue<String> rebuildFailures = new ConcurrentLinkedQueue<>();
    Thread rebuilder = new Thread(() -> {
      for (int i = 0; i < MAX_REBUILDS && !stop.get(); i++) {
        try {
          int rc = build(i % 2 == 0 ? listB : listA, index);
          if (rc != 0) {
            rebuildFailures.add("rebuild " + i + " exited " + rc);
          }
          rebuilds.incrementAndGet();
          // Pauses of 0-1.2 s, a job's order of magnitude, so that some jobs run between two
          // publishes and some across one (each at a different phase). They shape the interleaving
          // only; nothing is asserted about timing.
          Thread.sleep(PAUSES_MS[i % PAUSES_MS.length]);
        } catch (Exception e) {
          rebuildFailures.add("rebuild " + i + ": " + e);
        }
      }
    }, "index-rebuilder");
    rebuilder.setDaemon(true);

    List<String> outcomes = new ArrayList<>();
    rebuilder.start();
    try {
      for (int job = 1; job <= JOBS; job++) {
        Path output = dir.resolve("out-" + job);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        IpJoinDriver driver = new IpJoinDriver(new PrintStream(OutputStream.nullOutputStream()),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        int rc = ToolRunner.run(driver, new String[] {"-D", "mapreduce.framework.name=local",
            "-D", "fs.defaultFS=file:///", "--index", index.toString(),
            "--input", logDir.toString(), "--output", output.toString()});
        String stderr = err.toString(StandardCharsets.UTF_8);
        if (rc == 0) {
          List<String> lines = outputLines(output);
          if (lines.equals(expectA)) {
            outcomes.add("A");
          } else if (lines.equals(expectB)) {
            outcomes.add("B");
          } else {
            fail("job " + job + " succeeded with output that is neither A's nor B's (" + lines.size()
                + " lines): " + lines);
          }
        } else {
          assertEquals(1, rc, "job " + job + ": " + stderr);
          assertTrue(stderr.contains("index identity check failed")
              && stderr.contains("changed after the job was submitted"), "job " + job + ": " + stderr);
          assertFalse(Files.exists(output.resolve("_SUCCESS")), "job " + job);
          outcomes.add("identity");
          System.out.println("IndexRepublishJobTest: job " + job + " failed as expected: " + stderr);
        }
      }
    } finally {
      stop.set(true);
      rebuilder.join(60_000);
    }
    assertFalse(rebuilder.isAlive(), "the rebuild thread did not stop");
    assertEquals(List.of(), List.copyOf(rebuildFailures));
    assertTrue(rebuilds.get() > 0, "no rebuild ran while the jobs ran");
    System.out.println("IndexRepublishJobTest: outcomes " + outcomes + ", " + rebuilds.get() + " rebuilds");
  }

  private static int build(Path list, Path index) throws Exception {
    return IndexTools.run(new Configuration(), new String[] {"build", "--input", list.toString(),
        "--output", index.toString(), "--overwrite", "--quiet"});
  }

  private static List<String> matching(List<String> records, Set<String> listed) {
    return records.stream().filter(r -> listed.contains(r.substring(0, r.indexOf(' ')))).sorted().toList();
  }

  private static List<String> outputLines(Path output) throws Exception {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(output)) {
      for (Path part : files.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
        lines.addAll(Files.readAllLines(part, StandardCharsets.ISO_8859_1));
      }
    }
    lines.sort(null);
    return lines;
  }
}
