package org.ipjoin.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.Ipv4LookupDirectory;
import org.ipjoin.index.lookup.IntColumn;
import org.ipjoin.index.lookup.Ipv4IntervalIndex;
import org.ipjoin.index.lookup.LabelDictionary;
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
  private int[] stream;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    SplittableRandom random = new SplittableRandom(42);
    // Random distinct start addresses, sorted; each range ends before the next start.
    long[] addresses = random.longs(intervals, 0, 1L << 32).sorted().distinct().toArray();
    int n = addresses.length;
    starts = new int[n];
    ends = new int[n];
    for (int i = 0; i < n; i++) {
      long limit = i + 1 < n ? addresses[i + 1] - 1 : (1L << 32) - 1;
      long end = Math.min(limit, addresses[i] + random.nextInt(4096));
      starts[i] = (int) (addresses[i] ^ 0x8000_0000L);
      ends[i] = (int) (end ^ 0x8000_0000L);
    }
    int[] ids = random.ints(n, 0, 1000).toArray();
    int[] labelEnds = new int[1001];
    for (int id = 1; id <= 1000; id++) {
      labelEnds[id] = id * 4;
    }
    index = new Ipv4IntervalIndex(IntColumn.of(starts), IntColumn.of(ends), IntColumn.of(ids),
        new LabelDictionary(new byte[4000], labelEnds), Ipv4LookupDirectory.of(starts, n),
        IndexByteMap.directoryBitsFor(n));
    stream = new int[STREAM];
    for (int i = 0; i < STREAM; i++) {
      if (random.nextBoolean()) {
        int j = random.nextInt(n);
        stream[i] = starts[j] + random.nextInt(ends[j] - starts[j] + 1);
      } else {
        stream[i] = random.nextInt();
      }
    }
    next = 0;
  }

  private int start() {
    int from = next;
    next = (from + BATCH) & (STREAM - 1);
    return from;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int binarySearch() {
    int[] s = starts;
    int[] e = ends;
    int[] probes = stream;
    int from = start();
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
    int[] probes = stream;
    int from = start();
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      if (ix.match(probes[i]) != Ipv4IntervalIndex.NO_MATCH) {
        hits++;
      }
    }
    return hits;
  }
}
