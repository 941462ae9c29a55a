package org.ipjoin.index.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.ip.Ipv4Codec;

/**
 * Checks the compact sections ({@link IndexByteMap#FLAG_COMPACT}) as the {@link IndexDecoder} feeds
 * them: the bucket directory against the header and the section sizes, the suffixes strictly
 * increasing inside each sparse bucket, each bitmap's popcount against its bucket's key count, and
 * the stored bitmap ranks against the ones the bitmaps give. Each section concludes with its
 * {@link SectionVerdict}, as the {@link SectionDecoder}s do, so damaged bytes fail the checksum.
 */
final class CompactDecoder {

  private final String file;
  private final boolean verifyChecksums;
  private final boolean checkContent;
  private final boolean retain;
  private final IndexHeader header;

  private int[] buckets;
  private short[] suffixes;
  private long[] bitmaps;
  private short[] ranks;
  /** The ranks the bitmaps give (checked content only). */
  private short[] expectedRanks;

  private Column column;

  CompactDecoder(IndexHeader header, String file, boolean verifyChecksums, boolean checkContent,
      boolean retain) {
    this.header = header;
    this.file = file;
    this.verifyChecksums = verifyChecksums;
    this.checkContent = checkContent;
    this.retain = retain;
  }

  /** The checked bucket directory ({@code V4_BUCKETS}); the sections after it follow it. */
  void buckets(int[] entries) throws CorruptIndexException {
    buckets = entries;
    if (checkContent) {
      checkBuckets(entries);
    }
  }

  private void checkBuckets(int[] d) throws CorruptIndexException {
    long suffixCount = header.section(SectionKind.V4_SUFFIXES).count();
    long denseBuckets = header.section(SectionKind.V4_BITMAPS).count() / IndexByteMap.BITMAP_WORDS;
    long suffixes = 0;
    long words = 0;
    if (d[0] != 0) {
      throw bucketsFailure("bucket 0 (0.0.0.0/16) has rank " + d[0] + ", not 0");
    }
    for (int b = 0; b < IndexByteMap.COMPACT_BUCKETS; b++) {
      long count = (long) d[2 * b + 2] - d[2 * b];
      if (count < 0 || count > IndexByteMap.COMPACT_BUCKETS) {
        throw bucketsFailure("bucket " + b + " (" + bucketText(b) + ") has rank " + d[2 * b]
            + " and the next " + d[2 * b + 2] + ": " + count + " keys do not fit a /16");
      }
      boolean dense = CompactShape.dense((int) count);
      long expected = dense ? words : suffixes;
      if (d[2 * b + 1] != expected) {
        throw bucketsFailure("bucket " + b + " (" + bucketText(b) + ", " + count + " keys, "
            + (dense ? "dense" : "sparse") + ") starts at " + d[2 * b + 1] + "; the buckets"
            + " before it give " + expected);
      }
      if (dense) {
        words += IndexByteMap.BITMAP_WORDS;
      } else {
        suffixes += count;
      }
    }
    int keys = d[2 * IndexByteMap.COMPACT_BUCKETS];
    if (keys != header.compactKeys()) {
      throw bucketsFailure("the buckets hold " + keys + " keys; the header says "
          + header.compactKeys());
    }
    if (d[2 * IndexByteMap.COMPACT_BUCKETS + 1] != suffixes || suffixes != suffixCount) {
      throw bucketsFailure("the sparse buckets hold " + suffixes + " keys; the directory's last"
          + " entry says " + d[2 * IndexByteMap.COMPACT_BUCKETS + 1] + " and the suffixes section "
          + suffixCount);
    }
    if (words / IndexByteMap.BITMAP_WORDS != denseBuckets) {
      throw bucketsFailure((words / IndexByteMap.BITMAP_WORDS) + " buckets are dense; the bitmaps"
          + " section holds " + denseBuckets + " bitmaps");
    }
  }

  private CorruptIndexException bucketsFailure(String detail) {
    return new CorruptIndexException(file, Check.BUCKETS, detail);
  }

  static String bucketText(int b) {
    return Ipv4Codec.format((b << 16) ^ Integer.MIN_VALUE) + "/16";
  }

  /** Opens the decoder of one of the sections after the directory. */
  void open(Section s) {
    column = new Column(s);
  }

  /** Takes whole items of the open section, little-endian. */
  void accept(ByteBuffer values) throws CorruptIndexException {
    column.accept(values);
  }

  void finishSection() throws CorruptIndexException {
    column.finish();
    column = null;
  }

  /** The compact part of the content (arrays null where served from a mapping). */
  DecodedIndex.Compact finish() {
    return new DecodedIndex.Compact(buckets, suffixes, bitmaps, ranks);
  }

  /** One of {@code V4_SUFFIXES}, {@code V4_BITMAPS}, {@code V4_BITMAP_RANKS}. */
  private final class Column {
    private final Section section;
    private final SectionVerdict verdict;
    private long filled;
    /** Suffixes: the bucket being read, the keys left in it, the last suffix (-1: none yet). */
    private int bucket = -1;
    private int left;
    private int previous;
    /** Bitmaps: keys counted in the current bitmap. */
    private int bitmapKeys;

