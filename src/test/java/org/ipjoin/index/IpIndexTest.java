package org.ipjoin.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.ipjoin.ip.IpCodec;
import org.junit.jupiter.api.Test;

class IpIndexTest {

  private static void assertAgreesWithSet(IpIndex index, Set<Integer> set, int probe) {
    assertEquals(set.contains(probe), index.contains(probe), () -> "probe " + IpCodec.format(probe));
  }

  @Test
  void containsAgreesWithAHashSetOnRandomKeysAndProbes() {
    Random random = new Random(1234);
    int n = 200_000;
    int[] keys = new int[n];
    Set<Integer> set = new HashSet<>();
    for (int i = 0; i < n; i++) {
      keys[i] = random.nextInt();
      set.add(keys[i]);
    }
    IpIndex index = TestLookups.ofUnsorted(keys, n);
    assertEquals(set.size(), index.size());
    for (int k : keys) {
      assertTrue(index.contains(k), () -> "member " + IpCodec.format(k));
    }
    for (int i = 0; i < 500_000; i++) {
      assertAgreesWithSet(index, set, random.nextInt());
    }
  }

  /**
   * Keys at the first and last address of /16 prefixes, and their neighbours one address away in
   * the next/previous prefix: an off-by-one in the prefix table misses exactly these.
   */
  @Test
  void findsKeysAtPrefixBucketEdges() {
    Random random = new Random(99);
    Set<Integer> set = new HashSet<>();
    for (int i = 0; i < 2000; i++) {
      int prefix = random.nextInt(1 << 16);
      long first = (long) prefix << 16;
      set.add(IpCodec.toKey(first));          // a.b.0.0
      set.add(IpCodec.toKey(first | 0xFFFF)); // a.b.255.255
    }
    set.add(Integer.MIN_VALUE); // 0.0.0.0
    set.add(Integer.MAX_VALUE); // 255.255.255.255
    set.add(-1);                // 127.255.255.255
    set.add(0);                 // 128.0.0.0
    int[] keys = set.stream().mapToInt(Integer::intValue).toArray();
    IpIndex index = TestLookups.ofUnsorted(keys, keys.length);
    for (int k : set) {
      assertTrue(index.contains(k), () -> "member " + IpCodec.format(k));
      for (int delta : new int[] {-2, -1, 1, 2, 0x10000, -0x10000}) {
        assertAgreesWithSet(index, set, k + delta);
      }
    }
  }

  @Test
  void extremesAloneAndAbsent() {
    IpIndex extremes = TestLookups.ofUnsorted(new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE}, 2);
    assertTrue(extremes.contains(Integer.MIN_VALUE));
    assertTrue(extremes.contains(Integer.MAX_VALUE));
    assertFalse(extremes.contains(Integer.MIN_VALUE + 1));
    assertFalse(extremes.contains(Integer.MAX_VALUE - 1));
    assertFalse(extremes.contains(0));
    assertFalse(extremes.contains(-1));

    IpIndex middle = IpIndex.ofSortedUnique(new int[] {-1, 0});
    assertFalse(middle.contains(Integer.MIN_VALUE));
    assertFalse(middle.contains(Integer.MAX_VALUE));
    assertTrue(middle.contains(-1));
    assertTrue(middle.contains(0));
  }

  @Test
  void emptyIndexContainsNothing() {
    IpIndex empty = IpIndex.ofSortedUnique(new int[0]);
    assertEquals(0, empty.size());
    for (int probe : new int[] {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE}) {
      assertFalse(empty.contains(probe));
    }
    assertEquals(0, TestLookups.ofUnsorted(new int[] {1, 2}, 0).size());
  }

  @Test
  void ofUnsortedSortsAndDeduplicatesACopy() {
    int[] input = {5, -3, 5, Integer.MIN_VALUE, -3, 9, 1000};
    int[] before = input.clone();
    IpIndex index = TestLookups.ofUnsorted(input, 6); // 1000 is outside the range
    assertArrayEquals(new int[] {Integer.MIN_VALUE, -3, 5, 9}, TestLookups.keys(index));
    assertArrayEquals(before, input);
    assertEquals(4, index.size());
    assertEquals(-3, index.key(1));
    assertFalse(index.contains(1000));
    // Keys plus the 65,537-entry prefix table.
    assertEquals(4L * 4 + 4L * 65_537, index.heapBytes());
  }

}
