package org.ipjoin.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ipjoin.index.lookup.Ipv4IntervalIndex;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
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
 * IPv6 against IPv4 range lookups on the same number of intervals and the same probe scheme:
 * {@code ipv6} is {@link Ipv6IntervalIndex#match} over {@code intervals} random disjoint IPv6 ranges,
 * {@code ipv4} is {@link Ipv4IntervalIndex#match} over as many IPv4 ranges, both on the heap with label
 * ids. Probes: half an address inside a random interval, half a random address of the space the
 * starts are drawn from. Each invocation answers {@value #BATCH} probes; reported per probe.
 *
 * <p>{@code layout}: {@code uniform} draws starts uniformly from the whole space (IPv4: every
 * address; IPv6: 2000::/3, where global unicast lives); {@code clustered} first draws 512 random
 * prefixes (IPv4 /16s; IPv6 /32s in 2000::/3, like RIR allocations) and then starts uniformly
 * inside a random one of them, and the random probes too. IPv4 ranges are up to 4096 addresses
 * wide, IPv6 ranges up to 2^40 (never past the start's /64), both shortened to end before the next
 * start.
 *
 * <p>{@code java -jar target/bench-build/benchmarks.jar Range6 -f 1 -wi 3 -i 5}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class Ipv6RangeLookupBenchmark {

  static final int BATCH = 1024;
  private static final int STREAM = 1 << 21;
  private static final int PREFIXES = 512;
  private static final long GLOBAL_UNICAST = 0x2000_0000_0000_0000L;

  @Param("1000000")
  public int intervals;

  @Param({"uniform", "clustered"})
  public String layout;

  private Ipv4IntervalIndex index4;
  private int[] probes4;
  private Ipv6IntervalIndex index6;
  /** Probe key halves, hi then lo. */
  private long[] probes6;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    boolean clustered = layout.equals("clustered");
    setUpIpv4(new SplittableRandom(42), clustered);
    setUpIpv6(new SplittableRandom(42), clustered);
    next = 0;
  }

  private void setUpIpv4(SplittableRandom random, boolean clustered) {
    long[] prefixes = random.longs(PREFIXES, 0, 1L << 16).map(p -> p << 16).toArray();
    long[] addresses = new long[intervals];
    for (int i = 0; i < intervals; i++) {
      addresses[i] = randomAddress(random, clustered, prefixes);
    }
    RandomRanges ranges =
        RandomRanges.startingAt(Arrays.stream(addresses).sorted().distinct().toArray(), random);
    index4 = ranges.onHeap(random);
    probes4 = ProbeStream.halfInside(ranges, STREAM, random,
        r -> (int) (randomAddress(r, clustered, prefixes) ^ 0x8000_0000L)).probes();
  }

  /** A random IPv4 address: anywhere, or in one of the /16 {@code prefixes}. */
  private static long randomAddress(SplittableRandom random, boolean clustered, long[] prefixes) {
    return clustered ? prefixes[random.nextInt(PREFIXES)] + random.nextInt(1 << 16)
        : random.nextLong(1L << 32);
  }

  /** A random hi address half: in 2000::/3, or in one of the /32 {@code prefixes}. */
  private static long randomHi(SplittableRandom random, boolean clustered, long[] prefixes) {
    return clustered ? prefixes[random.nextInt(PREFIXES)] | (random.nextLong() >>> 32)
        : GLOBAL_UNICAST | (random.nextLong() >>> 3);
  }

  private void setUpIpv6(SplittableRandom random, boolean clustered) {
    long[] prefixes = new long[PREFIXES];
    for (int p = 0; p < PREFIXES; p++) {
      prefixes[p] = (GLOBAL_UNICAST | (random.nextLong() >>> 3)) & 0xFFFF_FFFF_0000_0000L;
    }
    // Distinct hi halves (a collision among 2^32 or 2^61 values is rare and just dropped), sorted
    // as keys, so every start is in its own /64 and the lo halves can be anything.
    long[] hiKeys = new long[intervals];
    for (int i = 0; i < intervals; i++) {
      hiKeys[i] = randomHi(random, clustered, prefixes) ^ Long.MIN_VALUE;
    }
    hiKeys = Arrays.stream(hiKeys).sorted().distinct().toArray();
    int n = hiKeys.length;
    long[] starts = new long[2 * n];
    long[] ends = new long[2 * n];
    for (int i = 0; i < n; i++) {
      long lo = random.nextLong();
      long width = random.nextLong(1L << 40);
      if (Long.compareUnsigned(lo + width, lo) < 0) {
        width = -1L - lo; // to the end of the /64, not past it
      }
      starts[2 * i] = hiKeys[i];
      starts[2 * i + 1] = lo ^ Long.MIN_VALUE;
      ends[2 * i] = hiKeys[i];
      ends[2 * i + 1] = (lo + width) ^ Long.MIN_VALUE;
    }
    index6 = Ipv6IntervalIndex.of(starts, ends, random.ints(n, 0, 1000).toArray(), n);
    probes6 = new long[2 * STREAM];
    for (int i = 0; i < STREAM; i++) {
      if (random.nextBoolean()) {
        int j = random.nextInt(n);
        long lo = starts[2 * j + 1] ^ Long.MIN_VALUE;
        long width = (ends[2 * j + 1] ^ Long.MIN_VALUE) - lo;
        probes6[2 * i] = starts[2 * j];
        probes6[2 * i + 1] = (lo + (width == -1L ? random.nextLong() : random.nextLong(width + 1)))
            ^ Long.MIN_VALUE;
      } else {
        probes6[2 * i] = randomHi(random, clustered, prefixes) ^ Long.MIN_VALUE;
        probes6[2 * i + 1] = random.nextLong();
      }
    }
  }

  private int start() {
    int from = next;
    next = (from + BATCH) & (STREAM - 1);
    return from;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int ipv4() {
    Ipv4IntervalIndex ix = index4;
    int[] probes = probes4;
    int from = start();
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      if (ix.match(probes[i]) != Ipv4IntervalIndex.NO_MATCH) {
        hits++;
      }
    }
    return hits;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int ipv6() {
    Ipv6IntervalIndex ix = index6;
    long[] probes = probes6;
    int from = start();
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      if (ix.match(probes[2 * i], probes[2 * i + 1]) != Ipv4IntervalIndex.NO_MATCH) {
        hits++;
      }
    }
    return hits;
  }
}
