package org.ipjoin.index.lookup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.ipjoin.index.TestLookups;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.Ipv4LookupDirectory;
import org.ipjoin.index.lookup.Intervals.Variant;
import org.ipjoin.ip.Ipv4Codec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link Ipv4Lookup} against a {@link HashSet} of addresses (exact lists) and a linear scan of
 * the intervals (ranges), heap and mapped columns alike; and the accessors the job and the tools use.
 */
class Ipv4IntervalIndexTest {

  private static boolean matches(Ipv4Lookup index, int key) {
    return index.match(key) != Ipv4Lookup.NO_MATCH;
  }

  private static void assertAgreesWithSet(Ipv4Lookup index, Set<Integer> set, int probe) {
    assertEquals(set.contains(probe), matches(index, probe), () -> "probe " + Ipv4Codec.format(probe));
  }

  @ParameterizedTest
  @EnumSource(value = Variant.class, names = {"EXACT_HEAP", "EXACT_MAPPED"})
  void matchAgreesWithAHashSetOnRandomKeysAndProbes(Variant v) {
    Random random = new Random(1234);
    int n = 200_000;
    int[] keys = new int[n];
    Set<Integer> set = new HashSet<>();
    for (int i = 0; i < n; i++) {
      keys[i] = random.nextInt();
      set.add(keys[i]);
    }
    Ipv4Lookup index = Intervals.of(TestLookups.keys(TestLookups.ofUnsorted(keys, n)), v, 1).index;
    assertEquals(set.size(), index.size());
    for (int k : keys) {
      assertEquals(k, index.start(index.match(k)), () -> "member " + Ipv4Codec.format(k));
    }
    for (int i = 0; i < 500_000; i++) {
      assertAgreesWithSet(index, set, random.nextInt());
    }
  }

  /**
   * Keys at the first and last address of /16 prefixes, and their neighbours one address away in
   * the next/previous prefix: an off-by-one in the lookup directory misses exactly these.
   */
  @ParameterizedTest
  @EnumSource(value = Variant.class, names = {"EXACT_HEAP", "EXACT_MAPPED"})
  void findsKeysAtPrefixBucketEdges(Variant v) {
    Random random = new Random(99);
    Set<Integer> set = new HashSet<>();
    for (int i = 0; i < 2000; i++) {
      int prefix = random.nextInt(1 << 16);
      long first = (long) prefix << 16;
      set.add(Ipv4Codec.toKey(first));          // a.b.0.0
      set.add(Ipv4Codec.toKey(first | 0xFFFF)); // a.b.255.255
    }
    set.add(Integer.MIN_VALUE); // 0.0.0.0
    set.add(Integer.MAX_VALUE); // 255.255.255.255
    set.add(-1);                // 127.255.255.255
    set.add(0);                 // 128.0.0.0
    int[] keys = set.stream().mapToInt(Integer::intValue).sorted().toArray();
    Ipv4Lookup index = Intervals.of(keys, v, 2).index;
    for (int k : set) {
      assertTrue(matches(index, k), () -> "member " + Ipv4Codec.format(k));
      for (int delta : new int[] {-2, -1, 1, 2, 0x10000, -0x10000}) {
        assertAgreesWithSet(index, set, k + delta);
      }
    }
  }

