package org.ipjoin.index.format;

import static org.ipjoin.index.format.IndexByteMap.DIRECTORY_CRC_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.ENTRY_COUNT;
import static org.ipjoin.index.format.IndexByteMap.ENTRY_CRC;
import static org.ipjoin.index.format.IndexByteMap.ENTRY_ITEM_BYTES;
import static org.ipjoin.index.format.IndexByteMap.ENTRY_KIND;
import static org.ipjoin.index.format.IndexByteMap.ENTRY_LENGTH;
import static org.ipjoin.index.format.IndexByteMap.ENTRY_OFFSET;
import static org.ipjoin.index.format.IndexByteMap.ENTRY_SIZE;
import static org.ipjoin.index.format.IndexByteMap.FLAG_LABELS;
import static org.ipjoin.index.format.IndexByteMap.FLAG_V6;
import static org.ipjoin.index.format.IndexByteMap.FLAG_V6_RANGES;
import static org.ipjoin.index.format.IndexByteMap.HEADER_SIZE;
import static org.ipjoin.index.format.IndexByteMap.MAX_DIRECTORY_BITS;
import static org.ipjoin.index.format.IndexByteMap.MAX_SECTIONS;
import static org.ipjoin.index.format.IndexByteMap.MAX_V6_INTERVALS;
import static org.ipjoin.index.format.IndexByteMap.MIN_DIRECTORY_BITS;
import static org.ipjoin.index.format.IndexByteMap.SECTION_COUNT_OFFSET;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.ipjoin.index.format.CorruptIndexException.Check;

/**
 * The section directory after the header ({@link IndexByteMap}): its entries written and read, and
 * every check of it, in the order docs/index-format.md gives: its checksum, known kinds in order,
 * item sizes, offsets, the sections the flags require, counts that agree, the lookup directory
 * sizes. The {@link HeaderCodec} hands it the head once the header fields are checked.
 */
final class SectionDirectory {

  private SectionDirectory() {}

  /**
   * Writes the entries of {@code sections} after the header of {@code head} (little-endian, large
   * enough); returns the directory's CRC32C, for the header.
   */
  static int encode(ByteBuffer head, List<Section> sections) {
    for (int i = 0; i < sections.size(); i++) {
      Section s = sections.get(i);
      int e = HEADER_SIZE + i * ENTRY_SIZE;
      head.putShort(e + ENTRY_KIND, (short) s.kind().code);
      head.putShort(e + ENTRY_ITEM_BYTES, (short) s.itemBytes());
      head.putInt(e + ENTRY_CRC, s.crc());
      head.putLong(e + ENTRY_COUNT, s.count());
      head.putLong(e + ENTRY_OFFSET, s.offset());
      head.putLong(e + ENTRY_LENGTH, s.length());
    }
    return SectionCrc.of(head, HEADER_SIZE, HEADER_SIZE + sections.size() * ENTRY_SIZE);
  }

  /**
   * Reads and checks the directory the header of {@code head} (little-endian, from index 0)
   * announces; {@code available} bytes of it are there, of a file of {@code fileLength} bytes whose
   * header has {@code flags}.
   */
  static List<Section> decode(ByteBuffer head, int available, int flags, long fileLength,
      String file) throws CorruptIndexException {
    int n = checkedCount(head, available, fileLength, file);
    int directoryEnd = HEADER_SIZE + n * ENTRY_SIZE;
    checkCrc(head, directoryEnd, file);
    List<Section> sections = new ArrayList<>();
    long previousEnd = directoryEnd;
    SectionKind previous = null;
    for (int i = 0; i < n; i++) {
      Section s = entry(head, i, previous, previousEnd,
          (flags & IndexByteMap.FLAG_SHORT_LABEL_IDS) != 0, file);
      sections.add(s);
      previousEnd = s.end();
      previous = s.kind();
    }
    checkSectionSet(sections, flags, file);
    return sections;
  }

  /** The header's section count, once it is in range and the directory's bytes are there. */
  private static int checkedCount(ByteBuffer head, int available, long fileLength, String file)
      throws CorruptIndexException {
    long n = Integer.toUnsignedLong(head.getInt(SECTION_COUNT_OFFSET));
    if (n < 2 || n > MAX_SECTIONS) {
      throw failure(file, "section count " + n + " is not between 2 and " + MAX_SECTIONS);
    }
    int directoryEnd = HEADER_SIZE + (int) n * ENTRY_SIZE;
    if (available < directoryEnd) {
      throw new CorruptIndexException(file, Check.FILE_LENGTH, "file is " + fileLength
          + " bytes, shorter than its " + n + "-section directory (" + directoryEnd + " bytes)");
    }
    return (int) n;
  }

