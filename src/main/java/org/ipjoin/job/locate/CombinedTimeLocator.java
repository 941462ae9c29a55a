package org.ipjoin.job.locate;

/**
 * The time of a common or combined log line, {@code [27/Nov/2026:07:05:00 +0000]} after the
 * client, identity and user fields: the content of the first {@code [...]} that starts after a
 * space past the client field. The client field is found by {@link CombinedLogLocator}, so a
 * client in brackets ({@code [2001:db8::1]:443}) or a quoted X-Forwarded-For chain is never taken
 * for the time. A line without such brackets, or whose client field is missing, has no time.
 */
final class CombinedTimeLocator implements ClientIpLocator {

  @Override
  public boolean locate(byte[] record, int from, int to, Range range) {
    long field = CombinedLogLocator.field(record, from, to);
    if (field == CombinedLogLocator.NO_FIELD) {
      return false;
    }
    int start = (int) (field >>> 32);
    int after = (int) field;
    if (start > from && record[start - 1] == '"') {
      // A quoted field may hold spaces: the search starts where the address taken out of it
      // ends. Elsewhere that end is the field's or before it with no space between, so the
      // field's end gives the same answer without taking the address out.
      range.setField(record, start, after);
      after = range.to;
    }
    return brackets(record, after, to, range);
  }

  /**
   * Sets {@code range} to the content of the first {@code [...]} of {@code record[after, to)}
   * that follows a space; false when there is none or it is not closed.
   */
  static boolean brackets(byte[] record, int after, int to, Range range) {
    for (int i = after; i + 1 < to; i++) {
      if (record[i] == ' ' && record[i + 1] == '[') {
        for (int close = i + 2; close < to; close++) {
          if (record[close] == ']') {
            range.set(i + 2, close);
            return true;
          }
        }
        return false;
      }
    }
    return false;
  }

  @Override
  public String spec() {
    return "combined";
  }
}
