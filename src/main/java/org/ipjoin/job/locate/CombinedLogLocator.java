package org.ipjoin.job.locate;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.ipjoin.ip.Utf8Bom;

/**
 * Format {@code combined}: the client is the first space-delimited field, as in the Apache common
 * and combined log formats and Nginx's default {@code combined} format
 * ({@code $remote_addr - $remote_user [$time_local] ...}).
 *
 * <p>The field is everything before the first space (the whole record if it has none), unless it
 * is a chain (below). A record
 * that starts with a space, or is empty, has no client field: it is malformed rather than parsed
 * from some later column, because a shifted line is more likely garbage than a log entry.
 *
 * <p>A UTF-8 byte order mark (EF BB BF) at the very start of a record is skipped: it is not part of
 * the IP, and a log written by a Windows tool starts with one. Hadoop's LineRecordReader already
 * drops it at the start of a file, but not where files were concatenated ({@code cat a.log b.log})
 * and the second one's first record starts with it. Only at the start: anywhere else those bytes
 * make the field malformed.
 *
 * <p>An IPv6 client in brackets, with or without a port ({@code [2001:db8::1]:443 - - ...}), is
 * taken out of them ({@link Range#setField}).
 *
 * <p>Servers configured to log {@code $http_x_forwarded_for} where the client goes write a chain
 * of addresses there, with {@code ", "} between hops, sometimes in double quotes:
 * {@code 10.0.0.2, 10.0.0.1 - - [...]} or {@code "203.0.113.7, 10.0.0.2" 10.2.1.185 - - [...]}.
 * So a first field that ends with a comma goes on with the next space-delimited word (the chain
 * is one field), and a first field that starts with {@code "} is its content up to the next
 * {@code "} when a space or the end of the record follows that quote; a
 * {@link ChainRule} then picks the hop.
 *
 * <p>Most records start with a dotted IPv4 address and a space. Such a field, two to fifteen bytes
 * of digits, dots and slashes before a space, holds no byte order mark, quote, comma, bracket,
 * colon, {@code #} or {@code %}, and is not {@code -}, so every rule above leaves it as it is:
 * {@link #locate} sees that in the record's first sixteen bytes, read as two words, and only the
 * other records take the byte-by-byte path ({@code CombinedLogLocatorTest} compares both with the
 * rules written as String code).
 */
public final class CombinedLogLocator implements ClientIpLocator {

  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long HIGHS = 0x8080_8080_8080_8080L;
  private static final long ONES = 0x0101_0101_0101_0101L;
  /** Added to a byte below 0x80: its high bit is then set when the byte is at least '.'. */
  private static final long FROM_DOT = ONES * (0x80 - '.');
  /** Added to a byte below 0x80: its high bit is then set when the byte is above '9'. */
  private static final long ABOVE_NINE = ONES * (0x80 - '9' - 1);

  @Override
  public boolean locate(byte[] record, int from, int to, Range range) {
    int plain = plainFieldEnd(record, from, to);
    if (plain >= 0) {
      range.set(from, plain);
      return true;
    }
    long field = field(record, from, to);
    if (field == NO_FIELD) {
      return false;
    }
    range.setField(record, (int) (field >>> 32), (int) field);
    return true;
  }

  /**
   * The end of a plain client field (2 to 15 digits, dots and slashes, then a space) found in two
   * words, or -1: any other record takes the byte-by-byte rules of {@link #field}.
   */
  private static int plainFieldEnd(byte[] record, int from, int to) {
    if (to - from >= 2 * Long.BYTES) {
      long low = plainBytes((long) LONG.get(record, from));
      // The first byte that is not a digit, dot or slash, counted from the record's start; 16
      // when there is none in the first sixteen (numberOfTrailingZeros(0) is 64).
      int end = low != HIGHS ? Long.numberOfTrailingZeros(~low & HIGHS) >>> 3
          : Long.BYTES + (Long.numberOfTrailingZeros(
              ~plainBytes((long) LONG.get(record, from + Long.BYTES)) & HIGHS) >>> 3);
      if (end >= 2 && end < 2 * Long.BYTES && record[from + end] == ' ') {
        return from + end;
      }
    }
    return -1;
  }

  /**
   * The high bit of each byte of {@code word} set when the byte is {@code '.'}, {@code '/'} or a
   * digit (0x2E to 0x39), clear otherwise; the other bits clear. The sums are taken without the
   * high bits, so no byte carries into the next.
   */
  private static long plainBytes(long word) {
    long low7 = word & ~HIGHS;
    return (low7 + FROM_DOT) & ~(low7 + ABOVE_NINE) & ~word & HIGHS;
  }

  /** {@link #field}'s answer for a record without a client field. */
  static final long NO_FIELD = -1;

  /**
   * The client field of {@code record[from, to)} before {@link Range#setField} takes an address
   * out of it: its start in the high 32 bits, its end in the low ones; or {@link #NO_FIELD}.
   * A field inside double quotes starts after the opening one.
   */
  static long field(byte[] record, int from, int to) {
    int plain = plainFieldEnd(record, from, to);
    if (plain >= 0) {
      return (long) from << 32 | plain;
    }
    int start = from + Utf8Bom.length(record, from, to);
    if (start < to && record[start] == '"') {
      int close = start + 1;
      while (close < to && record[close] != '"') {
        close++;
      }
      if (close < to && (close + 1 == to || record[close + 1] == ' ')) {
        return (long) (start + 1) << 32 | close;
      }
    }
    int end = start;
    while (true) {
      while (end < to && record[end] != ' ') {
        end++;
      }
      if (end == start || record[end - 1] != ',') {
        break;
      }
      // A hop ends with a comma: the chain goes on after the spaces, if anything follows them.
      int next = end;
      while (next < to && record[next] == ' ') {
        next++;
      }
      if (next == to) {
        break;
      }
      end = next;
    }
    return end == start ? NO_FIELD : (long) start << 32 | end;
  }

  @Override
  public String spec() {
    return "combined";
  }
}
