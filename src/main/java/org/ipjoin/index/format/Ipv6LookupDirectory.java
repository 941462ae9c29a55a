package org.ipjoin.index.format;

import java.nio.LongBuffer;

/**
 * The lookup directory of a list of IPv6 interval starts ({@link SectionKind#V6_DIRECTORY}): for
 * each of the 2^bits values of the hi-key bits that follow the prefix every start shares
 * ({@link IndexByteMap#v6SkipBits}), the index of its first start, then the interval count.
 *
 * <p>The shared prefix is only known once the last start is, so the directory is computed after
 * the starts are read (one pass over the hi halves, a few milliseconds per million intervals),
 * not while they are checked as the IPv4 directory is.
 */
public final class Ipv6LookupDirectory {

  private Ipv6LookupDirectory() {}

  /** The bucket of {@code hiKey}: its {@code bits} address bits after the first {@code skip}. */
  public static int bucket(long hiKey, int skip, int bits) {
    return (int) (((hiKey ^ Long.MIN_VALUE) << skip) >>> (64 - bits));
  }

  /**
   * The bits a directory of {@code bits} over {@code starts} skips (see
   * {@link IndexByteMap#v6SkipBits}).
   */
  public static int skipBits(LongBuffer starts, int count, int bits) {
    return count == 0 ? 0 : IndexByteMap.v6SkipBits(starts.get(0), starts.get(2 * count - 2), bits);
  }

  /**
   * The directory of {@code count} strictly increasing starts, given as halves (interval i at
   * {@code [2i, 2i + 1]}), of the writer's size ({@link IndexByteMap#directoryBitsFor}).
   */
  public static int[] of(LongBuffer starts, int count) {
    return of(starts, count, IndexByteMap.directoryBitsFor(count));
  }

  /**
   * As {@link #of(LongBuffer, int)}, with 2^bits + 1 entries: a reader builds the one of the size
   * the file stores, to compare.
   */
  public static int[] of(LongBuffer starts, int count, int bits) {
    int skip = skipBits(starts, count, bits);
    int[] entries = new int[(int) IndexByteMap.directoryEntries(bits)];
    for (int i = 0; i < count; i++) {
      entries[bucket(starts.get(2 * i), skip, bits) + 1] = i + 1;
    }
    int max = 0;
    for (int p = 0; p < entries.length; p++) {
      max = Math.max(max, entries[p]);
      entries[p] = max;
    }
    entries[entries.length - 1] = count;
    return entries;
  }

  /** The directory of {@code starts[0, 2 count)}, of the writer's size (for the writer and tests). */
  public static int[] of(long[] starts, int count) {
    return of(LongBuffer.wrap(starts), count);
  }

  /** The directory of {@code starts[0, 2 count)} with 2^bits + 1 entries. */
  public static int[] of(long[] starts, int count, int bits) {
    return of(LongBuffer.wrap(starts), count, bits);
  }
}
