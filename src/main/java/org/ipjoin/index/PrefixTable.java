package org.ipjoin.index;

/**
 * Builds {@link IpIndex}'s prefix table: for each of the 2^bits address prefixes, the index of its
 * first key in the sorted array (and the array length at the end).
 *
 * <p>Built in one branch-free pass that can ride along with the loader's order check: for each key
 * {@code i}, {@code starts[prefix(key) + 1] = i + 1} (the last write per prefix wins, leaving the
 * end of each non-empty bucket), then {@link #finish} turns ends into starts with a running maximum
 * over the table, which also fills empty prefixes. Measured here, fresh JVM per run,
 * {@code ipindex load --loader nio} on the bench's 26 M-key index, 6 runs each alternating with
 * the previous build: median ~150 ms when the table was found by a galloping search per prefix
 * (one branch misprediction per step), ~116 ms with this store folded into the order check.
 */
final class PrefixTable {

  /** Smallest table: 2^16 entries, 256 KiB. */
  static final int MIN_BITS = 16;
  /** Largest table: 2^22 entries, 16 MiB (only for lists of 170 M keys and more). */
  static final int MAX_BITS = 22;
  /** Keys per prefix the table aims at (at least): the table then costs at most 0.1 byte per key. */
  static final int KEYS_PER_PREFIX = 40;

  private final int bits;
  private final int shift;
  private final int[] starts;
  private boolean finished;

  PrefixTable(long count) {
    this.bits = bitsFor(count);
    this.shift = 32 - bits;
    this.starts = new int[(1 << bits) + 1];
  }

  /**
   * Table size for {@code count} keys: the largest 2^bits ≤ count / 40 (so ≤ 0.1 byte of table per
   * key), but at least 2^16 and at most 2^22.
   */
  static int bitsFor(long count) {
    long target = count / KEYS_PER_PREFIX;
    int bits = target <= 1 ? 0 : 63 - Long.numberOfLeadingZeros(target);
    return Math.max(MIN_BITS, Math.min(MAX_BITS, bits));
  }

  int bits() {
    return bits;
  }

  /** Address bits below the prefix. */
  int shift() {
    return shift;
  }

  /** The raw table, for a caller that records keys in its own loop (see {@link #record}). */
  int[] raw() {
    return starts;
  }

  /**
   * Records {@code keys[from, to)}, which must be in increasing order and come after everything
   * recorded before. The loop body is what {@link PayloadDecoder} inlines into its order check.
   */
  void record(int[] keys, int from, int to) {
    int[] t = starts;
    int s = shift;
    for (int i = from; i < to; i++) {
      t[((keys[i] ^ Integer.MIN_VALUE) >>> s) + 1] = i + 1;
    }
  }

  /** Completes the table once all {@code count} keys are recorded and returns it. */
  int[] finish(int count) {
    if (!finished) {
      int[] t = starts;
      int max = 0;
      for (int p = 0; p < t.length; p++) {
        max = Math.max(max, t[p]);
        t[p] = max;
      }
      t[t.length - 1] = count;
      finished = true;
    }
    return starts;
  }
}
