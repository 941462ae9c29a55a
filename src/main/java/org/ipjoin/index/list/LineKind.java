package org.ipjoin.index.list;

/**
 * What one line of an IP list holds, as {@link ListLineParser} decides it.
 *
 * <p>Entries ({@link #ADDRESS}, {@link #CIDR}, {@link #RANGE}) go into {@link ListEntries};
 * {@link #BLANK} and {@link #COMMENT} are not data; {@link #IPV6} lines are skipped and counted
 * (the index holds IPv4 only); {@link #MALFORMED} lines come with a one-line reason
 * ({@link ListLineParser#error()}).
 */
public enum LineKind {
  ADDRESS("IPv4 address"),
  CIDR("CIDR block"),
  RANGE("address range"),
  BLANK("blank line"),
  COMMENT("comment"),
  IPV6("IPv6 entry (ipjoin indexes IPv4 only)"),
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
