package org.ipjoin.job.locate;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Format {@code regex:PATTERN}: the client is the first capture group that took part in the first
 * match of PATTERN in the record. The pattern is searched for ({@link Matcher#find()}), not
 * matched against the whole line: anchor it with {@code ^} if it must match from the start. With
 * alternatives, each with its own group, the one that matched gives the client
 * ({@code from (\S+) port|rhost=(\S+)} reads both of sshd's ways of naming it). A group that
 * captured an IPv6 client in brackets, with or without a port, is taken out of them
 * ({@link Range#setField}), as in the other formats.
 *
 * <p>The pattern sees the record's bytes as ISO-8859-1 characters (one byte, one char), so that
 * character offsets are byte offsets and non-ASCII bytes can never break the match; IP addresses
 * are ASCII either way. The record is wrapped, not copied, but {@link java.util.regex} itself may
 * allocate per match (group arrays, backtracking state): this format is slower than the others.
 */
public final class RegexLocator implements ClientIpLocator {

  private final String spec;
  private final Latin1View view = new Latin1View();
  private final Matcher matcher;
  private final int groups;

  /** @throws IllegalArgumentException when PATTERN does not compile or has no capture group */
  public RegexLocator(String pattern, String spec) {
    Pattern compiled = Pattern.compile(pattern);
    this.matcher = compiled.matcher("");
    if (matcher.groupCount() < 1) {
      throw new IllegalArgumentException("pattern '" + pattern + "' has no capture group; put the"
          + " IP in the first one, e.g. regex:^\\S+ (\\S+)");
    }
    this.groups = matcher.groupCount();
    this.spec = spec;
  }

  @Override
  public boolean locate(byte[] record, int from, int to, Range range) {
    // The view starts at the record: the pattern sees it alone, as if it were the whole input
    // (^, $, \b and lookbehind behave the same whatever comes before or after it in the buffer).
    view.wrap(record, from, to);
    matcher.reset(view);
    if (!matcher.find()) {
      return false;
    }
    for (int group = 1; group <= groups; group++) {
      int start = matcher.start(group);
      if (start >= 0) {
        range.setField(record, from + start, from + matcher.end(group));
        return true;
      }
    }
    return false;
  }

  @Override
  public String spec() {
    return spec;
  }

  /** A reusable CharSequence over a byte range, one byte per char; index 0 is its first byte. */
  static final class Latin1View implements CharSequence {
    private byte[] bytes = new byte[0];
    private int offset;
    private int length;

    void wrap(byte[] bytes, int from, int to) {
      this.bytes = bytes;
      this.offset = from;
      this.length = to - from;
    }

    @Override
    public int length() {
      return length;
    }

    @Override
    public char charAt(int index) {
      if (index < 0 || index >= length) {
        throw new IndexOutOfBoundsException(index);
      }
      return (char) (bytes[offset + index] & 0xFF);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return toString().substring(start, end);
    }

    @Override
    public String toString() {
      return new String(bytes, offset, length, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
  }
}
