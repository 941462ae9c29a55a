package org.ipjoin.index.list;

/**
 * Sorting and de-duplication of key arrays, for the index builder and the text read path. Radix
 * sort rather than {@link java.util.Arrays#sort(int[])}: on 26 M keys the JDK's dual-pivot quicksort
 * takes ~2 s on this project's 2-core machines, while three 11-bit LSD passes are linear.
 */
public final class SortedKeys {

  private static final int RADIX_BITS = 11;
  private static final int RADIX = 1 << RADIX_BITS;
  private static final int MASK = RADIX - 1;
  /** Below this, insertion-heavy overheads of radix passes lose to the JDK sort. */
  private static final int RADIX_THRESHOLD = 1 << 16;

  private SortedKeys() {}

  /** Sorts {@code keys[0, count)} ascending in signed order. */
  public static void sort(int[] keys, int count) {
    if (count < RADIX_THRESHOLD) {
      java.util.Arrays.sort(keys, 0, count);
      return;
    }
    int[] scratch = new int[count];
    int[] from = keys;
    int[] to = scratch;
    // Three passes of 11, 11 and 10 bits; the top bit is flipped so signed order comes out right.
    for (int shift = 0; shift < 32; shift += RADIX_BITS) {
      int[] counts = new int[RADIX + 1];
      for (int i = 0; i < count; i++) {
        counts[digit(from[i], shift) + 1]++;
      }
      for (int d = 0; d < RADIX; d++) {
        counts[d + 1] += counts[d];
      }
      for (int i = 0; i < count; i++) {
        int k = from[i];
        to[counts[digit(k, shift)]++] = k;
      }
      int[] t = from;
      from = to;
      to = t;
    }
    // Three passes: the result is in scratch.
    System.arraycopy(from, 0, keys, 0, count);
  }

  /**
   * Sorts {@code keys[0, count)} ascending in signed order on every core: one pass that scatters
   * the keys by their top {@value #RADIX_BITS} bits, then each of the 2,048 buckets (about
   * 12,700 keys at 26 M keys, in the core's cache) sorted by two passes on the bits below, the
   * buckets on all cores at once. One pass over the whole array instead of three.
   */
  public static void sortInParallel(int[] keys, int count) {
    if (count < RADIX_THRESHOLD) {
      java.util.Arrays.sort(keys, 0, count);
      return;
    }
    int[] scratch = new int[count];
    int topShift = 32 - RADIX_BITS;
    int[] starts = new int[RADIX + 1];
    for (int i = 0; i < count; i++) {
      starts[digit(keys[i], topShift) + 1]++;
    }
    for (int d = 0; d < RADIX; d++) {
      starts[d + 1] += starts[d];
    }
    int[] at = starts.clone();
    for (int i = 0; i < count; i++) {
      int k = keys[i];
      scratch[at[digit(k, topShift)]++] = k;
    }
    java.util.stream.IntStream.range(0, RADIX).parallel()
        .forEach(d -> sortBucket(scratch, keys, starts[d], starts[d + 1]));
  }

  /**
   * Sorts {@code from[lo, hi)}, whose keys share their top bits, by the low 21 bits into
   * {@code to[lo, hi)}.
   */
  private static void sortBucket(int[] from, int[] to, int lo, int hi) {
    int n = hi - lo;
    if (n < 64) {
      System.arraycopy(from, lo, to, lo, n);
      java.util.Arrays.sort(to, lo, hi);
      return;
    }
    int[] low = new int[RADIX + 1];
    int[] high = new int[RADIX + 1];
    for (int i = lo; i < hi; i++) {
      int k = from[i];
      low[digit(k, 0) + 1]++;
      high[digit(k, RADIX_BITS) + 1]++;
    }
    for (int d = 0; d < RADIX; d++) {
      low[d + 1] += low[d];
      high[d + 1] += high[d];
    }
    for (int i = lo; i < hi; i++) {
      int k = from[i];
      to[lo + low[digit(k, 0)]++] = k;
    }
    // Back into from (the bucket's own range of it), by bits 11 to 21 (bit 21 is the same for the
    // whole bucket); then copy to its place.
    for (int i = lo; i < hi; i++) {
      int k = to[i];
      from[lo + high[digit(k, RADIX_BITS)]++] = k;
    }
    System.arraycopy(from, lo, to, lo, n);
  }

  private static int digit(int key, int shift) {
    return ((key ^ Integer.MIN_VALUE) >>> shift) & MASK;
  }

  /**
   * Removes adjacent duplicates from sorted {@code keys[0, count)} in place.
   *
   * @return the number of unique keys, now in {@code keys[0, result)}
   */
  public static int dedup(int[] keys, int count) {
    if (count == 0) {
      return 0;
    }
    int unique = 1;
    for (int i = 1; i < count; i++) {
      if (keys[i] != keys[unique - 1]) {
        keys[unique++] = keys[i];
      }
    }
    return unique;
  }
}
