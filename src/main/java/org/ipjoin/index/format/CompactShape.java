package org.ipjoin.index.format;

/**
 * How the keys of a compact index ({@link IndexByteMap#FLAG_COMPACT}) fall into their /16 buckets,
 * as far as the section sizes depend on it.
 *
 * @param keys all keys
 * @param sparseKeys keys in sparse buckets (at most {@link IndexByteMap#MAX_SPARSE_KEYS} keys each):
 *     the items of {@code V4_SUFFIXES}
 * @param denseBuckets buckets with more keys: one bitmap each
 */
public record CompactShape(long keys, long sparseKeys, int denseBuckets) {

  /** Whether a bucket of {@code keys} keys is stored as a bitmap. */
  public static boolean dense(int keys) {
    return keys > IndexByteMap.MAX_SPARSE_KEYS;
  }

  /** The shape of buckets holding {@code counts[b]} keys each. */
  public static CompactShape of(int[] counts) {
    long keys = 0;
    long sparse = 0;
    int dense = 0;
    for (int c : counts) {
      keys += c;
      if (dense(c)) {
        dense++;
      } else {
        sparse += c;
      }
    }
    return new CompactShape(keys, sparse, dense);
  }
}
