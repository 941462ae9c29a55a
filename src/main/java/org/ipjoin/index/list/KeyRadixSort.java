package org.ipjoin.index.list;

/**
 * Stable sort of {@code int} keys (signed order = address order) carrying a parallel payload,
 * three LSD radix passes of 11 bits: linear, so 26 M keys sort in well under a second. Stability is
 * what the normaliser relies on: equal keys keep their payloads in input (file) order.
 */
final class KeyRadixSort {

  private static final int BITS = 11;
  private static final int RADIX = 1 << BITS;
  private static final int MASK = RADIX - 1;

  private KeyRadixSort() {}

  /** Sorts {@code keys[0, count)} ascending, moving {@code payload[0, count)} along; stable. */
  static void sort(int[] keys, int[] payload, int count) {
    int[] keyScratch = new int[count];
    int[] payloadScratch = new int[count];
    int[] keyFrom = keys;
    int[] keyTo = keyScratch;
    int[] payFrom = payload;
    int[] payTo = payloadScratch;
    int[] counts = new int[RADIX + 1];
    for (int shift = 0; shift < 32; shift += BITS) {
      java.util.Arrays.fill(counts, 0);
      for (int i = 0; i < count; i++) {
        counts[digit(keyFrom[i], shift) + 1]++;
      }
      for (int d = 0; d < RADIX; d++) {
        counts[d + 1] += counts[d];
      }
      for (int i = 0; i < count; i++) {
        int at = counts[digit(keyFrom[i], shift)]++;
        keyTo[at] = keyFrom[i];
        payTo[at] = payFrom[i];
      }
      int[] t = keyFrom;
      keyFrom = keyTo;
      keyTo = t;
      t = payFrom;
      payFrom = payTo;
      payTo = t;
    }
    // An odd number of passes (three): the result is in the scratch arrays.
    System.arraycopy(keyFrom, 0, keys, 0, count);
    System.arraycopy(payFrom, 0, payload, 0, count);
  }

  private static int digit(int key, int shift) {
    return ((key ^ Integer.MIN_VALUE) >>> shift) & MASK;
  }
}
