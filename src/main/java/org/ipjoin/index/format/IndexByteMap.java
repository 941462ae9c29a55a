package org.ipjoin.index.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.ipjoin.index.format.CorruptIndexException.Check;

/**
 * The on-disk index format, version 2: every offset and every header and directory check, in one
 * place. This class and {@code docs/index-format.md} describe the same bytes; change them together.
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
 *                               RANGES or LABELS); other bits 0
 *     16     4  SECTION_COUNT   u32, entries in the section directory (2 .. 16)
 *     20     4  DIRECTORY_CRC   u32, CRC32C of the section directory's bytes
 *     24     8  SOURCE_BYTES    u64, size of the text list(s) the index was built from
 *     32     8  SOURCE_LINES    u64, lines in them
 *     40     8  KEY_COUNT       u64, with COMPACT: the IPv4 keys (at most 2^31 - 1); else 0
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
 * n intervals of the family, bits = max(4, floor(log2 n)) below 2^16 intervals, else
 * floor(log2(n / 40)) clamped to 16 .. 22; a reader takes any bits 4 .. 22.
 *
 * sections: each at its OFFSET; the bytes between sections are zero padding, never read; the
 * file ends at the end of the last section. Kinds (SectionKind), in file order:
 *   1 V4_STARTS     i32 keys            without COMPACT (count 0 without IPv4 intervals)
 *   2 V4_ENDS       i32 keys            with RANGES
 *   3 V4_LABEL_IDS  i32                 with LABELS
 *   4 V4_DIRECTORY  i32, 2^bits + 1     without COMPACT
 *   5 LABEL_ENDS    i32, labels + 1     with LABELS
 *   6 LABEL_BYTES   u8                  with LABELS
 *   7 V6_STARTS     i64 hi, i64 lo keys with V6
 *   8 V6_ENDS       i64 hi, i64 lo keys with V6_RANGES
 *   9 V6_LABEL_IDS  i32                 with V6 and LABELS
 *  10 V6_DIRECTORY  i32, 2^bits + 1     with V6
 *  11 V4_BUCKETS    i32, 2 x 65536 + 2  with COMPACT: per /16 bucket its rank (keys before it)
 *                                       and data start, then the key and suffix counts
 *  12 V4_SUFFIXES   u16                 with COMPACT: low 16 bits of the sparse buckets' keys
 *  13 V4_BITMAPS    i64, 1024 a bitmap  with COMPACT: 65536 bits per dense bucket (> 4096 keys)
 *  14 V4_BITMAP_RANKS  u16, 128 a bitmap  with COMPACT: bucket keys before each 512 bits
 * </pre>
 *
 * Sections start 64-byte aligned, so a bulk copy into an {@code int[]} on a little-endian CPU is a
 * plain memory copy. Always present: {@code V4_STARTS} and {@code V4_DIRECTORY} (with count 0 and
 * an all-zero directory when the list has no IPv4 intervals). An exact-address list has no
 * {@code V4_ENDS} (every interval is one address), so it costs 4 bytes per address plus the
 * directory, like format version 1; version 1 files are not read (rebuild them).
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
 * give; the same for the IPv6 sections; then the compact sections (see {@link #FLAG_COMPACT}). Magic and version come first so that the most useful message ("not an index", "written by
 * a newer ipjoin") wins. A new kind of data (IPv6 intervals) is a new section kind, not a new
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
  static final int KNOWN_FLAGS = FLAG_RANGES | FLAG_LABELS | FLAG_V6 | FLAG_V6_RANGES | FLAG_COMPACT;

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
  /** u64: the keys of a compact index ({@link #FLAG_COMPACT}); 0 otherwise. */
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
   * Lists of 2^16 intervals and more get at least 2^16 entries (256 KiB), as every list did before
   * small lists got small directories: their files are byte for byte what they were.
   */
  static final int LARGE_LIST_DIRECTORY_BITS = 16;
  /** Largest: 2^22 entries, 16 MiB (only for lists of 170 M intervals and more). */
  static final int MAX_DIRECTORY_BITS = 22;
  /** Intervals per prefix the directory aims at (at least): it then costs at most 0.1 byte each. */
  static final int INTERVALS_PER_PREFIX = 40;

  private IndexByteMap() {}

  /**
   * Prefix bits of the lookup directory a writer stores for {@code count} intervals (of one
   * family). From 2^16 intervals on: the largest 2^bits ≤ count / 40 (at most 0.1 byte of
   * directory per interval), but at least 2^16 and at most 2^22 entries, as ever. On the 26 M-key
   * bench list that is /19: in one {@code LookupVariantsBenchmark} run the interpolation scan took
   * ~157 ns per probe with a /16 directory and ~87 ns with /19. Below 2^16 intervals: the largest
   * 2^bits ≤ count, at least 2^4, so the directory is never larger than the starts (at most 4
   * bytes per interval, 68 bytes for the smallest lists) and buckets hold one or two starts on
   * average: a 3-address index is 260 bytes rather than 262,340 with the old 2^16 floor.
   */
  public static int directoryBitsFor(long count) {
    if (count < 1L << LARGE_LIST_DIRECTORY_BITS) {
      return Math.max(MIN_DIRECTORY_BITS, floorLog2(count));
    }
    int bits = floorLog2(count / INTERVALS_PER_PREFIX);
    return Math.max(LARGE_LIST_DIRECTORY_BITS, Math.min(MAX_DIRECTORY_BITS, bits));
  }

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

  /** The bits of a directory with {@code entries} entries (which the directory check validated). */
  static int directoryBits(long entries) {
    return floorLog2(entries - 1);
  }

  /**
   * Checks that a stored lookup directory ({@code family} "" or "IPv6 ") has 2^bits + 1 entries
   * for bits {@link #MIN_DIRECTORY_BITS} .. {@link #MAX_DIRECTORY_BITS}: any such size loads, the
   * writer's rule of the day or an older one; its entries are checked against the starts later.
   */
  static void checkDirectorySize(long entries, String family, String file)
      throws CorruptIndexException {
    long buckets = entries - 1;
    String range = "bits " + MIN_DIRECTORY_BITS + " .. " + MAX_DIRECTORY_BITS + ", "
        + directoryEntries(MIN_DIRECTORY_BITS) + " .. " + directoryEntries(MAX_DIRECTORY_BITS)
        + " entries";
    if (buckets < 1 || Long.bitCount(buckets) != 1) {
      throw new CorruptIndexException(file, Check.DIRECTORY_SIZE, "the " + family
          + "lookup directory has " + entries + " entries, not 2^bits + 1 (" + range + ")");
    }
    int bits = floorLog2(buckets);
    if (bits < MIN_DIRECTORY_BITS || bits > MAX_DIRECTORY_BITS) {
      throw new CorruptIndexException(file, Check.DIRECTORY_SIZE, "the " + family
          + "lookup directory has " + entries + " entries, 2^" + bits + " + 1; a reader takes "
          + range);
    }
  }

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
        directoryBitsFor(intervals), directoryBitsFor(Math.max(0, v6Intervals)), crcs);
  }

  /**
   * As {@link #layOut(long, boolean, boolean, long, long, long, boolean, CompactShape, int[])},
   * with lookup directories of {@code directoryBits} (IPv4) and {@code v6DirectoryBits} (IPv6).
   */
  static List<Section> layOut(long intervals, boolean ranges, boolean labels, long labelCount,
      long labelBytes, long v6Intervals, boolean v6Ranges, CompactShape compact, int directoryBits,
      int v6DirectoryBits, int[] crcs) {
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
      };
      Section s = new Section(kind, count, align(at), crcs[kind.ordinal()]);
      sections.add(s);
      at = s.end();
    }
    return sections;
  }

  /** Encodes header and directory; returns a buffer positioned at 0 with limit at the directory's end. */
  public static ByteBuffer encodeHead(IndexHeader header) {
    List<Section> sections = header.sections();
    int directoryEnd = HEADER_SIZE + sections.size() * ENTRY_SIZE;
    ByteBuffer b = ByteBuffer.allocate(directoryEnd).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < sections.size(); i++) {
      Section s = sections.get(i);
      int e = HEADER_SIZE + i * ENTRY_SIZE;
      b.putShort(e + ENTRY_KIND, (short) s.kind().code);
      b.putShort(e + ENTRY_ITEM_BYTES, (short) s.kind().itemBytes);
      b.putInt(e + ENTRY_CRC, s.crc());
      b.putLong(e + ENTRY_COUNT, s.count());
      b.putLong(e + ENTRY_OFFSET, s.offset());
      b.putLong(e + ENTRY_LENGTH, s.length());
    }
    b.put(MAGIC_OFFSET, MAGIC);
    b.putShort(VERSION_OFFSET, (short) VERSION);
    b.put(BYTE_ORDER_OFFSET, (byte) BYTE_ORDER_LITTLE_ENDIAN);
    b.putInt(FLAGS_OFFSET, header.flags());
    b.putInt(SECTION_COUNT_OFFSET, sections.size());
    b.putInt(DIRECTORY_CRC_OFFSET, crc(b, HEADER_SIZE, directoryEnd));
    b.putLong(SOURCE_BYTES_OFFSET, header.sourceBytes());
    b.putLong(SOURCE_LINES_OFFSET, header.sourceLines());
    b.putLong(KEY_COUNT_OFFSET, header.compactKeys());
    b.putInt(HEADER_CRC_OFFSET, crc(b, 0, HEADER_CRC_OFFSET));
    return b;
  }

  /** The header an encoded head decodes to, with the directory CRC filled in. */
  public static IndexHeader describe(int flags, List<Section> sections, long sourceBytes,
      long sourceLines) {
    return describe(flags, sections, sourceBytes, sourceLines, 0);
  }

  /** As {@link #describe(int, List, long, long)}, with the key count of a compact index. */
  public static IndexHeader describe(int flags, List<Section> sections, long sourceBytes,
      long sourceLines, long compactKeys) {
    IndexHeader draft = new IndexHeader(flags, sections, 0, sourceBytes, sourceLines, compactKeys);
    ByteBuffer head = encodeHead(draft);
    return new IndexHeader(flags, sections, head.getInt(DIRECTORY_CRC_OFFSET), sourceBytes,
        sourceLines, compactKeys);
  }

  /**
   * Decodes and checks header and section directory.
   *
   * @param bytes the file's first bytes from position to limit: at least {@link #MAX_HEAD_SIZE}, or
   *     the whole file when it is shorter
   * @param fileLength the length of the whole file
   * @param file the file's name, for messages
   */
  public static IndexHeader decodeHead(ByteBuffer bytes, long fileLength, String file)
      throws CorruptIndexException {
    ByteBuffer b = bytes.slice().order(ByteOrder.LITTLE_ENDIAN);
    int available = b.remaining();
    checkMagic(b, available, fileLength, file);
    if (available < VERSION_OFFSET + 2) {
      throw truncatedHeader(file, fileLength);
    }
    int version = Short.toUnsignedInt(b.getShort(VERSION_OFFSET));
    if (version != VERSION) {
      throw new CorruptIndexException(file, Check.VERSION, "file has format version " + version
          + ", this reader reads version " + VERSION + (version > VERSION
              ? " (written by a newer ipjoin: upgrade ipjoin)"
              : " (written by an older ipjoin: rebuild the index with 'ipindex build')"));
    }
    if (available < HEADER_SIZE || fileLength < HEADER_SIZE) {
      throw truncatedHeader(file, fileLength);
    }
    int storedHeaderCrc = b.getInt(HEADER_CRC_OFFSET);
    int actualHeaderCrc = crc(b, 0, HEADER_CRC_OFFSET);
    if (storedHeaderCrc != actualHeaderCrc) {
      throw new CorruptIndexException(file, Check.HEADER_CHECKSUM, "expected CRC32C "
          + hex(storedHeaderCrc) + " of header bytes 0-59, computed " + hex(actualHeaderCrc));
    }
    int order = Byte.toUnsignedInt(b.get(BYTE_ORDER_OFFSET));
    if (order != BYTE_ORDER_LITTLE_ENDIAN) {
      throw new CorruptIndexException(file, Check.BYTE_ORDER,
          "expected " + BYTE_ORDER_LITTLE_ENDIAN + " (little-endian), found " + order);
    }
    int flags = b.getInt(FLAGS_OFFSET);
    if ((flags & ~KNOWN_FLAGS) != 0) {
      throw new CorruptIndexException(file, Check.FLAGS, "unknown flag bits " + hex(flags & ~KNOWN_FLAGS)
          + " (known: 0x1 ranges, 0x2 labels, 0x4 IPv6, 0x8 IPv6 ranges, 0x10 compact);"
          + " written by a newer ipjoin?");
    }
    if ((flags & FLAG_COMPACT) != 0 && (flags & (FLAG_RANGES | FLAG_LABELS)) != 0) {
      throw new CorruptIndexException(file, Check.FLAGS,
          "flag 0x10 (compact) is set with flag 0x1 (ranges) or 0x2 (labels)");
    }
    if ((flags & FLAG_V6_RANGES) != 0 && (flags & FLAG_V6) == 0) {
      throw new CorruptIndexException(file, Check.FLAGS,
          "flag 0x8 (IPv6 ranges) is set without flag 0x4 (IPv6)");
    }
    boolean compact = (flags & FLAG_COMPACT) != 0;
    if (b.get(RESERVED_1_OFFSET) != 0 || !zero(b, RESERVED_2_OFFSET, RESERVED_2_LENGTH)
        || (!compact && b.getLong(KEY_COUNT_OFFSET) != 0)) {
      throw new CorruptIndexException(file, Check.RESERVED, compact ? "bytes 11 and 48-59 must be 0"
          : "bytes 11 and 40-59 must be 0 (40-47 hold a key count only with flag 0x10, compact)");
    }
    long compactKeys = b.getLong(KEY_COUNT_OFFSET);
    if (compactKeys < 0 || compactKeys > MAX_COMPACT_KEYS) {
      throw directory(file, "the header's key count " + Long.toUnsignedString(compactKeys)
          + " is more than a compact index holds (" + MAX_COMPACT_KEYS + ")");
    }
    List<Section> sections = decodeDirectory(b, available, flags, fileLength, file);
    long end = sections.get(sections.size() - 1).end();
    if (fileLength != end) {
      throw new CorruptIndexException(file, Check.FILE_LENGTH, "the section directory ends the file at byte "
          + end + "; the file is " + fileLength + " bytes" + (fileLength < end ? " (truncated?)" : ""));
    }
    return new IndexHeader(flags, List.copyOf(sections), b.getInt(DIRECTORY_CRC_OFFSET),
        b.getLong(SOURCE_BYTES_OFFSET), b.getLong(SOURCE_LINES_OFFSET), compactKeys);
  }

  private static List<Section> decodeDirectory(ByteBuffer b, int available, int flags,
      long fileLength, String file) throws CorruptIndexException {
    long n = Integer.toUnsignedLong(b.getInt(SECTION_COUNT_OFFSET));
    if (n < 2 || n > MAX_SECTIONS) {
      throw directory(file, "section count " + n + " is not between 2 and " + MAX_SECTIONS);
    }
    int directoryEnd = HEADER_SIZE + (int) n * ENTRY_SIZE;
    if (available < directoryEnd) {
      throw new CorruptIndexException(file, Check.FILE_LENGTH, "file is " + fileLength
          + " bytes, shorter than its " + n + "-section directory (" + directoryEnd + " bytes)");
    }
    int stored = b.getInt(DIRECTORY_CRC_OFFSET);
    int actual = crc(b, HEADER_SIZE, directoryEnd);
    if (stored != actual) {
      throw directory(file, "expected CRC32C " + hex(stored) + " of directory bytes 64-"
          + (directoryEnd - 1) + ", computed " + hex(actual));
    }
    List<Section> sections = new ArrayList<>();
    long previousEnd = directoryEnd;
    SectionKind previous = null;
    for (int i = 0; i < n; i++) {
      int e = HEADER_SIZE + i * ENTRY_SIZE;
      int code = Short.toUnsignedInt(b.getShort(e + ENTRY_KIND));
      SectionKind kind = SectionKind.ofCode(code);
      if (kind == null) {
        throw directory(file, "section " + i + " has kind " + code
            + ", which this reader does not know (written by a newer ipjoin: upgrade ipjoin)");
      }
      if (previous != null && kind.ordinal() <= previous.ordinal()) {
        throw directory(file, "section " + i + " (" + kind.description + ") is out of order or repeated");
      }
      int itemBytes = Short.toUnsignedInt(b.getShort(e + ENTRY_ITEM_BYTES));
      long count = b.getLong(e + ENTRY_COUNT);
      long offset = b.getLong(e + ENTRY_OFFSET);
      long length = b.getLong(e + ENTRY_LENGTH);
      if (itemBytes != kind.itemBytes || count < 0 || count > (1L << 33)
          || length != count * kind.itemBytes) {
        throw directory(file, "section " + i + " (" + kind.description + "): " + count + " items of "
            + itemBytes + " bytes cannot be " + length + " bytes");
      }
      if (offset != align(previousEnd)) {
        throw directory(file, "section " + i + " (" + kind.description + ") starts at " + offset
            + ", expected " + align(previousEnd));
      }
      Section s = new Section(kind, count, offset, b.getInt(e + ENTRY_CRC));
      sections.add(s);
      previousEnd = s.end();
      previous = kind;
    }
    checkSectionSet(sections, flags, file);
    return sections;
  }

  /** The flags say which sections there are; their counts must agree with each other. */
  private static void checkSectionSet(List<Section> sections, int flags, String file)
      throws CorruptIndexException {
    boolean ranges = (flags & FLAG_RANGES) != 0;
    boolean labels = (flags & FLAG_LABELS) != 0;
    boolean compact = (flags & FLAG_COMPACT) != 0;
    Section starts = require(sections, SectionKind.V4_STARTS, !compact, file);
    Section ends = require(sections, SectionKind.V4_ENDS, ranges, file);
    Section ids = require(sections, SectionKind.V4_LABEL_IDS, labels, file);
    Section dir = require(sections, SectionKind.V4_DIRECTORY, !compact, file);
    Section labelEnds = require(sections, SectionKind.LABEL_ENDS, labels, file);
    require(sections, SectionKind.LABEL_BYTES, labels, file);
    checkV6SectionSet(sections, flags, file);
    checkCompactSectionSet(sections, compact, file);
    if (!compact) {
      checkIntervalCounts(starts, ends, ids, file);
    }
    if (labelEnds != null && (labelEnds.count() < 1 || labelEnds.count() > Integer.MAX_VALUE)) {
      throw directory(file, "the label offsets section has " + labelEnds.count() + " entries");
    }
    // After every other directory check: the sizes are a check of their own.
    if (dir != null) {
      checkDirectorySize(dir.count(), "", file);
    }
    Section dir6 = require(sections, SectionKind.V6_DIRECTORY, (flags & FLAG_V6) != 0, file);
    if (dir6 != null) {
      checkDirectorySize(dir6.count(), "IPv6 ", file);
    }
  }

  private static void checkIntervalCounts(Section starts, Section ends, Section ids, String file)
      throws CorruptIndexException {
    long n = starts.count();
    if (n > (1L << 32)) {
      throw directory(file, n + " IPv4 intervals are impossible (at most 2^32)");
    }
    if ((ends != null && ends.count() != n) || (ids != null && ids.count() != n)) {
      throw directory(file, "the interval sections disagree on the interval count (" + n + ")");
    }
  }

  /**
   * The compact sections: all four or none; the bucket directory of its fixed size, the bitmaps
   * whole, one rank entry per 512 bits of them. How many buckets are dense, and whether the
   * counts agree with the directory's, only the content tells (checked while reading it).
   */
  private static void checkCompactSectionSet(List<Section> sections, boolean compact, String file)
      throws CorruptIndexException {
    Section buckets = require(sections, SectionKind.V4_BUCKETS, compact, file);
    require(sections, SectionKind.V4_SUFFIXES, compact, file);
    Section bitmaps = require(sections, SectionKind.V4_BITMAPS, compact, file);
    Section ranks = require(sections, SectionKind.V4_BITMAP_RANKS, compact, file);
    if (!compact) {
      return;
    }
    if (buckets.count() != BUCKET_ENTRIES) {
      throw directory(file, "the compact bucket directory has " + buckets.count() + " entries, not "
          + BUCKET_ENTRIES);
    }
    long dense = bitmaps.count() / BITMAP_WORDS;
    if (bitmaps.count() % BITMAP_WORDS != 0 || dense > COMPACT_BUCKETS
        || ranks.count() != dense * RANKS_PER_BITMAP) {
      throw directory(file, "the compact bitmaps (" + bitmaps.count() + " words) and their ranks ("
          + ranks.count() + " entries) are not whole bitmaps of " + BITMAP_WORDS + " words with "
          + RANKS_PER_BITMAP + " ranks each");
    }
  }

  private static void checkV6SectionSet(List<Section> sections, int flags, String file)
      throws CorruptIndexException {
    boolean v6 = (flags & FLAG_V6) != 0;
    Section starts = require(sections, SectionKind.V6_STARTS, v6, file);
    Section ends = require(sections, SectionKind.V6_ENDS, (flags & FLAG_V6_RANGES) != 0, file);
    Section ids = require(sections, SectionKind.V6_LABEL_IDS, v6 && (flags & FLAG_LABELS) != 0, file);
    require(sections, SectionKind.V6_DIRECTORY, v6, file);
    if (!v6) {
      return;
    }
    long n = starts.count();
    if (n > MAX_V6_INTERVALS) {
      throw directory(file, n + " IPv6 intervals are more than a lookup holds (at most "
          + MAX_V6_INTERVALS + ")");
    }
    if ((ends != null && ends.count() != n) || (ids != null && ids.count() != n)) {
      throw directory(file, "the IPv6 interval sections disagree on the interval count (" + n + ")");
    }
  }

  private static Section require(List<Section> sections, SectionKind kind, boolean wanted,
      String file) throws CorruptIndexException {
    Section found = null;
    for (Section s : sections) {
      if (s.kind() == kind) {
        found = s;
      }
    }
    if (wanted && found == null) {
      throw directory(file, "no " + kind.description + " section, which the header's flags require");
    }
    if (!wanted && found != null) {
      throw directory(file, "a " + kind.description + " section, which the header's flags exclude");
    }
    return found;
  }

  private static CorruptIndexException directory(String file, String detail) {
    return new CorruptIndexException(file, Check.SECTION_DIRECTORY, detail);
  }

  private static void checkMagic(ByteBuffer b, int available, long fileLength, String file)
      throws CorruptIndexException {
    int n = Math.min(available, MAGIC.length);
    for (int i = 0; i < n; i++) {
      if (b.get(i) != MAGIC[i]) {
        throw new CorruptIndexException(file, Check.MAGIC, "expected " + hex(ByteBuffer.wrap(MAGIC), MAGIC.length)
            + ", found " + hex(b, n) + "; this is not an ipjoin index"
            + " (for a text list of IPs use the text loader, or build one with 'ipindex build')");
      }
    }
    if (n < MAGIC.length) {
      throw truncatedHeader(file, fileLength);
    }
  }

  private static CorruptIndexException truncatedHeader(String file, long fileLength) {
    return new CorruptIndexException(file, Check.HEADER_LENGTH,
        "file is " + fileLength + " bytes, shorter than the " + HEADER_SIZE + "-byte header");
  }

  private static boolean zero(ByteBuffer b, int from, int length) {
    for (int i = from; i < from + length; i++) {
      if (b.get(i) != 0) {
        return false;
      }
    }
    return true;
  }

  static int crc(ByteBuffer b, int from, int to) {
    CRC32C crc = new CRC32C();
    crc.update(b.duplicate().limit(to).position(from));
    return (int) crc.getValue();
  }

  public static String hex(int value) {
    return String.format("0x%08x", value);
  }

  private static String hex(ByteBuffer b, int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append(i == 0 ? "" : " ").append(String.format("%02x", b.get(i)));
    }
    return s.toString();
  }
}
