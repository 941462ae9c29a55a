package org.ipjoin.index.list;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyPairSort#sortedIndices} against a plain reference: boxed indices sorted by
 * {@link List#sort} (stable) with a comparator written here from the pairs' definition (signed,
 * hi half first), over counts on both sides of the small-count fallback and value sets that make
 * the radix passes skip digits or not.
 */
class KeyPairSortTest {

  private static final long PREFIX_32 = 0x2001_0db8L << 32;
  private static final long[] EDGES = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1,
      Long.MAX_VALUE - 1, Long.MAX_VALUE};

  @Test
  void everyLayoutAtEveryCountSortsAsTheReference() {
    SplittableRandom random = new SplittableRandom(20261127);
    int from = KeyPairSort.RADIX_FROM;
    int[] counts = {0, 1, 2, 3, 7, 50, from - 2, from - 1, from, from + 1, from + 17, 2 * from,
        5000, 300_000};
    for (int count : counts) {
      for (String layout : List.of("random", "duplicates", "allEqual", "edges", "prefix32",
          "blocks64", "loOnly", "oneBit")) {
        long[] keys = keys(layout, count, random);
        assertArrayEquals(reference(keys, count), KeyPairSort.sortedIndices(keys, count),
            layout + " × " + count);
      }
    }
  }

  @Test
  void onlyTheFirstCountValuesAreSorted() {
    SplittableRandom random = new SplittableRandom(7);
    int count = KeyPairSort.RADIX_FROM + 100;
    long[] keys = keys("random", count + 50, random); // a longer array, as Ipv6Cuts grows it
    assertArrayEquals(reference(keys, count), KeyPairSort.sortedIndices(keys, count));
  }

  private static long[] keys(String layout, int count, SplittableRandom random) {
    long[] keys = new long[2 * count];
    long[] few = {random.nextLong(), random.nextLong(), random.nextLong()};
    long shared = random.nextLong();
    for (int i = 0; i < count; i++) {
      LongSupplier edge = () -> EDGES[random.nextInt(EDGES.length)];
      long hi;
      long lo;
      switch (layout) {
        case "random" -> {
          hi = random.nextLong();
          lo = random.nextLong();
        }
        case "duplicates" -> { // few distinct values, each many times: stability shows
          hi = few[random.nextInt(2)];
          lo = few[random.nextInt(3)];
        }
        case "allEqual" -> {
          hi = shared;
          lo = shared;
        }
        case "edges" -> { // the halves' signed edges, across the sign bit
          hi = edge.getAsLong();
          lo = edge.getAsLong();
        }
        case "prefix32" -> { // addresses of one /32, as key halves (sign bit flipped)
          hi = (PREFIX_32 | random.nextLong() >>> 32) ^ Long.MIN_VALUE;
          lo = random.nextLong();
        }
        case "blocks64" -> { // /64 blocks of one /32: the lo half the same everywhere
          hi = (PREFIX_32 | random.nextInt(1000)) ^ Long.MIN_VALUE;
          lo = Long.MIN_VALUE;
        }
        case "loOnly" -> { // one hi half, lo halves near the sign bit on both sides
          hi = shared;
          lo = Long.MIN_VALUE + random.nextInt(5) - 2;
        }
        case "oneBit" -> { // values that differ in the top bit of a half only
          hi = random.nextBoolean() ? Long.MIN_VALUE : 0;
          lo = random.nextBoolean() ? Long.MAX_VALUE : -1;
        }
        default -> throw new IllegalArgumentException(layout);
      }
      keys[2 * i] = hi;
      keys[2 * i + 1] = lo;
    }
    return keys;
  }

  /** Stable sort of boxed indices with the comparator of the definition. */
  private static int[] reference(long[] keys, int count) {
    List<Integer> indices = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      indices.add(i);
    }
    indices.sort((a, b) -> {
      int hi = Long.compare(keys[2 * a], keys[2 * b]);
      return hi != 0 ? hi : Long.compare(keys[2 * a + 1], keys[2 * b + 1]);
    });
    return indices.stream().mapToInt(Integer::intValue).toArray();
  }
}
