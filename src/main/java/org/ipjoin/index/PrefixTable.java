package org.ipjoin.index;

import java.util.Arrays;

/**
 * Builds {@link IpIndex}'s prefix table: for each of the 2^bits address prefixes, the index of its
 * first key in the sorted array (and the array length at the end). Built incrementally while keys
 * arrive ({@link #advance}), so a loader can extend it for each piece of keys while that piece is
 * still in cache, instead of a separate pass over the whole array afterwards. Each prefix start is
 * found by galloping from the previous one, so the cost is O(prefixes × log(keys per prefix)).
 */
final class PrefixTable {

  /** Smallest table: 2^16 entries, 256 KiB. */
  static final int MIN_BITS = 16;
  /** Largest table: 2^22 entries, 16 MiB (only for lists of 170 M keys and more). */
  static final int MAX_BITS = 22;
  /** Keys per prefix the table aims at (at least): the table then costs at most 0.1 byte per key. */
  static final int KEYS_PER_PREFIX = 40;

  private final int bits;
  private final int shift;
  private final int[] starts;
  private int prefix;
  private int cursor;

  PrefixTable(long count) {
    this.bits = bitsFor(count);
    this.shift = 32 - bits;
    this.starts = new int[(1 << bits) + 1];
  }

  /**
   * Table size for {@code count} keys: the largest 2^bits ≤ count / 40 (so ≤ 0.1 byte of table per
   * key), but at least 2^16 and at most 2^22.
   */
  static int bitsFor(long count) {
    long target = count / KEYS_PER_PREFIX;
    int bits = target <= 1 ? 0 : 63 - Long.numberOfLeadingZeros(target);
    return Math.max(MIN_BITS, Math.min(MAX_BITS, bits));
  }

  int bits() {
    return bits;
  }

  /** Records the start of every prefix whose first key is decided by {@code keys[0, filled)}. */
  void advance(int[] keys, int filled) {
    int[] t = starts;
    int p = prefix;
    int cur = cursor;
    int prefixes = 1 << bits;
    while (p < prefixes) {
      int first = (p << shift) + Integer.MIN_VALUE;
      if (cur < filled && keys[cur] < first) {
        // Gallop: keys[lo] < first; find hi with keys[hi] >= first (or the end of what we have).
        int lo = cur;
        int step = 1;
        int hi = cur + 1;
        while (hi < filled && keys[hi] < first) {
          lo = hi;
          step <<= 1;
          hi = cur + step;
        }
        if (hi > filled) {
          hi = filled;
        }
        int i = Arrays.binarySearch(keys, lo + 1, hi, first);
        cur = i >= 0 ? i : -i - 1;
      }
      if (cur == filled) {
        break; // the start of p depends on keys not seen yet
      }
      t[p++] = cur;
    }
    prefix = p;
    cursor = cur;
  }

  /** Completes the table once all {@code count} keys are in {@code keys} and returns it. */
  int[] finish(int[] keys, int count) {
    advance(keys, count);
    for (int p = prefix; p < starts.length; p++) {
      starts[p] = count;
    }
    prefix = starts.length;
    return starts;
  }
}
