package org.ipjoin.index;

import java.util.Arrays;

/**
 * A set of IPv4 keys in a sorted {@code int[]}, with membership lookups. Sees only the array: how it
 * was read is the loaders' business.
 *
 * <h2>Lookup</h2>
 * A 65,537-entry table says where each /16 prefix (the high 16 address bits) starts in the array.
 * Inside that one bucket, {@link #contains} does <em>one interpolation step</em>: the low 16 bits of
 * the key say how far into the bucket it should sit if the keys are evenly spread, which IP lists
 * roughly are inside a /16. The guess lands within a few slots of the answer (on 26 M random keys a
 * bucket holds ~400 keys and the error has a standard deviation of ~10 slots, i.e. the same or the
 * next 64-byte cache line), so a lookup is usually one cache miss in the table and one in the keys,
 * followed by a short linear scan. The scan is bounded ({@value #SCAN} slots); past that the rest
 * of the bucket is binary searched, so clustered lists (a dense /24 inside a sparse /16) stay
 * O(log bucket) instead of degrading to a linear walk.
 *
 * <p>Why this layout, measured with JMH on the 2-core bench machine (26,123,456 keys, uniform
 * random probes, half hits; {@code index-tools/bench}, numbers in {@code docs/benchmarks.md}):
 * {@code Arrays.binarySearch} over the whole array ~700–800 ns per probe; the previous version of
 * this class (prefix table + binary search in the bucket) ~280 ns; this interpolation lookup
 * ~90–110 ns, 7–8× faster than {@code Arrays.binarySearch} when measured side by side. Reproduce
 * with {@code java -jar target/benchmarks.jar LookupBenchmark} after {@code mvn -Pbench -DskipTests
 * package}. {@link #containsAll} interleaves the first probe of 16 lookups so their cache misses
 * overlap, for callers that can batch (~3× less time per key again in the same run).
 *
 * <p>Options considered and not taken: storing only the low 16 bits per key under the prefix table
 * (a {@code char[]}, half the memory) needs a conversion pass at load time that costs more than the
 * whole nio load budget saves, and breaks the zero-copy hand-over from the loaders; Eytzinger or
 * B-tree layouts need a permutation pass at load time as well, and single lookups are dominated by
 * the one DRAM miss both layouts still pay. Heap: 4 bytes per key plus the 256 KiB table
 * (4.01 bytes per IP at 26 M keys).
 */
public final class IpIndex {

  /** Slots scanned linearly from the interpolation guess before falling back to binary search. */
  static final int SCAN = 16;

  /** Lookups {@link #containsAll} interleaves. */
  private static final int BATCH = 16;

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

  /** Sorts and de-duplicates a copy of {@code keys[0, count)}. For tests and small lists. */
  public static IpIndex ofUnsorted(int[] keys, int count) {
    int[] copy = Arrays.copyOf(keys, count);
    Arrays.sort(copy);
    int unique = SortedKeys.dedup(copy, count);
    return new IpIndex(unique == copy.length ? copy : Arrays.copyOf(copy, unique));
  }

  /** True if {@code key} (see {@link org.ipjoin.ip.IpCodec#toKey}) is in the index. */
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

  /**
   * Looks up {@code probes[0, n)} and stores each answer in {@code out[i]}: the same answers as
   * {@link #contains}, faster per key when the caller has many keys at hand, because the first
   * (cache-missing) read of up to 16 lookups is issued before any of them is resolved.
   */
  public void containsAll(int[] probes, int n, boolean[] out) {
    if (n > probes.length || n > out.length) {
      throw new IndexOutOfBoundsException("n=" + n + " probes=" + probes.length + " out=" + out.length);
    }
    int[] k = keys;
    int[] starts = bucketStart;
    int[] from = new int[BATCH];
    int[] to = new int[BATCH];
    int[] guess = new int[BATCH];
    int[] seen = new int[BATCH];
    for (int base = 0; base < n; base += BATCH) {
      int m = Math.min(BATCH, n - base);
      for (int j = 0; j < m; j++) {
        int address = probes[base + j] ^ Integer.MIN_VALUE;
        int prefix = address >>> shift;
        int f = starts[prefix];
        int c = starts[prefix + 1] - f;
        from[j] = f;
        to[j] = f + c;
        int g = c == 0 ? -1 : f + (((address & lowMask) * c) >>> shift);
        guess[j] = g;
        // Independent loads: the CPU overlaps their misses.
        seen[j] = g < 0 ? 0 : k[g];
      }
      for (int j = 0; j < m; j++) {
        int g = guess[j];
        out[base + j] = g >= 0 && resolve(k, from[j], to[j], g, seen[j], probes[base + j]);
      }
    }
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

  public int size() {
    return keys.length;
  }

  /** The i-th smallest key. */
  public int key(int i) {
    return keys[i];
  }

  /** A copy of the keys, in order. */
  public int[] toArray() {
    return keys.clone();
  }

  /** Heap held by this index: the keys plus the prefix table. */
  public long heapBytes() {
    return 4L * keys.length + 4L * bucketStart.length;
  }
}
