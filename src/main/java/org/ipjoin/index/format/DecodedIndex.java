package org.ipjoin.index.format;

import java.util.List;

/**
 * The checked content of an index file, as the read paths hand it to the lookup structures.
 * Columns served from a mapping ({@code mmap-direct}) are null here: the loader keeps the mapped
 * views it checked.
 *
 * @param header the checked header and section directory
 * @param starts interval starts (null when served from a mapping)
 * @param ends interval ends, or null (no {@code V4_ENDS} section, or served from a mapping)
 * @param labelIds label ids, or null (no labels, or served from a mapping)
 * @param directory the lookup directory ({@code 2^directoryBits + 1} entries; null when a trusted
 *     load serves the stored one from a mapping)
 * @param directoryBits its prefix bits
 * @param labelEnds label end offsets ({@code [0]} = 0), or null without labels
 * @param labelBytes the labels' UTF-8 bytes, or null without labels
 * @param v6 the IPv6 intervals, or null when the file has none
 * @param compact the IPv4 keys in the compact layout, or null (then {@code starts} holds them)
 * @param attributeNames the names of the attributes a label holds (values joined by TAB); empty
 *     when a label is one unnamed value
 * @param history the checked listing history of a history index, or null
 */
public record DecodedIndex(IndexHeader header, int[] starts, int[] ends, int[] labelIds,
    int[] directory, int directoryBits, int[] labelEnds, byte[] labelBytes, V6 v6,
    Compact compact, List<String> attributeNames, ListingHistory history) {

  /** An index that is not a history. */
  public DecodedIndex(IndexHeader header, int[] starts, int[] ends, int[] labelIds,
      int[] directory, int directoryBits, int[] labelEnds, byte[] labelBytes, V6 v6,
      Compact compact, List<String> attributeNames) {
    this(header, starts, ends, labelIds, directory, directoryBits, labelEnds, labelBytes, v6,
        compact, attributeNames, null);
  }

  /** An index whose label is one unnamed value. */
  public DecodedIndex(IndexHeader header, int[] starts, int[] ends, int[] labelIds,
      int[] directory, int directoryBits, int[] labelEnds, byte[] labelBytes, V6 v6,
      Compact compact) {
    this(header, starts, ends, labelIds, directory, directoryBits, labelEnds, labelBytes, v6,
        compact, List.of());
  }

  /** An index in the sorted layout. */
  public DecodedIndex(IndexHeader header, int[] starts, int[] ends, int[] labelIds,
      int[] directory, int directoryBits, int[] labelEnds, byte[] labelBytes, V6 v6) {
    this(header, starts, ends, labelIds, directory, directoryBits, labelEnds, labelBytes, v6, null);
  }

  /** An index without IPv6 intervals. */
  public DecodedIndex(IndexHeader header, int[] starts, int[] ends, int[] labelIds,
      int[] directory, int directoryBits, int[] labelEnds, byte[] labelBytes) {
    this(header, starts, ends, labelIds, directory, directoryBits, labelEnds, labelBytes, null);
  }

  /**
   * The checked IPv6 part. Columns served from a mapping are null, as above.
   *
   * @param starts key halves, hi then lo, two per interval (null when served from a mapping)
   * @param ends likewise, or null (no {@code V6_ENDS} section, or served from a mapping)
   * @param labelIds label ids, or null (no labels, or served from a mapping)
   * @param directory the IPv6 lookup directory ({@code 2^directoryBits + 1} entries)
   * @param directoryBits its bits
   */
  public record V6(long[] starts, long[] ends, int[] labelIds, int[] directory, int directoryBits) {}

  /**
   * The checked compact sections ({@link IndexByteMap#FLAG_COMPACT}). Columns served from a
   * mapping are null, as above; the bucket directory is always here.
   *
   * @param buckets {@code V4_BUCKETS}: rank and data start per /16 bucket, then key and suffix count
   * @param suffixes {@code V4_SUFFIXES}, u16 values
   * @param bitmaps {@code V4_BITMAPS}
   * @param ranks {@code V4_BITMAP_RANKS}, u16 values
   */
  public record Compact(int[] buckets, short[] suffixes, long[] bitmaps, short[] ranks) {}
}
