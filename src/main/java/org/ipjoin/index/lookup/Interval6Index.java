package org.ipjoin.index.lookup;

/**
 * The IPv6 lookup: disjoint intervals of 128-bit keys in address order, each with a label id of the
 * index's one {@link LabelDictionary} (shared with the IPv4 intervals). {@link #match} returns the
 * number of the interval holding a key, or {@link IntervalIndex#NO_MATCH}. A key is two key halves
 * ({@link org.ipjoin.ip.Ipv6Codec#toKey}): signed order of (hiKey, loKey), hi first, is address
 * order.
 *
 * <p>CONTRACT STUB: the search and its storage are being written; {@link #EMPTY} works.
 */
public final class Interval6Index {

  /** The IPv6 part of an index without IPv6 intervals. */
  public static final Interval6Index EMPTY = new Interval6Index();

  private Interval6Index() {}

  /** The interval holding the key {@code (hiKey, loKey)}, or {@link IntervalIndex#NO_MATCH}. */
  public int match(long hiKey, long loKey) {
    return IntervalIndex.NO_MATCH;
  }

  /** Number of intervals. */
  public int size() {
    return 0;
  }

  public long startHi(int interval) {
    throw new IndexOutOfBoundsException(interval);
  }

  public long startLo(int interval) {
    throw new IndexOutOfBoundsException(interval);
  }

  /** The last key of {@code interval} (its start, for a one-address interval), hi half. */
  public long endHi(int interval) {
    throw new IndexOutOfBoundsException(interval);
  }

  public long endLo(int interval) {
    throw new IndexOutOfBoundsException(interval);
  }

  /** True when every interval is one address. */
  public boolean exact() {
    return true;
  }

  /** The label id of {@code interval}: 0 for none, else an id of the index's dictionary. */
  public int labelId(int interval) {
    throw new IndexOutOfBoundsException(interval);
  }

  /** Heap held by the columns and the directory. */
  public long heapBytes() {
    return 0;
  }
}
