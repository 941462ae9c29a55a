package org.ipjoin.index.lookup;

import java.util.Arrays;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.Ipv6LookupDirectory;

/**
 * The IPv6 lookup: disjoint intervals of 128-bit keys in address order, each with a label id of the
 * index's one {@link LabelDictionary} (shared with the IPv4 intervals). {@link #match} returns the
 * number of the interval holding a key, or {@link Ipv4IntervalIndex#NO_MATCH}. A key is two key halves
 * ({@link org.ipjoin.ip.Ipv6Codec#toKey}): signed order of (hiKey, loKey), hi first, is address
 * order.
 *
 * <p>Storage: the starts (and ends, for ranges) are one {@link LongColumn} each, two halves per
 * interval side by side (hi at {@code 2i}, lo at {@code 2i + 1}), so a comparison reads one cache
 * line; on the heap or in a mapping, as {@link Ipv4IntervalIndex}'s {@link IntColumn}s. Exact
 * one-address intervals have no ends column.
 *
 * <h2>Search</h2>
 * As {@link Ipv4IntervalIndex}, with 128-bit keys: the directory ({@link Ipv6LookupDirectory}) picks the
 * bucket of the key's hi-key bits that follow the prefix every start shares
 * ({@link IndexByteMap#v6SkipBits}); a key outside that prefix is before every start or after every
 * start. Inside the bucket one interpolation step on the next 32 hi-key bits (after those all the
 * bucket's starts share, so that a cluster of starts fills its bucket) guesses the position,
 * a short linear scan (at most {@value #SCAN} slots, then a binary search) finds the predecessor,
 * and the key matches when it is that start (exact) or at most that interval's end (ranges). Most
 * comparisons are decided by the hi halves alone.
 */
public final class Ipv6IntervalIndex {

  /** The IPv6 part of an index without IPv6 intervals. */
  public static final Ipv6IntervalIndex EMPTY = new Ipv6IntervalIndex(LongColumn.of(new long[0]), null,
      null, new int[] {0, 0}, 1);

  /** Slots scanned linearly from the interpolation guess before a binary search takes over. */
  static final int SCAN = 16;

  private final LongColumn starts;
  /** Null when every interval is one address. */
  private final LongColumn ends;
  /** Null when the list has no labels. */
  private final IntColumn labelIds;
  private final int[] bucketStart;
  /**
   * Per bucket, the hi-address bits after the bucket's own that all its starts share: the
   * interpolation step skips them too. Derived from the starts when the lookup is made.
   */
  private final byte[] bucketSkip;
  private final int size;
  private final int directoryBits;
  /** Leading address bits every start shares, which the directory skips. */
  private final int skip;
  /** Those bits, as a mask, and their value. */
  private final long prefixMask;
  private final long prefix;
  private final long firstHi;

  /**
   * @param starts interval starts as key halves, hi then lo, two per interval, strictly increasing
   * @param ends interval ends (inclusive), laid out as the starts, each at least its start and
   *     before the next start; or null when every interval is one address
   * @param labelIds each interval's label id (0 = no label), or null when there are no labels
   * @param directory the directory {@link Ipv6LookupDirectory#of} gives for {@code starts}:
   *     {@code 2^directoryBits + 1} entries
   * @param directoryBits its bits: {@link IndexByteMap#directoryBitsFor} the interval count, or any
   *     other size a file stores (4 .. 22)
   */
  public Ipv6IntervalIndex(LongColumn starts, LongColumn ends, IntColumn labelIds, int[] directory,
      int directoryBits) {
    this.starts = starts;
    this.ends = ends;
    this.labelIds = labelIds;
    this.bucketStart = directory;
    this.size = starts.size() / 2;
    this.directoryBits = directoryBits;
    this.firstHi = size == 0 ? 0 : starts.get(0);
    this.skip = size == 0 ? 0
        : IndexByteMap.v6SkipBits(firstHi, starts.get(2 * size - 2), directoryBits);
    this.prefixMask = skip == 0 ? 0 : -1L << (64 - skip);
    this.prefix = (firstHi ^ Long.MIN_VALUE) & prefixMask;
    this.bucketSkip = size == 0 ? new byte[0] : bucketSkips(starts, directory, skip, directoryBits);
  }

  /**
   * For each non-empty bucket, the leading bits that its first and last start share after the
   * bucket's bits (hi halves; at most the bits left). Lists cluster: 512 allocations of /32 in
   * 2000::/3 put each /32 alone in its bucket with 13 bits in common, and interpolating on those
   * would put every guess in the same place (JMH {@code Range6LookupBenchmark}, clustered: 821 ns
   * per lookup without, 267 ns with).
   */
  private static byte[] bucketSkips(LongColumn starts, int[] directory, int skip, int bits) {
    byte[] skips = new byte[directory.length - 1];
    int left = 64 - skip - bits;
    for (int b = 0; b < skips.length; b++) {
      int from = directory[b];
      int to = directory[b + 1];
      if (to - from > 1) {
        long differ = (starts.get(2 * from) ^ starts.get(2 * (to - 1))) << skip << bits;
        skips[b] = (byte) Math.min(Long.numberOfLeadingZeros(differ), left);
      }
    }
    return skips;
  }

