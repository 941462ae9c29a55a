package org.ipjoin.index.lookup;

/**
 * The IPv4 lookup a loader returns, whatever the index's layout: {@link Ipv4IntervalIndex} (sorted
 * interval starts with a prefix directory, the default layout for every list) answers through it.
 * {@link #match} returns the number of the interval holding a key, or {@value #NO_MATCH}. Keys are
 * {@link org.ipjoin.ip.Ipv4Codec#toKey} values. A map task loads one layout, so the JIT sees one
 * implementation at each call site.
 */
public interface Ipv4Lookup {

  int NO_MATCH = -1;

  /** The interval holding {@code key}, or {@link #NO_MATCH}. */
  int match(int key);

  /**
   * Looks up {@code keys[0..count)} into {@code ids[0..count)}: {@code ids[i] == match(keys[i])}.
   * An implementation may interleave the probes so that their cache misses overlap.
   */
  default void matchAll(int[] keys, int count, int[] ids) {
    for (int i = 0; i < count; i++) {
      ids[i] = match(keys[i]);
    }
  }

  /**
   * Number of intervals (keys, for an exact-address list), numbered {@code 0 .. size() - 1}; with
   * implicit ends this includes the gaps, which {@link #listed} tells apart.
   */
  int size();

  /** The intervals the list gave, without the gaps of implicit ends: what counts report. */
  default int listedCount() {
    return size();
  }

  /**
   * False when {@code interval} is a gap between listed intervals (an index with implicit ends),
   * which {@link #match} never returns and whose label id is no label's.
   */
  default boolean listed(int interval) {
    return true;
  }

  /** The first address (key) of {@code interval}. */
  int start(int interval);

  /** The last address (key) of {@code interval} (its start, in an exact-address list). */
  int end(int interval);

  /** True when every interval is one address. */
  boolean exact();

  /** The label id of {@code interval}: 0 for none, else an id of {@link #labels()}. */
  int labelId(int interval);

  LabelDictionary labels();

  /** Heap held by the lookup structures (a mapping holds none). */
  long heapBytes();
}
