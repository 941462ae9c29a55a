package org.ipjoin.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.ToIntFunction;

/**
 * The addresses a lookup benchmark looks up: a fixed array of probes, far larger than the caches,
 * read in order a batch at a time from where the last batch ended, wrapping around at its end. The
 * probes are drawn once, in the trial's setup, from a seeded random source, so every run of a
 * benchmark meets the same probes in the same order.
 */
final class ProbeStream {

  private final int[] probes;
  private int next;

  private ProbeStream(int[] probes) {
    if (Integer.bitCount(probes.length) != 1) {
      throw new IllegalArgumentException("a probe stream's length is a power of two, not "
          + probes.length);
    }
    this.probes = probes;
  }

  /** {@code length} probes, each {@code probe} applied to {@code random}, in turn. */
  static ProbeStream drawn(int length, SplittableRandom random,
      ToIntFunction<SplittableRandom> probe) {
    int[] probes = new int[length];
    for (int i = 0; i < length; i++) {
      probes[i] = probe.applyAsInt(random);
    }
    return new ProbeStream(probes);
  }

  /**
   * Half listed keys, half random addresses, in random order: for each probe a coin toss, then a
   * random one of the sorted {@code keys} or a random address of the whole space.
   */
  static ProbeStream halfListed(int[] keys, int length, SplittableRandom random) {
    return drawn(length, random, r -> r.nextBoolean() ? keys[r.nextInt(keys.length)] : r.nextInt());
  }

  /**
   * Half inside the ranges, half {@code outside}: for each probe a coin toss, then a random
   * address inside a random one of {@code ranges} or whatever {@code outside} draws.
   */
  static ProbeStream halfInside(RandomRanges ranges, int length, SplittableRandom random,
      ToIntFunction<SplittableRandom> outside) {
    return drawn(length, random, r -> r.nextBoolean() ? ranges.inside(r) : outside.applyAsInt(r));
  }

  /**
   * The stream a benchmark's {@code probes} parameter names, this one being its pool: {@code
   * uniform} is this stream as it is; {@code zipf} draws as many probes from it with Zipf-like skew
   * (rank r with probability ∝ 1/r, s = 1), as real traffic repeats a few busy clients.
   */
  ProbeStream skewed(String probes, SplittableRandom random) {
    return switch (probes) {
      case "uniform" -> this;
      case "zipf" -> zipf(random);
      default -> throw new IllegalArgumentException("probes: uniform or zipf, not " + probes);
    };
  }

  /** Draws as many probes from this pool with P(rank r) ∝ 1/r (inverse CDF on a harmonic table). */
  private ProbeStream zipf(SplittableRandom random) {
    int n = probes.length;
    double[] cdf = new double[n];
    double sum = 0;
    for (int r = 0; r < n; r++) {
      sum += 1.0 / (r + 1);
      cdf[r] = sum;
    }
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      int r = Arrays.binarySearch(cdf, random.nextDouble() * sum);
      out[i] = probes[Math.min(r >= 0 ? r : -r - 1, n - 1)];
    }
    return new ProbeStream(out);
  }

  /** The probes, for a benchmark's loop over the {@link #take} batch. */
  int[] probes() {
    return probes;
  }

  /** Where the next {@code count} probes start; the stream moves past them. */
  int take(int count) {
    int from = next;
    next = (from + count) & (probes.length - 1);
    return from;
  }

  /** Copies the next {@code count} probes into {@code block}, as a mapper parses its records. */
  void takeInto(int[] block, int count) {
    System.arraycopy(probes, take(count), block, 0, count);
  }
}
