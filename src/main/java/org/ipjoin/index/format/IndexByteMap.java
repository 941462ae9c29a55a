package org.ipjoin.index.format;

import java.util.ArrayList;
import java.util.List;

/**
 * The on-disk index format, version 2: every offset, size and flag, and where each section goes,
 * in one place. This class and {@code docs/index-format.md} describe the same bytes; change them
 * together. {@link HeaderCodec} writes and reads the header at these offsets, and
 * {@link SectionDirectory} the section directory after it, with every check of both.
 *
 * <pre>
 * header, 64 bytes (all integers little-endian)
 * offset  size  field           content
 * ------  ----  --------------  ------------------------------------------------------------
 *      0     8  MAGIC           89 49 50 49 44 58 0D 0A   ("\x89IPIDX\r\n")
 *      8     2  VERSION         u16, = 2
 *     10     1  BYTE_ORDER      u8, 1 = sections are little-endian (the only order written)
 *     11     1  (reserved)      0
 *     12     4  FLAGS           u32: bit 0 RANGES (intervals wider than one address: a V4_ENDS
 *                               section), bit 1 LABELS (V4_LABEL_IDS, LABEL_ENDS, LABEL_BYTES,
 *                               and V6_LABEL_IDS with V6), bit 2 V6 (IPv6 intervals: V6_STARTS,
 *                               V6_DIRECTORY), bit 3 V6_RANGES (IPv6 intervals wider than one
 *                               address: V6_ENDS; only with V6), bit 4 COMPACT (exact IPv4
 *                               keys in /16 buckets: V4_BUCKETS, V4_SUFFIXES, V4_BITMAPS,
 *                               V4_BITMAP_RANKS instead of V4_STARTS, V4_DIRECTORY; not with
 *                               RANGES or LABELS), bit 5 ATTRIBUTES (ATTRIBUTE_NAMES: each
 *                               label is the values of named attributes joined by TAB; only
 *                               with LABELS), bit 6 SHORT_LABEL_IDS (V4_LABEL_IDS and
 *                               V6_LABEL_IDS hold u16 ids, ITEM_BYTES 2; only with LABELS and
 *                               at most 65535 labels), bit 7 IMPLICIT_ENDS (no V4_ENDS: IPv4
 *                               interval i ends before start i + 1, the last at
 *                               255.255.255.255; label id 65535 marks a gap, not listed; only
 *                               with SHORT_LABEL_IDS, not with RANGES, at most 65534 labels),
 *                               bit 8 HISTORY (HISTORY: each interval's listing periods over
 *                               dated snapshots; not with COMPACT or IMPLICIT_ENDS);
 *                               other bits 0
 *     16     4  SECTION_COUNT   u32, entries in the section directory (2 .. 16)
 *     20     4  DIRECTORY_CRC   u32, CRC32C of the section directory's bytes
 *     24     8  SOURCE_BYTES    u64, size of the text list(s) the index was built from
 *     32     8  SOURCE_LINES    u64, lines in them
 *     40     8  KEY_COUNT       u64, with COMPACT: the IPv4 keys (at most 2^31 - 1); with
 *                               IMPLICIT_ENDS: the listed IPv4 intervals (starts - gaps); else 0
 *     48    12  (reserved)      0
 *     60     4  HEADER_CRC      u32, CRC32C of bytes 0..59
 *
 * section directory, at byte 64: SECTION_COUNT entries of 32 bytes
 *      0     2  KIND            u16, a SectionKind code; entries in increasing code order
 *      2     2  ITEM_BYTES      u16, bytes per item (4 for i32 columns, 16 for IPv6 keys, 1 for
 *                               label bytes)
 *      4     4  CRC             u32, CRC32C of the section's bytes
 *      8     8  COUNT           u64, items in the section
 *     16     8  OFFSET          u64, where the section starts: the end of the previous section
 *                               (or of the directory) rounded up to a multiple of 64
 *     24     8  LENGTH          u64, = COUNT x ITEM_BYTES
 *
 * lookup directories (V4_DIRECTORY, V6_DIRECTORY): 2^bits + 1 i32 entries. A writer takes, for
 * n intervals of the family, bits = floor(log2(n / 40)), at most 22 and at least
 * min(9, max(4, floor(log2 n))); with IMPLICIT_ENDS (n counting the gaps)
 * floor(log2(n / 8)) clamped to 4 .. 22; a reader takes any bits 4 .. 22.
 *
 * sections: each at its OFFSET; the bytes between sections are zero padding, never read; the
 * file ends at the end of the last section. Kinds (SectionKind), in file order:
 *   1 V4_STARTS     i32 keys            without COMPACT (count 0 without IPv4 intervals)
 *   2 V4_ENDS       i32 keys            with RANGES (never with IMPLICIT_ENDS)
 *   3 V4_LABEL_IDS  i32 (u16 with SHORT_LABEL_IDS)  with LABELS
 *   4 V4_DIRECTORY  i32, 2^bits + 1     without COMPACT
 *   5 LABEL_ENDS    i32, labels + 1     with LABELS
 *   6 LABEL_BYTES   u8                  with LABELS
 *   7 V6_STARTS     i64 hi, i64 lo keys with V6
 *   8 V6_ENDS       i64 hi, i64 lo keys with V6_RANGES
 *   9 V6_LABEL_IDS  i32 (u16 with SHORT_LABEL_IDS)  with V6 and LABELS
 *  10 V6_DIRECTORY  i32, 2^bits + 1     with V6
 *  11 V4_BUCKETS    i32, 2 x 65536 + 2  with COMPACT: per /16 bucket its rank (keys before it)
 *                                       and data start, then the key and suffix counts
 *  12 V4_SUFFIXES   u16                 with COMPACT: low 16 bits of the sparse buckets' keys
 *  13 V4_BITMAPS    i64, 1024 a bitmap  with COMPACT: 65536 bits per dense bucket (> 4096 keys)
 *  14 V4_BITMAP_RANKS  u16, 128 a bitmap  with COMPACT: bucket keys before each 512 bits
 *  15 ATTRIBUTE_NAMES  u8               with ATTRIBUTES: the attribute names, UTF-8, joined by
 *                                       TAB (one name per TAB-separated value of a label)
 *  16 HISTORY       u8                  with HISTORY: snapshot times and listing periods:
 *                                       0 u32 snapshots S, 4 u32 entries n (IPv4 then IPv6
 *                                       intervals), 8 u32 periods p, 12 u32 0, 16 i64 x (S + 1)
 *                                       times (UTC ms, increasing; the last ends the last
 *                                       snapshot's validity), u32 x (ceil(n / 16) + 1) block
 *                                       offsets, then each entry's periods as varint
 *                                       snapshot-number deltas (ListingHistory's map)
 * </pre>
 *
 * Sections start 64-byte aligned, so a bulk copy into an {@code int[]} on a little-endian CPU is a
 * plain memory copy. Always present: {@code V4_STARTS} and {@code V4_DIRECTORY} (with count 0 and
 * an all-zero directory when the list has no IPv4 intervals). An exact-address list has no
 * {@code V4_ENDS} (every interval is one address), so it costs 4 bytes per address plus the
 * directory, like format version 1; version 1 files are not read (rebuild them). A labelled range
 * list whose ranges mostly touch has no {@code V4_ENDS} either when it takes
 * {@link #FLAG_IMPLICIT_ENDS}: its gaps are intervals of {@link #GAP_LABEL_ID}.
 *
 * <p>IPv6 intervals are the sections {@code V6_*}, after the label sections, present only with
 * {@link #FLAG_V6}: a list without IPv6 intervals is written byte for byte as before they existed,
 * and a reader that predates them refuses a file with them at the flags check ("unknown flag bits
 * 0x00000004 ... written by a newer ipjoin?"). A 128-bit key is two i64 key halves, hi then lo
 * (16 bytes per interval). The IPv6 lookup directory is indexed by the {@code bits} hi-key bits
 * that follow the prefix shared by the first and the last start (see {@link #v6SkipBits}): real
 * lists cluster in 2000::/3 and often share more, and a directory over the top bits would leave
 * most of its entries empty.
 *
 * <p>Readers check, in this order: magic, version, header length, header checksum, byte order,
 * flags, reserved bytes, the section directory (its checksum, known kinds in order, the sections
 * the flags require, item sizes, counts that agree, offsets), the file length; then, section by
 * section while reading: the section checksum (unless switched off), starts strictly increasing,
 * each end between its start and the next start, label ids within the dictionary, label offsets
 * non-decreasing and within the bytes, and the stored lookup directory equal to the one the starts
 * give; the same for the IPv6 sections; then the compact sections (see {@link #FLAG_COMPACT}).
 * Magic and version come first so that the most useful message ("not an index", "written by a
 * newer ipjoin") wins. A new kind of data (IPv6 intervals) is a new section kind, not a new
 * version.
 */
