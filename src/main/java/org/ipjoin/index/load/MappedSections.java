package org.ipjoin.index.load;

import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ByteBuffer;
import java.nio.ShortBuffer;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.lookup.IntColumn;

/**
 * Little-endian views of the sections of one mapped index file ({@code mmap-direct}; any buffer of
 * the whole file), by kind;
 * null for a section the file does not have.
 */
record MappedSections(ByteBuffer file, IndexHeader header) {

  /** An i32 section. */
  IntBuffer ints(SectionKind kind) {
    Section s = header.section(kind);
    return s == null ? null
        : file.slice((int) s.offset(), (int) s.length()).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
  }

  /** A label id section, i32 or u16 as its directory entry says. */
  IntColumn labelIds(SectionKind kind) {
    Section s = header.section(kind);
    if (s == null) {
      return null;
    }
    return s.itemBytes() == Integer.BYTES ? IntColumn.of(ints(kind))
        : IntColumn.ofUnsigned(shorts(kind));
  }

  /** A u16 section (the compact layout's suffixes and ranks, short label ids). */
  ShortBuffer shorts(SectionKind kind) {
    Section s = header.section(kind);
    return s == null ? null
        : file.slice((int) s.offset(), (int) s.length()).order(ByteOrder.LITTLE_ENDIAN)
            .asShortBuffer();
  }

  /** An IPv6 key section as a view of its halves (or the compact bitmaps as their words). */
  LongBuffer longs(SectionKind kind) {
    Section s = header.section(kind);
    return s == null ? null
        : file.slice((int) s.offset(), (int) s.length()).order(ByteOrder.LITTLE_ENDIAN)
            .asLongBuffer();
  }
}
