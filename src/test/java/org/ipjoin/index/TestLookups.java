package org.ipjoin.index;

import java.util.Arrays;

/** Test helpers for lookups: what production code never needs. */
public final class TestLookups {

  private TestLookups() {}

  /** The keys a lookup holds, in order, read through its public {@code key(i)}. */
  public static int[] keys(IpLookup lookup) {
    int[] keys = new int[lookup.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = lookup.key(i);
    }
    return keys;
  }

  /** An index of {@code keys[0, count)} in any order, duplicates allowed (sorted, de-duplicated copy). */
  public static IpIndex ofUnsorted(int[] keys, int count) {
    return IpIndex.ofSortedUnique(Arrays.stream(keys, 0, count).sorted().distinct().toArray());
  }
}
