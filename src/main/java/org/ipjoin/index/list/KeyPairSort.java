package org.ipjoin.index.list;

/**
 * Stable sort of indices by 128-bit values held as pairs of {@code long}s ({@code keys[2i]} then
 * {@code keys[2i+1]}, each compared in signed order, hi first: the order of
 * {@link org.ipjoin.ip.Ipv6Codec#toKey} key halves). An LSD radix sort of 11-bit digits, as
 * {@link KeyRadixSort} sorts IPv4 keys: linear where the merge sort it replaced was O(m log m) with
 * a two-{@code long} comparison per step, and that sort was the largest item of an IPv6 list's
 * normalisation (docs/benchmarks/2026-11-27-history.md). A digit that every value shares is skipped
 * (one pass over the values tells, before the histograms): real IPv6 lists share their top bits,
 * and /64 blocks a zero lo half. Below {@value #RADIX_FROM} values a bottom-up merge sort does it,
 * cheaper than the histograms.
 */
public final class KeyPairSort {

  private static final int BITS = 11;
  private static final int RADIX = 1 << BITS;
  private static final int MASK = RADIX - 1;
  /** Digits of a half: 6 of 11 bits cover 64 (the last one 9). */
  private static final int DIGITS = (64 + BITS - 1) / BITS;
  /**
   * The count from which the radix sort is faster: 1.3-1.6x the merge sort's CPU at 1,024 values,
   * 0.7-0.8x at 2,048 (KeyPairSortBenchmark; the histograms' 2,048 counters a digit dominate below).
   */
  static final int RADIX_FROM = 1536;

  private KeyPairSort() {}

  /** The indices {@code 0 … count−1} sorted by {@code keys}; equal values keep index order. */
  public static int[] sortedIndices(long[] keys, int count) {
    return count < RADIX_FROM ? mergeSorted(keys, count) : radixSorted(keys, count);
  }

  private static int[] radixSorted(long[] keys, int count) {
    int[] loShifts = varyingShifts(keys, 1, count);
    int[] hiShifts = varyingShifts(keys, 0, count);
    int[][] loStarts = digitStarts(keys, 1, count, loShifts);
    int[][] hiStarts = digitStarts(keys, 0, count, hiShifts);
    Passes passes = new Passes(count);
    // Each pass moves one half along with the indices, not both halves: the fewer arrays a pass
    // scatters into, the fewer cache lines and pages its writes keep open. The hi halves are
    // gathered by index once the lo passes are done.
    for (int i = 0; i < count; i++) {
      passes.half[i] = keys[2 * i + 1] ^ Long.MIN_VALUE;
    }
    passes.run(loShifts, loStarts);
    for (int i = 0; i < count; i++) {
      passes.half[i] = keys[2 * passes.index[i]] ^ Long.MIN_VALUE;
    }
    passes.run(hiShifts, hiStarts);
    return passes.index;
  }

  /** The arrays the passes scatter between: after each pass the sorted ones are the first two. */
  private static final class Passes {
    long[] half;
    long[] halfTo;
    int[] index;
    int[] indexTo;

    Passes(int count) {
      half = new long[count];
      halfTo = new long[count];
      index = new int[count];
      for (int i = 0; i < count; i++) {
        index[i] = i;
      }
      indexTo = new int[count];
    }

    /** One pass per digit of {@code shifts}, each from that digit's start positions. */
    void run(int[] shifts, int[][] starts) {
      for (int p = 0; p < shifts.length; p++) {
        pass(half, halfTo, index, indexTo, shifts[p], starts[p]);
        long[] h = half;
        half = halfTo;
        halfTo = h;
        int[] t = index;
        index = indexTo;
        indexTo = t;
      }
    }
  }

  /** One stable counting pass on the digit at {@code shift}, from its digits' start positions. */
  private static void pass(long[] half, long[] halfTo, int[] index, int[] indexTo, int shift,
      int[] starts) {
    for (int i = 0; i < half.length; i++) {
      int to = starts[(int) (half[i] >>> shift) & MASK]++;
      halfTo[to] = half[i];
      indexTo[to] = index[i];
    }
  }

  /**
   * The shifts of the digits of the half at {@code offset} (0 hi, 1 lo; sign bit flipped) in which
   * some value differs from the first, lowest first.
   */
  private static int[] varyingShifts(long[] keys, int offset, int count) {
    long first = keys[offset];
    long varies = 0;
    for (int i = 0; i < count; i++) {
      varies |= keys[2 * i + offset] ^ first;
    }
    int[] shifts = new int[DIGITS];
    int n = 0;
    for (int shift = 0; shift < 64; shift += BITS) {
      if (((varies >>> shift) & MASK) != 0) {
        shifts[n++] = shift;
      }
    }
    return java.util.Arrays.copyOf(shifts, n);
  }

  /** Per digit, the first position of each digit value in that digit's pass: one read for all. */
  private static int[][] digitStarts(long[] keys, int offset, int count, int[] shifts) {
    int[][] starts = new int[shifts.length][RADIX];
    for (int i = 0; i < count; i++) {
      long half = keys[2 * i + offset] ^ Long.MIN_VALUE;
      for (int p = 0; p < shifts.length; p++) {
        starts[p][(int) (half >>> shifts[p]) & MASK]++;
      }
    }
    for (int[] c : starts) {
      int sum = 0;
      for (int d = 0; d < RADIX; d++) {
        int n = c[d];
        c[d] = sum;
        sum += n;
      }
    }
    return starts;
  }

  private static int[] mergeSorted(long[] keys, int count) {
    int[] from = new int[count];
    for (int i = 0; i < count; i++) {
      from[i] = i;
    }
    int[] to = new int[count];
    for (int width = 1; width < count; width *= 2) {
      for (int left = 0; left < count; left += 2 * width) {
        int mid = Math.min(left + width, count);
        int right = Math.min(left + 2 * width, count);
        merge(keys, from, to, left, mid, right);
      }
      int[] t = from;
      from = to;
      to = t;
    }
    return from;
  }

  private static void merge(long[] keys, int[] from, int[] to, int left, int mid, int right) {
    int a = left;
    int b = mid;
    for (int w = left; w < right; w++) {
      if (a < mid && (b >= right || compare(keys, from[a], from[b]) <= 0)) {
        to[w] = from[a++];
      } else {
        to[w] = from[b++];
      }
    }
  }

  /** Signed comparison of value i with value j, hi half first. */
  public static int compare(long[] keys, int i, int j) {
    int hi = Long.compare(keys[2 * i], keys[2 * j]);
    return hi != 0 ? hi : Long.compare(keys[2 * i + 1], keys[2 * j + 1]);
  }
}
