package org.ipjoin.index.format;

/**
 * One entry of the section directory: where a section is and how to check it.
 *
 * @param kind what the section holds
 * @param count items in it
 * @param offset its first byte in the file (a multiple of {@link IndexByteMap#ALIGNMENT})
 * @param crc CRC32C of its {@code count × itemBytes} bytes
 * @param itemBytes bytes per item: {@code kind.itemBytes}, but 2 for the label ids of an index
 *     with {@link IndexByteMap#FLAG_SHORT_LABEL_IDS}
 */
public record Section(SectionKind kind, long count, long offset, int crc, int itemBytes) {

  /** A section of its kind's item size. */
  public Section(SectionKind kind, long count, long offset, int crc) {
    this(kind, count, offset, crc, kind.itemBytes);
  }

  public long length() {
    return count * itemBytes;
  }

  public long end() {
    return offset + length();
  }
}
