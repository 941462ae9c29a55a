package org.ipjoin.index.lookup;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.Ipv4LookupDirectory;

/**
 * Builds {@link Ipv4Lookup}es the way the read paths do (columns on the heap or in a direct
 * little-endian buffer, as a mapping gives them) and computes the expected answer of a lookup with
 * {@link Arrays#binarySearch}, independently of the index's own search.
 */
final class Intervals {

  /** Where the columns live, and whether every interval is one address. */
  enum Variant {
    EXACT_HEAP(false, false), EXACT_MAPPED(false, true), RANGES_HEAP(true, false),
    RANGES_MAPPED(true, true);

    final boolean ranges;
    final boolean mapped;

    Variant(boolean ranges, boolean mapped) {
      this.ranges = ranges;
      this.mapped = mapped;
    }
  }

  final int[] starts;
  /** Equal to starts for an exact list. */
  final int[] ends;
  final Ipv4Lookup index;

  private Intervals(int[] starts, int[] ends, Ipv4Lookup index) {
    this.starts = starts;
    this.ends = ends;
    this.index = index;
  }

  static IntColumn column(int[] values, boolean mapped) {
    if (!mapped) {
      return IntColumn.of(values);
    }
    ByteBuffer bytes = ByteBuffer.allocateDirect(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
    bytes.asIntBuffer().put(values);
    return IntColumn.of(bytes.asIntBuffer());
  }

  static Ipv4Lookup index(int[] starts, int[] ends, boolean mapped) {
    int n = starts.length;
    return new Ipv4IntervalIndex(column(starts, mapped), ends == null ? null : column(ends, mapped), null,
        LabelDictionary.NONE, Ipv4LookupDirectory.of(starts, n), IndexByteMap.directoryBitsFor(n));
  }

  /**
   * Intervals starting at sorted distinct {@code keys}: one address each for an exact variant, else
   * of random width up to the next start (a quarter one address wide, a quarter reaching the next
   * start, so that neighbours touch).
   */
  static Intervals of(int[] keys, Variant variant, long seed) {
    if (!variant.ranges) {
      return new Intervals(keys, keys, index(keys, null, variant.mapped));
    }
    SplittableRandom random = new SplittableRandom(seed);
    int[] ends = new int[keys.length];
    for (int i = 0; i < keys.length; i++) {
      long room = (i + 1 < keys.length ? (long) keys[i + 1] - 1 : Integer.MAX_VALUE) - keys[i];
      int pick = random.nextInt(4);
      long width = pick == 0 || room == 0 ? 0 : pick == 1 ? room : random.nextLong(room + 1);
      ends[i] = (int) (keys[i] + width);
    }
    return new Intervals(keys, ends, index(keys, ends, variant.mapped));
  }

  /** The interval holding {@code key} by binary search over the starts, or -1. */
  int expected(int key) {
    int at = Arrays.binarySearch(starts, key);
    if (at >= 0) {
      return at;
    }
    int before = -at - 2;
    return before >= 0 && key <= ends[before] ? before : Ipv4Lookup.NO_MATCH;
  }

  /** Every probe answered as {@link #expected}. */
  void assertAgrees(int[] probes) {
    for (int probe : probes) {
      int expected = expected(probe);
      int actual = index.match(probe);
      if (actual != expected) {
        throw new AssertionError("match(" + probe + ") should be " + expected + ", is " + actual
            + " (" + starts.length + " intervals)");
      }
    }
  }
}
