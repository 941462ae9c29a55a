package org.ipjoin.index;

import java.nio.IntBuffer;

/**
 * An {@link IpLookup} served straight from a read-only memory mapping of the index file: no heap
 * copy of the keys, only the prefix table on the heap. All map tasks on a node then share one copy
 * of the keys in the page cache, so an index far larger than a task's heap can be joined (the way
 * out the driver's memory check points to: {@code --loader mmap-direct}).
 *
 * <p>Same lookup as {@link IpIndex} (prefix table, one interpolation step, a short bounded scan,
 * binary search past it), reading keys through a little-endian {@link IntBuffer} view of the
 * mapping instead of an {@code int[]}. The bounds-checked, byte-order-aware reads cost more per
 * key than array reads; {@code index-tools/bench} measures the difference (docs/benchmarks.md).
 *
 * <p>The mapping must not change while it is in use: replace an index by writing a new file and
 * renaming it over the old one (as {@code ipindex build} does), never by rewriting it in place: a
 * mapped file truncated under a reader makes the JVM fail with an InternalError (SIGBUS).
 */
public final class MappedIpIndex implements IpLookup {

  private final IntBuffer keys;
  private final int size;
  private final int[] bucketStart;
  private final int shift;
  private final int lowMask;

  /** {@code table} has recorded all {@code size} keys of {@code keys}. */
  MappedIpIndex(IntBuffer keys, int size, PrefixTable table) {
    this.keys = keys;
    this.size = size;
    this.bucketStart = table.finish(size);
    this.shift = table.shift();
    this.lowMask = (1 << shift) - 1;
  }

  @Override
  public boolean contains(int key) {
    int address = key ^ Integer.MIN_VALUE;
    int prefix = address >>> shift;
    int from = bucketStart[prefix];
    int n = bucketStart[prefix + 1] - from;
    if (n == 0) {
      return false;
    }
    // As in IpIndex: n <= 2^shift and low < 2^shift, so the product fits 32 unsigned bits.
    int guess = from + (((address & lowMask) * n) >>> shift);
    int v = keys.get(guess);
    if (v == key) {
      return true;
    }
    if (v < key) {
      int stop = Math.min(from + n, guess + 1 + IpIndex.SCAN);
      for (int i = guess + 1; i < stop; i++) {
        int w = keys.get(i);
        if (w >= key) {
          return w == key;
        }
      }
      return stop < from + n && binarySearch(stop, from + n, key);
    }
    int stop = Math.max(from, guess - IpIndex.SCAN);
    for (int i = guess - 1; i >= stop; i--) {
      int w = keys.get(i);
      if (w <= key) {
        return w == key;
      }
    }
    return stop > from && binarySearch(from, stop, key);
  }

  private boolean binarySearch(int from, int to, int key) {
    int lo = from;
    int hi = to - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int v = keys.get(mid);
      if (v < key) {
        lo = mid + 1;
      } else if (v > key) {
        hi = mid - 1;
      } else {
        return true;
      }
    }
    return false;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public int key(int i) {
    return keys.get(i);
  }

  /** Only the prefix table: the keys live in the page cache, shared by every mapper on the node. */
  @Override
  public long heapBytes() {
    return 4L * bucketStart.length;
  }
}
