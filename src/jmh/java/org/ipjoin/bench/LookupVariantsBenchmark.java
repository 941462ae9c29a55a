package org.ipjoin.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
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
 * The design space behind {@link org.ipjoin.index.lookup.Ipv4IntervalIndex#match}, kept so the choice can be
 * re-measured: a prefix table of {@code bits} bits (16 = 256 KiB, 19 = 2 MiB), then inside the
 * bucket either one interpolation step and a bounded linear scan ({@code interpScan}) or a
 * branch-free compare over a window around the guess ({@code interpWindow}). Uniform probes, half
 * hits, like {@link LookupBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class LookupVariantsBenchmark {

  static final int BATCH = 1024;
  private static final int STREAM = 1 << 22;
  private static final int HALF_WINDOW = 8;

  @Param("26123456")
  public int keys;

  @Param({"16", "19"})
  public int bits;

  private int[] sorted;
  private int[] table;
  private ProbeStream stream;

  @Setup(Level.Trial)
  public void setUp() {
    sorted = BenchKeys.sortedUnique(keys, 42);
    table = new int[(1 << bits) + 1];
    int shift = 32 - bits;
    int p = 0;
    for (int i = 0; i < sorted.length; i++) {
      int prefix = (sorted[i] ^ Integer.MIN_VALUE) >>> shift;
      while (p <= prefix) {
        table[p++] = i;
      }
    }
    while (p < table.length) {
      table[p++] = sorted.length;
    }
    stream = ProbeStream.halfListed(sorted, STREAM, new SplittableRandom(7));
    // Self-check against binarySearch.
    for (int i = 0; i < 100_000; i++) {
      int key = stream.probes()[i];
      boolean expected = Arrays.binarySearch(sorted, key) >= 0;
      if (scan(key) != expected || window(key) != expected) {
        throw new AssertionError("variant disagrees on " + key);
      }
    }
  }

  private boolean scan(int key) {
    int shift = 32 - bits;
    int address = key ^ Integer.MIN_VALUE;
    int prefix = address >>> shift;
    int[] k = sorted;
    int from = table[prefix];
    int to = table[prefix + 1];
    int n = to - from;
    if (n == 0) {
      return false;
    }
    int low = address & ((1 << shift) - 1);
    int g = from + (int) (((long) low * n) >>> shift);
    int v = k[g];
    if (v == key) {
      return true;
    }
    if (v < key) {
      int stop = Math.min(to, g + 17);
      for (int i = g + 1; i < stop; i++) {
        int w = k[i];
        if (w >= key) {
          return w == key;
        }
      }
      return stop < to && Arrays.binarySearch(k, stop, to, key) >= 0;
    }
    int stop = Math.max(from, g - 16);
    for (int i = g - 1; i >= stop; i--) {
      int w = k[i];
      if (w <= key) {
        return w == key;
      }
    }
    return stop > from && Arrays.binarySearch(k, from, stop, key) >= 0;
  }

  private boolean window(int key) {
    int shift = 32 - bits;
    int address = key ^ Integer.MIN_VALUE;
    int prefix = address >>> shift;
    int[] k = sorted;
    int from = table[prefix];
    int to = table[prefix + 1];
    int n = to - from;
    int low = address & ((1 << shift) - 1);
    int g = from + (int) (((long) low * n) >>> shift);
    int lo = Math.max(from, g - HALF_WINDOW);
    int hi = Math.min(to, g + HALF_WINDOW);
    int found = 0;
    for (int i = lo; i < hi; i++) {
      found |= k[i] == key ? 1 : 0;
    }
    if (found != 0) {
      return true;
    }
    boolean coveredBelow = lo == from || k[lo] < key;
    boolean coveredAbove = hi == to || k[hi - 1] > key;
    if (coveredBelow & coveredAbove) {
      return false;
    }
    return Arrays.binarySearch(k, from, to, key) >= 0;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int interpScan() {
    int[] s = stream.probes();
    int from = stream.take(BATCH);
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      if (scan(s[i])) {
        hits++;
      }
    }
    return hits;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int interpWindow() {
    int[] s = stream.probes();
    int from = stream.take(BATCH);
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      hits += window(s[i]) ? 1 : 0;
    }
    return hits;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int binarySearch() {
    int[] k = sorted;
    int[] s = stream.probes();
    int from = stream.take(BATCH);
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      hits += Arrays.binarySearch(k, s[i]) >= 0 ? 1 : 0;
    }
    return hits;
  }
}
