package org.ipjoin.index.builder;

import java.io.IOException;
import org.ipjoin.index.format.IndexWriter;

/**
 * The set of IPv4 addresses of a list as one bit per address: 2^32 bits, 512 MiB whatever the
 * list's length, so a list of any size builds in bounded memory. Setting a bit de-duplicates, and
 * reading the bits in order yields the keys sorted: no sort, no scratch array.
 *
 * <p>Several threads add keys at once. Each call partitions its keys by region (the top
 * 12 bits of the address, 4,096 regions of 128 KiB) and sets each
 * region's bits under that region's lock: a plain read-modify-write of the words, which would lose
 * bits if two threads wrote one word unlocked, at one lock per region per call instead of an atomic
 * operation per key. The partition also makes the writes of a region independent of each other, so
 * the processor overlaps their cache misses instead of waiting for each in turn between parses.
 */
final class AddressBits implements AddressSink, IndexWriter.KeySource {

  private static final int REGION_BITS = 12;
  private static final int REGIONS = 1 << REGION_BITS;
  private static final int REGION_SHIFT = 32 - REGION_BITS;

  private final long[] words = new long[1 << 26];
  private final Object[] locks = new Object[REGIONS];

  AddressBits() {
    for (int r = 0; r < REGIONS; r++) {
      locks[r] = new Object();
    }
  }

  /**
   * Adds {@code keys[0, count)} (address keys: the address with its top bit flipped, so that
   * signed order is address order); {@code scratch} holds at least {@code count} ints.
   */
  @Override
  public void addAll(int[] keys, int count, int[] scratch) {
    int[] ends = new int[REGIONS + 1];
    for (int i = 0; i < count; i++) {
      ends[region(keys[i]) + 1]++;
    }
    for (int r = 0; r < REGIONS; r++) {
      ends[r + 1] += ends[r];
    }
    for (int i = 0; i < count; i++) {
      int k = keys[i];
      scratch[ends[region(k)]++] = k;
    }
    // ends[r] is now the end of region r, which is where region r + 1 starts.
    long[] w = words;
    int from = 0;
    for (int r = 0; r < REGIONS; r++) {
      int to = ends[r];
      if (to > from) {
        synchronized (locks[r]) {
          for (int i = from; i < to; i++) {
            int address = scratch[i] ^ Integer.MIN_VALUE;
            w[address >>> 6] |= 1L << address;
          }
        }
      }
      from = to;
    }
  }

  private static int region(int key) {
    return (key ^ Integer.MIN_VALUE) >>> REGION_SHIFT;
  }

  /** Distinct addresses set. Call once every {@link #addAll} has returned. */
  long count() {
    long n = 0;
    for (long word : words) {
      n += Long.bitCount(word);
    }
    return n;
  }

  /**
   * Hands the keys, ascending (signed order), to {@code chunks}, 256 Ki keys at a time. Call once
   * every {@link #addAll} has returned.
   */
  @Override
  public void forEach(IndexWriter.KeyChunks chunks) throws IOException {
    int[] chunk = new int[1 << 18];
    int at = 0;
    long[] w = words;
    for (int i = 0; i < w.length; i++) {
      long word = w[i];
      if (word == 0) {
        continue;
      }
      if (at > chunk.length - 64) {
        chunks.accept(chunk, at);
        at = 0;
      }
      int base = (i << 6) ^ Integer.MIN_VALUE;
      while (word != 0) {
        chunk[at++] = base + Long.numberOfTrailingZeros(word);
        word &= word - 1;
      }
    }
    chunks.accept(chunk, at);
  }
}
