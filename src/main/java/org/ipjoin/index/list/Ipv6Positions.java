package org.ipjoin.index.list;

import org.ipjoin.ip.Ipv6Codec;

/**
 * IPv6 entries moved into <em>position space</em>, where {@link IntervalNormaliser} works with
 * {@code int}s for both families.
 *
 * <p>The boundaries of a list are the start of every entry and the address after the end of every
 * entry (none after the last address, {@code ffff:…:ffff}). Sorted and distinct, they cut the
 * address space into elementary segments: segment p runs from boundary p to the address before
 * boundary p + 1 (to the last address, for the last one). Every entry is exactly the segments from
 * the one its start opens to the one its end closes, and within a segment every address is held by
 * the same entries. So the normaliser can sweep over segment numbers ("positions") instead of
 * 128-bit addresses: two positions are adjacent exactly when the addresses are, entries are the same
 * range exactly when their positions are, and an entry wins all its addresses exactly when it wins
 * all its segments. Only this class does 128-bit arithmetic (the {@code +1} and {@code −1} with a
 * carry between the halves, and sizes); everything after it is the IPv4 code path.
 *
 * <p>The order of entries by size, which the {@code longest} policy needs, is kept as a dense rank
 * ({@link #sizeRanks()}), since a 128-bit size does not fit the normaliser's 32-bit size field.
 *
 * <p>When every entry is one address (an exact-address list, never merged) the boundaries are the
 * distinct addresses themselves and position p is the p-th of them: adjacency is never asked then.
 *
 * <p>Cost: sorting 2n points and n sizes (a merge sort on primitive arrays), then linear passes; a
 * few dozen bytes per entry while it runs. Positions are {@code int}s: at most 2n boundaries.
 */
final class Ipv6Positions {

  private static final long MAX_KEY_HALF = Long.MAX_VALUE;

  /** Segment p starts at key {@code (bounds[2p], bounds[2p+1])}. */
  private final long[] bounds;
  private final int segments;
  /** Every entry is one address: position p is the p-th distinct address, not a segment. */
  private final boolean single;
  private final int[] starts;
  private final int[] ends;
  private final int[] sizeRanks;

  private Ipv6Positions(long[] bounds, int segments, boolean single, int[] starts, int[] ends,
      int[] sizeRanks) {
    this.bounds = bounds;
    this.segments = segments;
    this.single = single;
    this.starts = starts;
    this.ends = ends;
    this.sizeRanks = sizeRanks;
  }

  /**
   * The positions of {@code entries}.
   *
   * @param withSizes whether to rank the entries by size (for the {@code longest} policy)
   */
  static Ipv6Positions of(Ipv6Entries entries, boolean withSizes) {
    int n = entries.size();
    long[] startKeys = entries.starts();
    boolean single = entries.singleAddressesOnly();
    long[] endKeys = entries.ends();
    // The points: every start (owner o), and the address after every end (owner n + o) but the last.
    long[] points = new long[2 * (single ? n : 2 * n)];
    int[] owners = new int[single ? n : 2 * n];
    System.arraycopy(startKeys, 0, points, 0, 2 * n);
    for (int o = 0; o < n; o++) {
      owners[o] = o;
    }
    int pointCount = n;
    for (int o = 0; o < n && !single; o++) {
      long hi = endKeys[2 * o];
      long lo = endKeys[2 * o + 1];
      if (hi == MAX_KEY_HALF && lo == MAX_KEY_HALF) {
        continue; // ends at the last address: no address after it
      }
      lo++;
      if (lo == Long.MIN_VALUE) { // the lo half wrapped: carry into hi
        hi++;
      }
      points[2 * pointCount] = hi;
      points[2 * pointCount + 1] = lo;
      owners[pointCount++] = n + o;
    }
    int[] order = KeyPairSort.sortedIndices(points, pointCount);
    long[] bounds = new long[2 * pointCount];
    int[] starts = new int[n];
    int[] ends = single ? starts : new int[n];
    if (!single) {
      java.util.Arrays.fill(ends, -1); // -1: ends at the last address; set below
    }
    int segments = 0;
    for (int k = 0; k < pointCount; k++) {
      int point = order[k];
      if (k == 0 || KeyPairSort.compare(points, point, order[k - 1]) != 0) {
        bounds[2 * segments] = points[2 * point];
        bounds[2 * segments + 1] = points[2 * point + 1];
        segments++;
      }
      int owner = owners[point];
      if (owner < n) {
        starts[owner] = segments - 1;
      } else {
        ends[owner - n] = segments - 2; // the segment before the one the next address opens
      }
    }
    for (int o = 0; o < n && !single; o++) {
      if (ends[o] == -1 && isTop(endKeys, o)) {
        ends[o] = segments - 1;
      }
    }
    int[] sizeRanks = withSizes && !single ? sizeRanks(startKeys, endKeys, n) : null;
    return new Ipv6Positions(bounds, segments, single, starts, ends, sizeRanks);
  }