public final class IndexByteMap {

  public static final byte[] MAGIC = {(byte) 0x89, 'I', 'P', 'I', 'D', 'X', '\r', '\n'};
  public static final int VERSION = 2;
  public static final int BYTE_ORDER_LITTLE_ENDIAN = 1;

  public static final int FLAG_RANGES = 1;
  public static final int FLAG_LABELS = 1 << 1;
  /** IPv6 intervals: {@code V6_STARTS}, {@code V6_DIRECTORY} (and {@code V6_LABEL_IDS} with labels). */
  public static final int FLAG_V6 = 1 << 2;
  /** Some IPv6 interval is wider than one address: {@code V6_ENDS}. Only with {@link #FLAG_V6}. */
  public static final int FLAG_V6_RANGES = 1 << 3;
  /**
   * The compact layout of an exact IPv4 list: the keys in their 65,536 /16 buckets, a sparse bucket
   * (at most {@value #MAX_SPARSE_KEYS} keys) as its sorted u16 suffixes ({@code V4_SUFFIXES}), a
   * dense one as a bitmap of 65,536 bits ({@code V4_BITMAPS}) with a u16 rank per 512 bits
   * ({@code V4_BITMAP_RANKS}), and a directory of both ({@code V4_BUCKETS}); the key count is in
   * the header ({@link #KEY_COUNT_OFFSET}). Replaces {@code V4_STARTS} and {@code V4_DIRECTORY};
   * never with {@link #FLAG_RANGES} or {@link #FLAG_LABELS}.
   */
  public static final int FLAG_COMPACT = 1 << 4;
  /**
   * Each label holds the values of named attributes joined by TAB; the names are the
   * {@code ATTRIBUTE_NAMES} section. Only with {@link #FLAG_LABELS}. An index whose label is one
   * unnamed value (every index built before attributes existed) has neither.
   */
  public static final int FLAG_ATTRIBUTES = 1 << 5;
  /**
   * The label id sections hold u16 ids (2 bytes an interval instead of 4): a list of 300 k ranges
   * then costs 10 bytes an interval (start, end, id) instead of 12. Only with {@link #FLAG_LABELS}
   * and at most {@value #MAX_SHORT_LABEL_IDS} labels. Written for an index with
   * {@link #FLAG_ATTRIBUTES}; an index of one unnamed label keeps i32 ids, byte for byte as before.
   */
  public static final int FLAG_SHORT_LABEL_IDS = 1 << 6;
  /** The most labels u16 ids number. */
  public static final int MAX_SHORT_LABEL_IDS = 65_535;
  /**
   * The IPv4 intervals cover the address space from the first start on, with no {@code V4_ENDS}:
   * each interval ends where the next starts (the last at 255.255.255.255), and every gap between
   * two listed intervals, and after the last, is an interval of its own with the label id
   * {@value #GAP_LABEL_ID} ({@link #GAP_LABEL_ID}), which answers no match. The header's
   * KEY_COUNT holds the listed intervals (the starts without the gaps). A labelled range list whose
   * ranges mostly touch (a country or ASN list) then costs 6 bytes an interval (start, u16 id) plus
   * its gaps instead of 10. Only with {@link #FLAG_SHORT_LABEL_IDS}, at most
   * {@value #MAX_IMPLICIT_END_LABELS} labels, and never with {@link #FLAG_RANGES}; the IPv6
   * intervals keep their ends. Written when the file is smaller so.
   */
  public static final int FLAG_IMPLICIT_ENDS = 1 << 7;
  /** The label id of a gap (not listed) with {@link #FLAG_IMPLICIT_ENDS}: the largest u16 value. */
  public static final int GAP_LABEL_ID = 0xFFFF;
  /** Labels at most with {@link #FLAG_IMPLICIT_ENDS}: the largest u16 id is the gap's. */
  public static final int MAX_IMPLICIT_END_LABELS = GAP_LABEL_ID - 1;
  /**
   * The index is a history of dated snapshots of one list: the {@code HISTORY} section
   * ({@link ListingHistory}) holds the snapshots' times and, for each interval (each distinct entry
   * of any snapshot), the snapshots it was listed in. Not with {@link #FLAG_COMPACT} or {@link
   * #FLAG_IMPLICIT_ENDS}: an entry is an interval of the sorted layout, numbered by its position.
   */
  public static final int FLAG_HISTORY = 1 << 8;
  static final int KNOWN_FLAGS = FLAG_RANGES | FLAG_LABELS | FLAG_V6 | FLAG_V6_RANGES | FLAG_COMPACT
      | FLAG_ATTRIBUTES | FLAG_SHORT_LABEL_IDS | FLAG_IMPLICIT_ENDS | FLAG_HISTORY;

