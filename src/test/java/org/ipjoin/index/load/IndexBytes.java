package org.ipjoin.index.load;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.SectionKind;

/**
 * Test-side editing of index file bytes (format version 2): write a valid index, then change single
 * fields. The offsets are the byte map of {@code IndexLayout} / docs/index-format.md, written out
 * here again, and the checksums are recomputed with {@link CRC32C} directly (not with ipjoin code),
 * so that a test can damage exactly one thing and, with the "fix" methods, leave every check before
 * the intended one passing.
 */
public final class IndexBytes {

  public static final int HEADER_SIZE = 64;
  public static final int VERSION_OFFSET = 8;
  public static final int BYTE_ORDER_OFFSET = 10;
  public static final int RESERVED_1_OFFSET = 11;
  public static final int FLAGS_OFFSET = 12;
  public static final int SECTION_COUNT_OFFSET = 16;
  public static final int DIRECTORY_CRC_OFFSET = 20;
  public static final int SOURCE_BYTES_OFFSET = 24;
  public static final int SOURCE_LINES_OFFSET = 32;
  public static final int RESERVED_2_OFFSET = 40;
  public static final int HEADER_CRC_OFFSET = 60;

  public static final int ENTRY_SIZE = 32;
  public static final int ENTRY_KIND = 0;
  public static final int ENTRY_ITEM_BYTES = 2;
  public static final int ENTRY_CRC = 4;
  public static final int ENTRY_COUNT = 8;
  public static final int ENTRY_OFFSET = 16;
  public static final int ENTRY_LENGTH = 24;

  private final byte[] bytes;

  private IndexBytes(byte[] bytes) {
    this.bytes = bytes;
  }

  /** A valid exact-address index of strictly increasing {@code keys}, as IndexWriter writes it. */
  public static IndexBytes of(int... keys) {
    return of(IndexContent.exact(keys, keys.length, 1000, 10));
  }

  /** A valid index of {@code content}, as IndexWriter writes it. */
  public static IndexBytes of(IndexContent content) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      IndexWriter.write(content, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new IndexBytes(out.toByteArray());
  }

  /** A valid index of strictly increasing {@code keys} in the compact layout. */
  public static IndexBytes compact(int... keys) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      IndexWriter.write(IndexContent.exact(keys, keys.length, 1000, 10),
          org.ipjoin.index.format.KeyLayout.COMPACT, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new IndexBytes(out.toByteArray());
  }

  /** Value {@code i} of a u16 section. */
  public int u16(SectionKind kind, int i) {
    return Short.toUnsignedInt(le().getShort(offset(kind) + 2 * i));
  }

  /** Value {@code i} of an i64 section. */
  public long i64(SectionKind kind, int i) {
    return le().getLong(offset(kind) + 8 * i);
  }

  public static IndexBytes copyOf(byte[] bytes) {
    return new IndexBytes(bytes.clone());
  }

  public IndexBytes copy() {
    return new IndexBytes(bytes.clone());
  }

  public byte[] bytes() {
    return bytes.clone();
  }

  public int length() {
    return bytes.length;
  }

