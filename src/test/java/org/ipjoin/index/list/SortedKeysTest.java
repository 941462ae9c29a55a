package org.ipjoin.index.list;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SortedKeysTest {

  /** The radix path starts at 2^16 keys; sizes on both sides of it and a few passes' worth. */
  @ParameterizedTest(name = "{0} keys")
  @ValueSource(ints = {0, 1, 2, 1000, (1 << 16) - 1, 1 << 16, (1 << 16) + 1, 300_000})
  void sortsLikeArraysSort(int count) {
    Random random = new Random(count * 31L + 7);
    int[] keys = new int[count];
    for (int i = 0; i < count; i++) {
      keys[i] = random.nextInt();
    }
    // The extremes and the sign boundary, where a radix sort that forgets the sign bit fails.
    int[] extremes = {Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 1, Integer.MIN_VALUE + 1,
        Integer.MAX_VALUE - 1};
    for (int i = 0; i < Math.min(count, extremes.length); i++) {
      keys[random.nextInt(count)] = extremes[i];
    }
    int[] expected = keys.clone();
    Arrays.sort(expected);
    int[] inParallel = keys.clone();
    SortedKeys.sort(keys, count);
    assertArrayEquals(expected, keys);
    SortedKeys.sortInParallel(inParallel, count);
    assertArrayEquals(expected, inParallel);
  }

  /**
   * The parallel sort's buckets (top 11 bits) with few and with many keys, all keys in one bucket,
   * and duplicates: small buckets take the JDK sort, big ones two radix passes.
   */
  @Test
  void sortsInParallelLikeArraysSortWhateverTheBuckets() {
    Random random = new Random(5);
    int count = 400_000;
    int[][] cases = new int[3][count];
    for (int i = 0; i < count; i++) {
      cases[0][i] = random.nextInt(1 << 21) - (1 << 20); // around 0, in two buckets
      cases[1][i] = random.nextInt(1000) * 1_000_003; // many duplicates
      cases[2][i] = i % 3 == 0 ? random.nextInt() : random.nextInt(100) + Integer.MIN_VALUE;
    }
    for (int[] keys : cases) {
      int[] expected = keys.clone();
      Arrays.sort(expected);
      int[] tail = {7, 8, 9};
      int[] withTail = Arrays.copyOf(keys, count + tail.length);
      System.arraycopy(tail, 0, withTail, count, tail.length);
      SortedKeys.sortInParallel(withTail, count);
      assertArrayEquals(expected, Arrays.copyOf(withTail, count));
      assertArrayEquals(tail, Arrays.copyOfRange(withTail, count, withTail.length));
    }
  }

  @Test
  void sortsOnlyThePrefixGivenByCount() {
    int count = (1 << 16) + 10;
    Random random = new Random(3);
    int[] keys = new int[count + 5];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = random.nextInt();
    }
    int[] tail = Arrays.copyOfRange(keys, count, keys.length);
    int[] expected = Arrays.copyOf(keys, count);
    Arrays.sort(expected);
    SortedKeys.sort(keys, count);
    assertArrayEquals(expected, Arrays.copyOf(keys, count));
    assertArrayEquals(tail, Arrays.copyOfRange(keys, count, keys.length));
  }

  @Test
  void sortsAllNegativeAndAllPositiveRadixInputs() {
    int count = 100_000;
    int[] negatives = new int[count];
    int[] positives = new int[count];
    for (int i = 0; i < count; i++) {
      negatives[i] = Integer.MIN_VALUE + (count - i) * 7;
      positives[i] = Integer.MAX_VALUE - i * 13;
    }
    int[] n = negatives.clone();
    int[] p = positives.clone();
    Arrays.sort(n);
    Arrays.sort(p);
    SortedKeys.sort(negatives, count);
    SortedKeys.sort(positives, count);
    assertArrayEquals(n, negatives);
    assertArrayEquals(p, positives);
  }

  @Test
  void dedupKeepsOneOfEachInOrder() {
    int[] keys = {Integer.MIN_VALUE, Integer.MIN_VALUE, -1, -1, -1, 0, 5, 5, Integer.MAX_VALUE,
        Integer.MAX_VALUE, 99};
    int unique = SortedKeys.dedup(keys, 10); // the trailing 99 is outside the range
    assertEquals(5, unique);
    assertArrayEquals(new int[] {Integer.MIN_VALUE, -1, 0, 5, Integer.MAX_VALUE},
        Arrays.copyOf(keys, unique));
    assertEquals(99, keys[10]);
  }

  @Test
  void dedupOfEmptySingleAndAllEqual() {
    assertEquals(0, SortedKeys.dedup(new int[0], 0));
    assertEquals(1, SortedKeys.dedup(new int[] {42}, 1));
    int[] same = {7, 7, 7, 7};
    assertEquals(1, SortedKeys.dedup(same, 4));
    assertEquals(7, same[0]);
  }

  @Test
  void sortThenDedupOfRandomKeysWithRepeatsMatchesDistinct() {
    Random random = new Random(11);
    int count = 200_000;
    int[] keys = new int[count];
    for (int i = 0; i < count; i++) {
      keys[i] = random.nextInt(50_000) - 25_000; // many repeats, both signs
    }
    int[] expected = Arrays.stream(keys).distinct().sorted().toArray();
    SortedKeys.sort(keys, count);
    int unique = SortedKeys.dedup(keys, count);
    assertArrayEquals(expected, Arrays.copyOf(keys, unique));
  }
}