  /**
   * Ranges that span bucket edges and whole buckets: a key in a bucket with no start of its own
   * matches the interval that began in an earlier bucket. Checked against a linear scan.
   */
  @ParameterizedTest
  @EnumSource(value = Variant.class, names = {"RANGES_HEAP", "RANGES_MAPPED"})
  void rangesSpanningBucketsAgreeWithALinearScan(Variant v) {
    int[] starts = {Ipv4Codec.parseKey("0.0.0.0"), Ipv4Codec.parseKey("10.0.255.250"),
        Ipv4Codec.parseKey("10.3.0.0"), Ipv4Codec.parseKey("10.3.0.2"), Ipv4Codec.parseKey("127.255.255.255"),
        Ipv4Codec.parseKey("200.0.0.0")};
    int[] ends = {Ipv4Codec.parseKey("0.0.0.0"), Ipv4Codec.parseKey("10.2.0.5"),
        Ipv4Codec.parseKey("10.3.0.1"), Ipv4Codec.parseKey("10.3.0.2"), Ipv4Codec.parseKey("128.0.0.0"),
        Ipv4Codec.parseKey("255.255.255.255")};
    Ipv4Lookup index = Intervals.index(starts, ends, v.mapped);
    Random random = new Random(3);
    int[] probes = new int[200_000];
    for (int i = 0; i < probes.length; i++) {
      int around = i % 2 == 0 ? starts[random.nextInt(6)] : ends[random.nextInt(6)];
      probes[i] = i % 5 == 0 ? random.nextInt() : around + random.nextInt(1 << 17) - (1 << 16);
    }
    for (int key : probes) {
      int expected = Ipv4Lookup.NO_MATCH;
      for (int i = 0; i < starts.length; i++) {
        if (starts[i] <= key && key <= ends[i]) {
          expected = i;
        }
      }
      assertEquals(expected, index.match(key), () -> "key " + Ipv4Codec.format(key));
    }
    assertEquals(1, index.match(Ipv4Codec.parseKey("10.1.128.0")), "a bucket without a start");
    assertEquals(4, index.match(Ipv4Codec.parseKey("128.0.0.0")));
    assertEquals(-1, index.match(Ipv4Codec.parseKey("128.0.0.1")));
  }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void extremesAloneAndAbsent(Variant v) {
    Ipv4Lookup extremes = Intervals.index(new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE},
        v.ranges ? new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE} : null, v.mapped);
    assertEquals(0, extremes.match(Integer.MIN_VALUE));
    assertEquals(1, extremes.match(Integer.MAX_VALUE));
    assertFalse(matches(extremes, Integer.MIN_VALUE + 1));
    assertFalse(matches(extremes, Integer.MAX_VALUE - 1));
    assertFalse(matches(extremes, 0));
    assertFalse(matches(extremes, -1));

    Ipv4Lookup middle = Intervals.index(new int[] {-1, 0}, v.ranges ? new int[] {-1, 0} : null,
        v.mapped);
    assertFalse(matches(middle, Integer.MIN_VALUE));
    assertFalse(matches(middle, Integer.MAX_VALUE));
    assertEquals(0, middle.match(-1));
    assertEquals(1, middle.match(0));
  }

  @Test
  void ofUnsortedSortsAndDeduplicatesACopy() {
    int[] input = {5, -3, 5, Integer.MIN_VALUE, -3, 9, 1000};
    int[] before = input.clone();
    Ipv4Lookup index = TestLookups.ofUnsorted(input, 6); // 1000 is outside the range
    assertArrayEquals(new int[] {Integer.MIN_VALUE, -3, 5, 9}, TestLookups.keys(index));
    assertArrayEquals(before, input);
    assertEquals(4, index.size());
    assertEquals(-3, index.start(1));
    assertEquals(-3, index.end(1), "an exact list's interval ends at its start");
    assertTrue(index.exact());
    assertEquals(0, index.labelId(1));
    assertFalse(matches(index, 1000));
    // Keys, the 17-entry directory (/4, the smallest), and the (empty) dictionary.
    assertEquals(4L * 4 + 4L * 17 + LabelDictionary.NONE.heapBytes(), index.heapBytes());
    assertEquals(0, TestLookups.ofUnsorted(new int[] {1, 2}, 0).size());
  }

  @ParameterizedTest
  @EnumSource(value = Variant.class, names = {"RANGES_HEAP", "RANGES_MAPPED"})
  void labelsAreReadThroughTheirIds(Variant v) {
    int[] starts = {10, 20, 30};
    int[] ends = {15, 20, 40};
    byte[] bytes = "torvpnné".getBytes(StandardCharsets.UTF_8);
    LabelDictionary labels = new LabelDictionary(bytes, new int[] {0, 3, 6, 9});
    Ipv4Lookup index = new Ipv4IntervalIndex(Intervals.column(starts, v.mapped),
        Intervals.column(ends, v.mapped), Intervals.column(new int[] {2, 0, 3}, v.mapped), labels,
        Ipv4LookupDirectory.of(starts, 3), IndexByteMap.directoryBitsFor(3));
    assertFalse(index.exact());
    assertEquals(3, index.labels().count());
    assertEquals(0, index.match(12));
    assertEquals("vpn", index.labels().label(index.labelId(index.match(12))));
    assertEquals(0, index.labelId(index.match(20)));
    assertEquals("né", index.labels().label(index.labelId(index.match(40))));
    assertEquals(-1, index.match(16));
    assertEquals(15, index.end(0));
    long columns = v.mapped ? 0 : 3 * 4L * 3;
    assertEquals(columns + 4L * 17 + bytes.length + 4L * 4, index.heapBytes());
  }
}
