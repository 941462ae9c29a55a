package org.ipjoin.index.list;

/**
 * Stable sort of indices by 128-bit values held as pairs of {@code long}s ({@code keys[2i]} then
 * {@code keys[2i+1]}, each compared in signed order, hi first: the order of
 * {@link org.ipjoin.ip.Ipv6Codec#toKey} key halves). An LSD radix sort of 11-bit digits, as
 * {@link KeyRadixSort} sorts IPv4 keys: linear where the merge sort it replaced was O(m log m) with
 * a two-{@code long} comparison per step, and that sort was the largest item of an IPv6 list's
 * normalisation (docs/benchmarks/2026-11-27-history.md). A digit that every value shares is skipped
 * (one histogram pass tells): real IPv6 lists share their top bits, and /64 blocks a zero lo half.
 * Below {@value #RADIX_FROM} values the merge sort stays, its cost below the histograms' fixed one.
 */
public final class KeyPairSort {

  private static final int BITS = 11;
  private static final int RADIX = 1 << BITS;
  private static final int MASK = RADIX - 1;
  /** Digits of a half: 6 of 11 bits cover 64 (the last one 9). */
  private static final int DIGITS = (64 + BITS - 1) / BITS;
  /** The count from which the radix sort is faster (KeyPairSortBenchmark, the study above). */
  static final int RADIX_FROM = 256;

  private KeyPairSort() {}

  /** The indices {@code 0 … count−1} sorted by {@code keys}; equal values keep index order. */
  public static int[] sortedIndices(long[] keys, int count) {
    return count < RADIX_FROM ? mergeSorted(keys, count) : radixSorted(keys, count);
  }

  private static int[] radixSorted(long[] keys, int count) {
    // Key halves with the sign bit flipped: unsigned digits in signed order.
    long[] hi = new long[count];
    long[] lo = new long[count];
    long hiFirst = keys[0] ^ Long.MIN_VALUE;
    long loFirst = keys[1] ^ Long.MIN_VALUE;
    long hiVaries = 0;
    long loVaries = 0;
    for (int i = 0; i < count; i++) {
      hi[i] = keys[2 * i] ^ Long.MIN_VALUE;
      lo[i] = keys[2 * i + 1] ^ Long.MIN_VALUE;
      hiVaries |= hi[i] ^ hiFirst;
      loVaries |= lo[i] ^ loFirst;
    }
    int[] loShifts = varyingShifts(loVaries);
    int[] hiShifts = varyingShifts(hiVaries);
    int[][] loCounts = histograms(lo, count, loShifts);
    int[][] hiCounts = histograms(hi, count, hiShifts);
    int[] index = new int[count];
    for (int i = 0; i < count; i++) {
      index[i] = i;
    }
    int[] indexTo = new int[count];
    long[] hiTo = new long[count];
    if (loShifts.length > 0) {
      long[] loTo = new long[count];
      for (int p = 0; p < loShifts.length; p++) {
        int shift = loShifts[p];
        int[] at = loCounts[p];
        for (int i = 0; i < count; i++) {
          int to = at[(int) (lo[i] >>> shift) & MASK]++;
          loTo[to] = lo[i];
          hiTo[to] = hi[i];
          indexTo[to] = index[i];
        }
        long[] l = lo;
        lo = loTo;
        loTo = l;
        long[] h = hi;
        hi = hiTo;
        hiTo = h;
        int[] t = index;
        index = indexTo;
        indexTo = t;
      }
    }
    for (int p = 0; p < hiShifts.length; p++) {
      int shift = hiShifts[p];
      int[] at = hiCounts[p];
      for (int i = 0; i < count; i++) {
        int to = at[(int) (hi[i] >>> shift) & MASK]++;
        hiTo[to] = hi[i];
        indexTo[to] = index[i];
      }
      long[] h = hi;
      hi = hiTo;
      hiTo = h;
      int[] t = index;
      index = indexTo;
      indexTo = t;
    }
    return index;
  }

  /** The shifts of the digits in which some value differs from the first, lowest first. */
  private static int[] varyingShifts(long varies) {
    int[] shifts = new int[DIGITS];
    int n = 0;
    for (int shift = 0; shift < 64; shift += BITS) {
      if (((varies >>> shift) & MASK) != 0) {
        shifts[n++] = shift;
      }
    }
    return java.util.Arrays.copyOf(shifts, n);
  }

  /** Per digit, the first position of each digit value in that digit's pass (prefix sums). */
  private static int[][] histograms(long[] half, int count, int[] shifts) {
    int[][] counts = new int[shifts.length][RADIX];
    for (int p = 0; p < shifts.length; p++) {
      int shift = shifts[p];
      int[] c = counts[p];
      for (int i = 0; i < count; i++) {
        c[(int) (half[i] >>> shift) & MASK]++;
      }
      int sum = 0;
      for (int d = 0; d < RADIX; d++) {
        int n = c[d];
        c[d] = sum;
        sum += n;
      }
    }
    return counts;
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
