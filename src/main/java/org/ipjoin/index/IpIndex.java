package org.ipjoin.index;

import java.util.Arrays;

/**
 * A set of IPv4 keys in a sorted {@code int[]}, with membership lookups. Sees only the array: how it
 * was read is the loaders' business.
 *
 * <h2>Lookup</h2>
 * A prefix table says where each address prefix starts in the array: 2^16 entries (/16) for small
 * lists, growing with the list so buckets hold at least ~40 keys and the table costs at most 0.1
 * byte per key (2^19 entries, /19, 2 MiB at 26 M keys; see {@link PrefixTable}). Inside
 * the one bucket, {@link #contains} does <em>one interpolation step</em>: the address bits below
 * the prefix say how far into the bucket the key should sit if keys are evenly spread, which IP
 * lists roughly are inside a small prefix. On 26 M random keys a /19 bucket holds ~50 keys and the
 * guess is off by a few slots, so a lookup is one read in the table, one in the keys (usually the
 * same cache line as the answer) and a short linear scan. The scan is bounded ({@value #SCAN}
 * slots); past that the rest of the bucket is binary searched, so clustered lists (a dense /24 in a
 * sparse prefix) stay O(log bucket) instead of degrading to a linear walk.
 *
 * <p>Measured with JMH on the 2-core bench machine, shared with other builds (26,123,456 random
 * keys, 1024 probes per call, mean ns per probe; the full run of {@code index-tools/bench} of
 * 2026-11-22, tables in {@code docs/benchmarks.md}; alone: {@code mvn -Pbench -DskipTests package},
 * then {@code java -jar target/bench-build/benchmarks.jar LookupBenchmark}):
 * <pre>
 *   probes   Arrays.binarySearch   previous IpIndex (/16 + binary search)   contains
 *   uniform     444 ns                166 ns                                  76.5 ns
 *   zipf        335 ns                142 ns                                  55.8 ns
 * </pre>
 * {@code contains} is 5.8x faster than {@code Arrays.binarySearch} on uniform probes. The table
 * size: in one noisy {@code LookupVariantsBenchmark} run the interpolation scan took ~157 ns/probe
 * with a /16 table and ~87 ns with /19; /19 is the largest table within a 4.1 bytes-per-IP heap
 * budget at 26 M keys.
 *
 * <p>Not taken (not measured here; reasoning only): 16-bit keys under the prefix table (a
 * {@code char[]}, half the memory) and Eytzinger/B-tree layouts all need a conversion pass over
 * the keys at load time, which a load of
 * 124 ms for 26 M keys (nio, median, same run) cannot absorb, and they
 * break the zero-copy hand-over of the loaders' sorted {@code int[]}. Heap: 4 bytes per key plus
 * the table: 4.08 bytes per key at 26 M keys ({@link #heapBytes}).
 */
public final class IpIndex implements IpLookup {

  /** Slots scanned linearly from the interpolation guess before falling back to binary search. */
  static final int SCAN = 16;

  private final int[] keys;
  /** Where each address prefix of {@code 32 - shift} bits starts in {@code keys}; see {@link PrefixTable}. */
  private final int[] bucketStart;
  /** Address bits below the prefix: 16 for a /16 table, 13 for a /19 table. */
  private final int shift;
  private final int lowMask;

  private IpIndex(int[] keys) {
    this(keys, recordAll(keys));
  }

  /** {@code table} has recorded all of {@code keys} ({@link PrefixTable#record}). */
  IpIndex(int[] keys, PrefixTable table) {
    this.keys = keys;
    this.bucketStart = table.finish(keys.length);
    this.shift = 32 - table.bits();
    this.lowMask = (1 << shift) - 1;
  }

  /**
   * Wraps {@code keys}, which the caller guarantees are strictly increasing (loaders check this
   * while they read). The array is not copied.
   */
  public static IpIndex ofSortedUnique(int[] keys) {
    return new IpIndex(keys);
  }

  /** True if {@code key} (see {@link org.ipjoin.ip.IpCodec#toKey}) is in the index. */
  @Override
  public boolean contains(int key) {
    int address = key ^ Integer.MIN_VALUE;
    int prefix = address >>> shift;
    int from = bucketStart[prefix];
    int n = bucketStart[prefix + 1] - from;
    if (n == 0) {
      return false;
    }
    // shift <= 16, n <= 2^shift and low < 2^shift: the product fits 32 unsigned bits, >>> is exact.
    int guess = from + (((address & lowMask) * n) >>> shift);
    return resolve(keys, from, from + n, guess, keys[guess], key);
  }

  /** Finishes a lookup of {@code key} in {@code k[from, to)} from slot {@code guess} holding {@code v}. */
  private static boolean resolve(int[] k, int from, int to, int guess, int v, int key) {
    if (v == key) {
      return true;
    }
    if (v < key) {
      int stop = Math.min(to, guess + 1 + SCAN);
      for (int i = guess + 1; i < stop; i++) {
        int w = k[i];
        if (w >= key) {
          return w == key;
        }
      }
      return stop < to && Arrays.binarySearch(k, stop, to, key) >= 0;
    }
    int stop = Math.max(from, guess - SCAN);
    for (int i = guess - 1; i >= stop; i--) {
      int w = k[i];
      if (w <= key) {
        return w == key;
      }
    }
    return stop > from && Arrays.binarySearch(k, from, stop, key) >= 0;
  }

  private static PrefixTable recordAll(int[] keys) {
    PrefixTable table = new PrefixTable(keys.length);
    table.record(keys, 0, keys.length);
    return table;
  }

  @Override
  public int size() {
    return keys.length;
  }

  /** The i-th smallest key. */
  @Override
  public int key(int i) {
    return keys[i];
  }

  /** Heap held by this index: the keys plus the prefix table. */
  @Override
  public long heapBytes() {
    return 4L * keys.length + 4L * bucketStart.length;
  }

  /**
   * What {@link #heapBytes} will be for an index of {@code count} keys, before loading it (for
   * memory checks): 4 bytes per key plus the prefix table, whose size grows with the list
   * (256 KiB below 5.2 M keys, then at most 0.1 byte per key: 2 MiB at 26 M keys).
   */
  public static long heapBytesFor(long count) {
    return 4L * count + 4L * ((1L << PrefixTable.bitsFor(count)) + 1);
  }
}
