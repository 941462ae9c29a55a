package org.ipjoin.index.lookup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.Ipv4LookupDirectory;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.lookup.Intervals.Variant;
import org.ipjoin.testing.IndexHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link Ipv4Lookup#match} against {@link java.util.Arrays#binarySearch} on the same intervals,
 * for exact lists and ranges, with the columns on the heap and in a direct little-endian buffer (as
 * {@code mmap-direct} serves them): random lists, clustered ones (dense runs inside a /16, which
 * defeat interpolation and make the binary search past the 16-slot scan answer), full /16 buckets,
 * bucket edges and the extreme keys.
 */
class Ipv4IntervalIndexLookupTest {

  private static final int PREFIX_STEP = 1 << 16;

  @ParameterizedTest
  @EnumSource(Variant.class)
  void emptyIndexMatchesNothing(Variant v) {
    Intervals empty = Intervals.of(new int[0], v, 1);
    assertEquals(0, empty.index.size());
    for (int probe : new int[] {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE}) {
      assertEquals(Ipv4Lookup.NO_MATCH, empty.index.match(probe));
    }
  }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void extremeKeys(Variant v) {
    int[] keys = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
    Intervals all = Intervals.of(keys, v, 3);
    all.assertAgrees(edgeProbes(keys));
    Ipv4Lookup only = Intervals.of(new int[] {Integer.MAX_VALUE}, v, 3).index;
    assertEquals(0, only.match(Integer.MAX_VALUE));
    assertEquals(-1, only.match(Integer.MIN_VALUE));
    assertEquals(-1, only.match(Integer.MAX_VALUE - 1));
    Ipv4Lookup first = Intervals.of(new int[] {Integer.MIN_VALUE}, v, 3).index;
    assertEquals(0, first.match(Integer.MIN_VALUE));
    assertEquals(first.end(0) == Integer.MAX_VALUE ? 0 : -1, first.match(Integer.MAX_VALUE));
    assertEquals(v.ranges ? first.end(0) : Integer.MIN_VALUE, first.end(0));
  }

