package org.ipjoin.index;

import java.util.Arrays;

/**
 * A set of IPv4 keys in a sorted {@code int[]}, with membership lookups. Sees only the array: how it
 * was read is the loaders' business.
 *
 * <p>Lookups go through a 65,537-entry table of where each /16 prefix (the high 16 address bits)
 * starts, then a binary search inside that one bucket. On 26 M random keys a bucket holds ~400 keys,
 * so the search touches a handful of cache lines instead of the ~25 levels of a binary search over
 * the whole array. The table costs 256 KiB (0.01 bytes per IP at the seed's scale) and is built with
 * one binary search per prefix, not a pass over the keys.
 */
public final class IpIndex {

  private static final int PREFIXES = 1 << 16;

  private final int[] keys;
  private final int[] bucketStart;

  private IpIndex(int[] keys) {
    this.keys = keys;
    this.bucketStart = buildBucketStarts(keys);
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
    int prefix = prefixOf(key);
    int from = bucketStart[prefix];
    int to = bucketStart[prefix + 1];
    return Arrays.binarySearch(keys, from, to, key) >= 0;
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

  /** The high 16 bits of the address (not of the key, whose top bit is flipped). */
  private static int prefixOf(int key) {
    return (key >>> 16) ^ 0x8000;
  }

  private static int[] buildBucketStarts(int[] keys) {
    int[] starts = new int[PREFIXES + 1];
    for (int p = 0; p < PREFIXES; p++) {
      int firstKeyOfPrefix = (p << 16) + Integer.MIN_VALUE;
      int i = Arrays.binarySearch(keys, firstKeyOfPrefix);
      starts[p] = i >= 0 ? i : -i - 1;
    }
    starts[PREFIXES] = keys.length;
    return starts;
  }
}
