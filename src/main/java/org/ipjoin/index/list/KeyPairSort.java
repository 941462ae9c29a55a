package org.ipjoin.index.list;

/**
 * Stable sort of indices by 128-bit values held as pairs of {@code long}s ({@code keys[2i]} then
 * {@code keys[2i+1]}, each compared in signed order, hi first: the order of
 * {@link org.ipjoin.ip.Ipv6Codec#toKey} key halves). A bottom-up merge sort on primitive arrays: no
 * boxing, O(m log m). IPv6 lists are far smaller than the largest IPv4 address lists, so this is
 * not radix-sorted like {@link KeyRadixSort}.
 */
public final class KeyPairSort {

  private KeyPairSort() {}

  /** The indices {@code 0 … count−1} sorted by {@code keys}; equal values keep index order. */
  public static int[] sortedIndices(long[] keys, int count) {
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