  /**
   * Bytes of the {@code ATTRIBUTE_NAMES} section at most: names are column headings, and a reader
   * should not allocate what a corrupt count says before it has read a byte.
   */
  public static final int MAX_ATTRIBUTE_NAME_BYTES = 1 << 16;

  /** Buckets of the compact layout: one per /16 prefix. */
  public static final int COMPACT_BUCKETS = 1 << 16;
  /** A bucket with more keys is dense: its bitmap (8 KiB) is then smaller than its suffixes. */
  public static final int MAX_SPARSE_KEYS = 4096;
  /** i64 words of a dense bucket's bitmap. */
  public static final int BITMAP_WORDS = COMPACT_BUCKETS / 64;
  /** Words per entry of {@code V4_BITMAP_RANKS}: 512 bits, one cache line. */
  public static final int RANK_BLOCK_WORDS = 8;
  /** {@code V4_BITMAP_RANKS} entries per dense bucket. */
  public static final int RANKS_PER_BITMAP = BITMAP_WORDS / RANK_BLOCK_WORDS;
  /** {@code V4_BUCKETS} entries: rank and data start per bucket, then key count and suffix count. */
  public static final int BUCKET_ENTRIES = 2 * COMPACT_BUCKETS + 2;
  /** Keys of a compact index at most: ranks are non-negative {@code int}s. */
  public static final long MAX_COMPACT_KEYS = Integer.MAX_VALUE;