  private static void checkCrc(ByteBuffer head, int directoryEnd, String file)
      throws CorruptIndexException {
    int stored = head.getInt(DIRECTORY_CRC_OFFSET);
    int actual = SectionCrc.of(head, HEADER_SIZE, directoryEnd);
    if (stored != actual) {
      throw failure(file, "expected CRC32C " + CorruptIndexException.hex(stored)
          + " of directory bytes 64-" + (directoryEnd - 1) + ", computed "
          + CorruptIndexException.hex(actual));
    }
  }

  /**
   * Entry {@code i}: a known kind after {@code previous}, items of its size that make its length,
   * starting where the section before it ({@code previousEnd}) ends, aligned.
   */
  private static Section entry(ByteBuffer head, int i, SectionKind previous, long previousEnd,
      boolean shortLabelIds, String file) throws CorruptIndexException {
    int e = HEADER_SIZE + i * ENTRY_SIZE;
    int code = Short.toUnsignedInt(head.getShort(e + ENTRY_KIND));
    SectionKind kind = SectionKind.ofCode(code);
    if (kind == null) {
      throw failure(file, "section " + i + " has kind " + code
          + ", which this reader does not know (written by a newer ipjoin: upgrade ipjoin)");
    }
    if (previous != null && kind.ordinal() <= previous.ordinal()) {
      throw failure(file, "section " + i + " (" + kind.description + ") is out of order or repeated");
    }
    int itemBytes = Short.toUnsignedInt(head.getShort(e + ENTRY_ITEM_BYTES));
    long count = head.getLong(e + ENTRY_COUNT);
    long offset = head.getLong(e + ENTRY_OFFSET);
    long length = head.getLong(e + ENTRY_LENGTH);
    int expectedBytes = IndexByteMap.itemBytes(kind, shortLabelIds);
    if (itemBytes != expectedBytes || count < 0 || count > (1L << 33)
        || length != count * expectedBytes) {
      throw failure(file, "section " + i + " (" + kind.description + "): " + count + " items of "
          + itemBytes + " bytes cannot be " + length + " bytes");
    }
    long expected = IndexByteMap.align(previousEnd);
    if (offset != expected) {
      throw failure(file, "section " + i + " (" + kind.description + ") starts at " + offset
          + ", expected " + expected);
    }
    return new Section(kind, count, offset, head.getInt(e + ENTRY_CRC), expectedBytes);
  }

