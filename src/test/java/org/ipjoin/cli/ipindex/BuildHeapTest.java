package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A list too big for the heap: {@code ipindex build} in a child JVM with a small -Xmx, as a user
 * runs it. Refused up front from the list length when the estimate says it cannot fit; a build that
 * runs out of heap anyway ends with the same kind of one line. Exit 1 either way, no stack trace,
 * nothing published.
 */
class BuildHeapTest {

  private static final String HOW = "(IPJOIN_JAVA_OPTS for index-tools/ipindex, HADOOP_CLIENT_OPTS"
      + " for hadoop org.ipjoin.cli.ipindex.IndexTools)";

  @TempDir Path dir;

  private record Child(int exit, String err) {}

  /** Runs ipindex in a fresh JVM with {@code -Xmx<heapMb>m} (G1: its max heap is exactly -Xmx). */
  private Child ipindexWithHeap(int heapMb, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx" + heapMb + "m", "-XX:+UseG1GC", "-cp", System.getProperty("java.class.path"),
        IndexTools.class.getName()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(dir.resolve("stderr.txt").toFile()).start();
    assertTrue(process.waitFor(5, TimeUnit.MINUTES), "child JVM did not finish");
    return new Child(process.exitValue(),
        Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8));
  }

  private static long mib(long bytes) {
    return (bytes + (1 << 20) - 1) / (1 << 20);
  }

  private static long roundedUpTo256(long mib) {
    return (mib + 255) / 256 * 256;
  }

  private void assertNoStackTraceAndNothingPublished(Child child, Path output) throws Exception {
    assertFalse(child.err().contains("Exception in thread"), child.err());
    assertFalse(child.err().contains("at org."), child.err());
    assertFalse(child.err().contains("at java."), child.err());
    assertFalse(Files.exists(output));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(0, files.filter(p -> p.getFileName().toString().startsWith(".")).count(),
          "no temporary file left");
    }
  }

  @Test
  void aListTooBigForTheHeapIsRefusedBeforeReading() throws Exception {
    Path list = dir.resolve("big.tsv");
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(list))) {
      new SampleData(42, 2_800_000).writeIpList(out); // random addresses, about 14 bytes a line
    }
    long length = Files.size(list);
    Path output = dir.resolve("big.ipidx");
    Child child = ipindexWithHeap(48, "build", "--input", list.toString(), "--output",
        output.toString());
    // Two ints per key at the peak, one key per 14 bytes of a realistic list, 32 MiB besides.
    long needed = length / 14 * 8 + (32L << 20);
    assertEquals(1, child.exit(), child.err());
    assertEquals(String.format("ipindex build: %,d bytes of list need about %,d MB of heap to build,"
        + " this JVM has 48 MB; nothing was read or published. Give it more heap, e.g."
        + " IPJOIN_JAVA_OPTS=-Xmx%dm %s", length, mib(needed), roundedUpTo256(mib(needed)), HOW),
        child.err().lines().findFirst().orElse(""));
    assertNoStackTraceAndNothingPublished(child, output);
  }

  @Test
  void runningOutOfHeapDuringTheBuildIsOneLineToo() throws Exception {
    // The worst case the up-front estimate lets through: 8-byte lines, so about twice the keys
    // (and a growing key array) for the same length.
    Path list = dir.resolve("short-lines.tsv");
    int lines = 6_500_000;
    byte[] line = "1.1.1.1\n".getBytes(StandardCharsets.US_ASCII);
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(list), 1 << 20)) {
      for (int i = 0; i < lines; i++) {
        out.write(line);
      }
    }
    long length = 8L * lines;
    Path output = dir.resolve("short-lines.ipidx");
    Child child = ipindexWithHeap(64, "build", "--input", list.toString(), "--output",
        output.toString());
    // Worst case: 2.5 ints per key while the key array grows by half, plus 32 MiB.
    long worst = length / 8 * 10 + (32L << 20);
    assertEquals(1, child.exit(), child.err());
    assertEquals(String.format("ipindex build: ran out of heap (64 MB) building from %,d bytes of"
        + " list; nothing was published. Give it more heap, e.g. IPJOIN_JAVA_OPTS=-Xmx%dm %s",
        length, roundedUpTo256(mib(worst)), HOW), child.err().lines().findFirst().orElse(""));
    assertNoStackTraceAndNothingPublished(child, output);
  }

  /** The launcher passes IPJOIN_JAVA_OPTS to java, as the messages say. */
  @Test
  void theLauncherPassesIpjoinJavaOpts() throws Exception {
    // target/test-classes -> the project directory
    Path project = Path.of(BuildHeapTest.class.getProtectionDomain().getCodeSource().getLocation()
        .toURI()).getParent().getParent();
    String script = Files.readString(project.resolve("index-tools").resolve("ipindex"));
    assertTrue(script.contains("exec java ${IPJOIN_JAVA_OPTS:"), script);
  }
}
