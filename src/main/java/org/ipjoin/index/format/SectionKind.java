package org.ipjoin.index.format;

/**
 * The kinds of section an index file holds, by the code stored in the section directory. Sections
 * appear in the directory in the order of this enum (a streaming reader then has the starts before
 * it checks the ends against them); which are present depends on the header flags. A code this
 * reader does not know is refused: the file was written by a newer ipjoin.
 */
public enum SectionKind {
  /** IPv4 interval starts, i32 keys strictly increasing. Always present. */
  V4_STARTS(1, 4, "IPv4 interval starts"),
  /** IPv4 interval ends (inclusive), one per start. Present with {@link IndexByteMap#FLAG_RANGES}. */
  V4_ENDS(2, 4, "IPv4 interval ends"),
  /** The label id of each IPv4 interval (0 = no label). Present with {@link IndexByteMap#FLAG_LABELS}. */
  V4_LABEL_IDS(3, 4, "IPv4 label ids"),
  /**
   * The lookup directory: for each address prefix, the index of its first interval start, then the
   * interval count; 2^bits + 1 entries. Stored so that a task copies it instead of computing it.
   * Always present.
   */
  V4_DIRECTORY(4, 4, "IPv4 lookup directory"),
  /** Label ends: 0, then the end offset of each label in {@link #LABEL_BYTES}. With labels. */
  LABEL_ENDS(5, 4, "label offsets"),
  /** Every label's UTF-8 bytes, one after the other. With labels. */
  LABEL_BYTES(6, 1, "label bytes"),
  /**
   * IPv6 interval starts: two i64 key halves per interval ({@link org.ipjoin.ip.Ipv6Codec#toKey}),
   * hi then lo, strictly increasing as 128-bit keys. Present with {@link IndexByteMap#FLAG_V6}.
   */
  V6_STARTS(7, 16, "IPv6 interval starts"),
  /** IPv6 interval ends (inclusive), laid out as the starts. With {@link IndexByteMap#FLAG_V6_RANGES}. */
  V6_ENDS(8, 16, "IPv6 interval ends"),
  /** The label id of each IPv6 interval, ids of the one dictionary. With FLAG_V6 and FLAG_LABELS. */
  V6_LABEL_IDS(9, 4, "IPv6 label ids"),
  /**
   * The IPv6 lookup directory: for each value of the {@code bits} hi-key bits that follow the
   * prefix all starts share, the index of its first start, then the interval count. With FLAG_V6.
   */
  V6_DIRECTORY(10, 4, "IPv6 lookup directory"),
  /**
   * The compact layout's bucket directory: for each /16 bucket the keys before it (its rank) and
   * where its data starts (in {@link #V4_SUFFIXES} for a sparse bucket, in {@link #V4_BITMAPS} for
   * a dense one), then the key count and the suffix count. With {@link IndexByteMap#FLAG_COMPACT}.
   */
  V4_BUCKETS(11, 4, "compact bucket directory"),
  /** The low 16 bits of each key of a sparse bucket, u16, increasing per bucket. With FLAG_COMPACT. */
  V4_SUFFIXES(12, 2, "compact bucket suffixes"),
  /** 1,024 i64 words (65,536 bits) per dense bucket, bit i of word w is suffix 64w + i. FLAG_COMPACT. */
  V4_BITMAPS(13, 8, "compact bucket bitmaps"),
  /** u16 per 512 bits of a dense bucket: the bucket's keys before them (128 per bucket). FLAG_COMPACT. */
  V4_BITMAP_RANKS(14, 2, "compact bitmap ranks"),
  /**
   * The names of the attributes a label holds (its values joined by TAB), UTF-8, joined by TAB.
   * Present with {@link IndexByteMap#FLAG_ATTRIBUTES}.
   */
  ATTRIBUTE_NAMES(15, 1, "attribute names"),
  /**
   * The snapshot times and each entry's listing periods ({@link ListingHistory}). Present with
   * {@link IndexByteMap#FLAG_HISTORY}.
   */
  HISTORY(16, 1, "listing history");

  public final int code;
  /** Bytes per item: the section's length is count × itemBytes (16 for a pair of i64 halves). */
  public final int itemBytes;
  public final String description;

  SectionKind(int code, int itemBytes, String description) {
    this.code = code;
    this.itemBytes = itemBytes;
    this.description = description;
  }

  /** The kind with {@code code}, or null when this reader does not know it. */
  public static SectionKind ofCode(int code) {
    for (SectionKind k : values()) {
      if (k.code == code) {
        return k;
      }
    }
    return null;
  }
}