  private static boolean isTop(long[] keys, int o) {
    return keys[2 * o] == MAX_KEY_HALF && keys[2 * o + 1] == MAX_KEY_HALF;
  }

  /** Dense ranks of the entries' sizes (end − start, unsigned 128 bits): equal sizes, equal ranks. */
  private static int[] sizeRanks(long[] startKeys, long[] endKeys, int n) {
    long[] sizes = new long[2 * n];
    for (int o = 0; o < n; o++) {
      // Key halves subtract like address halves (the flipped top bits cancel); a borrow from hi
      // when the lo half of the end is below that of the start.
      long lo = endKeys[2 * o + 1] - startKeys[2 * o + 1];
      long hi = endKeys[2 * o] - startKeys[2 * o]
          - (endKeys[2 * o + 1] < startKeys[2 * o + 1] ? 1 : 0);
      sizes[2 * o] = Ipv6Codec.toKey(hi); // flipped so that signed order is unsigned order
      sizes[2 * o + 1] = Ipv6Codec.toKey(lo);
    }
    int[] order = KeyPairSort.sortedIndices(sizes, n);
    int[] ranks = new int[n];
    int rank = 0;
    for (int k = 0; k < n; k++) {
      if (k > 0 && KeyPairSort.compare(sizes, order[k], order[k - 1]) != 0) {
        rank++;
      }
      ranks[order[k]] = rank;
    }
    return ranks;
  }

  /** Each entry's first position. */
  int[] starts() {
    return starts;
  }

  /** Each entry's last position (included); the starts array itself when every entry is one address. */
  int[] ends() {
    return ends;
  }

  /** Each entry's size rank, or null if not asked for or every entry is one address. */
  int[] sizeRanks() {
    return sizeRanks;
  }

  /** The first keys of the position intervals {@code [0, count)}, interleaved hi, lo. */
  long[] startKeys(int[] positionStarts, int count) {
    long[] keys = new long[2 * count];
    for (int i = 0; i < count; i++) {
      int p = positionStarts[i];
      keys[2 * i] = bounds[2 * p];
      keys[2 * i + 1] = bounds[2 * p + 1];
    }
    return keys;
  }

  /** The last keys (included) of the position intervals ending at {@code positionEnds[0, count)}. */
  long[] endKeys(int[] positionEnds, int count) {
    long[] keys = new long[2 * count];
    for (int i = 0; i < count; i++) {
      setEndKey(positionEnds[i], keys, 2 * i);
    }
    return keys;
  }

  /** The last key of segment p: the key before the next boundary, or the last address. */
  private void setEndKey(int p, long[] into, int at) {
    if (single) {
      into[at] = bounds[2 * p];
      into[at + 1] = bounds[2 * p + 1];
      return;
    }
    if (p + 1 == segments) {
      into[at] = MAX_KEY_HALF;
      into[at + 1] = MAX_KEY_HALF;
      return;
    }
    long hi = bounds[2 * (p + 1)];
    long lo = bounds[2 * (p + 1) + 1];
    if (lo == Long.MIN_VALUE) { // the lo half borrows from hi
      hi--;
    }
    into[at] = hi;
    into[at + 1] = lo - 1;
  }

  /** The addresses of positions {@code start … end} as text, for label conflict messages. */
  String rangeText(int start, int end) {
    long[] last = new long[2];
    setEndKey(end, last, 0);
    long startHi = bounds[2 * start];
    long startLo = bounds[2 * start + 1];
    String first = format(startHi, startLo);
    return startHi == last[0] && startLo == last[1] ? first : first + "-" + format(last[0], last[1]);
  }

  private static String format(long hiKey, long loKey) {
    return Ipv6Codec.format(Ipv6Codec.toAddress(hiKey), Ipv6Codec.toAddress(loKey));
  }
}
