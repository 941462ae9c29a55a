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
import org.ipjoin.index.format.HeaderCodec;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.Section;

/**
 * Fuzzes {@link HeaderCodec#decode} (header and section directory) on arbitrary buffers and
 * file lengths.
 *
 * <p>Input layout: byte 0 is a mode (bits 0-3: {@link FuzzFixups} repairs; 16 = direct buffer;
 * 32 = big-endian order set on the buffer; 64 = read-only buffer; 128 = the file length is the end
 * of the last section the directory describes), byte 1 the buffer's position inside the content,
 * bytes 2-9 a little-endian file length, the rest the buffer content.
 *
 * <p>Properties: the only exception is {@link CorruptIndexException} (with a check and a message);
 * the argument buffer's position, limit, order and contents are untouched; when a head is accepted,
 * it has 2 to 16 sections, at most 2^32 intervals, ends the file exactly at the given length, and
 * encoding the decoded header gives back exactly the header and directory bytes read.
 */
class IndexHeaderFuzzTest {

  @FuzzTest(maxDuration = "20s")
  void decodeHead(byte[] input) {
    if (input.length < 10) {
      return;
    }
    int mode = input[0] & 0xFF;
    byte[] content = Arrays.copyOfRange(input, 10, input.length);
    int position = (input[1] & 0xFF) % (content.length + 1);
    long fileLength = ByteBuffer.wrap(input, 2, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
    FuzzFixups.apply(content, position, mode & FuzzFixups.FIX_ALL);
    if ((mode & 128) != 0) {
      fileLength = endOfLastSection(content, position, fileLength);
    }

    ByteBuffer buffer;
    if ((mode & 16) != 0) {
      buffer = ByteBuffer.allocateDirect(content.length).put(content).clear();
    } else {
      buffer = ByteBuffer.wrap(content);
    }
    buffer.order((mode & 32) != 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
    if ((mode & 64) != 0) {
      buffer = buffer.asReadOnlyBuffer();
    }
    buffer.position(position);
    ByteOrder order = buffer.order();

    IndexHeader header = null;
    try {
      header = HeaderCodec.decode(buffer, fileLength, "fuzz.ipidx");
    } catch (CorruptIndexException e) {
      assertNotNull(e.check());
      assertTrue(e.getMessage().startsWith("fuzz.ipidx: " + e.check().description + " check failed: "),
          e.getMessage());
    }
    assertEquals(position, buffer.position(), "decodeHead moved the caller's position");
    assertEquals(content.length, buffer.limit(), "decodeHead moved the caller's limit");
    assertEquals(order, buffer.order(), "decodeHead changed the caller's byte order");
    byte[] after = new byte[content.length];
    buffer.duplicate().position(0).get(after);
    assertArrayEquals(content, after, "decodeHead wrote to the caller's buffer");

    if (header != null) {
      int n = header.sections().size();
      assertTrue(n >= 2 && n <= 16, "sections " + n);
      assertTrue(header.intervalCount() >= 0 && header.intervalCount() <= (1L << 32),
          "count " + header.intervalCount());
      assertEquals(header.fileLength(), fileLength);
      for (Section s : header.sections()) {
        assertEquals(0, s.offset() % IndexByteMap.ALIGNMENT, "offset " + s.offset());
      }
      ByteBuffer encoded = HeaderCodec.encode(header);
      int headLength = IndexByteMap.HEADER_SIZE + n * IndexByteMap.ENTRY_SIZE;
      assertEquals(headLength, encoded.limit());
      assertArrayEquals(Arrays.copyOfRange(content, position, position + headLength),
          Arrays.copyOf(encoded.array(), headLength), "accepted head does not re-encode to the same bytes");
    }
  }

  /** The end of the last section of the (at most 16) directory entries the content holds. */
  private static long endOfLastSection(byte[] content, int position, long otherwise) {
    int available = content.length - position;
    if (available < FuzzFixups.HEADER_SIZE) {
      return otherwise;
    }
    ByteBuffer h = ByteBuffer.wrap(content, position, available).slice().order(ByteOrder.LITTLE_ENDIAN);
    long sections = Integer.toUnsignedLong(h.getInt(FuzzFixups.SECTION_COUNT_OFFSET));
    if (sections < 1 || sections > FuzzFixups.MAX_SECTIONS
        || FuzzFixups.HEADER_SIZE + sections * FuzzFixups.ENTRY_SIZE > available) {
      return otherwise;
    }
    int last = FuzzFixups.HEADER_SIZE + (int) (sections - 1) * FuzzFixups.ENTRY_SIZE;
    return h.getLong(last + 16) + h.getLong(last + 24);
  }
}