  static final int MAGIC_OFFSET = 0;
  static final int VERSION_OFFSET = 8;
  static final int BYTE_ORDER_OFFSET = 10;
  static final int RESERVED_1_OFFSET = 11;
  static final int FLAGS_OFFSET = 12;
  static final int SECTION_COUNT_OFFSET = 16;
  static final int DIRECTORY_CRC_OFFSET = 20;
  static final int SOURCE_BYTES_OFFSET = 24;
  static final int SOURCE_LINES_OFFSET = 32;
  /**
   * u64: the keys of a compact index ({@link #FLAG_COMPACT}), the listed intervals with
   * {@link #FLAG_IMPLICIT_ENDS}; 0 otherwise.
   */
  static final int KEY_COUNT_OFFSET = 40;
  static final int RESERVED_2_OFFSET = 48;
  static final int RESERVED_2_LENGTH = 12;
  static final int HEADER_CRC_OFFSET = 60;
  public static final int HEADER_SIZE = 64;

  static final int ENTRY_KIND = 0;
  static final int ENTRY_ITEM_BYTES = 2;
  static final int ENTRY_CRC = 4;
  static final int ENTRY_COUNT = 8;
  static final int ENTRY_OFFSET = 16;
  static final int ENTRY_LENGTH = 24;
  public static final int ENTRY_SIZE = 32;

