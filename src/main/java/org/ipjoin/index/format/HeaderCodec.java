package org.ipjoin.index.format;

import static org.ipjoin.index.format.IndexByteMap.BYTE_ORDER_LITTLE_ENDIAN;
import static org.ipjoin.index.format.IndexByteMap.BYTE_ORDER_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.DIRECTORY_CRC_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.ENTRY_SIZE;
import static org.ipjoin.index.format.IndexByteMap.FLAGS_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.FLAG_ATTRIBUTES;
import static org.ipjoin.index.format.IndexByteMap.FLAG_LABELS;
import static org.ipjoin.index.format.IndexByteMap.FLAG_V6;
import static org.ipjoin.index.format.IndexByteMap.FLAG_V6_RANGES;
import static org.ipjoin.index.format.IndexByteMap.HEADER_CRC_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.HEADER_SIZE;
import static org.ipjoin.index.format.IndexByteMap.KEY_COUNT_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.KNOWN_FLAGS;
import static org.ipjoin.index.format.IndexByteMap.MAGIC;
import static org.ipjoin.index.format.IndexByteMap.MAGIC_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.MAX_COMPACT_KEYS;
import static org.ipjoin.index.format.IndexByteMap.RESERVED_1_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.RESERVED_2_LENGTH;
import static org.ipjoin.index.format.IndexByteMap.RESERVED_2_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.SECTION_COUNT_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.SOURCE_BYTES_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.SOURCE_LINES_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.VERSION;
import static org.ipjoin.index.format.IndexByteMap.VERSION_OFFSET;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.ipjoin.index.format.CorruptIndexException.Check;

/**
 * Writes and reads the head of an index file: the header fields at the offsets of
 * {@link IndexByteMap}, then the {@link SectionDirectory}. Reading checks them in the order
 * docs/index-format.md gives, so that the most useful message ("not an index", "written by a newer
 * ipjoin") wins: magic, version, header length, header checksum, byte order, flags, reserved bytes,
 * the section directory, the file length.
 */
public final class HeaderCodec {

  private HeaderCodec() {}

  /** Encodes header and directory; returns a buffer positioned at 0 with limit at the directory's end. */
  public static ByteBuffer encode(IndexHeader header) {
    List<Section> sections = header.sections();
    ByteBuffer b = ByteBuffer.allocate(HEADER_SIZE + sections.size() * ENTRY_SIZE)
        .order(ByteOrder.LITTLE_ENDIAN);
    int directoryCrc = SectionDirectory.encode(b, sections);
    b.put(MAGIC_OFFSET, MAGIC);
    b.putShort(VERSION_OFFSET, (short) VERSION);
    b.put(BYTE_ORDER_OFFSET, (byte) BYTE_ORDER_LITTLE_ENDIAN);
    b.putInt(FLAGS_OFFSET, header.flags());
    b.putInt(SECTION_COUNT_OFFSET, sections.size());
    b.putInt(DIRECTORY_CRC_OFFSET, directoryCrc);
    b.putLong(SOURCE_BYTES_OFFSET, header.sourceBytes());
    b.putLong(SOURCE_LINES_OFFSET, header.sourceLines());
    b.putLong(KEY_COUNT_OFFSET, header.compactKeys());
    b.putInt(HEADER_CRC_OFFSET, SectionCrc.of(b, 0, HEADER_CRC_OFFSET));
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
    ByteBuffer head = encode(draft);
    return new IndexHeader(flags, sections, head.getInt(DIRECTORY_CRC_OFFSET), sourceBytes,
        sourceLines, compactKeys);
  }

