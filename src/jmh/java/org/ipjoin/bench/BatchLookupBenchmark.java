package org.ipjoin.bench;

import java.io.IOException;
import java.util.Arrays;
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
 * Lookups of a block of keys at once ({@link Ipv4Lookup#matchAll}, probes interleaved) against one
 * {@link Ipv4Lookup#match} per key, as a mapper would make them for a block of records.
 *
 * <p>{@code list}: {@code exact} = 26,123,456 random addresses (as {@link LookupBenchmark});
 * {@code ranges} = 1,000,000 labelled random ranges (as {@link RangeLookupBenchmark}). The index
 * is written to a file and loaded as a map task does: {@code column=heap} with the {@code nio}
 * read path, {@code mapped} with {@code mmap-direct}. Probes: half inside the list, half random
 * addresses; {@code uniform} in random order, {@code zipf} drawn with P(rank r) ∝ 1/r.
 *
 * <p>Each invocation answers {@value #PER_INVOCATION} keys in blocks of {@code block} keys.
 * {@code traffic=stream}: before each block, the memory traffic of parsing and writing that many
 * log records: {@value #READ_LONGS} longs read and {@value #WRITE_LONGS} written per key, moving
 * through a 256 MiB buffer (far past the last-level cache), which is what the lookups meet inside
 * the job. {@code trafficOnly} is that traffic alone, to subtract. Reported per key.
 * {@link BatchLookupPairs} runs the same methods in alternation, for a machine shared with other
 * work. Figures: {@code docs/benchmarks/2026-11-23-batched-lookups.md}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class BatchLookupBenchmark {

  static final int PER_INVOCATION = 4096;
  private static final int STREAM = 1 << 22;
  /** 152 bytes read per key: about a combined-format log record. */
  static final int READ_LONGS = 19;
  /** 72 bytes written per key: about its output line. */
  static final int WRITE_LONGS = 9;
  private static final int TRAFFIC_LONGS = 1 << 25; // 256 MiB

  @Param({"exact", "ranges"})
  public String list;

  @Param({"heap", "mapped"})
  public String column;

  @Param({"uniform", "zipf"})
  public String probes;

  @Param({"256", "4096"})
  public int block;

  @Param({"none", "stream"})
  public String traffic;

  private Ipv4Lookup index;
  private ProbeStream stream;
  private int[] keysOfBlock;
  private int[] ids;
  private long[] buffer;
  private int readAt;
  private int writeAt;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    SplittableRandom random = new SplittableRandom(42);
    IndexContent content;
    ProbeStream pool;
    if (list.equals("exact")) {
      int[] keys = BenchKeys.sortedUnique(26_123_456, 42);
      content = IndexContent.exact(keys, keys.length, 0, 0);
      pool = ProbeStream.halfListed(keys, STREAM, random);
    } else if (list.equals("ranges")) {
      RandomRanges ranges = RandomRanges.uniform(1_000_000, random);
      content = ranges.content(random);
      // A range first, then the coin: not ProbeStream.halfInside's order, so not its probes.
      pool = ProbeStream.drawn(STREAM, random, r -> {
        int j = r.nextInt(ranges.count());
        return r.nextBoolean() ? ranges.inside(j, r) : r.nextInt();
      });
    } else {
      throw new IllegalArgumentException("list: exact or ranges, not " + list);
    }
    stream = pool.skewed(probes, random);
    index = TemporaryIndex.load(TemporaryIndex.write("batch-bench", content, KeyLayout.SORTED),
        TemporaryIndex.storage("column", column));
    if (PER_INVOCATION % block != 0) {
      throw new IllegalArgumentException("block must divide " + PER_INVOCATION);
    }
    if (!traffic.equals("none") && !traffic.equals("stream")) {
      throw new IllegalArgumentException("traffic: none or stream, not " + traffic);
    }
    buffer = traffic.equals("stream") ? new long[TRAFFIC_LONGS] : null;
    if (buffer != null) {
      Arrays.fill(buffer, 1);
    }
    keysOfBlock = new int[block];
    ids = new int[block];
    readAt = 0;
    writeAt = TRAFFIC_LONGS / 2;
  }

  /** The memory traffic of {@code block} records: reads and writes moving through the buffer. */
  private long stream() {
    long[] b = buffer;
    if (b == null) {
      return 0;
    }
    int reads = READ_LONGS * block;
    int r = readAt;
    long sum = 0;
    for (int i = 0; i < reads; i++) {
      sum += b[r + i];
    }
    readAt = r + reads + reads > TRAFFIC_LONGS ? 0 : r + reads;
    int writes = WRITE_LONGS * block;
    int w = writeAt;
    for (int i = 0; i < writes; i++) {
      b[w + i] = sum + i;
    }
    writeAt = w + writes + writes > TRAFFIC_LONGS ? 0 : w + writes;
    return sum;
  }

  private int hits() {
    int[] found = ids;
    int hits = 0;
    for (int i = 0; i < block; i++) {
      hits += found[i] >>> 31 ^ 1;
    }
    return hits;
  }

  /** One {@link Ipv4Lookup#match} per key. */
  @Benchmark
  @OperationsPerInvocation(PER_INVOCATION)
  public long single() {
    Ipv4Lookup ix = index;
    long result = 0;
    for (int b = 0; b < PER_INVOCATION; b += block) {
      result += stream();
      stream.takeInto(keysOfBlock, block);
      int[] k = keysOfBlock;
      int[] found = ids;
      for (int i = 0; i < block; i++) {
        found[i] = ix.match(k[i]);
      }
      result += hits();
    }
    return result;
  }

  /** One {@link Ipv4Lookup#matchAll} per block. */
  @Benchmark
  @OperationsPerInvocation(PER_INVOCATION)
  public long batched() {
    Ipv4Lookup ix = index;
    long result = 0;
    for (int b = 0; b < PER_INVOCATION; b += block) {
      result += stream();
      stream.takeInto(keysOfBlock, block);
      ix.matchAll(keysOfBlock, block, ids);
      result += hits();
    }
    return result;
  }

  /** The traffic alone, without lookups: what {@code traffic=stream} adds per key. */
  @Benchmark
  @OperationsPerInvocation(PER_INVOCATION)
  public long trafficOnly() {
    long result = 0;
    for (int b = 0; b < PER_INVOCATION; b += block) {
      result += stream();
      stream.takeInto(keysOfBlock, block);
      result += keysOfBlock[block - 1];
    }
    return result;
  }
}