  public static final int MAX_SECTIONS = 16;
  /** Header plus the largest directory: reading this many bytes (or the whole file) always suffices. */
  public static final int MAX_HEAD_SIZE = HEADER_SIZE + MAX_SECTIONS * ENTRY_SIZE;
  public static final int ALIGNMENT = 64;

  /**
   * IPv6 intervals a file may hold: lookups number intervals with an {@code int}, and a heap copy
   * of the starts is one {@code long[]} of two halves per interval.
   */
  public static final long MAX_V6_INTERVALS = (Integer.MAX_VALUE - 8) / 2;

  /**
   * Smallest lookup directory: 2^4 + 1 entries, 68 bytes. Every reader accepts a stored directory
   * of any bits from this to {@link #MAX_DIRECTORY_BITS} (a file of any list may hold any of them).
   * Not 0: with at least one bit, every shift of a key by {@code 32 - bits} (IPv4) or
   * {@code 64 - bits} (IPv6) is below the word size, which Java takes modulo.
   */
  static final int MIN_DIRECTORY_BITS = 4;
  /**
   * Lists get at least 2^9 + 1 entries (2,052 bytes) when they have 2^9 intervals or more: within
   * the 4 KiB a file may spend beyond 4.1 bytes per key, so the smaller lists keep buckets of one
   * or two starts (every list below 1,024 intervals is written as before) while the directory of
   * a larger one is sized to its 40 intervals per prefix.
   */
  static final int SMALL_LIST_DIRECTORY_BITS = 9;
  /** Largest: 2^22 entries, 16 MiB (only for lists of 170 M intervals and more). */
  static final int MAX_DIRECTORY_BITS = 22;
  /** Intervals per prefix the directory aims at (at least): it then costs at most 0.1 byte each. */
  static final int INTERVALS_PER_PREFIX = 40;

  private IndexByteMap() {}

  /**
   * Prefix bits of the lookup directory a writer stores for {@code count} intervals (of one
   * family): the largest 2^bits ≤ count / 40 (at most 0.1 byte of directory per interval), at
   * most 2^22 entries, and at least the largest 2^bits ≤ count up to 2^9 (at least 2^4). An exact
   * IPv4 list then costs at most 4.1 bytes per key + 4 KiB at every size: 287,570 keys are /12
   * (16 KiB of directory, 1,166,852 bytes in all) where the 2^16 floor this rule replaces gave
   * /16 (256 KiB, 1,412,612 bytes, 4.91 bytes per key). From 40 x 2^16 intervals on the rule is
   * the floor's, so those files are byte for byte what they were (/19 on the 26 M-key bench list:
   * in one {@code LookupVariantsBenchmark} run the interpolation scan took ~157 ns per probe with
   * a /16 directory and ~87 ns with /19). Below that the floor bought lookup speed, which this
   * rule gives up for size (JMH {@code DirectoryWidthBenchmark} and {@code DirectoryWidthPairs},
   * docs/benchmarks/2026-11-27-directory-sizing.md): at 287,570 keys /12 took 1.1-1.2x the CPU
   * time of /16 per probe on spread lists and 2.1x on keys packed into few /16s, +2 to +28 ns
   * against about 2 µs per record in the job. Every reader takes any width, so a writer may store
   * a wider directory again without a format change.
   */
  public static int directoryBitsFor(long count) {
    int least = Math.min(SMALL_LIST_DIRECTORY_BITS, Math.max(MIN_DIRECTORY_BITS, floorLog2(count)));
    int bits = floorLog2(count / INTERVALS_PER_PREFIX);
    return Math.max(least, Math.min(MAX_DIRECTORY_BITS, bits));
  }

