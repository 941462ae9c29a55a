package org.ipjoin.index.format;

import org.ipjoin.index.format.CorruptIndexException.Check;

/**
 * The keys of an exact IPv4 address list in their /16 buckets ({@link IndexByteMap#FLAG_COMPACT}:
 * {@code V4_BUCKETS}, {@code V4_SUFFIXES}, {@code V4_BITMAPS}, {@code V4_BITMAP_RANKS}), each
 * bucket sorted 16-bit suffixes or a 65,536-bit bitmap ({@link CompactBuckets}); the header counts
 * the keys. Chosen at build time with {@code --layout compact}.
 */
public final class CompactLayout extends Ipv4Layout {

  static final CompactLayout INSTANCE = new CompactLayout();

  private CompactLayout() {}

  @Override
  public KeyLayout choice() {
    return KeyLayout.COMPACT;
  }

  @Override
  boolean countsIntervals() {
    return true;
  }

  @Override
  public boolean ranges(IndexHeader header) {
    return false;
  }

  @Override
  long intervalCount(IndexHeader header) {
    return header.compactKeys();
  }

  /** The buckets are the directory: 16 bits. */
  @Override
  int directoryBits(IndexHeader header) {
    return 16;
  }

  @Override
  CompactDecoder compactDecoder(IndexHeader header, String file, boolean verifyChecksums,
      boolean checkContent, boolean retain) {
    return new CompactDecoder(header, file, verifyChecksums, checkContent, retain);
  }

  /** Single addresses without labels only. */
  static void checkFlags(int flags, String file) throws CorruptIndexException {
    if ((flags & IndexByteMap.FLAG_COMPACT) != 0
        && (flags & (IndexByteMap.FLAG_RANGES | IndexByteMap.FLAG_LABELS)) != 0) {
      throw new CorruptIndexException(file, Check.FLAGS,
          "flag 0x10 (compact) is set with flag 0x1 (ranges) or 0x2 (labels)");
    }
  }

  @Override
  public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
    return visitor.compact();
  }
}
