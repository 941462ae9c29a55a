package org.ipjoin.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ipjoin.index.list.KeyPairSort;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link KeyPairSort#sortedIndices} of {@code keys} 128-bit keys (the sort behind every IPv6 list's
 * normalisation): the measurement of docs/benchmarks/2026-11-27-history.md, section "IPv6 keys
 * radix-sorted". One call sorts the whole array; run old and new builds side by side with
 * {@link BuildPairs} (its ns per operation are per 1,024 calls' worth: multiply by 1,024 for a call).
 *
 * <p>{@code layout}: {@code random} = all 128 bits random; {@code prefix32} = addresses of one /32
 * (the top 32 bits shared, as in a real list, the low 96 random); {@code blocks64} = /64 blocks of
 * one /32 (the low half zero, the 32 bits between random).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class KeyPairSortBenchmark {

  private static final long PREFIX_32 = 0x2001_0db8L << 32;

  @Param({"10000", "100000", "1000000", "4000000"})
  public int keys;

  @Param({"random", "prefix32"})
  public String layout;

  private long[] values;

  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(42);
    values = new long[2 * keys];
    for (int i = 0; i < keys; i++) {
      long hi;
      long lo;
      switch (layout) {
        case "random" -> {
          hi = random.nextLong();
          lo = random.nextLong();
        }
        case "prefix32" -> {
          hi = PREFIX_32 | (random.nextLong() >>> 32);
          lo = random.nextLong();
        }
        case "blocks64" -> {
          hi = PREFIX_32 | (random.nextLong() >>> 32);
          lo = 0;
        }
        default -> throw new IllegalArgumentException("layout: " + layout);
      }
      values[2 * i] = hi ^ Long.MIN_VALUE; // key halves: the sign bit flipped, as Ipv6Codec.toKey
      values[2 * i + 1] = lo ^ Long.MIN_VALUE;
    }
  }

  @Benchmark
  public int sort() {
    int[] order = KeyPairSort.sortedIndices(values, keys);
    return order.length == 0 ? 0 : order[order.length / 2];
  }
}
