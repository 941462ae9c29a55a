package org.ipjoin.bench;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Synthetic keys shared by the benchmarks: uniformly random IPv4 keys, sorted and unique. */
final class BenchKeys {

  private BenchKeys() {}

  /** About {@code count} sorted unique random keys (random ints repeat rarely: ~0.3 % at 26 M). */
  static int[] sortedUnique(int count, long seed) {
    int[] keys = new SplittableRandom(seed).ints(count).toArray();
    Arrays.parallelSort(keys);
    int n = 0;
    for (int i = 0; i < keys.length; i++) {
      if (n == 0 || keys[n - 1] != keys[i]) {
        keys[n++] = keys[i];
      }
    }
    return n == keys.length ? keys : Arrays.copyOf(keys, n);
  }
}
