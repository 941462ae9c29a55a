package org.ipjoin.index.list;

import org.ipjoin.ip.Ipv4Codec;

/**
 * The last comma field read from a list line, trimmed and CSV-unquoted: its content is
 * {@code bytes[from, to)}, in the line's own buffer, or in a buffer this reader reuses when the
 * quoted text holds {@code ""}.
 */
final class CommaField {

  private final ListLine line;

  byte[] bytes;
  int from;
  int to;
  boolean quoted;
  /** Where CSV-unquoted content with {@code ""} is copied; reused. */
  private byte[] unquoted = new byte[64];

  CommaField(ListLine line) {
    this.line = line;
  }

  /**
   * Reads the comma field starting at {@code p}.
   *
   * @return the index of the comma that ends it, or of the end of the line's data (a comment or
   *     {@code end}); -1 after {@link ListLine#fail}
   */
  int read(int p, int end) {
    byte[] b = line.bytes;
    p = line.skipBlanks(p, end);
    if (p < end && b[p] == '"') {
      return readQuoted(p, end);
    }
    int i = p;
    while (i < end && b[i] != ',' && !line.isCommentAt(i, -1)) {
      i++;
    }
    quoted = false;
    bytes = b;
    from = p;
    to = ListLine.trimEnd(b, p, i);
    return i;
  }

  private int readQuoted(int open, int end) {
    byte[] b = line.bytes;
    int i = open + 1;
    int doubled = 0;
    while (true) {
      if (i >= end) {
        line.fail("label: unterminated quote");
        return -1;
      }
      if (b[i] == '"') {
        if (i + 1 < end && b[i + 1] == '"') {
          doubled++;
          i += 2;
          continue;
        }
        break;
      }
      i++;
    }
    int close = i;
    int after = line.skipBlanks(close + 1, end);
    if (after < end && b[after] != ',' && !line.isCommentAt(after, -1)) {
      line.fail("label: text after the closing quote");
      return -1;
    }
    quoted = true;
    if (doubled == 0) {
      bytes = b;
      from = open + 1;
      to = close;
    } else {
      bytes = unquote(b, open + 1, close, close - open - 1 - doubled);
      from = 0;
      to = close - open - 1 - doubled;
    }
    return after;
  }

  private byte[] unquote(byte[] b, int from, int to, int length) {
    if (unquoted.length < length) {
      unquoted = new byte[Math.max(length, unquoted.length * 2)];
    }
    int w = 0;
    for (int i = from; i < to; i++) {
      unquoted[w++] = b[i];
      if (b[i] == '"') {
        i++; // the second quote of ""
      }
    }
    return unquoted;
  }

  /**
   * Whether the field, as a comma line's second field, is meant as a range end: unquoted, and an
   * IPv6 address or a field that starts with a digit and whose leading run of digits and dots has
   * at least two dots (so that {@code 1.2.3.9 x} is a bad range end rather than a label).
   */
  boolean isRangeEnd() {
    return !quoted && isAddressLike(bytes, from, to);
  }

  /** Whether {@code b[from, to)} looks like an address: {@link #isRangeEnd}'s rule. */
  static boolean isAddressLike(byte[] b, int from, int to) {
    if (from == to) {
      return false;
    }
    if (Ipv4Codec.looksLikeIpv6(b, from, to)) {
      return true;
    }
    if (b[from] < '0' || b[from] > '9') {
      return false;
    }
    int dots = 0;
    for (int i = from; i < to && (b[i] == '.' || b[i] >= '0' && b[i] <= '9'); i++) {
      dots += b[i] == '.' ? 1 : 0;
    }
    return dots >= 2;
  }
}
