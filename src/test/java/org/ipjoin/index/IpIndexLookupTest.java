package org.ipjoin.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@link IpIndex#contains} against {@link Arrays#binarySearch} on
 * the same keys: random, clustered (a dense run inside a /16, which defeats interpolation and
 * exercises the binary-search fallback), full /16 buckets, bucket edges and the extreme keys.
 */
class IpIndexLookupTest {

  private static final int PREFIX_STEP = 1 << 16;

  @Test
  void emptyIndexContainsNothing() {
    IpIndex index = IpIndex.ofSortedUnique(new int[0]);
    for (int probe : new int[] {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE}) {
      assertFalse(index.contains(probe));
    }
  }

  @Test
  void extremeKeys() {
    int[] keys = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
    IpIndex index = IpIndex.ofSortedUnique(keys);
    assertAgrees(keys, index, edgeProbes(keys));
    IpIndex only = IpIndex.ofSortedUnique(new int[] {Integer.MAX_VALUE});
    assertTrue(only.contains(Integer.MAX_VALUE));
    assertFalse(only.contains(Integer.MIN_VALUE));
    assertFalse(only.contains(Integer.MAX_VALUE - 1));
    IpIndex first = IpIndex.ofSortedUnique(new int[] {Integer.MIN_VALUE});
    assertTrue(first.contains(Integer.MIN_VALUE));
    assertFalse(first.contains(Integer.MAX_VALUE));
  }

  @Test
  void randomKeysAgreeWithBinarySearch() {
    SplittableRandom random = new SplittableRandom(5);
    for (int size : new int[] {1, 2, 17, 1000, 65_536, 300_000, 2_000_000}) {
      int[] keys = uniqueSorted(random.ints(size).toArray());
      IpIndex index = IpIndex.ofSortedUnique(keys);
      int[] probes = IntStream.concat(
          IntStream.concat(random.ints(200_000), IntStream.of(edgeProbes(keys))),
          random.ints(100_000, 0, keys.length).map(i -> keys[i])).toArray();
      assertAgrees(keys, index, probes);
    }
  }

  @Test
  void clusteredKeysAgreeWithBinarySearch() {
    // Dense runs at the start, middle and end of a /16 plus a few strays: interpolation guesses far
    // off, so the bounded scan gives up and the binary-search fallback has to answer.
    SplittableRandom random = new SplittableRandom(7);
    int base = 0x0A01_0000 + Integer.MIN_VALUE; // 10.1.0.0
    IntStream.Builder b = IntStream.builder();
    for (int i = 0; i < 3000; i++) {
      b.add(base + i);                 // 10.1.0.0 ..
      b.add(base + 30_000 + 2 * i);    // a strided run in the middle
      b.add(base + 65_535 - i);        // .. 10.1.255.255
    }
    for (int i = 0; i < 50; i++) {
      b.add(base + random.nextInt(1 << 16));
      b.add(random.nextInt());
    }
    int[] keys = uniqueSorted(b.build().toArray());
    IpIndex index = IpIndex.ofSortedUnique(keys);
    int[] probes = IntStream.concat(IntStream.range(base - 5, base + 65_541),
        IntStream.concat(IntStream.of(edgeProbes(keys)), random.ints(50_000))).toArray();
    assertAgrees(keys, index, probes);
  }

  @Test
  void fullAndSparseBuckets() {
    // One completely full /16 (65,536 keys: the largest bucket), one with a single key at each
    // end, and keys at both ends of the whole key space.
    int full = 0xC0A8_0000 + Integer.MIN_VALUE; // 192.168.0.0/16
    int sparse = 0x0A00_0000 + Integer.MIN_VALUE;
    IntStream keys0 = IntStream.concat(IntStream.range(full, full + PREFIX_STEP),
        IntStream.of(sparse, sparse + 0xFFFF, Integer.MIN_VALUE, Integer.MAX_VALUE));
    int[] keys = uniqueSorted(keys0.toArray());
    IpIndex index = IpIndex.ofSortedUnique(keys);
    int[] probes = IntStream.concat(IntStream.range(full - 3, full + PREFIX_STEP + 3),
        IntStream.of(edgeProbes(keys))).toArray();
    assertAgrees(keys, index, probes);
  }

  @Test
  void everyKeyOfADenseIndexIsFound() {
    SplittableRandom random = new SplittableRandom(11);
    // ~50 % of a 2^22 key range: buckets of ~32k keys.
    int[] keys = uniqueSorted(random.ints(2_000_000, 0, 1 << 22).map(i -> i - (1 << 21)).toArray());
    IpIndex index = IpIndex.ofSortedUnique(keys);
    for (int key : keys) {
      assertTrue(index.contains(key));
    }
    assertAgrees(keys, index, IntStream.range(-(1 << 21) - 10, (1 << 21) + 10).toArray());
  }

