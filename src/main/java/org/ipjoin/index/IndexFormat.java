package org.ipjoin.index;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;
import org.ipjoin.index.CorruptIndexException.Check;

/**
 * The on-disk index format, version 1: every offset, every check, in one place. This class and
 * {@code docs/index-format.md} describe the same bytes; change them together.
 *
 * <pre>
 * offset  size  field           content
 * ------  ----  --------------  ------------------------------------------------------------
 *      0     8  MAGIC           89 49 50 49 44 58 0D 0A   ("\x89IPIDX\r\n")
 *      8     2  VERSION         u16, = 1
 *     10     1  BYTE_ORDER      u8, 1 = payload is little-endian (the only order written)
 *     11     1  (reserved)      0
 *     12     4  FLAGS           u32, 0 (no flags are defined in version 1)
 *     16     8  COUNT           u64, number of keys in the payload
 *     24     4  MIN_KEY         i32, first key (0 when COUNT = 0)
 *     28     4  MAX_KEY         i32, last key (0 when COUNT = 0)
 *     32     4  PAYLOAD_CRC     u32, CRC32C of the payload bytes
 *     36     4  (reserved)      0
 *     40     8  SOURCE_BYTES    u64, size of the text list the index was built from
 *     48     8  SOURCE_LINES    u64, lines in that list
 *     56     4  (reserved)      0
 *     60     4  HEADER_CRC      u32, CRC32C of bytes 0..59
 *     64  4×COUNT  PAYLOAD      i32 keys, strictly increasing (signed order = address order)
 * </pre>
 *
 * All header integers are little-endian. The payload starts at byte 64, so it is 64-byte aligned
 * relative to the file and a bulk copy into {@code int[]} on a little-endian CPU is a plain memcpy.
 *
 * <p>Readers check, in this order: magic, version, header length, header checksum, byte order,
 * flags, reserved bytes, file length = 64 + 4 × COUNT; then while reading the payload: keys strictly
 * increasing, first/last key equal MIN_KEY/MAX_KEY, and (unless switched off) the payload checksum.
 * A reader rejects a VERSION it does not know, newer or older: a newer writer may lay out the header
 * differently, so nothing after VERSION can be trusted. Magic and version come first so that the
 * most useful message ("not an index", "written by a newer ipjoin") wins.
 */
public final class IndexFormat {

  public static final byte[] MAGIC = {(byte) 0x89, 'I', 'P', 'I', 'D', 'X', '\r', '\n'};
  public static final int VERSION = 1;
  public static final int BYTE_ORDER_LITTLE_ENDIAN = 1;

  public static final int MAGIC_OFFSET = 0;
  public static final int VERSION_OFFSET = 8;
  public static final int BYTE_ORDER_OFFSET = 10;
  public static final int RESERVED_1_OFFSET = 11;
  public static final int FLAGS_OFFSET = 12;
  public static final int COUNT_OFFSET = 16;
  public static final int MIN_KEY_OFFSET = 24;
  public static final int MAX_KEY_OFFSET = 28;
  public static final int PAYLOAD_CRC_OFFSET = 32;
  public static final int RESERVED_2_OFFSET = 36;
  public static final int SOURCE_BYTES_OFFSET = 40;
  public static final int SOURCE_LINES_OFFSET = 48;
  public static final int RESERVED_3_OFFSET = 56;
  public static final int HEADER_CRC_OFFSET = 60;
  public static final int HEADER_SIZE = 64;
  public static final int KEY_BYTES = Integer.BYTES;

  /** Largest count an {@code int[]} can hold (HotSpot's array limit is a few below MAX_VALUE). */
  public static final long MAX_HEAP_KEYS = Integer.MAX_VALUE - 8;

  private IndexFormat() {}

  /** The file length a header with this count requires. */
  public static long expectedLength(long count) {
    return HEADER_SIZE + count * KEY_BYTES;
  }

