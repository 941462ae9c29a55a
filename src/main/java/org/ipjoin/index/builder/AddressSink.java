package org.ipjoin.index.builder;

/** Where {@link ParallelAddressScan}'s parsers put the keys of their pieces; called concurrently. */
interface AddressSink {

  /**
   * Takes {@code keys[0, count)}, address keys in any order, with duplicates; {@code scratch} is
   * the calling thread's own array of at least {@code count} ints.
   */
  void addAll(int[] keys, int count, int[] scratch);
}