  /**
   * Prefix bits of the lookup directory a writer stores for {@code count} IPv4 intervals (gaps
   * included) with {@link #FLAG_IMPLICIT_ENDS}: the largest 2^bits ≤ count / 8, clamped to 4 .. 22.
   * Buckets of 8 to 16 starts are within the interpolation step's linear scan, and the directory
   * costs at most half a byte an interval (the 2^16 floor other files had then cost 0.87 at 300 k).
   */
  public static int implicitEndsDirectoryBitsFor(long count) {
    int bits = floorLog2(count / IMPLICIT_ENDS_INTERVALS_PER_PREFIX);
    return Math.max(MIN_DIRECTORY_BITS, Math.min(MAX_DIRECTORY_BITS, bits));
  }

  /** Intervals per prefix the directory of a file with {@link #FLAG_IMPLICIT_ENDS} aims at. */
  static final int IMPLICIT_ENDS_INTERVALS_PER_PREFIX = 8;

  /** The largest b with 2^b ≤ n; -1 for n = 0. */
  private static int floorLog2(long n) {
    return 63 - Long.numberOfLeadingZeros(n);
  }

  /** Entries of a directory of {@code bits}: one per prefix, plus the interval count at the end. */
  public static long directoryEntries(int bits) {
    return (1L << bits) + 1;
  }

  /**
   * The hi-key bits the IPv6 lookup directory skips: the leading bits shared by the hi key halves
   * of the first and the last start (so by every start), at most {@code 64 - directoryBits}. The
   * directory entry of a key is then its {@code directoryBits} hi-key bits after those. Derived
   * from the starts, so not stored; an index without IPv6 intervals has none to skip (0).
   */
  public static int v6SkipBits(long firstHiKey, long lastHiKey, int directoryBits) {
    return Math.min(Long.numberOfLeadingZeros(firstHiKey ^ lastHiKey), 64 - directoryBits);
  }

  /**
   * The bits of a directory with {@code entries} entries (which
   * {@link SectionDirectory#checkDirectorySize} validated).
   */
  static int directoryBits(long entries) {
    return floorLog2(entries - 1);
  }

  /** Bytes per item of a {@code kind} section: its kind's, or 2 for short label ids. */
  static int itemBytes(SectionKind kind, boolean shortLabelIds) {
    boolean ids = kind == SectionKind.V4_LABEL_IDS || kind == SectionKind.V6_LABEL_IDS;
    return ids && shortLabelIds ? SHORT_LABEL_ID_BYTES : kind.itemBytes;
  }

  /** Bytes of a u16 label id. */
  static final int SHORT_LABEL_ID_BYTES = 2;

  static long align(long offset) {
    return (offset + ALIGNMENT - 1) & -ALIGNMENT;
  }

  /**
   * The sections for this content, in file order, with offsets; the CRCs are the caller's
   * ({@code crcs[kind.ordinal()]}).
   */
  public static List<Section> layOut(long intervals, boolean ranges, boolean labels, long labelCount,
      long labelBytes, int[] crcs) {
    return layOut(intervals, ranges, labels, labelCount, labelBytes, -1, false, crcs);
  }

  /**
   * As {@link #layOut(long, boolean, boolean, long, long, int[])}, with {@code v6Intervals} IPv6
   * intervals (negative: no IPv6 sections), with ends when {@code v6Ranges}.
   */
  public static List<Section> layOut(long intervals, boolean ranges, boolean labels, long labelCount,
      long labelBytes, long v6Intervals, boolean v6Ranges, int[] crcs) {
    return layOut(intervals, ranges, labels, labelCount, labelBytes, v6Intervals, v6Ranges, null,
        crcs);
  }

