package org.ipjoin.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.load.ReadPath;
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
  private int[] stream;
  private int next;
  private int[] keysOfBlock;
  private int[] ids;
  private long[] buffer;
  private int readAt;
  private int writeAt;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    SplittableRandom random = new SplittableRandom(42);
    IndexContent content;
    int[] pool = new int[STREAM];
    if (list.equals("exact")) {
      int[] keys = BenchKeys.sortedUnique(26_123_456, 42);
      content = IndexContent.exact(keys, keys.length, 0, 0);
      for (int i = 0; i < STREAM; i++) {
        pool[i] = random.nextBoolean() ? keys[random.nextInt(keys.length)] : random.nextInt();
      }
    } else if (list.equals("ranges")) {
      content = ranges(1_000_000, random);
      for (int i = 0; i < STREAM; i++) {
        int j = random.nextInt(content.count());
        int s = content.starts()[j];
        pool[i] = random.nextBoolean() ? s + random.nextInt(content.ends()[j] - s + 1) : random.nextInt();
      }
    } else {
      throw new IllegalArgumentException("list: exact or ranges, not " + list);
    }
    if (probes.equals("uniform")) {
      stream = pool;
    } else if (probes.equals("zipf")) {
      stream = zipf(pool, random);
    } else {
      throw new IllegalArgumentException("probes: uniform or zipf, not " + probes);
    }
    index = load(content, column);
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
    next = 0;
    readAt = 0;
    writeAt = TRAFFIC_LONGS / 2;
  }

  /** Random disjoint labelled ranges, widths 1 to 4096, as {@link RangeLookupBenchmark} makes. */
  private static IndexContent ranges(int count, SplittableRandom random) {
    long[] addresses = random.longs(count, 0, 1L << 32).sorted().distinct().toArray();
    int n = addresses.length;
    int[] starts = new int[n];
    int[] ends = new int[n];
    for (int i = 0; i < n; i++) {
      long limit = i + 1 < n ? addresses[i + 1] - 1 : (1L << 32) - 1;
      long end = Math.min(limit, addresses[i] + random.nextInt(4096));
      starts[i] = (int) (addresses[i] ^ 0x8000_0000L);
      ends[i] = (int) (end ^ 0x8000_0000L);
    }
    int[] ids = random.ints(n, 1, 1001).toArray();
    int[] labelEnds = new int[1001];
    byte[] labelBytes = new byte[4000];
    for (int id = 1; id <= 1000; id++) {
      labelEnds[id] = id * 4;
      for (int b = (id - 1) * 4; b < id * 4; b++) {
        labelBytes[b] = (byte) ('a' + (id + b) % 26);
      }
    }
    return new IndexContent(starts, ends, ids, n, labelEnds, labelBytes, 0, 0);
  }

  /** Writes the index file and loads it as a map task does (file deleted on exit). */
  private static Ipv4Lookup load(IndexContent content, String column) throws IOException {
    Path file = Files.createTempFile("batch-bench", ".ipidx");
    file.toFile().deleteOnExit();
    try (OutputStream out = Files.newOutputStream(file)) {
      IndexWriter.write(content, out);
    }
    ReadPath path = switch (column) {
      case "heap" -> ReadPath.NIO;
      case "mapped" -> ReadPath.MMAP_DIRECT;
      default -> throw new IllegalArgumentException("column: heap or mapped, not " + column);
    };
    return path.loader().load(file, true).index();
  }

  private static int[] zipf(int[] pool, SplittableRandom random) {
    int n = pool.length;
    double[] cdf = new double[n];
    double sum = 0;
    for (int r = 0; r < n; r++) {
      sum += 1.0 / (r + 1);
      cdf[r] = sum;
    }
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      int r = Arrays.binarySearch(cdf, random.nextDouble() * sum);
      out[i] = pool[Math.min(r >= 0 ? r : -r - 1, n - 1)];
    }
    return out;
  }

  /** Copies the next block of probes into {@code keysOfBlock}, as a mapper parses its records. */
  private void nextBlock() {
    System.arraycopy(stream, next, keysOfBlock, 0, block);
    next = (next + block) & (STREAM - 1);
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
      nextBlock();
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
      nextBlock();
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
      nextBlock();
      result += keysOfBlock[block - 1];
    }
    return result;
  }
}
