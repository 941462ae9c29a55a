package org.ipjoin.index;

import java.util.Arrays;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.Ipv4LookupDirectory;
import org.ipjoin.index.lookup.IntColumn;
import org.ipjoin.index.lookup.Ipv4IntervalIndex;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.LabelDictionary;

/** Test helpers for lookups: what production code never needs. */
public final class TestLookups {

  private TestLookups() {}

  /** The interval starts a lookup holds (its keys, for an exact-address list), in order. */
  public static int[] keys(Ipv4Lookup index) {
    int[] keys = new int[index.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = index.start(i);
    }
    return keys;
  }

  /**
   * An exact-address lookup of {@code keys[0, count)} in any order, duplicates allowed (a sorted,
   * de-duplicated copy; the argument is not changed).
   */
  public static Ipv4Lookup ofUnsorted(int[] keys, int count) {
    int[] sorted = Arrays.stream(keys, 0, count).sorted().distinct().toArray();
    return new Ipv4IntervalIndex(IntColumn.of(sorted), null, null, LabelDictionary.NONE,
        Ipv4LookupDirectory.of(sorted, sorted.length), IndexByteMap.directoryBitsFor(sorted.length));
  }
}
