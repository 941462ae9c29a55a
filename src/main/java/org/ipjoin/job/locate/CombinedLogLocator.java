package org.ipjoin.job.locate;

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
 */
public final class CombinedLogLocator implements ClientIpLocator {

  @Override
  public boolean locate(byte[] record, int from, int to, Range range) {
    long field = field(record, from, to);
    if (field == NO_FIELD) {
      return false;
    }
    range.setField(record, (int) (field >>> 32), (int) field);
    return true;
  }

  /** {@link #field}'s answer for a record without a client field. */
  static final long NO_FIELD = -1;

  /**
   * The client field of {@code record[from, to)} before {@link Range#setField} takes an address
   * out of it: its start in the high 32 bits, its end in the low ones; or {@link #NO_FIELD}.
   * A field inside double quotes starts after the opening one.
   */
  static long field(byte[] record, int from, int to) {
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