  @Test
  void largeIndexUsesAFinerPrefixTable() {
    // 6 M keys: a 2^17-entry table (buckets of ~46 keys) instead of the /16 floor.
    SplittableRandom random = new SplittableRandom(13);
    int[] keys = uniqueSorted(random.ints(6_000_000).toArray());
    assertEquals(17, PrefixTable.bitsFor(keys.length));
    IpIndex index = IpIndex.ofSortedUnique(keys);
    assertEquals(4L * keys.length + 4L * ((1 << 17) + 1), index.heapBytes());
    assertEquals(index.heapBytes(), IpIndex.heapBytesFor(keys.length));
    assertEquals(4L * 26_043_928 + 4L * ((1 << 19) + 1), IpIndex.heapBytesFor(26_043_928));
    assertEquals(4L * ((1 << 16) + 1), IpIndex.heapBytesFor(0));
    assertTrue(index.heapBytes() <= 4.1 * keys.length);
    int[] probes = IntStream.concat(IntStream.concat(random.ints(300_000), IntStream.of(edgeProbes(keys))),
        random.ints(300_000, 0, keys.length).map(i -> keys[i])).toArray();
    assertAgrees(keys, index, probes);
  }

  @Test
  void prefixTableSizes() {
    assertEquals(16, PrefixTable.bitsFor(0));
    assertEquals(16, PrefixTable.bitsFor(2_612_345));
    assertEquals(19, PrefixTable.bitsFor(26_123_456));
    assertEquals(22, PrefixTable.bitsFor(Integer.MAX_VALUE));
    // At 26 M keys the whole index stays within 4.1 bytes per IP.
    long n = 26_123_456;
    assertTrue(4 * n + 4 * ((1L << PrefixTable.bitsFor(n)) + 1) <= 4.1 * n);
  }

  @Test
  void prefixTableBuiltPieceByPieceEqualsOneGo() {
    SplittableRandom random = new SplittableRandom(17);
    for (int size : new int[] {0, 1, 5, 70_000, 6_000_000}) {
      int[] keys = uniqueSorted(IntStream.concat(random.ints(size),
          IntStream.of(Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1)).toArray());
      PrefixTable one = new PrefixTable(keys.length);
      one.record(keys, 0, keys.length);
      int[] whole = one.finish(keys.length);
      PrefixTable pieces = new PrefixTable(keys.length);
      int filled = 0;
      while (filled < keys.length) {
        int next = Math.min(keys.length, filled + 1 + random.nextInt(100_000));
        pieces.record(keys, filled, next);
        filled = next;
      }
      assertArrayEquals(whole, pieces.finish(keys.length));
      // Every entry is the first key of its prefix.
      int shift = 32 - PrefixTable.bitsFor(keys.length);
      for (int p = 0; p + 1 < whole.length; p++) {
        int first = (p << shift) + Integer.MIN_VALUE;
        int expected = Arrays.binarySearch(keys, first);
        assertEquals(expected >= 0 ? expected : -expected - 1, whole[p], "prefix " + p);
      }
      assertEquals(keys.length, whole[whole.length - 1]);
    }
    // No keys at all.
    int[] empty = new PrefixTable(0).finish(0);
    assertTrue(Arrays.stream(empty).allMatch(v -> v == 0));
  }

  /** Each key, its neighbours, and the first/last key of each touched /16 and its neighbours. */
  private static int[] edgeProbes(int[] keys) {
    IntStream.Builder b = IntStream.builder();
    b.add(Integer.MIN_VALUE).add(Integer.MIN_VALUE + 1).add(Integer.MAX_VALUE).add(Integer.MAX_VALUE - 1)
        .add(0).add(-1).add(1);
    int limit = Math.min(keys.length, 20_000);
    for (int i = 0; i < limit; i++) {
      int k = keys[(int) ((long) i * keys.length / limit)];
      int prefixStart = k & 0xFFFF_0000;
      for (int d = -2; d <= 2; d++) {
        b.add(k + d).add(prefixStart + d).add(prefixStart + 0xFFFF + d);
      }
    }
    return b.build().toArray();
  }

  private static int[] uniqueSorted(int[] values) {
    return IntStream.of(values).sorted().distinct().toArray();
  }

  private static void assertAgrees(int[] keys, IpIndex index, int[] probes) {
    for (int i = 0; i < probes.length; i++) {
      int probe = probes[i];
      boolean expected = Arrays.binarySearch(keys, probe) >= 0;
      if (index.contains(probe) != expected) {
        throw new AssertionError("contains(" + probe + ") should be " + expected + " (size " + keys.length + ")");
      }
    }
  }
}
