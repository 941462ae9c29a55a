package org.ipjoin.index.format;

/**
 * One entry of the section directory: where a section is and how to check it.
 *
 * @param kind what the section holds
 * @param count items in it
 * @param offset its first byte in the file (a multiple of {@link IndexByteMap#ALIGNMENT})
 * @param crc CRC32C of its {@code count × kind.itemBytes} bytes
 */
public record Section(SectionKind kind, long count, long offset, int crc) {

  public long length() {
    return count * kind.itemBytes;
  }

  public long end() {
    return offset + length();
  }
}
