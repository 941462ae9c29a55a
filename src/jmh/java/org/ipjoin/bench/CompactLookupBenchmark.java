package org.ipjoin.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The two layouts of an exact-address list side by side ({@code ipindex build --layout}): the
 * same {@code keys} random IPv4 keys (default 26,123,456, as {@link LookupBenchmark}) written as
 * an index file in {@code layout} and loaded as a job's task would, on the heap ({@code nio}) or
 * served from the mapping ({@code mmap-direct}). Probes are {@link LookupBenchmark}'s uniform
 * stream: half listed keys, half random addresses, in random order. Each invocation answers
 * {@value #BATCH} probes through {@link Ipv4Lookup#match}; JMH forks a JVM per parameter set, so
 * the call site sees one implementation. The setup prints the file's bytes per key.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class CompactLookupBenchmark {

  static final int BATCH = 1024;
  private static final int STREAM = 1 << 22;

  @Param("26123456")
  public int keys;

  @Param({"sorted", "compact"})
  public String layout;

  @Param({"heap", "mapped"})
  public String storage;

  private Ipv4Lookup index;
  private ProbeStream stream;
  private final int[] batchKeys = new int[BATCH];
  private final int[] batchIds = new int[BATCH];

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    int[] sorted = BenchKeys.sortedUnique(keys, 42);
    Path file = TemporaryIndex.write("compact-bench",
        IndexContent.exact(sorted, sorted.length, 0, 0), KeyLayout.fromName(layout));
    System.err.printf("%s layout: %,d keys, %,d bytes, %.3f bytes per key%n", layout,
        sorted.length, Files.size(file), (double) Files.size(file) / sorted.length);
    index = TemporaryIndex.load(file, TemporaryIndex.storage("storage", storage));
    stream = ProbeStream.halfListed(sorted, STREAM, new SplittableRandom(7));
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int match() {
    Ipv4Lookup ix = index;
    int[] s = stream.probes();
    int from = stream.take(BATCH);
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      if (ix.match(s[i]) != Ipv4Lookup.NO_MATCH) {
        hits++;
      }
    }
    return hits;
  }

  /** The same probes through {@link Ipv4Lookup#matchAll}, a block of {@value #BATCH} at a time. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int matchAll() {
    stream.takeInto(batchKeys, BATCH);
    index.matchAll(batchKeys, BATCH, batchIds);
    int hits = 0;
    for (int i = 0; i < BATCH; i++) {
      if (batchIds[i] != Ipv4Lookup.NO_MATCH) {
        hits++;
      }
    }
    return hits;
  }
}
