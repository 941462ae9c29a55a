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
 *
 * <p>Most words hold no line end, so each word first takes a cheaper test that lets through every
 * word with a line end and few others: {@code near = word ^ 0x0E..} maps {@code \n} (0x0A) to 4 and
 * {@code \r} (0x0D) to 3, and the has-less-than test {@code (near - 0x05..) & ~near & 0x80..} is
 * non-zero exactly when some byte of {@code near} is below 5, that is when the word holds one of
 * 0x0A, 0x0C, 0x0D, 0x0E, 0x0F; a tab (0x09 maps to 7) or a space does not pass it, so neither a
 * combined log's nor a tab-separated log's words take the exact test for nothing. Per line of the
 * bench's combined log, scanned in cache: 23-24 ns against 31 ns with the exact test on every word;
 * its lines with every space a tab, 25 against 30 ns (docs/benchmarks/2026-11-27-exact-join-cpu.md).
 */
final class LineEnds {

  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101_0101_0101_0101L;
  private static final long HIGHS = 0x8080_8080_8080_8080L;
  private static final long LFS = ONES * '\n';
  private static final long CRS = ONES * '\r';
  /** {@code \n} and {@code \r} xor this are 4 and 3; a tab is 7, a space 0x2E. */
  private static final long NEAR = ONES * 0x0E;
  private static final long BELOW_NEAR = ONES * 5;

  private LineEnds() {}

  /** The index of the first {@code \n} or {@code \r} in {@code bytes[from, to)}, or -1. */
  static int find(byte[] bytes, int from, int to) {
    int i = from;
    for (int last = to - Long.BYTES; i <= last; i += Long.BYTES) {
      long word = (long) LONG.get(bytes, i);
      long near = word ^ NEAR;
      if (((near - BELOW_NEAR) & ~near & HIGHS) == 0) {
        continue;
      }
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
