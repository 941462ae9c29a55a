package org.ipjoin.job.locate;

/**
 * The time of a common or combined log line, {@code [27/Nov/2026:07:05:00 +0000]} after the
 * client, identity and user fields: the content of the first {@code [...]} that starts after a
 * space past the client field. The client field is found by {@link CombinedLogLocator}, so a
 * client in brackets ({@code [2001:db8::1]:443}) or a quoted X-Forwarded-For chain is never taken
 * for the time. A line without such brackets, or whose client field is missing, has no time.
 */
final class CombinedTimeLocator implements ClientIpLocator {

  private final CombinedLogLocator client = new CombinedLogLocator();

  @Override
  public boolean locate(byte[] record, int from, int to, Range range) {
    if (!client.locate(record, from, to, range)) {
      return false;
    }
    for (int i = range.to; i + 1 < to; i++) {
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