  /** Encodes a header, computing its header checksum. Returns a buffer positioned at 0, limit 64. */
  public static ByteBuffer encodeHeader(IndexHeader header) {
    ByteBuffer b = ByteBuffer.allocate(HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    b.put(MAGIC_OFFSET, MAGIC);
    b.putShort(VERSION_OFFSET, (short) VERSION);
    b.put(BYTE_ORDER_OFFSET, (byte) BYTE_ORDER_LITTLE_ENDIAN);
    b.putInt(FLAGS_OFFSET, 0);
    b.putLong(COUNT_OFFSET, header.count());
    b.putInt(MIN_KEY_OFFSET, header.minKey());
    b.putInt(MAX_KEY_OFFSET, header.maxKey());
    b.putInt(PAYLOAD_CRC_OFFSET, header.payloadCrc());
    b.putLong(SOURCE_BYTES_OFFSET, header.sourceBytes());
    b.putLong(SOURCE_LINES_OFFSET, header.sourceLines());
    b.putInt(HEADER_CRC_OFFSET, headerCrc(b));
    return b;
  }

  /**
   * Decodes and checks a header.
   *
   * @param bytes the first bytes of the file (up to {@link #HEADER_SIZE}), from position 0 to limit
   * @param fileLength the length of the whole file
   * @param file the file's name, for messages
   */
  public static IndexHeader decodeHeader(ByteBuffer bytes, long fileLength, String file)
      throws CorruptIndexException {
    ByteBuffer b = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int available = b.remaining();
    int base = b.position();
    checkMagic(b, base, available, file);
    if (available < VERSION_OFFSET + 2) {
      throw truncatedHeader(file, fileLength);
    }
    int version = Short.toUnsignedInt(b.getShort(base + VERSION_OFFSET));
    if (version != VERSION) {
      throw new CorruptIndexException(file, Check.VERSION, "file has format version " + version
          + ", this reader supports version " + VERSION
          + (version > VERSION ? " (written by a newer ipjoin: upgrade ipjoin)" : ""));
    }
    if (available < HEADER_SIZE || fileLength < HEADER_SIZE) {
      throw truncatedHeader(file, fileLength);
    }
    ByteBuffer h = b.slice(base, HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    int storedHeaderCrc = h.getInt(HEADER_CRC_OFFSET);
    int actualHeaderCrc = headerCrc(h);
    if (storedHeaderCrc != actualHeaderCrc) {
      throw new CorruptIndexException(file, Check.HEADER_CHECKSUM, "expected CRC32C "
          + hex(storedHeaderCrc) + " of header bytes 0-59, computed " + hex(actualHeaderCrc));
    }
    int order = Byte.toUnsignedInt(h.get(BYTE_ORDER_OFFSET));
    if (order != BYTE_ORDER_LITTLE_ENDIAN) {
      throw new CorruptIndexException(file, Check.BYTE_ORDER,
          "expected " + BYTE_ORDER_LITTLE_ENDIAN + " (little-endian), found " + order);
    }
    int flags = h.getInt(FLAGS_OFFSET);
    if (flags != 0) {
      throw new CorruptIndexException(file, Check.FLAGS,
          "expected 0 (no flags defined in version 1), found " + hex(flags));
    }
    if (h.get(RESERVED_1_OFFSET) != 0 || h.getInt(RESERVED_2_OFFSET) != 0
        || h.getInt(RESERVED_3_OFFSET) != 0) {
      throw new CorruptIndexException(file, Check.RESERVED,
          "bytes 11, 36-39 and 56-59 must be 0");
    }
    long count = h.getLong(COUNT_OFFSET);
    if (count < 0 || count > (1L << 32)) {
      throw new CorruptIndexException(file, Check.FILE_LENGTH,
          "entry count " + Long.toUnsignedString(count) + " is impossible (at most 2^32 IPv4 keys)");
    }
    long expected = expectedLength(count);
    if (fileLength != expected) {
      throw new CorruptIndexException(file, Check.FILE_LENGTH, "header says " + count
          + " keys, so the file must be " + expected + " bytes; it is " + fileLength + " bytes"
          + (fileLength < expected ? " (truncated?)" : ""));
    }
    return new IndexHeader(count, h.getInt(MIN_KEY_OFFSET), h.getInt(MAX_KEY_OFFSET),
        h.getInt(PAYLOAD_CRC_OFFSET), h.getLong(SOURCE_BYTES_OFFSET),
        h.getLong(SOURCE_LINES_OFFSET));
  }

  /** CRC32C of header bytes 0..59 of a buffer holding the header at index 0. */
  static int headerCrc(ByteBuffer header) {
    CRC32C crc = new CRC32C();
    crc.update(header.duplicate().position(0).limit(HEADER_CRC_OFFSET));
    return (int) crc.getValue();
  }

  /** CRC32C of keys[0, count) laid out as the little-endian payload. */
  public static int payloadCrc(int[] keys, int count) {
    CRC32C crc = new CRC32C();
    ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    int perChunk = chunk.capacity() / KEY_BYTES;
    for (int from = 0; from < count; from += perChunk) {
      int n = Math.min(perChunk, count - from);
      chunk.clear();
      chunk.asIntBuffer().put(keys, from, n);
      chunk.limit(n * KEY_BYTES);
      crc.update(chunk);
    }
    return (int) crc.getValue();
  }

  /** The checksum check, shared by every loader that verifies it. */
  public static void checkPayloadCrc(IndexHeader header, int actual, String file)
      throws CorruptIndexException {
    if (header.payloadCrc() != actual) {
      throw new CorruptIndexException(file, Check.PAYLOAD_CHECKSUM, "header says CRC32C "
          + hex(header.payloadCrc()) + ", payload has " + hex(actual));
    }
  }

  /** Key-order failure at payload index {@code i}; loaders check order while they copy. */
  public static CorruptIndexException notIncreasing(String file, long i, int previous, int key) {
    return new CorruptIndexException(file, Check.SORTED, "key " + i + " (" + org.ipjoin.ip.IpCodec.format(key)
        + ") is not greater than key " + (i - 1) + " (" + org.ipjoin.ip.IpCodec.format(previous) + ")");
  }

  /** The first/last key check, after the payload is read. */
  public static void checkMinMax(IndexHeader header, int first, int last, String file)
      throws CorruptIndexException {
    if (header.count() == 0) {
      if (header.minKey() != 0 || header.maxKey() != 0) {
        throw new CorruptIndexException(file, Check.MIN_MAX,
            "an empty index must have min and max key 0, header has " + hex(header.minKey())
                + " and " + hex(header.maxKey()));
      }
      return;
    }
    if (first != header.minKey() || last != header.maxKey()) {
      throw new CorruptIndexException(file, Check.MIN_MAX, "header says "
          + org.ipjoin.ip.IpCodec.format(header.minKey()) + " .. "
          + org.ipjoin.ip.IpCodec.format(header.maxKey()) + ", payload holds "
          + org.ipjoin.ip.IpCodec.format(first) + " .. " + org.ipjoin.ip.IpCodec.format(last));
    }
  }

  private static void checkMagic(ByteBuffer b, int base, int available, String file)
      throws CorruptIndexException {
    int n = Math.min(available, MAGIC.length);
    for (int i = 0; i < n; i++) {
      if (b.get(base + i) != MAGIC[i]) {
        throw new CorruptIndexException(file, Check.MAGIC, "expected " + hex(MAGIC, MAGIC.length)
            + ", found " + hex(b, base, n) + "; this is not an ipjoin index"
            + " (for a text list of IPs use the text loader, or build one with 'ipindex build')");
      }
    }
    if (n < MAGIC.length) {
      throw new CorruptIndexException(file, Check.HEADER_LENGTH,
          "file is " + available + " bytes, shorter than the " + HEADER_SIZE + "-byte header");
    }
  }

  private static CorruptIndexException truncatedHeader(String file, long fileLength) {
    return new CorruptIndexException(file, Check.HEADER_LENGTH,
        "file is " + fileLength + " bytes, shorter than the " + HEADER_SIZE + "-byte header");
  }

  static String hex(int value) {
    return String.format("0x%08x", value);
  }

  private static String hex(byte[] bytes, int n) {
    return hex(ByteBuffer.wrap(bytes), 0, n);
  }

  private static String hex(ByteBuffer b, int base, int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append(i == 0 ? "" : " ").append(String.format("%02x", b.get(base + i)));
    }
    return s.toString();
  }
}
