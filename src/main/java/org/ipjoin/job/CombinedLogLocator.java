package org.ipjoin.job;

/**
 * Format {@code combined}: the client is the first space-delimited field, as in the Apache common
 * and combined log formats and Nginx's default {@code combined} format
 * ({@code $remote_addr - $remote_user [$time_local] ...}).
 *
 * <p>The field is everything before the first space (the whole record if it has none). A record
 * that starts with a space, or is empty, has no client field: it is malformed rather than parsed
 * from some later column, because a shifted line is more likely garbage than a log entry.
 */
public final class CombinedLogLocator implements ClientIpLocator {

  @Override
  public boolean locate(byte[] record, int length, Range range) {
    int end = 0;
    while (end < length && record[end] != ' ') {
      end++;
    }
    if (end == 0) {
      return false;
    }
    range.set(0, end);
    return true;
  }

  @Override
  public String spec() {
    return "combined";
  }
}
