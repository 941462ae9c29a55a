package org.ipjoin.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.IndexFormat;
import org.ipjoin.index.format.IndexHeader;

/**
 * Fuzzes {@link IndexFormat#decodeHeader} on arbitrary buffers and file lengths.
 *
 * <p>Input layout: byte 0 is a mode (bits: {@link FuzzFixups} repairs in bits 0-2; 8 = direct
 * buffer; 16 = big-endian order set on the buffer; 32 = read-only buffer; 64 = file length is what
 * the header's count requires), byte 1 the buffer's position inside the content, bytes 2-9 a
 * little-endian file length, the rest the buffer content.
 *
 * <p>Properties: the only exception is {@link CorruptIndexException} (with a check and a message);
 * the argument buffer's position, limit and contents are untouched; when a header is accepted, the
 * count is 0 … 2^32, the file length is exactly 64 + 4 × count, and encoding the decoded header
 * gives back exactly the 64 bytes read.
 */
class IndexHeaderFuzzTest {

  @FuzzTest(maxDuration = "20s")
  void decodeHeader(byte[] input) {
    if (input.length < 10) {
      return;
    }
    int mode = input[0] & 0xFF;
    byte[] content = Arrays.copyOfRange(input, 10, input.length);
    int position = (input[1] & 0xFF) % (content.length + 1);
    long fileLength = ByteBuffer.wrap(input, 2, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
    FuzzFixups.apply(content, position, mode & 7);
    if ((mode & 64) != 0 && content.length - position >= IndexFormat.HEADER_SIZE) {
      long count = ByteBuffer.wrap(content, position, IndexFormat.HEADER_SIZE).slice()
          .order(ByteOrder.LITTLE_ENDIAN).getLong(IndexFormat.COUNT_OFFSET);
      fileLength = IndexFormat.expectedLength(count);
    }

    ByteBuffer buffer;
    if ((mode & 8) != 0) {
      buffer = ByteBuffer.allocateDirect(content.length).put(content).clear();
    } else {
      buffer = ByteBuffer.wrap(content);
    }
    buffer.order((mode & 16) != 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
    if ((mode & 32) != 0) {
      buffer = buffer.asReadOnlyBuffer();
    }
    buffer.position(position);
    ByteOrder order = buffer.order();

    IndexHeader header = null;
    try {
      header = IndexFormat.decodeHeader(buffer, fileLength, "fuzz.ipidx");
    } catch (CorruptIndexException e) {
      assertNotNull(e.check());
      assertNotNull(e.getMessage());
    }
    assertEquals(position, buffer.position(), "decodeHeader moved the caller's position");
    assertEquals(content.length, buffer.limit(), "decodeHeader moved the caller's limit");
    assertEquals(order, buffer.order(), "decodeHeader changed the caller's byte order");
    byte[] after = new byte[content.length];
    buffer.duplicate().position(0).get(after);
    assertArrayEquals(content, after, "decodeHeader wrote to the caller's buffer");

    if (header != null) {
      assertTrue(header.count() >= 0 && header.count() <= (1L << 32), "count " + header.count());
      assertEquals(IndexFormat.expectedLength(header.count()), fileLength);
      byte[] encoded = IndexFormat.encodeHeader(header).array();
      assertArrayEquals(Arrays.copyOfRange(content, position, position + IndexFormat.HEADER_SIZE),
          encoded, "accepted header does not re-encode to the same bytes");
    }
  }
}
