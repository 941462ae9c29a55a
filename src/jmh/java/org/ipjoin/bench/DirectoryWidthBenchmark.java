package org.ipjoin.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ipjoin.index.format.Ipv4LookupDirectory;
import org.ipjoin.index.lookup.IntColumn;
import org.ipjoin.index.lookup.Ipv4IntervalIndex;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.ip.Ipv4Codec;
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
 * {@link Ipv4IntervalIndex#match} and {@link Ipv4IntervalIndex#matchAll} on an exact list of
 * {@code keys} keys with a lookup directory of {@code bits} bits, whatever the writer's rule would
 * pick: the measurement behind {@link org.ipjoin.index.format.IndexByteMap#directoryBitsFor}
 * (docs/benchmarks/2026-11-27-directory-sizing.md). The lookup code is the same at every width;
 * only the directory differs, so one jar measures the old and the new rule side by side.
 *
 * <p>{@code layout}: {@code uniform} = random keys over the whole address space (as
 * {@link LookupBenchmark}); {@code clustered} = random keys inside 1,024 random /16 prefixes (a
 * list packed into a few networks, where a bucket wider than a /16 holds a cluster that
 * interpolation cannot place); {@code ipsum} = the 120,000-odd addresses of the real blocklist in
 * src/test/resources/realdata/lists/ipsum.txt ({@code keys} ignored; run from the project). Probes: half listed keys, half random addresses, in random order.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class DirectoryWidthBenchmark {

  static final int BATCH = 1024;
  private static final int STREAM = 1 << 22;
  private static final int CLUSTERS = 1024;
  private static final java.nio.file.Path IPSUM =
      java.nio.file.Path.of("src/test/resources/realdata/lists/ipsum.txt");

  @Param("287570")
  public int keys;

  @Param({"12", "16"})
  public int bits;

  @Param({"uniform", "clustered"})
  public String layout;

  private Ipv4IntervalIndex index;
  private ProbeStream stream;
  private final int[] block = new int[BATCH];
  private final int[] ids = new int[BATCH];

  @Setup(Level.Trial)
  public void setUp() {
    int[] sorted = switch (layout) {
      case "uniform" -> BenchKeys.sortedUnique(keys, 42);
      case "clustered" -> clustered(keys, 42);
      case "ipsum" -> ipsum();
      default -> throw new IllegalArgumentException(
          "layout: uniform, clustered or ipsum, not " + layout);
    };
    index = new Ipv4IntervalIndex(IntColumn.of(sorted), null, null, LabelDictionary.NONE,
        Ipv4LookupDirectory.of(sorted, sorted.length, bits), bits);
    stream = ProbeStream.halfListed(sorted, STREAM, new SplittableRandom(7));
    for (int i = 0; i < 100_000; i++) {
      int key = stream.probes()[i];
      if ((Arrays.binarySearch(sorted, key) >= 0) != (index.match(key) != Ipv4IntervalIndex.NO_MATCH)) {
        throw new AssertionError("match disagrees with binarySearch on " + key);
      }
    }
  }

  /** The addresses of the real list in the test resources (the working directory is the project). */
  private static int[] ipsum() {
    try (java.util.stream.Stream<String> lines = java.nio.file.Files.lines(IPSUM)) {
      return lines.filter(l -> !l.isEmpty() && !l.startsWith("#"))
          .mapToInt(l -> Ipv4Codec.parseKey(l.substring(0, l.indexOf('\t')))).sorted().distinct().toArray();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** About {@code count} sorted unique keys, each in one of {@value #CLUSTERS} random /16s. */
  private static int[] clustered(int count, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int[] prefixes = random.ints(CLUSTERS).map(p -> p & 0xFFFF0000).toArray();
    int[] raw = new int[count];
    for (int i = 0; i < count; i++) {
      raw[i] = (prefixes[random.nextInt(CLUSTERS)] | random.nextInt(1 << 16)) ^ Integer.MIN_VALUE;
    }
    return Arrays.stream(raw).sorted().distinct().toArray();
  }

  /** One probe at a time. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int match() {
    int[] s = stream.probes();
    int from = stream.take(BATCH);
    int hits = 0;
    for (int i = from; i < from + BATCH; i++) {
      if (index.match(s[i]) != Ipv4IntervalIndex.NO_MATCH) {
        hits++;
      }
    }
    return hits;
  }

  /** A block at a time, as the job's mapper does. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int matchAll() {
    stream.takeInto(block, BATCH);
    index.matchAll(block, BATCH, ids);
    return ids[BATCH - 1];
  }
}
