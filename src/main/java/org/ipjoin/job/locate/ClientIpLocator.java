package org.ipjoin.job.locate;

/**
 * Finds the client IP field in one record's bytes. Called once per record, so implementations
 * allocate nothing per call (except {@link RegexLocator}, see there) and write the result into a
 * caller-owned {@link Range}. They only find the field and take an IPv6 literal out of its brackets
 * ({@link Range#setField}); deciding whether it is an IPv4 or IPv6 address is
 * {@link org.ipjoin.ip.Ipv4Codec}'s and {@link org.ipjoin.ip.Ipv6Codec}'s job.
 *
 * <p>Implementations may hold per-instance scratch state: use one instance per mapper (thread).
 * {@link ClientIpLocators#fromSpec} makes them from an {@code ipjoin.format} value.
 */
public interface ClientIpLocator {

  /**
   * Looks for the field in the record {@code bytes[from, to)}, which may be one line of a larger
   * buffer (a block of lines): nothing before {@code from} or from {@code to} on is read.
   *
   * @param range set to the field's {@code [from, to)} when found, as offsets into {@code bytes}
   * @return false when the record has no such field (too few columns, no regex match); the record
   *     is then malformed
   */
  boolean locate(byte[] bytes, int from, int to, Range range);

  /** The spec this locator was made from, for logs and messages. */
  String spec();

  /**
   * A mutable {@code [from, to)} byte range, reused across records, and whether the field was an
   * IPv6 literal in brackets.
   */
  final class Range {
    /** The longest port after {@code ]:}: 65535. */
    private static final int MAX_PORT = 65_535;

    public int from;
    public int to;
    /**
     * True when the field was {@code [text]} or {@code [text]:port} and the range now holds the
     * text inside the brackets; only an IPv6 address may be written that way (RFC 3986 section
     * 3.2.2), so the job reads such a field as IPv6 or calls it malformed.
     */
    public boolean bracketed;

    public Range set(int from, int to) {
      this.from = from;
      this.to = to;
      this.bracketed = false;
      return this;
    }

    /**
     * Sets the range to the client field {@code record[from, to)}, taking an IPv6 literal out of
     * its brackets: {@code [2001:db8::1]} and {@code [2001:db8::1]:443} become
     * {@code 2001:db8::1} (a port is 1 to 5 decimal digits, at most 65535). Anything else,
     * including a bracket without its partner or other text after {@code ]}, is left as it is,
     * so the address parsers call it malformed. A bare IPv6 address followed by {@code :port} is
     * not split: without brackets the port cannot be told from the last group.
     */
    public Range setField(byte[] record, int from, int to) {
      set(from, to);
      if (to - from < 2 || record[from] != '[') {
        return this;
      }
      int close = from + 1;
      while (close < to && record[close] != ']') {
        close++;
      }
      if (close < to && (close + 1 == to || isPort(record, close + 1, to))) {
        this.from = from + 1;
        this.to = close;
        this.bracketed = true;
      }
      return this;
    }

    /** {@code record[colon, to)} is {@code :} and a port number. */
    private static boolean isPort(byte[] record, int colon, int to) {
      int digits = to - colon - 1;
      if (record[colon] != ':' || digits < 1 || digits > 5) {
        return false;
      }
      int port = 0;
      for (int i = colon + 1; i < to; i++) {
        int d = record[i] - '0';
        if (d < 0 || d > 9) {
          return false;
        }
        port = port * 10 + d;
      }
      return port <= MAX_PORT;
    }

    @Override
    public String toString() {
      return (bracketed ? "bracketed " : "") + "[" + from + ", " + to + ")";
    }
  }
}
