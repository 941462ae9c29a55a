package org.ipjoin.job.locate;

/**
 * Finds the client IP field in one record's bytes. Called once per record, so implementations
 * allocate nothing per call (except {@link RegexLocator}, see there) and write the result into a
 * caller-owned {@link Range}. They only find the field and take the address out of the forms logs
 * write it in (brackets, port, zone id: {@link Range#setField}); deciding whether it is an IPv4 or
 * IPv6 address is
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
   * @return false when the record has no such field (too few columns, no regex match, no JSON
   *     key at the path); the record is then malformed. True when the field is found, even if it
   *     holds no address ({@link Range#absent}) or not a valid one (the parsers decide).
   */
  boolean locate(byte[] bytes, int from, int to, Range range);

  /** The spec this locator was made from, for logs and messages. */
  String spec();

  /**
   * The locator that finds the field itself: this one, or the one a chain rule was put around
   * ({@link ChainedLocator}); what the task asks when it needs the format's kind (its header
   * lines, how tag columns are written).
   */
  default ClientIpLocator field() {
    return this;
  }

  /**
   * A mutable {@code [from, to)} byte range, reused across records, whether the field was an IPv6
   * literal in brackets, and whether it said "no address".
   */
  final class Range {
    /** The largest port after {@code ]:}, {@code a.b.c.d:} or {@code #}: 65535. */
    private static final int MAX_PORT = 65_535;

    public int from;
    public int to;
    /**
     * True when the field was {@code [text]} or {@code [text]:port} and the range now holds the
     * text inside the brackets; only an IPv6 address may be written that way (RFC 3986 section
     * 3.2.2), so the job reads such a field as IPv6 or calls it malformed.
     */
    public boolean bracketed;
    /**
     * True when the field was found but holds no address: it is empty or {@code -} (what web
     * servers, load balancers and most logs write for a missing value), or a JSON {@code null}.
     * The range then holds the field as it is; a caller that does not look at this flag reads the
     * field as malformed, as before.
     */
    public boolean absent;
    /**
     * True when the field holds a comma: a chain of addresses, as an {@code X-Forwarded-For}
     * header writes them ({@code 203.0.113.7, 10.0.0.2}). The range then holds the whole field;
     * the locators {@link ClientIpLocators#fromSpec} makes reduce it to one hop with a
     * {@link ChainRule}. A caller that does not look at this flag reads the field as malformed.
     */
    public boolean chain;
    /**
     * The field as the locator found it, before {@link #setField} took an address out of it
     * (brackets, port, zone id): what a record's time is read from ({@link RecordTimeLocator}).
     */
    public int fieldFrom;
    /** The end of {@link #fieldFrom}'s field, exclusive. */
    public int fieldTo;

    public Range set(int from, int to) {
      this.from = from;
      this.to = to;
      this.fieldFrom = from;
      this.fieldTo = to;
      this.bracketed = false;
      this.absent = false;
      this.chain = false;
      return this;
    }

    /** Sets an empty range at {@code at} that says "no address" ({@link #absent}). */
    public Range setAbsent(int at) {
      set(at, at);
      this.absent = true;
      return this;
    }

    /**
     * Sets the range to the client field {@code record[from, to)}, written as logs write it:
     * <ul>
     *   <li>an IPv6 literal in brackets, with or without a port: {@code [2001:db8::1]} and
     *       {@code [2001:db8::1]:443} become {@code 2001:db8::1} ({@link #bracketed});
     *   <li>an address with a port after {@code #} (BIND's {@code 192.0.2.1#53},
     *       {@code 2001:db8::1#53}), or after {@code :} when the field has no other colon
     *       ({@code 192.0.2.1:8080}): the port is dropped;
     *   <li>an IPv6 zone id ({@code fe80::1%eth0}, also in brackets and in its URL form
     *       {@code %25eth0}): dropped, as the address is the same on every link for the lists;
     *   <li>empty or {@code -}: {@link #absent};
     *   <li>holding a comma: a {@link #chain}, left whole.
     * </ul>
     * A port is 1 to 5 decimal digits, at most 65535. Anything else, including a bracket without
     * its partner, other text after {@code ]} or an empty zone id, is left as it is, so the
     * address parsers call it malformed. A bare IPv6 address followed by {@code :port} is not
     * split: without brackets the port cannot be told from the last group.
     */
    public Range setField(byte[] record, int from, int to) {
      set(from, to);
      if (to - from < 2) {
        absent = to == from || record[from] == '-';
        return this;
      }
      for (int i = from; i < to; i++) {
        if (record[i] == ',') {
          chain = true;
          return this;
        }
      }
      if (record[from] == '[') {
        return setBracketed(record, from, to);
      }
      // One pass over the (short) field: the first colon, how many in all and before the first
      // '%', the last '#'.
      int colons = 0;
      int colon = -1;
      int hash = -1;
      int percent = -1;
      int colonsBeforeZone = 0;
      for (int i = from; i < to; i++) {
        byte b = record[i];
        if (b == ':') {
          if (colons++ == 0) {
            colon = i;
          }
        } else if (b == '#') {
          hash = i;
        } else if (b == '%' && percent < 0) {
          percent = i;
          colonsBeforeZone = colons;
        }
      }
      int end = to;
      if (hash >= 0 && isPort(record, hash, to)) {
        end = hash;
      } else if (colons == 1 && isPort(record, colon, to)) {
        end = colon;
      }
      // A zone id follows an IPv6 address only: at least two colons before the '%'.
      if (percent >= 0 && colonsBeforeZone >= 2 && percent + 1 < end) {
        end = percent;
      }
      this.to = end;
      return this;
    }

    private Range setBracketed(byte[] record, int from, int to) {
      int close = from + 1;
      int percent = -1;
      while (close < to && record[close] != ']') {
        if (record[close] == '%' && percent < 0) {
          percent = close;
        }
        close++;
      }
      boolean port = close + 1 < to && record[close + 1] == ':' && isPort(record, close + 1, to);
      if (close < to && (close + 1 == to || port)) {
        this.from = from + 1;
        this.to = percent >= 0 && percent + 1 < close ? percent : close;
        this.bracketed = true;
      }
      return this;
    }

    /** {@code record[separator + 1, to)} is a port number: 1 to 5 digits, at most 65535. */
    private static boolean isPort(byte[] record, int separator, int to) {
      int digits = to - separator - 1;
      if (digits < 1 || digits > 5) {
        return false;
      }
      int port = 0;
      for (int i = separator + 1; i < to; i++) {
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
      return (absent ? "absent " : "") + (chain ? "chain " : "") + (bracketed ? "bracketed " : "") + "[" + from + ", " + to
          + ")";
    }
  }
}