  /**
   * A lookup on the heap over {@code count} intervals given as arrays of key halves (as
   * {@link org.ipjoin.index.format.IndexContent.V6} holds them), with its directory computed.
   *
   * @param ends null when every interval is one address
   * @param labelIds null without labels
   */
  public static Ipv6IntervalIndex of(long[] starts, long[] ends, int[] labelIds, int count) {
    if (count == 0) {
      return EMPTY;
    }
    long[] s = Arrays.copyOf(starts, 2 * count);
    return new Ipv6IntervalIndex(LongColumn.of(s), ends == null ? null : LongColumn.of(Arrays.copyOf(ends, 2 * count)),
        labelIds == null ? null : IntColumn.of(Arrays.copyOf(labelIds, count)),
        Ipv6LookupDirectory.of(s, count), IndexByteMap.directoryBitsFor(count));
  }

  /** The interval holding the key {@code (hiKey, loKey)}, or {@link Ipv4IntervalIndex#NO_MATCH}. */
  public int match(long hiKey, long loKey) {
    if (size == 0) {
      return Ipv4IntervalIndex.NO_MATCH;
    }
    long address = hiKey ^ Long.MIN_VALUE;
    int p;
    int from = 0;
    if ((address & prefixMask) != prefix) {
      // Outside the prefix every start shares: before the first start, or after the last one.
      if (hiKey < firstHi || ends == null) {
        return Ipv4IntervalIndex.NO_MATCH;
      }
      p = size - 1;
    } else {
      long rest = address << skip;
      int bucket = (int) (rest >>> (64 - directoryBits));
      from = bucketStart[bucket];
      int n = bucketStart[bucket + 1] - from;
      if (n == 0) {
        if (ends == null) {
          return Ipv4IntervalIndex.NO_MATCH;
        }
        p = from - 1;
      } else {
        // The next 32 address bits the bucket's starts do not all share, as a fraction of the
        // bucket: < 2^32 times n < 2^31 fits.
        long fraction = (rest << directoryBits << bucketSkip[bucket]) >>> 32;
        int guess = from + (int) ((fraction * n) >>> 32);
        p = predecessor(from, from + n, guess, hiKey, loKey);
      }
    }
    if (ends == null) {
      return p >= from && starts.get(2 * p) == hiKey && starts.get(2 * p + 1) == loKey
          ? p : Ipv4IntervalIndex.NO_MATCH;
    }
    if (p < 0) {
      return Ipv4IntervalIndex.NO_MATCH;
    }
    long endHi = ends.get(2 * p);
    return endHi > hiKey || (endHi == hiKey && ends.get(2 * p + 1) >= loKey)
        ? p : Ipv4IntervalIndex.NO_MATCH;
  }

  /** True when start {@code i} is at most the key. */
  private boolean startAtMost(int i, long hiKey, long loKey) {
    long h = starts.get(2 * i);
    return h < hiKey || (h == hiKey && starts.get(2 * i + 1) <= loKey);
  }

  /** The last index in {@code [from, to)} whose start is at most the key, or {@code from - 1}. */
  private int predecessor(int from, int to, int guess, long hiKey, long loKey) {
    if (startAtMost(guess, hiKey, loKey)) {
      int stop = Math.min(to, guess + 1 + SCAN);
      for (int i = guess + 1; i < stop; i++) {
        if (!startAtMost(i, hiKey, loKey)) {
          return i - 1;
        }
      }
      return stop == to ? to - 1 : lastAtMost(stop, to, hiKey, loKey);
    }
    int stop = Math.max(from, guess - SCAN);
    for (int i = guess - 1; i >= stop; i--) {
      if (startAtMost(i, hiKey, loKey)) {
        return i;
      }
    }
    return stop == from ? from - 1 : lastAtMost(from, stop, hiKey, loKey);
  }

  /** Binary search: the last index in {@code [from, to)} with start at most the key, or from - 1. */
  private int lastAtMost(int from, int to, long hiKey, long loKey) {
    int lo = from;
    int hi = to - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (startAtMost(mid, hiKey, loKey)) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return hi;
  }

  /** Number of intervals. */
  public int size() {
    return size;
  }

  public long startHi(int interval) {
    return starts.get(2 * checked(interval));
  }

  public long startLo(int interval) {
    return starts.get(2 * checked(interval) + 1);
  }

  /** The last key of {@code interval} (its start, for a one-address interval), hi half. */
  public long endHi(int interval) {
    return (ends == null ? starts : ends).get(2 * checked(interval));
  }

  public long endLo(int interval) {
    return (ends == null ? starts : ends).get(2 * checked(interval) + 1);
  }

  /** True when every interval is one address. */
  public boolean exact() {
    return ends == null;
  }

  /** The label id of {@code interval}: 0 for none, else an id of the index's dictionary. */
  public int labelId(int interval) {
    checked(interval);
    return labelIds == null ? 0 : labelIds.get(interval);
  }

  /** Heap held by the columns and the directory. */
  public long heapBytes() {
    return size == 0 ? 0 : starts.heapBytes() + (ends == null ? 0 : ends.heapBytes())
        + (labelIds == null ? 0 : labelIds.heapBytes()) + 4L * bucketStart.length
        + bucketSkip.length;
  }

  private int checked(int interval) {
    if (interval < 0 || interval >= size) {
      throw new IndexOutOfBoundsException(interval);
    }
    return interval;
  }
}