  /**
   * Decodes and checks header and section directory.
   *
   * @param bytes the file's first bytes from position to limit: at least
   *     {@link IndexByteMap#MAX_HEAD_SIZE}, or the whole file when it is shorter
   * @param fileLength the length of the whole file
   * @param file the file's name, for messages
   */
  public static IndexHeader decode(ByteBuffer bytes, long fileLength, String file)
      throws CorruptIndexException {
    ByteBuffer b = bytes.slice().order(ByteOrder.LITTLE_ENDIAN);
    int available = b.remaining();
    checkMagic(b, available, fileLength, file);
    checkVersion(b, available, fileLength, file);
    if (available < HEADER_SIZE || fileLength < HEADER_SIZE) {
      throw truncatedHeader(file, fileLength);
    }
    checkHeaderCrc(b, file);
    checkByteOrder(b, file);
    int flags = b.getInt(FLAGS_OFFSET);
    checkFlags(flags, file);
    long compactKeys = checkedKeyCount(b, flags, file);
    List<Section> sections = SectionDirectory.decode(b, available, flags, fileLength, file);
    checkFileLength(sections, fileLength, file);
    return new IndexHeader(flags, List.copyOf(sections), b.getInt(DIRECTORY_CRC_OFFSET),
        b.getLong(SOURCE_BYTES_OFFSET), b.getLong(SOURCE_LINES_OFFSET), compactKeys);
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

  private static void checkVersion(ByteBuffer b, int available, long fileLength, String file)
      throws CorruptIndexException {
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
  }

  private static void checkHeaderCrc(ByteBuffer b, String file) throws CorruptIndexException {
    int stored = b.getInt(HEADER_CRC_OFFSET);
    int actual = SectionCrc.of(b, 0, HEADER_CRC_OFFSET);
    if (stored != actual) {
      throw new CorruptIndexException(file, Check.HEADER_CHECKSUM, "expected CRC32C "
          + CorruptIndexException.hex(stored) + " of header bytes 0-59, computed "
          + CorruptIndexException.hex(actual));
    }
  }

  private static void checkByteOrder(ByteBuffer b, String file) throws CorruptIndexException {
    int order = Byte.toUnsignedInt(b.get(BYTE_ORDER_OFFSET));
    if (order != BYTE_ORDER_LITTLE_ENDIAN) {
      throw new CorruptIndexException(file, Check.BYTE_ORDER,
          "expected " + BYTE_ORDER_LITTLE_ENDIAN + " (little-endian), found " + order);
    }
  }

  private static void checkFlags(int flags, String file) throws CorruptIndexException {
    if ((flags & ~KNOWN_FLAGS) != 0) {
      throw new CorruptIndexException(file, Check.FLAGS, "unknown flag bits "
          + CorruptIndexException.hex(flags & ~KNOWN_FLAGS)
          + " (known: 0x1 ranges, 0x2 labels, 0x4 IPv6, 0x8 IPv6 ranges, 0x10 compact,"
          + " 0x20 attributes, 0x40 short label ids, 0x80 implicit ends, 0x100 history);"
          + " written by a newer ipjoin?");
    }
    CompactLayout.checkFlags(flags, file);
    if ((flags & IndexByteMap.FLAG_SHORT_LABEL_IDS) != 0 && (flags & FLAG_LABELS) == 0) {
      throw new CorruptIndexException(file, Check.FLAGS,
          "flag 0x40 (short label ids) is set without flag 0x2 (labels)");
    }
    if ((flags & FLAG_ATTRIBUTES) != 0 && (flags & FLAG_LABELS) == 0) {
      throw new CorruptIndexException(file, Check.FLAGS,
          "flag 0x20 (attributes) is set without flag 0x2 (labels)");
    }
    ImplicitEndsLayout.checkFlags(flags, file);
    if ((flags & IndexByteMap.FLAG_HISTORY) != 0
        && (flags & (IndexByteMap.FLAG_COMPACT | IndexByteMap.FLAG_IMPLICIT_ENDS)) != 0) {
      throw new CorruptIndexException(file, Check.FLAGS,
          "flag 0x100 (history) is set with flag 0x10 (compact) or 0x80 (implicit ends)");
    }
    if ((flags & FLAG_V6_RANGES) != 0 && (flags & FLAG_V6) == 0) {
      throw new CorruptIndexException(file, Check.FLAGS,
          "flag 0x8 (IPv6 ranges) is set without flag 0x4 (IPv6)");
    }
  }

  /**
   * The reserved bytes zero, and the count at bytes 40-47, which only a compact index (its keys)
   * and one with implicit ends (its listed intervals) have, in range.
   */
  private static long checkedKeyCount(ByteBuffer b, int flags, String file)
      throws CorruptIndexException {
    boolean counted = Ipv4Layout.of(flags).countsIntervals();
    if (b.get(RESERVED_1_OFFSET) != 0 || !zero(b, RESERVED_2_OFFSET, RESERVED_2_LENGTH)
        || (!counted && b.getLong(KEY_COUNT_OFFSET) != 0)) {
      throw new CorruptIndexException(file, Check.RESERVED, counted ? "bytes 11 and 48-59 must be 0"
          : "bytes 11 and 40-59 must be 0 (40-47 hold a key count only with flag 0x10, compact,"
              + " or 0x80, implicit ends)");
    }
    long compactKeys = b.getLong(KEY_COUNT_OFFSET);
    if (compactKeys < 0 || compactKeys > MAX_COMPACT_KEYS) {
      throw SectionDirectory.failure(file, "the header's key count "
          + Long.toUnsignedString(compactKeys) + " is more than a compact index holds ("
          + MAX_COMPACT_KEYS + ")");
    }
    return compactKeys;
  }

  private static void checkFileLength(List<Section> sections, long fileLength, String file)
      throws CorruptIndexException {
    long end = sections.get(sections.size() - 1).end();
    if (fileLength != end) {
      throw new CorruptIndexException(file, Check.FILE_LENGTH, "the section directory ends the file at byte "
          + end + "; the file is " + fileLength + " bytes" + (fileLength < end ? " (truncated?)" : ""));
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

  private static String hex(ByteBuffer b, int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append(i == 0 ? "" : " ").append(String.format("%02x", b.get(i)));
    }
    return s.toString();
  }
}
