package org.ipjoin.bench;

import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.Ipv4LookupDirectory;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.load.ReadPath;
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
 * Membership lookups on a sorted {@code int[]} of {@code keys} random IPv4 keys (default
 * 26,123,456, the scale of the read-path comparison): {@code Arrays.binarySearch} over the whole
 * array (the comparison's baseline), the
 * earlier lookup (prefix table + binary search in the /16 bucket, reproduced here), and
 * {@link Ipv4IntervalIndex#match} on the heap and over a mapping.
 *
 * <p>Probe streams ({@code probes}): {@code uniform} = half listed keys, half random addresses, in
 * random order; {@code zipf} = the same pool of probes drawn with Zipf-like skew (rank r with
 * probability ∝ 1/r, s = 1), as real traffic repeats a few busy clients. Each invocation answers
 * {@value #BATCH} probes and returns the hit count (JMH consumes it), reported per probe.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class LookupBenchmark {

  static final int BATCH = 1024;
  private static final int STREAM = 1 << 22; // probes in the stream: 16 MiB, well past the caches

  @Param("26123456")
  public int keys;

  @Param({"uniform", "zipf"})
  public String probes;

  private int[] sorted;
  private int[] prefixStart;
  private Ipv4IntervalIndex index;
  /** The same keys served from a read-only mapping of an index file (loader mmap-direct). */
  private Ipv4IntervalIndex mapped;
  private ProbeStream stream;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    sorted = BenchKeys.sortedUnique(keys, 42);
    index = onHeap(sorted);
    mapped = (Ipv4IntervalIndex) TemporaryIndex.load(TemporaryIndex.write("lookup-bench",
        IndexContent.exact(sorted, sorted.length, 0, 0), KeyLayout.SORTED), ReadPath.MMAP_DIRECT);
    prefixStart = prefixStarts(sorted);
    SplittableRandom random = new SplittableRandom(7);
    stream = ProbeStream.halfListed(sorted, STREAM, random).skewed(probes, random);
  }

  /** The exact-address lookup over {@code keys} on the heap, as the heap read paths build it. */
  static Ipv4IntervalIndex onHeap(int[] keys) {
    return new Ipv4IntervalIndex(IntColumn.of(keys), null, null, LabelDictionary.NONE,
        Ipv4LookupDirectory.of(keys, keys.length), IndexByteMap.directoryBitsFor(keys.length));
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int binarySearch() {
    int[] k = sorted;
    int[] s = stream.probes();
    int from = stream.take(BATCH);
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      if (Arrays.binarySearch(k, s[i]) >= 0) {
        hits++;
      }
    }
    return hits;
  }

  /** The earlier lookup: /16 prefix table, then Arrays.binarySearch in the bucket. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int prefixBinarySearch() {
    int[] k = sorted;
    int[] p = prefixStart;
    int[] s = stream.probes();
    int from = stream.take(BATCH);
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      int key = s[i];
      int prefix = (key >>> 16) ^ 0x8000;
      if (Arrays.binarySearch(k, p[prefix], p[prefix + 1], key) >= 0) {
        hits++;
      }
    }
    return hits;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int ipjoin() {
    return hits(index);
  }

  /** The same lookup over the mapping (mmap-direct): no heap copy of the keys. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int ipjoinMapped() {
    return hits(mapped);
  }

  /** One batch of single lookups. JMH forks a JVM per benchmark, so the call stays monomorphic. */
  private int hits(Ipv4IntervalIndex ix) {
    int[] s = stream.probes();
    int from = stream.take(BATCH);
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      if (ix.match(s[i]) != Ipv4IntervalIndex.NO_MATCH) {
        hits++;
      }
    }
    return hits;
  }

  static int[] prefixStarts(int[] keys) {
    int[] starts = new int[(1 << 16) + 1];
    for (int p = 0; p < 1 << 16; p++) {
      int i = Arrays.binarySearch(keys, (p << 16) + Integer.MIN_VALUE);
      starts[p] = i >= 0 ? i : -i - 1;
    }
    starts[1 << 16] = keys.length;
    return starts;
  }
}