  /**
   * As {@link #layOut(long, boolean, boolean, long, long, long, boolean, int[])}; with
   * {@code compact} (not null) the IPv4 keys take the compact layout of that shape instead of
   * {@code V4_STARTS} and {@code V4_DIRECTORY}.
   */
  public static List<Section> layOut(long intervals, boolean ranges, boolean labels, long labelCount,
      long labelBytes, long v6Intervals, boolean v6Ranges, CompactShape compact, int[] crcs) {
    return layOut(intervals, ranges, labels, labelCount, labelBytes, v6Intervals, v6Ranges, compact,
        directoryBitsFor(intervals), directoryBitsFor(Math.max(0, v6Intervals)), -1, false, -1,
        crcs);
  }

  /**
   * As {@link #layOut(long, boolean, boolean, long, long, long, boolean, CompactShape, int[])},
   * with lookup directories of {@code directoryBits} (IPv4) and {@code v6DirectoryBits} (IPv6),
   * an {@code ATTRIBUTE_NAMES} section of {@code attributeNameBytes} bytes (negative: none), and
   * u16 label ids when {@code shortLabelIds}, and a {@code HISTORY} section of
   * {@code historyBytes} bytes (negative: none).
   */
  static List<Section> layOut(long intervals, boolean ranges, boolean labels, long labelCount,
      long labelBytes, long v6Intervals, boolean v6Ranges, CompactShape compact, int directoryBits,
      int v6DirectoryBits, long attributeNameBytes, boolean shortLabelIds, long historyBytes,
      int[] crcs) {
    boolean v6 = v6Intervals >= 0;
    List<SectionKind> kinds = new ArrayList<>();
    if (compact == null) {
      kinds.add(SectionKind.V4_STARTS);
    }
    if (ranges) {
      kinds.add(SectionKind.V4_ENDS);
    }
    if (labels) {
      kinds.add(SectionKind.V4_LABEL_IDS);
    }
    if (compact == null) {
      kinds.add(SectionKind.V4_DIRECTORY);
    }
    if (labels) {
      kinds.add(SectionKind.LABEL_ENDS);
      kinds.add(SectionKind.LABEL_BYTES);
    }
    if (v6) {
      kinds.add(SectionKind.V6_STARTS);
      if (v6Ranges) {
        kinds.add(SectionKind.V6_ENDS);
      }
      if (labels) {
        kinds.add(SectionKind.V6_LABEL_IDS);
      }
      kinds.add(SectionKind.V6_DIRECTORY);
    }
    if (compact != null) {
      kinds.addAll(List.of(SectionKind.V4_BUCKETS, SectionKind.V4_SUFFIXES, SectionKind.V4_BITMAPS,
          SectionKind.V4_BITMAP_RANKS));
    }
    if (attributeNameBytes >= 0) {
      kinds.add(SectionKind.ATTRIBUTE_NAMES);
    }
    if (historyBytes >= 0) {
      kinds.add(SectionKind.HISTORY);
    }
    List<Section> sections = new ArrayList<>();
    long at = HEADER_SIZE + (long) kinds.size() * ENTRY_SIZE;
    for (SectionKind kind : kinds) {
      long count = switch (kind) {
        case V4_STARTS, V4_ENDS, V4_LABEL_IDS -> intervals;
        case V4_DIRECTORY -> directoryEntries(directoryBits);
        case LABEL_ENDS -> labelCount + 1;
        case LABEL_BYTES -> labelBytes;
        case V6_STARTS, V6_ENDS, V6_LABEL_IDS -> v6Intervals;
        case V6_DIRECTORY -> directoryEntries(v6DirectoryBits);
        case V4_BUCKETS -> BUCKET_ENTRIES;
        case V4_SUFFIXES -> compact.sparseKeys();
        case V4_BITMAPS -> (long) BITMAP_WORDS * compact.denseBuckets();
        case V4_BITMAP_RANKS -> (long) RANKS_PER_BITMAP * compact.denseBuckets();
        case ATTRIBUTE_NAMES -> attributeNameBytes;
        case HISTORY -> historyBytes;
      };
      Section s = new Section(kind, count, align(at), crcs[kind.ordinal()],
          itemBytes(kind, shortLabelIds));
      sections.add(s);
      at = s.end();
    }
    return sections;
  }
}
