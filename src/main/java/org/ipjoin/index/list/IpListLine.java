package org.ipjoin.index.list;

import org.ipjoin.ip.IpCodec;

/**
 * One line of a text IP list ({@code ip.tsv}): what it holds, decided from its bytes alone.
 *
 * <p>The exact-address rules ipjoin used before lists could hold blocks, ranges and labels;
 * {@code ipindex build} and the {@code text} read path now read lines with
 * {@link org.ipjoin.index.list.ListLineParser}. Its {@link Kind} names remain the vocabulary of
 * {@link IpListScanner#kindCounts()}. The old rules:
 * <ul>
 *   <li>A trailing CR (CRLF files) and surrounding spaces and tabs are ignored.
 *   <li>An empty line is {@link Kind#BLANK}; one starting with {@code #} or {@code ;} is a
 *       {@link Kind#COMMENT}.
 *   <li>The address is the first field: everything up to the first tab, space, {@code #} or
 *       {@code ;}. What follows (more columns, an inline comment) is ignored.
 *   <li>A field that is a strict IPv4 address (see {@link IpCodec}) is an {@link Kind#ADDRESS}. Any
 *       other field is classified so that the error says what it is: {@link Kind#IPV6},
 *       {@link Kind#CIDR} ({@code a.b.c.d/n}), {@link Kind#RANGE} ({@code start-end} or
 *       {@code start,end}; {@code 1.2.3.4,label} is not a range but a malformed address, whose
 *       message says that columns are separated by tab or space), or {@link Kind#MALFORMED}. ipjoin joins exact addresses, so blocks and
 *       ranges are not expanded: they are errors, or skipped and counted.
 * </ul>
 * A UTF-8 byte order mark at the start of the file is the reader's business: it strips it before
 * the first line.
 */
public final class IpListLine {

  /** What a line holds. The negative codes are what {@link #parse} returns for each kind. */
  public enum Kind {
    ADDRESS(0, "IPv4 address"),
    BLANK(-1, "blank line"),
    COMMENT(-2, "comment"),
    IPV6(-3, "IPv6 address (ipjoin indexes IPv4 only)"),
    CIDR(-4, "CIDR block (ipjoin joins exact addresses, blocks are not expanded)"),
    RANGE(-5, "address range (ipjoin joins exact addresses, ranges are not expanded)"),
    MALFORMED(-6, "malformed address");

    public final int code;
    public final String description;

    Kind(int code, String description) {
      this.code = code;
      this.description = description;
    }

    /** The kind for a {@link #parse} result. */
    public static Kind of(long parsed) {
      return parsed >= 0 ? ADDRESS : values()[(int) -parsed];
    }

    /** Blank lines and comments are not data: never errors, never counted as skipped. */
    public boolean isIgnorable() {
      return this == BLANK || this == COMMENT;
    }
  }

  private IpListLine() {}

  /**
   * Classifies {@code line[from, to)} (without its LF).
   *
   * @return the address value (0 … 2^32−1) for an address, else the negative {@link Kind#code}
   */
  public static long parse(byte[] line, int from, int to) {
    while (to > from && isSpace(line[to - 1])) {
      to--;
    }
    while (from < to && (line[from] == ' ' || line[from] == '\t')) {
      from++;
    }
    if (from == to) {
      return Kind.BLANK.code;
    }
    if (line[from] == '#' || line[from] == ';') {
      return Kind.COMMENT.code;
    }
    int end = fieldEnd(line, from, to);
    long address = IpCodec.parseAddress(line, from, end);
    if (address != IpCodec.NOT_IPV4) {
      return address;
    }
    return classifyNonAddress(line, from, end);
  }

  /** The end of the first field: the first tab, space, '#' or ';' after {@code from}. */
  public static int fieldEnd(byte[] line, int from, int to) {
    for (int i = from; i < to; i++) {
      byte b = line[i];
      if (b == '\t' || b == ' ' || b == '#' || b == ';') {
        return i;
      }
    }
    return to;
  }

  private static long classifyNonAddress(byte[] line, int from, int end) {
    if (IpCodec.looksLikeIpv6(line, from, end) || looksLikeIpv6Cidr(line, from, end)) {
      return Kind.IPV6.code;
    }
    for (int i = from; i < end; i++) {
      byte b = line[i];
      if (b == '/' && IpCodec.parseAddress(line, from, i) != IpCodec.NOT_IPV4) {
        return Kind.CIDR.code;
      }
      if ((b == '-' || b == ',' && isAddress(line, i + 1, nextComma(line, i + 1, end)))
          && IpCodec.parseAddress(line, from, i) != IpCodec.NOT_IPV4) {
        return Kind.RANGE.code; // start-end, or start,end (a CSV of ranges); not 1.2.3.4,label
      }
    }
    return Kind.MALFORMED.code;
  }

  private static boolean isAddress(byte[] line, int from, int to) {
    return IpCodec.parseAddress(line, from, to) != IpCodec.NOT_IPV4;
  }

  private static int nextComma(byte[] line, int from, int end) {
    for (int i = from; i < end; i++) {
      if (line[i] == ',') {
        return i;
      }
    }
    return end;
  }

  /**
   * Why a {@link Kind#MALFORMED} line's field is not an address, for its error message; null if
   * there is nothing more to say. {@code line} is the whole line as read.
   */
  public static String whyMalformed(byte[] line) {
    int to = line.length;
    while (to > 0 && isSpace(line[to - 1])) {
      to--;
    }
    int from = 0;
    while (from < to && (line[from] == ' ' || line[from] == '\t')) {
      from++;
    }
    for (int i = from; i < to; i++) {
      if (line[i] == '\r') {
        return "the line holds a CR (\\x0D) byte: the file seems to end its lines with CR only;"
            + " convert them to LF";
      }
    }
    int end = fieldEnd(line, from, to);
    // The longest address at the start of the field, then the byte that spoils it.
    for (int i = Math.min(end - 1, from + 15); i >= from + 7; i--) {
      if (!isDigit(line[i]) && line[i] != '.' && isAddress(line, from, i)) {
        return "the address " + new String(line, from, i - from, java.nio.charset.StandardCharsets.US_ASCII)
            + " is followed by '" + printable(line[i]) + "'; columns are separated by tab or space";
      }
    }
    return IpCodec.explain(line, from, end);
  }

  private static boolean isDigit(byte b) {
    return b >= '0' && b <= '9';
  }

  private static String printable(byte b) {
    int c = b & 0xFF;
    return c >= 0x20 && c < 0x7F && c != '\\' ? String.valueOf((char) c) : String.format("\\x%02X", c);
  }

  private static boolean looksLikeIpv6Cidr(byte[] line, int from, int end) {
    for (int i = from; i < end; i++) {
      if (line[i] == '/') {
        return IpCodec.looksLikeIpv6(line, from, i);
      }
    }
    return false;
  }

  private static boolean isSpace(byte b) {
    return b == ' ' || b == '\t' || b == '\r';
  }
}
