package org.ipjoin.job.input;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds the next {@code \n} or {@code \r} in a byte array eight bytes at a time: each long read
 * (little-endian, so the lowest set bit is the first byte) is compared with both bytes at once by
 * the has-zero-byte test {@code (x - 0x01..) & ~x & 0x80..} on {@code x = word ^ byte*0x01..}. That
 * test can flag a byte above a true match (a borrow), never one below, so the lowest flagged byte
 * is exact.
 */
final class LineEnds {

  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101_0101_0101_0101L;
  private static final long HIGHS = 0x8080_8080_8080_8080L;
  private static final long LFS = ONES * '\n';
  private static final long CRS = ONES * '\r';

  private LineEnds() {}

  /** The index of the first {@code \n} or {@code \r} in {@code bytes[from, to)}, or -1. */
  static int find(byte[] bytes, int from, int to) {
    int i = from;
    for (int last = to - Long.BYTES; i <= last; i += Long.BYTES) {
      long word = (long) LONG.get(bytes, i);
      long lf = word ^ LFS;
      long cr = word ^ CRS;
      long found = ((lf - ONES) & ~lf | (cr - ONES) & ~cr) & HIGHS;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      byte b = bytes[i];
      if (b == '\n' || b == '\r') {
        return i;
      }
    }
    return -1;
  }
}
