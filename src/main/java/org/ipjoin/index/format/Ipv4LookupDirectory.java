package org.ipjoin.index.format;

/**
 * Builds the lookup directory of a list of interval starts: for each of the 2^bits address
 * prefixes, the index of its first start, then the interval count ({@link SectionKind#V4_DIRECTORY}).
 *
 * <p>Built in one branch-free pass that rides along with the starts' order check: for start
 * {@code i}, {@code entries[prefix(start) + 1] = i + 1} (the last write per prefix wins, leaving
 * the end of each non-empty bucket), then {@link #finish} turns ends into starts with a running
 * maximum, which also fills empty prefixes. Measured with format 1 (fresh JVM per run,
 * {@code ipindex load --loader nio} on the bench's 26 M-key index, 6 runs each): median ~150 ms
 * when the table was found by a galloping search per prefix, ~116 ms with this store folded into
 * the order check.
 */
public final class Ipv4LookupDirectory {

  private final int bits;
  private final int shift;
  private final int[] entries;
  private boolean finished;

  private Ipv4LookupDirectory(int bits) {
    this.bits = bits;
    this.shift = 32 - bits;
    this.entries = new int[(int) IndexByteMap.directoryEntries(bits)];
  }

  /** The directory a writer stores for {@code intervals} ({@link IndexByteMap#directoryBitsFor}). */
  public static Ipv4LookupDirectory forIntervals(long intervals) {
    return new Ipv4LookupDirectory(IndexByteMap.directoryBitsFor(intervals));
  }

  /**
   * A directory of 2^bits + 1 entries: a reader builds the one of the size the file stores (any
   * bits of {@link SectionDirectory#checkDirectorySize}'s range, whichever ipjoin wrote it), to compare.
   */
  public static Ipv4LookupDirectory withBits(int bits) {
    return new Ipv4LookupDirectory(bits);
  }

  public int bits() {
    return bits;
  }

  int shift() {
    return shift;
  }

  /** The raw entries, for a caller that records starts in its own loop (see {@link #record}). */
  int[] raw() {
    return entries;
  }

  /**
   * Records {@code starts[from, to)}, which hold starts {@code base ..} of the list in increasing
   * order, after everything recorded before.
   */
  public void record(int[] starts, int from, int to, long base) {
    int[] t = entries;
    int s = shift;
    int offset = (int) (base - from + 1);
    for (int i = from; i < to; i++) {
      t[((starts[i] ^ Integer.MIN_VALUE) >>> s) + 1] = i + offset;
    }
  }

  /** Completes the directory once all {@code count} starts are recorded and returns it. */
  public int[] finish(int count) {
    if (!finished) {
      int[] t = entries;
      int max = 0;
      for (int p = 0; p < t.length; p++) {
        max = Math.max(max, t[p]);
        t[p] = max;
      }
      t[t.length - 1] = count;
      finished = true;
    }
    return entries;
  }

  /** The directory of sorted {@code starts}, of the writer's size. */
  public static int[] of(int[] starts, int count) {
    return of(starts, count, IndexByteMap.directoryBitsFor(count));
  }

  /** The directory of sorted {@code starts} with 2^bits + 1 entries. */
  public static int[] of(int[] starts, int count, int bits) {
    Ipv4LookupDirectory d = withBits(bits);
    d.record(starts, 0, count, 0);
    return d.finish(count);
  }
}
