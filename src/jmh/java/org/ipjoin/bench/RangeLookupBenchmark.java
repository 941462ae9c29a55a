package org.ipjoin.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ipjoin.index.lookup.Ipv4IntervalIndex;
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
 * Lookups in a range index: {@code intervals} disjoint random IPv4 ranges (widths 1 to 4096, a
 * block-list-like mix, with labels), probes half inside a range and half uniform random addresses.
 * {@code binarySearch} is the plain way (binary search for the last start at or before the key over
 * the whole array, then compare with its end); {@code ipjoin} is {@link Ipv4IntervalIndex#match} on the
 * heap. Each invocation answers {@value #BATCH} probes; reported per probe.
 * {@code java -jar target/bench-build/benchmarks.jar RangeLookupBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class RangeLookupBenchmark {

  static final int BATCH = 1024;
  private static final int STREAM = 1 << 22;

  @Param("1000000")
  public int intervals;

  private int[] starts;
  private int[] ends;
  private Ipv4IntervalIndex index;
  private ProbeStream stream;

  @Setup(Level.Trial)
  public void setUp() {
    SplittableRandom random = new SplittableRandom(42);
    RandomRanges ranges = RandomRanges.uniform(intervals, random);
    starts = ranges.starts;
    ends = ranges.ends;
    index = ranges.onHeap(random);
    stream = ProbeStream.halfInside(ranges, STREAM, random, SplittableRandom::nextInt);
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int binarySearch() {
    int[] s = starts;
    int[] e = ends;
    int[] probes = stream.probes();
    int from = stream.take(BATCH);
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      int key = probes[i];
      int at = Arrays.binarySearch(s, key);
      int p = at >= 0 ? at : -at - 2;
      if (p >= 0 && key <= e[p]) {
        hits++;
      }
    }
    return hits;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int ipjoin() {
    Ipv4IntervalIndex ix = index;
    int[] probes = stream.probes();
    int from = stream.take(BATCH);
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      if (ix.match(probes[i]) != Ipv4IntervalIndex.NO_MATCH) {
        hits++;
      }
    }
    return hits;
  }
}
