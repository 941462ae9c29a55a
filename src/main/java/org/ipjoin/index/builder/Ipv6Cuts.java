package org.ipjoin.index.builder;

import java.util.Arrays;
import org.ipjoin.index.list.KeyPairSort;

/**
 * The IPv6 half of {@link HistoryBuilder}'s cuts: every start and every end + 1 of any snapshot's
 * IPv6 intervals ({@link Ipv6Changes} finds them), sorted and distinct, as {@link
 * org.ipjoin.ip.Ipv6Codec#toKey} halves (hi, lo), and the pieces of the address space between
 * them. The end + 1 of an interval that ends at the
 * last address, {@code ffff:...:ffff}, is 2^128, no key: it is kept as {@link #toTheTop}, which
 * makes the last cut the start of a piece that runs to that last address.
 */
final class Ipv6Cuts {

  /** Cut i is {@code (keys[2i], keys[2i+1])}; sorted and distinct after {@link #finish}. */
  private long[] keys = new long[256];
  private int count;
  private boolean toTheTop;

  /** Adds the cut {@code (hi, lo)}, a start or an end + 1 of some interval. */
  void add(long hi, long lo) {
    if (2 * count == keys.length) {
      // Snapshots mostly repeat each other's bounds: the distinct cuts so far make room first.
      finish();
      if (4 * count > keys.length) {
        keys = Arrays.copyOf(keys, 2 * keys.length);
      }
    }
    keys[2 * count] = hi;
    keys[2 * count + 1] = lo;
    count++;
  }

  /** Adds the end + 1 of an interval that ends at the last address: 2^128, no key. */
  void addTheTop() {
    toTheTop = true;
  }

  /** Sorts the cuts and drops repeats. */
  void finish() {
    int[] order = KeyPairSort.sortedIndices(keys, count);
    long[] sorted = new long[keys.length];
    int m = 0;
    for (int k = 0; k < count; k++) {
      int i = order[k];
      if (m == 0 || keys[2 * i] != sorted[2 * m - 2] || keys[2 * i + 1] != sorted[2 * m - 1]) {
        sorted[2 * m] = keys[2 * i];
        sorted[2 * m + 1] = keys[2 * i + 1];
        m++;
      }
    }
    keys = sorted;
    count = m;
  }

  /** The pieces: between each cut and the next, and from the last one on when {@link #toTheTop}. */
  int pieces() {
    return Math.max(0, count - 1) + (toTheTop && count > 0 ? 1 : 0);
  }

  /** The piece that begins at the cut {@code (hi, lo)}, which must be one. */
  int pieceAt(long hi, long lo) {
    int low = 0;
    int high = count - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      int c = keys[2 * mid] != hi ? Long.compare(keys[2 * mid], hi)
          : Long.compare(keys[2 * mid + 1], lo);
      if (c == 0) {
        return mid;
      }
      if (c < 0) {
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    throw new IllegalStateException("no cut at " + hi + ", " + lo);
  }

  /** Whether piece {@code j} begins at or before {@code (hi, lo)}. */
  boolean beginsByOrAt(int j, long hi, long lo) {
    return keys[2 * j] != hi ? keys[2 * j] < hi : keys[2 * j + 1] <= lo;
  }

  long startHi(int j) {
    return keys[2 * j];
  }

  long startLo(int j) {
    return keys[2 * j + 1];
  }

  /** Piece {@code j}'s last key, hi half: the next cut - 1, or the last address. */
  long endHi(int j) {
    if (j + 1 == count) {
      return Long.MAX_VALUE;
    }
    return keys[2 * j + 3] == Long.MIN_VALUE ? keys[2 * j + 2] - 1 : keys[2 * j + 2];
  }

  long endLo(int j) {
    return j + 1 == count ? Long.MAX_VALUE : keys[2 * j + 3] - 1;
  }

  /** Whether piece {@code j} is one address. */
  boolean single(int j) {
    return endHi(j) == startHi(j) && endLo(j) == startLo(j);
  }
}