  private ByteBuffer le() {
    return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  // ---- the section directory, read back from the bytes

  public int sectionCount() {
    return le().getInt(SECTION_COUNT_OFFSET);
  }

  /** File offset of directory entry {@code i}. */
  public static int entry(int i) {
    return HEADER_SIZE + i * ENTRY_SIZE;
  }

  /** The end of the directory: where the first section's padding starts. */
  public int directoryEnd() {
    return entry(sectionCount());
  }

  /** The directory entry of {@code kind}, or -1. */
  public int entryOf(SectionKind kind) {
    for (int i = 0; i < sectionCount(); i++) {
      if (Short.toUnsignedInt(le().getShort(entry(i) + ENTRY_KIND)) == kind.code) {
        return i;
      }
    }
    return -1;
  }

  private int entryOrFail(SectionKind kind) {
    int i = entryOf(kind);
    if (i < 0) {
      throw new IllegalArgumentException("no " + kind + " section");
    }
    return i;
  }

  public int offset(SectionKind kind) {
    return (int) le().getLong(entry(entryOrFail(kind)) + ENTRY_OFFSET);
  }

  public long count(SectionKind kind) {
    return le().getLong(entry(entryOrFail(kind)) + ENTRY_COUNT);
  }

  public int sectionLength(SectionKind kind) {
    return (int) le().getLong(entry(entryOrFail(kind)) + ENTRY_LENGTH);
  }

  /** Value {@code i} of an i32 section. */
  public int value(SectionKind kind, int i) {
    return le().getInt(offset(kind) + 4 * i);
  }

  // ---- edits

  /** The first {@code length} bytes. */
  public IndexBytes truncate(int length) {
    return new IndexBytes(Arrays.copyOf(bytes, length));
  }

  /** The bytes followed by {@code extra} zero bytes. */
  public IndexBytes extend(int extra) {
    return new IndexBytes(Arrays.copyOf(bytes, bytes.length + extra));
  }

  public IndexBytes xorByte(int offset, int mask) {
    bytes[offset] ^= (byte) mask;
    return this;
  }

  public IndexBytes putByte(int offset, int value) {
    bytes[offset] = (byte) value;
    return this;
  }

  public IndexBytes putShort(int offset, int value) {
    le().putShort(offset, (short) value);
    return this;
  }

  public IndexBytes putInt(int offset, int value) {
    le().putInt(offset, value);
    return this;
  }

  public IndexBytes putLong(int offset, long value) {
    le().putLong(offset, value);
    return this;
  }

  /** Sets value {@code i} of an i32 section. */
  public IndexBytes putValue(SectionKind kind, int i, int value) {
    return putInt(offset(kind) + 4 * i, value);
  }

  /** Half {@code h} (0 = hi, 1 = lo) of key {@code i} of an IPv6 key section (16 bytes per key). */
  public long half(SectionKind kind, int i, int h) {
    return le().getLong(offset(kind) + 16 * i + 8 * h);
  }

  /** Sets key {@code i} of an IPv6 key section to the key halves {@code (hi, lo)}. */
  public IndexBytes putKey(SectionKind kind, int i, long hi, long lo) {
    return putLong(offset(kind) + 16 * i, hi).putLong(offset(kind) + 16 * i + 8, lo);
  }

  /** Sets byte {@code i} of a section. */
  public IndexBytes putSectionByte(SectionKind kind, int i, int value) {
    return putByte(offset(kind) + i, value);
  }

  // ---- checksums: fix the section CRCs first, then the directory CRC, then the header CRC

  /** Recomputes the directory's CRC of {@code kind} from the section's bytes. */
  public IndexBytes fixSectionCrc(SectionKind kind) {
    int e = entry(entryOrFail(kind));
    CRC32C crc = new CRC32C();
    crc.update(bytes, offset(kind), sectionLength(kind));
    return putInt(e + ENTRY_CRC, (int) crc.getValue());
  }

  /** Recomputes the directory CRC over the directory's bytes (64 to the end of the last entry). */
  public IndexBytes fixDirectoryCrc() {
    CRC32C crc = new CRC32C();
    crc.update(bytes, HEADER_SIZE, directoryEnd() - HEADER_SIZE);
    return putInt(DIRECTORY_CRC_OFFSET, (int) crc.getValue());
  }

  /** Recomputes the header CRC over bytes 0..59, so only the edited field is wrong. */
  public IndexBytes fixHeaderCrc() {
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, HEADER_CRC_OFFSET);
    return putInt(HEADER_CRC_OFFSET, (int) crc.getValue());
  }

  /** Directory CRC, then header CRC: after an edit of the directory. */
  public IndexBytes fixHead() {
    return fixDirectoryCrc().fixHeaderCrc();
  }

  /** The CRC of {@code kind}, then directory and header: after an edit inside a section. */
  public IndexBytes fixAll(SectionKind kind) {
    return fixSectionCrc(kind).fixHead();
  }

  public Path writeTo(Path file) {
    try {
      return Files.write(file, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
