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
import org.ipjoin.index.IndexFormat;
import org.ipjoin.index.format.IndexWriter;

/**
 * Test-side editing of index file bytes: write a valid index, then change single fields. The
 * checksums are recomputed here with {@link CRC32C} directly (not with ipjoin code), so that a test
 * can corrupt exactly one thing and leave every other check passing.
 */
final class IndexBytes {

  private final byte[] bytes;

  private IndexBytes(byte[] bytes) {
    this.bytes = bytes;
  }

  /** A valid index of strictly increasing {@code keys}, as IndexWriter writes it. */
  static IndexBytes of(int... keys) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      IndexWriter.write(keys, keys.length, 1000, 10, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new IndexBytes(out.toByteArray());
  }

  static IndexBytes copyOf(byte[] bytes) {
    return new IndexBytes(bytes.clone());
  }

  IndexBytes copy() {
    return new IndexBytes(bytes.clone());
  }

  byte[] bytes() {
    return bytes.clone();
  }

  int length() {
    return bytes.length;
  }

  private ByteBuffer le() {
    return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  int key(int i) {
    return le().getInt(IndexFormat.HEADER_SIZE + i * IndexFormat.KEY_BYTES);
  }

  int count() {
    return (int) le().getLong(IndexFormat.COUNT_OFFSET);
  }

  /** The first {@code length} bytes. */
  IndexBytes truncate(int length) {
    return new IndexBytes(Arrays.copyOf(bytes, length));
  }

  IndexBytes xorByte(int offset, int mask) {
    bytes[offset] ^= (byte) mask;
    return this;
  }

  IndexBytes putByte(int offset, int value) {
    bytes[offset] = (byte) value;
    return this;
  }

  IndexBytes putShort(int offset, int value) {
    le().putShort(offset, (short) value);
    return this;
  }

  IndexBytes putInt(int offset, int value) {
    le().putInt(offset, value);
    return this;
  }

  IndexBytes putLong(int offset, long value) {
    le().putLong(offset, value);
    return this;
  }

  IndexBytes putKey(int i, int key) {
    return putInt(IndexFormat.HEADER_SIZE + i * IndexFormat.KEY_BYTES, key);
  }

  /** Recomputes the payload CRC field from the payload bytes (then fix the header CRC too). */
  IndexBytes fixPayloadCrc() {
    CRC32C crc = new CRC32C();
    crc.update(bytes, IndexFormat.HEADER_SIZE, bytes.length - IndexFormat.HEADER_SIZE);
    return putInt(IndexFormat.PAYLOAD_CRC_OFFSET, (int) crc.getValue());
  }

  /** Recomputes the header CRC over bytes 0..59, so only the edited field is wrong. */
  IndexBytes fixHeaderCrc() {
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, IndexFormat.HEADER_CRC_OFFSET);
    return putInt(IndexFormat.HEADER_CRC_OFFSET, (int) crc.getValue());
  }

  Path writeTo(Path file) {
    try {
      return Files.write(file, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
