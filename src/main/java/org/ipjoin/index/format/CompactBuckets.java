package org.ipjoin.index.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The writer's side of the compact layout ({@link IndexByteMap#FLAG_COMPACT}): the bucket directory
 * of given bucket sizes, and each bucket's bytes (suffixes, or bitmap and ranks) from the sorted
 * keys, handed out section by section.
 */
final class CompactBuckets {

  private CompactBuckets() {}

  /** The bucket of {@code key}: its top 16 address bits. */
  static int bucket(int key) {
    return (key ^ Integer.MIN_VALUE) >>> 16;
  }

  /**
   * The {@code V4_BUCKETS} entries for buckets of {@code counts[b]} keys: rank and data start per
   * bucket, then the key count and the suffix count.
   */
  static int[] directory(int[] counts) {
    int[] d = new int[IndexByteMap.BUCKET_ENTRIES];
    long rank = 0;
    long suffixes = 0;
    long words = 0;
    for (int b = 0; b < IndexByteMap.COMPACT_BUCKETS; b++) {
      d[2 * b] = (int) rank;
      if (CompactShape.dense(counts[b])) {
        d[2 * b + 1] = (int) words;
        words += IndexByteMap.BITMAP_WORDS;
      } else {
        d[2 * b + 1] = (int) suffixes;
        suffixes += counts[b];
      }
      rank += counts[b];
    }
    d[2 * IndexByteMap.COMPACT_BUCKETS] = (int) rank;
    d[2 * IndexByteMap.COMPACT_BUCKETS + 1] = (int) suffixes;
    return d;
  }

  /** Takes little-endian bytes of one section (position to limit). */
  interface Sink {
    void write(ByteBuffer bytes) throws IOException;
  }

  /** The section {@code kind} of keys {@code keys} into {@code sink}. */
  static void emit(IndexWriter.KeySource keys, int[] counts, SectionKind kind, Sink sink)
      throws IOException {
    Emitter e = new Emitter(counts, kind, sink);
    keys.forEach(e::accept);
    e.flushBucket();
    e.flushBytes();
  }

  /** Collects one bucket's keys, then writes what the section wants of it. */
  private static final class Emitter {
    private final int[] counts;
    private final SectionKind kind;
    private final Sink sink;
    private final ByteBuffer out = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
    private final int[] suffixes = new int[IndexByteMap.COMPACT_BUCKETS];
    private final long[] bitmap = new long[IndexByteMap.BITMAP_WORDS];
    private int bucket = -1;
    private int filled;

    Emitter(int[] counts, SectionKind kind, Sink sink) {
      this.counts = counts;
      this.kind = kind;
      this.sink = sink;
    }

    void accept(int[] keys, int n) throws IOException {
      for (int i = 0; i < n; i++) {
        int b = bucket(keys[i]);
        if (b != bucket) {
          flushBucket();
          bucket = b;
        }
        suffixes[filled++] = keys[i] & 0xFFFF;
      }
    }

    void flushBucket() throws IOException {
      if (filled == 0) {
        return;
      }
      if (filled != counts[bucket]) {
        throw new IllegalArgumentException("bucket " + bucket + " has " + filled
            + " keys this pass, " + counts[bucket] + " counted before");
      }
      boolean dense = CompactShape.dense(filled);
      if (!dense && kind == SectionKind.V4_SUFFIXES) {
        for (int i = 0; i < filled; i++) {
          room(2).putShort((short) suffixes[i]);
        }
      } else if (dense && kind != SectionKind.V4_SUFFIXES) {
        java.util.Arrays.fill(bitmap, 0);
        for (int i = 0; i < filled; i++) {
          bitmap[suffixes[i] >>> 6] |= 1L << suffixes[i];
        }
        if (kind == SectionKind.V4_BITMAPS) {
          for (long w : bitmap) {
            room(8).putLong(w);
          }
        } else {
          int rank = 0;
          for (int w = 0; w < IndexByteMap.BITMAP_WORDS; w++) {
            if (w % IndexByteMap.RANK_BLOCK_WORDS == 0) {
              room(2).putShort((short) rank);
            }
            rank += Long.bitCount(bitmap[w]);
          }
        }
      }
      filled = 0;
    }

    private ByteBuffer room(int bytes) throws IOException {
      if (out.remaining() < bytes) {
        flushBytes();
      }
      return out;
    }

    void flushBytes() throws IOException {
      out.flip();
      if (out.hasRemaining()) {
        sink.write(out);
      }
      out.clear();
    }
  }
}
