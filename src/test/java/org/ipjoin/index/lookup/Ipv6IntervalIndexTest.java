package org.ipjoin.index.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import org.ipjoin.index.V6Intervals;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.Ipv6LookupDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Ipv6IntervalIndex} over heap and mapped columns, exact and ranges, against a linear scan
 * ({@link V6Intervals}): random clustered lists, and the shapes where the search takes its special
 * paths (no intervals, one, every start in one /64 so the directory skips all it can, keys
 * outside the prefix every start shares, buckets larger than the linear scan).
 */
class Ipv6IntervalIndexTest {

  static LongColumn column(long[] values, boolean mapped) {
    if (!mapped) {
      return LongColumn.of(values);
    }
    ByteBuffer bytes = ByteBuffer.allocateDirect(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
    bytes.asLongBuffer().put(values);
    return LongColumn.of(bytes.asLongBuffer());
  }

  static Ipv6IntervalIndex index(V6Intervals v, boolean mapped) {
    long[] starts = v.content.starts();
    long[] ends = v.content.ends();
    int[] ids = v.content.labelIds();
    IntColumn labelIds = ids == null ? null : IntColumn.of(ids);
    return new Ipv6IntervalIndex(column(starts, mapped), ends == null ? null : column(ends, mapped),
        labelIds, Ipv6LookupDirectory.of(starts, v.count), IndexByteMap.directoryBitsFor(v.count));
  }

  private static void assertAgrees(V6Intervals v, long seed) {
    long[] probes = v.probes(new SplittableRandom(seed), 5000);
    int[] expected = v.expected(probes);
    for (boolean mapped : new boolean[] {false, true}) {
      assertNull(v.disagreement(index(v, mapped), probes, expected), "mapped=" + mapped);
    }
    if (v.count > 0) {
      assertNull(v.disagreement(Ipv6IntervalIndex.of(v.content.starts(), v.content.ends(),
          v.content.labelIds(), v.count), probes, expected), "of");
    }
  }

  @ParameterizedTest
  @CsvSource({"1, 0, false", "2, 1, false", "3, 1, true", "4, 2, true", "5, 3000, false",
      "6, 3000, true", "7, 60000, true", "8, 60000, false"})
  void randomClusteredListsAnswerLikeALinearScan(long seed, int n, boolean ranges) {
    V6Intervals v = V6Intervals.random(new SplittableRandom(seed), n, ranges, true, 9);
    assertAgrees(v, seed);
  }

  /** Halves as text, for readable fixtures: "hi:lo" in hex, unsigned. */
  private static long[] address(String hi, String lo) {
    return new long[] {Long.parseUnsignedLong(hi, 16), Long.parseUnsignedLong(lo, 16)};
  }

  /**
   * Every start in 2001:db8::/64, the first at lo = 0 and the last at lo = all ones: the directory
   * skips 48 bits (all it can) and interpolates on nothing; keys in other /64s are outside the
   * prefix the starts share.
   */
  @Test
  void everyStartInOneSlash64() {
    SplittableRandom random = new SplittableRandom(3);
    long hiKey = V6Intervals.key(0x2001_0db8_0000_0000L);
    long[] loKeys = random.longs(5000).toArray();
    loKeys[0] = Long.MIN_VALUE; // lo = 0
    loKeys[1] = Long.MAX_VALUE; // lo = all ones
    loKeys = java.util.Arrays.stream(loKeys).sorted().distinct().toArray();
    int n = loKeys.length;
    long[] starts = new long[2 * n];
    long[] ends = new long[2 * n];
    for (int i = 0; i < n; i++) {
      starts[2 * i] = hiKey;
      starts[2 * i + 1] = loKeys[i];
      long room = i + 1 < n ? loKeys[i + 1] - loKeys[i] - 1 : 0; // negative if it overflowed
      ends[2 * i] = hiKey;
      ends[2 * i + 1] = loKeys[i] + (room <= 0 ? 0 : random.nextLong(Math.min(room, 1000) + 1));
    }
    for (boolean mapped : new boolean[] {false, true}) {
      Ipv6IntervalIndex index = new Ipv6IntervalIndex(column(starts, mapped), column(ends, mapped), null,
          Ipv6LookupDirectory.of(starts, n), IndexByteMap.directoryBitsFor(n));
      for (int i = 0; i < n; i++) {
        assertEquals(i, index.match(starts[2 * i], starts[2 * i + 1]));
        assertEquals(i, index.match(ends[2 * i], ends[2 * i + 1]));
        if (i + 1 < n && ends[2 * i + 1] + 1 != starts[2 * i + 3]) {
          assertEquals(Ipv4Lookup.NO_MATCH, index.match(hiKey, ends[2 * i + 1] + 1));
        }
      }
      // The /64s around: the last address of the one before, the first of the one after.
      assertEquals(Ipv4Lookup.NO_MATCH, index.match(hiKey - 1, Long.MAX_VALUE));
      assertEquals(Ipv4Lookup.NO_MATCH, index.match(hiKey + 1, Long.MIN_VALUE));
      assertEquals(Ipv4Lookup.NO_MATCH, index.match(Long.MAX_VALUE, Long.MAX_VALUE));
      assertEquals(Ipv4Lookup.NO_MATCH, index.match(Long.MIN_VALUE, Long.MIN_VALUE));
    }
  }

  /** One range reaching across a hi boundary, from lo = all ones to lo = 0 of the next hi. */
  @Test
  void aRangeAcrossAHiBoundary() {
    long[] s = address("20010db800000000", "ffffffffffffffff");
    long[] e = address("20010db800000001", "0000000000000000");
    long[] starts = {V6Intervals.key(s[0]), V6Intervals.key(s[1])};
    long[] ends = {V6Intervals.key(e[0]), V6Intervals.key(e[1])};
    Ipv6IntervalIndex index = Ipv6IntervalIndex.of(starts, ends, new int[] {4}, 1);
    assertEquals(0, index.match(starts[0], starts[1]));
    assertEquals(0, index.match(ends[0], ends[1]));
    assertEquals(4, index.labelId(0));
    assertEquals(Ipv4Lookup.NO_MATCH, index.match(starts[0], starts[1] - 1));
    assertEquals(Ipv4Lookup.NO_MATCH, index.match(ends[0], ends[1] + 1));
    assertEquals(Ipv4Lookup.NO_MATCH, index.match(ends[0] + 1, ends[1]));
    assertTrue(!index.exact());
  }

  /**
   * Starts in 2001:db8::/32, the last range reaching the last address: keys after the starts'
   * shared prefix (fe80::, the last address) are in it, keys before it (::1) in none.
   */
  @Test
  void aRangeToTheLastAddressMatchesKeysOutsideTheSharedPrefix() {
    long[] starts = new long[6];
    long[] ends = new long[6];
    long[][] fixture = {
        address("20010db800000000", "0"), address("20010db800000000", "ff"),
        address("20010db800010000", "0"), address("20010db800010000", "0"),
        address("20010db8ffff0000", "0"), address("ffffffffffffffff", "ffffffffffffffff")};
    for (int i = 0; i < 3; i++) {
      starts[2 * i] = V6Intervals.key(fixture[2 * i][0]);
      starts[2 * i + 1] = V6Intervals.key(fixture[2 * i][1]);
      ends[2 * i] = V6Intervals.key(fixture[2 * i + 1][0]);
      ends[2 * i + 1] = V6Intervals.key(fixture[2 * i + 1][1]);
    }
    Ipv6IntervalIndex index = Ipv6IntervalIndex.of(starts, ends, null, 3);
    assertEquals(2, index.match(Long.MAX_VALUE, Long.MAX_VALUE));
    assertEquals(2, index.match(V6Intervals.key(0xfe80_0000_0000_0000L), Long.MIN_VALUE));
    assertEquals(Ipv4Lookup.NO_MATCH, index.match(Long.MIN_VALUE, V6Intervals.key(1)));
    assertEquals(1, index.match(V6Intervals.key(0x2001_0db8_0001_0000L), Long.MIN_VALUE));
    assertEquals(Ipv4Lookup.NO_MATCH, index.match(V6Intervals.key(0x2001_0db8_0001_0000L), Long.MIN_VALUE + 1));
  }

  /** Ten thousand starts in one directory bucket: the binary search after the linear scan. */
  @Test
  void aCrowdedBucket() {
    BigInteger base = new BigInteger("2a010000000000000000000000000000", 16);
    int n = 10_000;
    long[] starts = new long[2 * n];
    long[] far = address("fe80000000000000", "0"); // one start far away keeps the shared prefix short
    for (int i = 0; i < n - 1; i++) {
      BigInteger a = base.add(BigInteger.valueOf(i * 7L));
      starts[2 * i] = V6Intervals.key(V6Intervals.hi(a));
      starts[2 * i + 1] = V6Intervals.key(V6Intervals.lo(a));
    }
    starts[2 * n - 2] = V6Intervals.key(far[0]);
    starts[2 * n - 1] = V6Intervals.key(far[1]);
    Ipv6IntervalIndex index = Ipv6IntervalIndex.of(starts, null, null, n);
    for (int i = 0; i < n; i++) {
      assertEquals(i, index.match(starts[2 * i], starts[2 * i + 1]));
      assertEquals(Ipv4Lookup.NO_MATCH, index.match(starts[2 * i], starts[2 * i + 1] + 1));
    }
  }

  @Test
  void emptyIndex() {
    Ipv6IntervalIndex empty = Ipv6IntervalIndex.EMPTY;
    assertEquals(0, empty.size());
    assertEquals(Ipv4Lookup.NO_MATCH, empty.match(0, 0));
    assertEquals(Ipv4Lookup.NO_MATCH, empty.match(Long.MIN_VALUE, Long.MIN_VALUE));
    assertEquals(0, empty.heapBytes());
    assertTrue(empty.exact());
    assertThrows(IndexOutOfBoundsException.class, () -> empty.startHi(0));
    assertThrows(IndexOutOfBoundsException.class, () -> empty.labelId(0));
    assertEquals(Ipv6IntervalIndex.EMPTY, Ipv6IntervalIndex.of(new long[0], null, null, 0));
  }

  @Test
  void heapBytesCountTheColumnsAndTheDirectory() {
    V6Intervals v = V6Intervals.random(new SplittableRandom(9), 1000, true, true, 3);
    int dir = (1 << 9) + 1; // 1000 intervals: the largest 2^bits at most 1000
    int skips = 1 << 9;
    assertEquals(16L * v.count * 2 + 4L * v.count + 4L * dir + skips, index(v, false).heapBytes());
    assertEquals(4L * v.count + 4L * dir + skips, index(v, true).heapBytes());
  }
}
