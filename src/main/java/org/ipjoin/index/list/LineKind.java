package org.ipjoin.index.list;

/**
 * What one line of an IP list holds, as {@link ListLineParser} decides it.
 *
 * <p>Entries ({@link #ADDRESS}, {@link #CIDR}, {@link #RANGE}), IPv4 or IPv6
 * ({@link ListLineParser#isIpv6()}), go into {@link ListEntries}; {@link #BLANK} and
 * {@link #COMMENT} are not data; {@link #MALFORMED} lines come with a one-line reason
 * ({@link ListLineParser#error()}).
 */
public enum LineKind {
  ADDRESS("address"),
  CIDR("CIDR block"),
  RANGE("address range"),
  BLANK("blank line"),
  COMMENT("comment"),
  MALFORMED("malformed entry");

  public final String description;

  LineKind(String description) {
    this.description = description;
  }

  /** An address, block or range: something to index. */
  public boolean isEntry() {
    return ordinal() <= RANGE.ordinal();
  }

  /** Blank lines and comments are not data: never errors, never counted as skipped. */
  public boolean isIgnorable() {
    return this == BLANK || this == COMMENT;
  }
}