    Column(Section section) {
      this.section = section;
      this.verdict = new SectionVerdict(section, file, verifyChecksums);
      if (retain && section.count() > Integer.MAX_VALUE - 8) {
        throw new IllegalStateException(file + ": " + section.count() + " "
            + section.kind().description + " do not fit in one array; use --loader mmap-direct");
      }
      int n = retain ? (int) section.count() : 0;
      switch (section.kind()) {
        case V4_SUFFIXES -> suffixes = retain ? new short[n] : null;
        case V4_BITMAPS -> {
          bitmaps = retain ? new long[n] : null;
          if (checkContent) {
            expectedRanks = new short[(int) (section.count() / IndexByteMap.RANK_BLOCK_WORDS)];
          }
        }
        case V4_BITMAP_RANKS -> ranks = retain ? new short[n] : null;
        default -> throw new IllegalArgumentException(section.kind() + " is no compact column");
      }
    }

    void accept(ByteBuffer chunk) throws CorruptIndexException {
      ByteBuffer le = chunk.slice().order(ByteOrder.LITTLE_ENDIAN);
      int unit = section.kind().itemBytes;
      int n = le.remaining() / unit;
      verdict.checksum(le.slice(0, n * unit));
      int at = (int) filled;
      switch (section.kind()) {
        case V4_SUFFIXES -> {
          if (retain) {
            le.asShortBuffer().get(suffixes, at, n);
          }
        }
        case V4_BITMAPS -> {
          if (retain) {
            le.asLongBuffer().get(bitmaps, at, n);
          }
        }
        default -> {
          if (retain) {
            le.asShortBuffer().get(ranks, at, n);
          }
        }
      }
      if (checkContent && !verdict.contentFailed()) {
        try {
          check(le, n);
        } catch (CorruptIndexException e) {
          verdict.contentFailed(e);
        }
      }
      filled += n;
      chunk.position(chunk.position() + n * unit);
    }

    private void check(ByteBuffer le, int n) throws CorruptIndexException {
      switch (section.kind()) {
        case V4_SUFFIXES -> checkSuffixes(le, n);
        case V4_BITMAPS -> checkBitmaps(le, n);
        default -> checkRanks(le, n);
      }
    }

    private void checkSuffixes(ByteBuffer le, int n) throws CorruptIndexException {
      for (int j = 0; j < n; j++) {
        while (left == 0) {
          bucket++;
          int count = buckets[2 * bucket + 2] - buckets[2 * bucket];
          left = CompactShape.dense(count) ? 0 : count;
          previous = -1;
        }
        int v = Short.toUnsignedInt(le.getShort(2 * j));
        if (v <= previous) {
          throw new CorruptIndexException(file, Check.SUFFIXES, "suffix " + (filled + j)
              + " (" + Ipv4Codec.format(((bucket << 16) | v) ^ Integer.MIN_VALUE) + ") of bucket "
              + bucket + " (" + bucketText(bucket) + ") is not greater than the one before ("
              + Ipv4Codec.format(((bucket << 16) | previous) ^ Integer.MIN_VALUE) + ")");
        }
        previous = v;
        left--;
      }
    }

    private void checkBitmaps(ByteBuffer le, int n) throws CorruptIndexException {
      for (int j = 0; j < n; j++) {
        long w = filled + j;
        int inBitmap = (int) (w % IndexByteMap.BITMAP_WORDS);
        if (inBitmap % IndexByteMap.RANK_BLOCK_WORDS == 0) {
          expectedRanks[(int) (w / IndexByteMap.RANK_BLOCK_WORDS)] = (short) bitmapKeys;
        }
        bitmapKeys += Long.bitCount(le.getLong(8 * j));
        if (inBitmap == IndexByteMap.BITMAP_WORDS - 1) {
          int b = denseBucket(w / IndexByteMap.BITMAP_WORDS);
          int count = buckets[2 * b + 2] - buckets[2 * b];
          if (bitmapKeys != count) {
            throw new CorruptIndexException(file, Check.BITMAPS, "the bitmap of bucket " + b + " ("
                + bucketText(b) + ") has " + bitmapKeys + " bits set; the directory gives it "
                + count + " keys");
          }
          bitmapKeys = 0;
        }
      }
    }

    /** The bucket of the {@code i}-th bitmap (its data starts at word 1024 i). */
    private int denseBucket(long i) {
      if (bucket < 0) {
        bucket = 0;
      }
      while (!(CompactShape.dense(buckets[2 * bucket + 2] - buckets[2 * bucket])
          && buckets[2 * bucket + 1] == i * IndexByteMap.BITMAP_WORDS)) {
        bucket++;
      }
      return bucket;
    }

    private void checkRanks(ByteBuffer le, int n) throws CorruptIndexException {
      for (int j = 0; j < n; j++) {
        long i = filled + j;
        int stored = Short.toUnsignedInt(le.getShort(2 * j));
        int expected = Short.toUnsignedInt(expectedRanks[(int) i]);
        if (stored != expected) {
          throw new CorruptIndexException(file, Check.BITMAP_RANKS, "rank entry " + i + " (bitmap "
              + (i / IndexByteMap.RANKS_PER_BITMAP) + ", bits from "
              + (i % IndexByteMap.RANKS_PER_BITMAP) * 512 + ") is " + stored + "; the bitmap gives "
              + expected);
        }
      }
    }

    void finish() throws CorruptIndexException {
      verdict.conclude(filled);
    }
  }
}
