package org.ipjoin.index.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;
import org.ipjoin.index.format.CorruptIndexException.Check;

/**
 * CRC32C of values laid out little-endian as in an index section: what the writer stores in the
 * section directory, what a reader fed value by value checks, and what the text read path's
 * identity covers. One place, so the three cannot disagree on the layout. The head's checksums
 * (header, directory) are CRC32C of its bytes, and a section's is checked here too.
 */
final class SectionCrc {

  private SectionCrc() {}

  /** CRC32C of the bytes at indexes {@code [from, to)} of {@code b}, whatever its position. */
  static int of(ByteBuffer b, int from, int to) {
    CRC32C crc = new CRC32C();
    crc.update(b.duplicate().limit(to).position(from));
    return (int) crc.getValue();
  }

  /** Fails with the {@code SECTION_CHECKSUM} check when {@code actual} is not the directory's CRC. */
  static void check(Section section, int actual, String file) throws CorruptIndexException {
    if (actual != section.crc()) {
      throw new CorruptIndexException(file, Check.SECTION_CHECKSUM, section.kind().description
          + ": the directory says CRC32C " + CorruptIndexException.hex(section.crc())
          + ", the bytes have " + CorruptIndexException.hex(actual));
    }
  }

  /** CRC32C of {@code values[0, count)}. */
  static int of(int[] values, int count) {
    CRC32C crc = new CRC32C();
    update(crc, values, 0, count);
    return (int) crc.getValue();
  }

  /** CRC32C of the first {@code intervals} 128-bit keys of {@code halves} (two halves each). */
  static int ofKeys(long[] halves, int intervals) {
    CRC32C crc = new CRC32C();
    update(crc, halves, 2 * intervals);
    return (int) crc.getValue();
  }

  /** Adds {@code values[from, to)} to {@code crc}. */
  static void update(CRC32C crc, int[] values, int from, int to) {
    ByteBuffer chunk = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    int perChunk = chunk.capacity() / 4;
    for (int at = from; at < to; at += perChunk) {
      int n = Math.min(perChunk, to - at);
      chunk.clear();
      chunk.asIntBuffer().put(values, at, n);
      chunk.limit(n * 4);
      crc.update(chunk);
    }
  }

  /** Adds {@code values[0, count)} to {@code crc}. */
  static void update(CRC32C crc, long[] values, int count) {
    ByteBuffer chunk = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    int perChunk = chunk.capacity() / 8;
    for (int at = 0; at < count; at += perChunk) {
      int n = Math.min(perChunk, count - at);
      chunk.clear();
      chunk.asLongBuffer().put(values, at, n);
      chunk.limit(n * 8);
      crc.update(chunk);
    }
  }
}
