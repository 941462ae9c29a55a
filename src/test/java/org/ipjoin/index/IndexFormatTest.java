package org.ipjoin.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * What IndexWriter puts on disk, read back at the offsets of the byte map in docs/index-format.md
 * with plain ByteBuffer and CRC32C code: the documented layout, not just "whatever the reader
 * accepts".
 */
class IndexFormatTest {

  private static byte[] write(int[] keys, long sourceBytes, long sourceLines) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexWriter.write(keys, keys.length, sourceBytes, sourceLines, out);
    return out.toByteArray();
  }

  private static int crc32c(byte[] bytes, int from, int length) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, from, length);
    return (int) crc.getValue();
  }

  @Test
  void writerLaysOutTheDocumentedBytes() throws IOException {
    int[] keys = {Integer.MIN_VALUE, -1, 0, 7, Integer.MAX_VALUE};
    byte[] file = write(keys, 123_456_789_012L, 987_654L);
    ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);

    assertEquals(64 + 4 * keys.length, file.length);
    assertArrayEquals(new byte[] {(byte) 0x89, 0x49, 0x50, 0x49, 0x44, 0x58, 0x0D, 0x0A},
        Arrays.copyOf(file, 8));
    assertEquals(1, b.getShort(8));
    assertEquals(1, b.get(10));
    assertEquals(0, b.get(11));
    assertEquals(0, b.getInt(12));
    assertEquals(keys.length, b.getLong(16));
    assertEquals(Integer.MIN_VALUE, b.getInt(24));
    assertEquals(Integer.MAX_VALUE, b.getInt(28));
    assertEquals(crc32c(file, 64, file.length - 64), b.getInt(32));
    assertEquals(0, b.getInt(36));
    assertEquals(123_456_789_012L, b.getLong(40));
    assertEquals(987_654L, b.getLong(48));
    assertEquals(0, b.getInt(56));
    assertEquals(crc32c(file, 0, 60), b.getInt(60));
    for (int i = 0; i < keys.length; i++) {
      assertEquals(keys[i], b.getInt(64 + 4 * i), "key " + i);
    }
  }

  @Test
  void emptyIndexIsAHeaderWithZeros() throws IOException {
    byte[] file = write(new int[0], 0, 0);
    ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(64, file.length);
    assertEquals(0, b.getLong(16));
    assertEquals(0, b.getInt(24));
    assertEquals(0, b.getInt(28));
    assertEquals(0, b.getInt(32)); // CRC32C of no bytes
    IndexHeader header = IndexFormat.decodeHeader(ByteBuffer.wrap(file), 64, "empty.ipidx");
    assertEquals(new IndexHeader(0, 0, 0, 0, 0, 0), header);
  }

  @Test
  void decodeReturnsWhatEncodeWrote() throws IOException {
    IndexHeader header = new IndexHeader(3, -5, 9, 0xCAFEBABE, 77, 4);
    ByteBuffer encoded = IndexFormat.encodeHeader(header);
    assertEquals(0, encoded.position());
    assertEquals(64, encoded.limit());
    assertEquals(header, IndexFormat.decodeHeader(encoded, 64 + 12, "x.ipidx"));
    assertEquals(IndexFormat.headerCrc(encoded), encoded.order(ByteOrder.LITTLE_ENDIAN).getInt(60));
  }

  /** The header may sit anywhere in the buffer a caller hands over. */
  @Test
  void decodesAHeaderThatDoesNotStartAtIndexZero() throws IOException {
    IndexHeader header = new IndexHeader(1, 42, 42, 0x1234, 10, 1);
    ByteBuffer big = ByteBuffer.allocate(100);
    big.position(16);
    big.put(IndexFormat.encodeHeader(header));
    big.position(16).limit(80);
    assertEquals(header, IndexFormat.decodeHeader(big, 68, "offset.ipidx"));
  }

  @Test
  void writerRefusesUnsortedOrDuplicateKeys() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertThrows(IllegalArgumentException.class,
        () -> IndexWriter.write(new int[] {1, 1}, 2, 0, 0, out));
    assertThrows(IllegalArgumentException.class,
        () -> IndexWriter.write(new int[] {2, 1}, 2, 0, 0, out));
    assertEquals(0, out.size(), "nothing written for rejected keys");
  }

  @Test
  void identityTextRoundTripsIncludingHighBitCrc() throws CorruptIndexException {
    IndexIdentity id = new IndexIdentity(104_857_664L, 26_214_400L, 0xF00DBEEF);
    assertEquals("104857664:26214400:f00dbeef", id.toString());
    assertEquals(id, IndexIdentity.parse(id.toString()));
    id.check(IndexIdentity.parse(id.toString()), "ips.ipidx");

    CorruptIndexException e = assertThrows(CorruptIndexException.class,
        () -> id.check(new IndexIdentity(104_857_664L, 26_214_400L, 0), "ips.ipidx"));
    assertEquals(CorruptIndexException.Check.IDENTITY, e.check());
    assertTrue(e.getMessage().startsWith("ips.ipidx: "), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> IndexIdentity.parse("1:2"));
  }
}
