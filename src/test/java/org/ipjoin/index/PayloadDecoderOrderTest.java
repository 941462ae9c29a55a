package org.ipjoin.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The order check of {@link PayloadDecoder#acceptChunk} (a branch-free pass, then a precise one on a
 * bad piece) names the first offending key wherever it is, including across piece and chunk
 * boundaries and for the extreme keys; and {@link PayloadDecoder#finishIndex} gives the same index
 * as {@link IpIndex#ofSortedUnique}.
 */
class PayloadDecoderOrderTest {

  private static final int PIECE = 1 << 16;

  @Test
  void sortedPayloadDecodesToTheSameIndex() throws Exception {
    int[] keys = IntStream.concat(new SplittableRandom(3).ints(300_000),
        IntStream.of(Integer.MIN_VALUE, Integer.MAX_VALUE)).sorted().distinct().toArray();
    PayloadDecoder decoder = decoder(keys);
    feed(decoder, keys, 100_003);
    IpIndex index = decoder.finishIndex();
    assertArrayEquals(keys, TestLookups.keys(index));
    IpIndex reference = IpIndex.ofSortedUnique(keys.clone());
    assertEquals(reference.heapBytes(), index.heapBytes());
    for (int key : keys) {
      assertTrue(index.contains(key));
    }
    // The table built inside the order check answers like binary search, misses included.
    SplittableRandom random = new SplittableRandom(9);
    for (int i = 0; i < 300_000; i++) {
      int probe = i % 3 == 0 ? keys[random.nextInt(keys.length)] + 1 : random.nextInt();
      assertEquals(java.util.Arrays.binarySearch(keys, probe) >= 0, index.contains(probe), "probe " + probe);
    }
  }

  @Test
  void largePayloadGetsTheSameTableAsOfSortedUnique() throws Exception {
    int[] keys = new SplittableRandom(21).ints(6_000_000).sorted().distinct().toArray();
    PayloadDecoder decoder = decoder(keys);
    feed(decoder, keys, 262_147);
    IpIndex index = decoder.finishIndex();
    SplittableRandom random = new SplittableRandom(23);
    for (int i = 0; i < 500_000; i++) {
      int probe = i % 2 == 0 ? keys[random.nextInt(keys.length)] : random.nextInt();
      assertEquals(java.util.Arrays.binarySearch(keys, probe) >= 0, index.contains(probe));
    }
    for (int edge : new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, keys[0], keys[keys.length - 1]}) {
      assertEquals(java.util.Arrays.binarySearch(keys, edge) >= 0, index.contains(edge));
    }
  }

  @Test
  void firstOffendingKeyIsNamedWherever() {
    int[] sorted = IntStream.range(0, 3 * PIECE).map(i -> i * 3 - 100_000).toArray();
    for (int bad : new int[] {1, 2, PIECE - 1, PIECE, PIECE + 1, 2 * PIECE + 5, sorted.length - 1}) {
      for (boolean equal : new boolean[] {true, false}) {
        int[] keys = sorted.clone();
        // equal: a duplicate; else a step down (keys[bad] < keys[bad - 1]).
        keys[bad] = equal ? keys[bad - 1] : keys[bad - 1] - 1;
        CorruptIndexException e = assertThrows(CorruptIndexException.class,
            () -> feed(decoder(sorted), keys, PIECE + 7));
        assertEquals(CorruptIndexException.Check.SORTED, e.check());
        assertTrue(e.getMessage().contains("key " + bad + " "), e.getMessage());
      }
    }
  }

  @Test
  void extremeKeysInOrderPassAndOutOfOrderFail() throws Exception {
    int[] keys = {Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE};
    PayloadDecoder ok = decoder(keys);
    feed(ok, keys, 4);
    assertArrayEquals(keys, ok.finish());
    int[] wrapped = {Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE + 1, Integer.MAX_VALUE};
    CorruptIndexException e = assertThrows(CorruptIndexException.class,
        () -> feed(decoder(keys), wrapped, 4));
    assertTrue(e.getMessage().contains("key 2 "), e.getMessage());
  }

  private static PayloadDecoder decoder(int[] keys) throws CorruptIndexException {
    return new PayloadDecoder(IndexHeader.describe(keys, keys.length, 0, keys.length), "test.ipidx", true);
  }

  private static void feed(PayloadDecoder decoder, int[] keys, int chunkKeys) throws CorruptIndexException {
    for (int from = 0; from < keys.length; from += chunkKeys) {
      int n = Math.min(chunkKeys, keys.length - from);
      ByteBuffer chunk = ByteBuffer.allocate(n * 4).order(ByteOrder.LITTLE_ENDIAN);
      chunk.asIntBuffer().put(keys, from, n);
      decoder.acceptChunk(chunk);
    }
  }
}