  /**
   * The flags say which sections there are; their counts must agree with each other. Which IPv4
   * sections there are, and how their sizes agree, the file's {@link Ipv4Layout} says.
   */
  private static void checkSectionSet(List<Section> sections, int flags, String file)
      throws CorruptIndexException {
    Ipv4Layout layout = Ipv4Layout.of(flags);
    boolean labels = (flags & FLAG_LABELS) != 0;
    require(sections, SectionKind.V4_STARTS, layout.has(SectionKind.V4_STARTS, flags), file);
    require(sections, SectionKind.V4_ENDS, layout.has(SectionKind.V4_ENDS, flags), file);
    require(sections, SectionKind.V4_LABEL_IDS, layout.has(SectionKind.V4_LABEL_IDS, flags), file);
    Section dir = require(sections, SectionKind.V4_DIRECTORY,
        layout.has(SectionKind.V4_DIRECTORY, flags), file);
    Section labelEnds = require(sections, SectionKind.LABEL_ENDS, labels, file);
    require(sections, SectionKind.LABEL_BYTES, labels, file);
    checkV6SectionSet(sections, flags, file);
    for (SectionKind kind : List.of(SectionKind.V4_BUCKETS, SectionKind.V4_SUFFIXES,
        SectionKind.V4_BITMAPS, SectionKind.V4_BITMAP_RANKS)) {
      require(sections, kind, layout.has(kind, flags), file);
    }
    layout.checkSectionSizes(sections, file);
    Section names = require(sections, SectionKind.ATTRIBUTE_NAMES,
        (flags & IndexByteMap.FLAG_ATTRIBUTES) != 0, file);
    if (names != null && names.count() > IndexByteMap.MAX_ATTRIBUTE_NAME_BYTES) {
      throw failure(file, "the attribute names section has " + names.count() + " bytes, more than"
          + " the " + IndexByteMap.MAX_ATTRIBUTE_NAME_BYTES + " a writer stores");
    }
    Section history = require(sections, SectionKind.HISTORY,
        (flags & IndexByteMap.FLAG_HISTORY) != 0, file);
    if (history != null && history.count() > Integer.MAX_VALUE - 8) {
      throw failure(file, "the history section has " + history.count() + " bytes, more than a"
          + " reader holds");
    }
    if (labelEnds != null && (labelEnds.count() < 1 || labelEnds.count() > Integer.MAX_VALUE)) {
      throw failure(file, "the label offsets section has " + labelEnds.count() + " entries");
    }
    if ((flags & IndexByteMap.FLAG_SHORT_LABEL_IDS) != 0
        && labelEnds.count() - 1 > IndexByteMap.MAX_SHORT_LABEL_IDS) {
      throw failure(file, (labelEnds.count() - 1) + " labels are more than u16 label ids number ("
          + IndexByteMap.MAX_SHORT_LABEL_IDS + ")");
    }
    if (labelEnds != null) {
      layout.checkLabelCount(labelEnds.count() - 1, file);
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

  /** The interval columns of the sorted layouts agree on the interval count. */
  static void checkIntervalCounts(List<Section> sections, String file)
      throws CorruptIndexException {
    Section starts = find(sections, SectionKind.V4_STARTS);
    Section ends = find(sections, SectionKind.V4_ENDS);
    Section ids = find(sections, SectionKind.V4_LABEL_IDS);
    long n = starts.count();
    if (n > (1L << 32)) {
      throw failure(file, n + " IPv4 intervals are impossible (at most 2^32)");
    }
    if ((ends != null && ends.count() != n) || (ids != null && ids.count() != n)) {
      throw failure(file, "the interval sections disagree on the interval count (" + n + ")");
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
      throw failure(file, n + " IPv6 intervals are more than a lookup holds (at most "
          + MAX_V6_INTERVALS + ")");
    }
    if ((ends != null && ends.count() != n) || (ids != null && ids.count() != n)) {
      throw failure(file, "the IPv6 interval sections disagree on the interval count (" + n + ")");
    }
  }

  /**
   * Checks that a stored lookup directory ({@code family} "" or "IPv6 ") has 2^bits + 1 entries
   * for bits {@link IndexByteMap#MIN_DIRECTORY_BITS} .. {@link IndexByteMap#MAX_DIRECTORY_BITS}:
   * any such size loads, the writer's rule of the day or an older one; its entries are checked
   * against the starts later.
   */
  static void checkDirectorySize(long entries, String family, String file)
      throws CorruptIndexException {
    long buckets = entries - 1;
    String range = "bits " + MIN_DIRECTORY_BITS + " .. " + MAX_DIRECTORY_BITS + ", "
        + IndexByteMap.directoryEntries(MIN_DIRECTORY_BITS) + " .. "
        + IndexByteMap.directoryEntries(MAX_DIRECTORY_BITS) + " entries";
    if (buckets < 1 || Long.bitCount(buckets) != 1) {
      throw new CorruptIndexException(file, Check.DIRECTORY_SIZE, "the " + family
          + "lookup directory has " + entries + " entries, not 2^bits + 1 (" + range + ")");
    }
    int bits = IndexByteMap.directoryBits(entries);
    if (bits < MIN_DIRECTORY_BITS || bits > MAX_DIRECTORY_BITS) {
      throw new CorruptIndexException(file, Check.DIRECTORY_SIZE, "the " + family
          + "lookup directory has " + entries + " entries, 2^" + bits + " + 1; a reader takes "
          + range);
    }
  }

  private static Section require(List<Section> sections, SectionKind kind, boolean wanted,
      String file) throws CorruptIndexException {
    Section found = find(sections, kind);
    if (wanted && found == null) {
      throw failure(file, "no " + kind.description + " section, which the header's flags require");
    }
    if (!wanted && found != null) {
      throw failure(file, "a " + kind.description + " section, which the header's flags exclude");
    }
    return found;
  }

  /** A failure of the section directory check. */
  /** The last section of {@code kind}, or null. */
  static Section find(List<Section> sections, SectionKind kind) {
    Section found = null;
    for (Section s : sections) {
      if (s.kind() == kind) {
        found = s;
      }
    }
    return found;
  }

  static CorruptIndexException failure(String file, String detail) {
    return new CorruptIndexException(file, Check.SECTION_DIRECTORY, detail);
  }
}