  /** One interval covering every address: any key matches, whichever bucket it falls in. */
  @Test
  void oneIntervalCoveringEverything() {
    for (boolean mapped : new boolean[] {false, true}) {
      Ipv4Lookup all = Intervals.index(new int[] {Integer.MIN_VALUE}, new int[] {Integer.MAX_VALUE},
          mapped);
      for (int probe : new int[] {Integer.MIN_VALUE, -1, 0, 1 << 20, Integer.MAX_VALUE}) {
        assertEquals(0, all.match(probe));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void randomKeysAgreeWithBinarySearch(Variant v) {
    SplittableRandom random = new SplittableRandom(5);
    for (int size : new int[] {1, 2, 17, 1000, 65_536, 300_000, 2_000_000}) {
      int[] keys = uniqueSorted(random.ints(size).toArray());
      Intervals list = Intervals.of(keys, v, size);
      int[] probes = IntStream.concat(
          IntStream.concat(random.ints(200_000), IntStream.of(edgeProbes(keys))),
          IntStream.concat(random.ints(100_000, 0, keys.length).map(i -> keys[i]),
              random.ints(50_000, 0, keys.length).map(i -> list.ends[i] + 1))).toArray();
      list.assertAgrees(probes);
    }
  }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void clusteredKeysForceTheBinarySearchFallback(Variant v) {
    // Dense runs at the start, middle and end of a /16 plus a few strays: interpolation guesses far
    // off, so the 16-slot scan gives up and the binary search past it has to answer.
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
    Intervals list = Intervals.of(keys, v, 7);
    // The guess for a key of the middle run lands in the first run, far more than 16 slots off.
    int from = Arrays.binarySearch(keys, base);
    int n = -Arrays.binarySearch(keys, base + PREFIX_STEP) - 1 - from;
    int key = base + 30_000; // index ~3000, guessed ~4100
    int guess = from + (int) (((long) (key - base) * n) >>> 16);
    assertTrue(Math.abs(guess - Arrays.binarySearch(keys, key)) > 16, "guess " + guess);
    int[] probes = IntStream.concat(IntStream.range(base - 5, base + 65_541),
        IntStream.concat(IntStream.of(edgeProbes(keys)), random.ints(50_000))).toArray();
    list.assertAgrees(probes);
  }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void fullAndSparseBuckets(Variant v) {
    // One completely full /16 (65,536 keys: the largest bucket), one with a single key at each
    // end, and keys at both ends of the whole key space.
    int full = 0xC0A8_0000 + Integer.MIN_VALUE; // 192.168.0.0/16
    int sparse = 0x0A00_0000 + Integer.MIN_VALUE;
    IntStream keys0 = IntStream.concat(IntStream.range(full, full + PREFIX_STEP),
        IntStream.of(sparse, sparse + 0xFFFF, Integer.MIN_VALUE, Integer.MAX_VALUE));
    int[] keys = uniqueSorted(keys0.toArray());
    Intervals list = Intervals.of(keys, v, 11);
    int[] probes = IntStream.concat(IntStream.range(full - 3, full + PREFIX_STEP + 3),
        IntStream.of(edgeProbes(keys))).toArray();
    list.assertAgrees(probes);
  }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void everyKeyOfADenseIndexIsFound(Variant v) {
    SplittableRandom random = new SplittableRandom(11);
    // ~50 % of a 2^22 key range: buckets of ~32k keys.
    int[] keys = uniqueSorted(random.ints(2_000_000, 0, 1 << 22).map(i -> i - (1 << 21)).toArray());
    Intervals list = Intervals.of(keys, v, 13);
    for (int i = 0; i < keys.length; i++) {
      if (list.index.match(keys[i]) != i) {
        assertEquals(i, list.index.match(keys[i]), "key " + keys[i]);
      }
    }
    list.assertAgrees(IntStream.range(-(1 << 21) - 10, (1 << 21) + 10).toArray());
  }

  @ParameterizedTest
  @EnumSource(Variant.class)
  void largeIndexUsesAFinerDirectory(Variant v) {
    // 6 M keys: a 2^17-entry directory (buckets of ~46 keys) instead of the /16 floor.
    SplittableRandom random = new SplittableRandom(13);
    int[] keys = uniqueSorted(random.ints(6_000_000).toArray());
    assertEquals(17, IndexByteMap.directoryBitsFor(keys.length));
    Intervals list = Intervals.of(keys, v, 17);
    long directory = 4L * ((1 << 17) + 1);
    long columns = (v.mapped ? 0 : 4L * keys.length) * (v.ranges ? 2 : 1);
    assertEquals(columns + directory + LabelDictionary.NONE.heapBytes(), list.index.heapBytes());
    if (!v.ranges) {
      ReadPath path = v.mapped ? ReadPath.MMAP_DIRECT : ReadPath.NIO;
      assertEquals(columns + directory + LabelDictionary.NONE.heapBytes(),
          path.taskHeapBytes(IndexHeaders.exact(keys.length)));
      assertTrue(list.index.heapBytes() <= 4.1 * keys.length);
    }
    int[] probes = IntStream.concat(IntStream.concat(random.ints(300_000), IntStream.of(edgeProbes(keys))),
        random.ints(300_000, 0, keys.length).map(i -> keys[i])).toArray();
    list.assertAgrees(probes);
  }

  /** At the bench's 26 M keys an exact index stays within 4.1 bytes per key, from its sizes. */
  @Test
  void heapBytesPerKeyAtTheBenchScale() {
    for (long n : new long[] {26_043_928, 26_123_456}) {
      assertEquals(19, IndexByteMap.directoryBitsFor(n));
      long bytes = 4 * n + 4 * IndexByteMap.directoryEntries(IndexByteMap.directoryBitsFor(n));
      assertTrue(bytes <= 4.1 * n, bytes + " bytes for " + n + " keys");
      long none = LabelDictionary.NONE.heapBytes();
      assertEquals(bytes + none, ReadPath.NIO.taskHeapBytes(IndexHeaders.exact(n)));
      assertEquals(bytes - 4 * n + none, ReadPath.MMAP_DIRECT.taskHeapBytes(IndexHeaders.exact(n)));
    }
    assertEquals(4L * ((1 << 4) + 1) + LabelDictionary.NONE.heapBytes(),
        ReadPath.NIO.taskHeapBytes(IndexHeaders.exact(0)));
  }

  @Test
  void directoryBuiltPieceByPieceEqualsOneGoAndItsDefinition() {
    SplittableRandom random = new SplittableRandom(17);
    for (int size : new int[] {0, 1, 5, 70_000, 6_000_000}) {
      int[] keys = uniqueSorted(IntStream.concat(random.ints(size),
          IntStream.of(Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1)).toArray());
      int[] whole = Ipv4LookupDirectory.of(keys, keys.length);
      // Pieces copied out to a buffer of their own, as a decoder holds one piece at a time.
      Ipv4LookupDirectory pieces = Ipv4LookupDirectory.forIntervals(keys.length);
      int filled = 0;
      while (filled < keys.length) {
        int next = Math.min(keys.length, filled + 1 + random.nextInt(100_000));
        int[] piece = new int[next - filled + 3];
        System.arraycopy(keys, filled, piece, 3, next - filled);
        pieces.record(piece, 3, piece.length, filled);
        filled = next;
      }
      assertArrayEquals(whole, pieces.finish(keys.length));
      int bits = IndexByteMap.directoryBitsFor(keys.length);
      assertEquals(IndexByteMap.directoryEntries(bits), whole.length);
      // Every entry is the index of the first key of its prefix.
      int shift = 32 - bits;
      for (int p = 0; p + 1 < whole.length; p++) {
        int first = (int) (((long) p << shift) + Integer.MIN_VALUE);
        int expected = Arrays.binarySearch(keys, first);
        if ((expected >= 0 ? expected : -expected - 1) != whole[p]) {
          assertEquals(expected >= 0 ? expected : -expected - 1, whole[p], "prefix " + p);
        }
      }
      assertEquals(keys.length, whole[whole.length - 1]);
    }
    int[] empty = Ipv4LookupDirectory.of(new int[0], 0);
    assertEquals((1 << 4) + 1, empty.length);
    assertTrue(Arrays.stream(empty).allMatch(x -> x == 0));
  }

  /** Each key, its neighbours, and the first/last key of each touched /16 and its neighbours. */
  static int[] edgeProbes(int[] keys) {
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

  static int[] uniqueSorted(int[] values) {
    return IntStream.of(values).sorted().distinct().toArray();
  }
}
