package org.ipjoin.index.builder;

import java.util.Arrays;

/**
 * The keys of every piece in one {@code int[]}, unsorted, with duplicates: 4 bytes per address
 * line, then sorted in place. For lists small enough that this beats the bit set's fixed 512 MiB.
 */
final class KeyCollector implements AddressSink {

  private int[] keys;
  private int count;

  KeyCollector(int expected) {
    this.keys = new int[Math.max(16, expected)];
  }

  @Override
  public synchronized void addAll(int[] more, int n, int[] scratch) {
    if (count + (long) n > keys.length) {
      long grown = Math.max(count + (long) n, keys.length * 3L / 2);
      if (count + (long) n > IndexBuilder.MAX_KEYS) {
        throw new OutOfMemoryError("more address lines than an int[] holds");
      }
      keys = Arrays.copyOf(keys, (int) Math.min(IndexBuilder.MAX_KEYS, grown));
    }
    System.arraycopy(more, 0, keys, count, n);
    count += n;
  }

  /** The keys collected, in {@code keys()[0, count())}. Call once every add has returned. */
  synchronized int[] keys() {
    return keys;
  }

  synchronized int count() {
    return count;
  }
}
