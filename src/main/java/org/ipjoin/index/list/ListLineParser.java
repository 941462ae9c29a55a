package org.ipjoin.index.list;

import java.nio.charset.StandardCharsets;
import org.ipjoin.ip.IpCodec;

/**
 * Reads one line of an IP list: an entry (an address, CIDR block or range, with an optional label)
 * or a line that is not one. Works on the line's bytes and allocates nothing for well-formed lines
 * (a label that needs CSV unquoting is copied into a buffer the parser reuses).
 *
 * <p>Usage: {@code LineKind kind = parser.parse(buf, from, to);} then, for an entry,
 * {@link #startKey()}, {@link #endKey()} and the label ({@link #hasLabel()}, {@link #labelBytes()}
 * {@code [}{@link #labelFrom()}{@code , }{@link #labelTo()}{@code )}); for {@link LineKind#MALFORMED}
 * the reason in {@link #error()}. The results stay valid until the next {@code parse}, and the label
 * may point into the caller's buffer. The reader strips a UTF-8 byte order mark before the first line.
 *
 * <h2>Lines</h2>
 * <ul>
 *   <li>The line is {@code [from, to)} without its LF; a trailing CR and surrounding spaces and tabs
 *       are ignored. An empty line is {@link LineKind#BLANK}; one whose first byte is {@code #} or
 *       {@code ;} is a {@link LineKind#COMMENT}.
 *   <li>Addresses are strict dotted quads ({@link IpCodec}): four decimal octets 0–255, no leading
 *       zeros ({@code 010} is octal to {@code inet_aton} and decimal to most writers, so it is an
 *       error rather than a guess).
 *   <li>Entries, each a closed interval of keys ({@link IpCodec#toKey}, signed order = address order):
 *       <ul>
 *         <li>{@link LineKind#ADDRESS} {@code 1.2.3.4};
 *         <li>{@link LineKind#CIDR} {@code 10.0.0.0/8}, prefix 0–32 in plain decimal. A block with
 *             host bits set ({@code 10.0.0.1/8}) is an error that names the block meant
 *             ({@code 10.0.0.0/8}): such a line is usually a typo or a host written as a block, and
 *             silently widening it would change which addresses match;
 *         <li>{@link LineKind#RANGE} {@code 1.2.3.0-1.2.3.9} (spaces around {@code -} allowed), or
 *             the comma form {@code start,end[,name[,...]]} (ipcat's {@code start,end,name,url});
 *             the end must not be before the start; both ends are included.
 *       </ul>
 *       Spaces are also allowed around {@code /} and {@code ,} after the first address.
 *   <li>A comma line whose second field is not address-like is an address with a label:
 *       {@code 1.2.3.4,spam}. Address-like means an IPv6 address, or a digit first and at least two
 *       dots in the leading run of digits and dots ({@code 1.2.3} and {@code 1.2.3.9 x} are bad
 *       range ends, {@code 0.75} and {@code 10 apples} labels). A quoted field is always a label.
 *   <li>Inline comments: a {@code #} or {@code ;} right after the entry, or after a space or tab
 *       (outside CSV quotes), ends the line: {@code 1.10.16.0/20 ; SBL256894} is a block without
 *       label, {@code 1.2.3.4#x} an address. A {@code #} or {@code ;} inside a word is label text
 *       ({@code AT&T;Inc}).
 *   <li>Labels ({@link LabelColumn}): by default the column after the entry: the second TAB column
 *       of a TAB line ({@code 10.0.0.0/8<TAB>internal}), or the first comma field after the entry of
 *       a comma line ({@code start,end,name,url} → name). Text after the entry but before the first
 *       TAB is part of column 1 ({@code 1.2.3.4 extra words} has no label). Comma fields may be
 *       quoted CSV-style ({@code "ThePlanet.com, Inc."}, {@code ""} for a quote). A label is its
 *       bytes trimmed of spaces and tabs; it must be UTF-8; an empty label is no label.
 *   <li>{@link LineKind#IPV6}: an IPv6 address, block or range in the first field (skipped and
 *       counted by the builder; never called malformed).
 *   <li>{@link LineKind#MALFORMED}: anything else; {@link #error()} is one line
 *       {@code what: 'text'} naming the reason, the text being the line with control bytes as
 *       {@code \xNN}. The caller prefixes {@code file:line: }.
 * </ul>
 */
public final class ListLineParser {

  private static final long ALL_ONES = 0xFFFF_FFFFL;

  private final LabelColumn labelColumn;

  private byte[] line;
  private int lineFrom;
  private int lineTo;

  private LineKind kind;
  private int startKey;
  private int endKey;
  private String error;

  private byte[] labelBytes;
  private int labelFrom;
  private int labelTo;

  /** The last comma field read: its content is {@code fieldBytes[fieldFrom, fieldTo)}. */
  private byte[] fieldBytes;
  private int fieldFrom;
  private int fieldTo;
  private boolean fieldQuoted;
  /** Where CSV-unquoted content with {@code ""} is copied; reused. */
  private byte[] unquoted = new byte[64];

  /** A parser that reads labels from the column after the entry. */
  public ListLineParser() {
    this(LabelColumn.DEFAULT);
  }

  public ListLineParser(LabelColumn labelColumn) {
    this.labelColumn = labelColumn;
  }

  /** Parses {@code line[from, to)}, a line without its LF. */
  public LineKind parse(byte[] line, int from, int to) {
    labelBytes = null;
    labelFrom = 0;
    labelTo = 0;
    error = null;
    while (to > from && (isBlank(line[to - 1]) || line[to - 1] == '\r')) {
      to--;
    }
    while (from < to && isBlank(line[from])) {
      from++;
    }
    if (from == to) {
      return kind = LineKind.BLANK;
    }
    if (line[from] == '#' || line[from] == ';') {
      return kind = LineKind.COMMENT;
    }
    this.line = line;
    this.lineFrom = from;
    this.lineTo = to;
    long bare = bareAddress(line, from, to);
    if (bare >= 0) { // the common line of an address list: nothing but the address
      startKey = IpCodec.toKey(bare);
      endKey = startKey;
      return kind = LineKind.ADDRESS;
    }
    int tokenEnd = firstTokenEnd(from, to);
    long first = IpCodec.parseAddress(line, from, tokenEnd);
    if (first == IpCodec.NOT_IPV4 && IpCodec.looksLikeIpv6(line, from, tokenEnd)) {
      return kind = LineKind.IPV6;
    }
    int sep = skipSpaces(tokenEnd, to);
    byte separator = sep < to ? line[sep] : 0;
    switch (separator) {
      case '/':
        return block(first, from, tokenEnd, sep + 1, to);
      case '-':
        return dashRange(first, from, tokenEnd, sep + 1, to);
      case ',':
        return commaLine(first, from, tokenEnd, sep + 1, to);
      default:
        return address(first, from, tokenEnd, to);
    }
  }

  /**
   * The address if {@code line[from, to)} is exactly a dotted quad, else -1: one pass over the
   * bytes instead of the general path's three, for the lines that make up most address lists.
   * Same strict rules as {@link IpCodec#parseAddress}; anything else takes the general path.
   */
  private static long bareAddress(byte[] line, int from, int to) {
    if (to - from < 7 || to - from > 15) {
      return -1;
    }
    long address = 0;
    int p = from;
    for (int octet = 0; octet < 4; octet++) {
      if (p >= to) {
        return -1;
      }
      int value = line[p] - '0';
      if (value < 0 || value > 9) {
        return -1;
      }
      p++;
      if (value != 0) { // "0" is a whole octet: no leading zeros
        for (int k = 0; k < 2 && p < to && line[p] >= '0' && line[p] <= '9'; k++) {
          value = value * 10 + line[p++] - '0';
        }
      }
      if (value > 255) {
        return -1;
      }
      address = (address << 8) | value;
      if (octet < 3) {
        if (p >= to || line[p] != '.') {
          return -1;
        }
        p++;
      }
    }
    return p == to ? address : -1;
  }

  /** {@code address} is the first field {@code line[from, end)} parsed, or NOT_IPV4. */
  private LineKind address(long address, int from, int end, int to) {
    if (address == IpCodec.NOT_IPV4) {
      return badAddress("address", from, end);
    }
    startKey = IpCodec.toKey(address);
    endKey = startKey;
    return entry(LineKind.ADDRESS, end, to);
  }

  private LineKind block(long address, int from, int addressEnd, int prefixStart, int to) {
    if (address == IpCodec.NOT_IPV4) {
      return badAddress("block address", from, addressEnd);
    }
    int p = skipSpaces(prefixStart, to);
    int end = entryTokenEnd(p, to);
    int prefix = prefix(p, end);
    if (prefix < 0) {
      return kind;
    }
    long hostMask = ALL_ONES >>> prefix;
    long network = address & ~hostMask;
    if (network != address) {
      return fail(IpCodec.format(IpCodec.toKey(address)) + "/" + prefix
          + " has host bits set; the block is " + IpCodec.format(IpCodec.toKey(network)) + "/"
          + prefix);
    }
    startKey = IpCodec.toKey(network);
    endKey = IpCodec.toKey(network | hostMask);
    return entry(LineKind.CIDR, end, to);
  }

  /** The prefix length in {@code line[from, to)}, or -1 after {@link #fail}. */
  private int prefix(int from, int to) {
    if (from == to) {
      fail("block prefix: missing");
      return -1;
    }
    for (int i = from; i < to; i++) {
      if (line[i] < '0' || line[i] > '9') {
        fail("block prefix: not a number from 0 to 32");
        return -1;
      }
    }
    if (to - from > 1 && line[from] == '0') {
      fail("block prefix: not a number from 0 to 32 (leading zero)");
      return -1;
    }
    int value = 0;
    for (int i = from; i < to && value <= 32; i++) {
      value = value * 10 + line[i] - '0';
    }
    if (value > 32) {
      fail("block prefix: " + new String(line, from, to - from, StandardCharsets.US_ASCII)
          + " is out of range (0 to 32)");
      return -1;
    }
    return value;
  }

  private LineKind dashRange(long start, int from, int startEnd, int endStart, int to) {
    if (start == IpCodec.NOT_IPV4) {
      return badAddress("range start", from, startEnd);
    }
    int p = skipSpaces(endStart, to);
    int end = entryTokenEnd(p, to);
    return range(start, p, end) ? entry(LineKind.RANGE, end, to) : kind;
  }

  /** Sets the range {@code start}–{@code line[endFrom, endTo)}, or fails; true if it is valid. */
  private boolean range(long start, int endFrom, int endTo) {
    long end = IpCodec.parseAddress(line, endFrom, endTo);
    if (end == IpCodec.NOT_IPV4) {
      badAddress("range end", endFrom, endTo);
      return false;
    }
    if (end < start) {
      fail("range end before start");
      return false;
    }
    startKey = IpCodec.toKey(start);
    endKey = IpCodec.toKey(end);
    return true;
  }

  /** {@code a,b[,…]} (a range) or {@code a,label[,…]} (an address with a label). */
  private LineKind commaLine(long first, int from, int firstEnd, int secondStart, int to) {
    int terminator = commaField(secondStart, to);
    if (terminator < 0) {
      return kind;
    }
    if (!fieldQuoted && isAddressLike(fieldBytes, fieldFrom, fieldTo)) {
      if (first == IpCodec.NOT_IPV4) {
        return badAddress("range start", from, firstEnd);
      }
      if (!range(first, fieldFrom, fieldTo)) {
        return kind;
      }
      kind = LineKind.RANGE;
      if (labelColumn.ignored()) {
        return kind;
      }
      int want = labelColumn.columnAfter(2);
      return want == 2 ? labelFromField() : commaLabel(terminator, to, 2, want);
    }
    if (first == IpCodec.NOT_IPV4) {
      return badAddress("address", from, firstEnd);
    }
    startKey = IpCodec.toKey(first);
    endKey = startKey;
    kind = LineKind.ADDRESS;
    if (labelColumn.ignored()) {
      return kind;
    }
    int want = labelColumn.columnAfter(1);
    return want == 2 ? labelFromField() : commaLabel(terminator, to, 2, want);
  }

  /** An entry ends at {@code entryEnd}; reads its label from the rest of the line. */
  private LineKind entry(LineKind entryKind, int entryEnd, int to) {
    kind = entryKind;
    if (labelColumn.ignored()) {
      return kind;
    }
    int want = labelColumn.columnAfter(1);
    int p = skipSpaces(entryEnd, to);
    if (p < to && line[p] == ',') {
      return commaLabel(p, to, 1, want);
    }
    return tabLabel(entryEnd, to, want);
  }

  /** The label in TAB column {@code want} (column 1 holds the entry, which ends at entryEnd). */
  private LineKind tabLabel(int entryEnd, int to, int want) {
    int column = 1;
    int columnStart = -1;
    for (int i = entryEnd; i <= to; i++) {
      boolean end = i == to || isCommentAt(i, entryEnd);
      if (end || line[i] == '\t') {
        if (column == want) {
          return label(line, columnStart, i);
        }
        if (end) {
          return kind;
        }
        column++;
        columnStart = i + 1;
      }
    }
    return kind;
  }

  /**
   * Walks comma fields: {@code line[comma]} is the comma ending field {@code column}; reads fields
   * up to {@code want} and takes it as the label.
   */
  private LineKind commaLabel(int comma, int to, int column, int want) {
    int terminator = comma;
    while (terminator < to && line[terminator] == ',') {
      column++;
      terminator = commaField(terminator + 1, to);
      if (terminator < 0) {
        return kind;
      }
      if (column == want) {
        return labelFromField();
      }
    }
    return kind;
  }

  /**
   * Reads the comma field starting at {@code p} into {@code field*}: trimmed, CSV-unquoted.
   *
   * @return the index of the comma that ends it, or of the end of the line's data (a comment or
   *     {@code to}); -1 after {@link #fail}
   */
  private int commaField(int p, int to) {
    p = skipBlanks(p, to);
    if (p < to && line[p] == '"') {
      return quotedField(p, to);
    }
    int i = p;
    while (i < to && line[i] != ',' && !isCommentAt(i, -1)) {
      i++;
    }
    fieldQuoted = false;
    fieldBytes = line;
    fieldFrom = p;
    fieldTo = trimEnd(line, p, i);
    return i;
  }

  private int quotedField(int open, int to) {
    int i = open + 1;
    int doubled = 0;
    while (true) {
      if (i >= to) {
        fail("label: unterminated quote");
        return -1;
      }
      if (line[i] == '"') {
        if (i + 1 < to && line[i + 1] == '"') {
          doubled++;
          i += 2;
          continue;
        }
        break;
      }
      i++;
    }
    int close = i;
    int after = skipBlanks(close + 1, to);
    if (after < to && line[after] != ',' && !isCommentAt(after, -1)) {
      fail("label: text after the closing quote");
      return -1;
    }
    fieldQuoted = true;
    if (doubled == 0) {
      fieldBytes = line;
      fieldFrom = open + 1;
      fieldTo = close;
    } else {
      fieldBytes = unquote(open + 1, close, close - open - 1 - doubled);
      fieldFrom = 0;
      fieldTo = close - open - 1 - doubled;
    }
    return after;
  }

  private byte[] unquote(int from, int to, int length) {
    if (unquoted.length < length) {
      unquoted = new byte[Math.max(length, unquoted.length * 2)];
    }
    int w = 0;
    for (int i = from; i < to; i++) {
      unquoted[w++] = line[i];
      if (line[i] == '"') {
        i++; // the second quote of ""
      }
    }
    return unquoted;
  }

  private LineKind labelFromField() {
    return label(fieldBytes, fieldFrom, fieldTo);
  }

  /** Takes {@code bytes[from, to)}, trimmed, as the label (none if empty); checks UTF-8. */
  private LineKind label(byte[] bytes, int from, int to) {
    while (from < to && isBlank(bytes[from])) {
      from++;
    }
    to = trimEnd(bytes, from, to);
    if (from == to) {
      return kind;
    }
    for (int i = from; i < to; i++) {
      if (bytes[i] < 0) {
        if (!Utf8Text.isValid(bytes, i, to)) {
          return fail("label: not valid UTF-8");
        }
        break;
      }
    }
    labelBytes = bytes;
    labelFrom = from;
    labelTo = to;
    return kind;
  }

  private LineKind badAddress(String role, int from, int to) {
    String reason = AddressProblem.of(line, from, to);
    if (role.equals("address") && reason.equals("not an IPv4 address")) {
      return fail("not an IPv4 address, block or range");
    }
    return fail(role + ": " + reason);
  }

  private LineKind fail(String what) {
    error = what + ": '" + Utf8Text.echo(line, lineFrom, lineTo) + "'";
    labelBytes = null;
    return kind = LineKind.MALFORMED;
  }

  /** A {@code #} or {@code ;} that starts a comment: right after the entry, or after a blank. */
  private boolean isCommentAt(int i, int entryEnd) {
    byte b = line[i];
    return (b == '#' || b == ';') && (i == entryEnd || isBlank(line[i - 1]));
  }

  /** The first field ends at a blank, a comment mark, or a block, range or comma separator. */
  private int firstTokenEnd(int from, int to) {
    for (int i = from; i < to; i++) {
      byte b = line[i];
      if (b == '\t' || b == ' ' || b == '#' || b == ';' || b == '/' || b == '-' || b == ',') {
        return i;
      }
    }
    return to;
  }

  /** A prefix or range end ends at a blank, a comment mark or a comma. */
  private int entryTokenEnd(int from, int to) {
    for (int i = from; i < to; i++) {
      byte b = line[i];
      if (b == '\t' || b == ' ' || b == '#' || b == ';' || b == ',') {
        return i;
      }
    }
    return to;
  }

  /**
   * Whether a comma line's second field is meant as a range end: an IPv6 address, or a field that
   * starts with a digit and whose leading run of digits and dots has at least two dots (so that
   * {@code 1.2.3.9 x} is a bad range end rather than a label).
   */
  private static boolean isAddressLike(byte[] b, int from, int to) {
    if (from == to) {
      return false;
    }
    if (IpCodec.looksLikeIpv6(b, from, to)) {
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

  private int skipSpaces(int from, int to) {
    while (from < to && line[from] == ' ') {
      from++;
    }
    return from;
  }

  private int skipBlanks(int from, int to) {
    while (from < to && isBlank(line[from])) {
      from++;
    }
    return from;
  }

  private static int trimEnd(byte[] b, int from, int to) {
    while (to > from && isBlank(b[to - 1])) {
      to--;
    }
    return to;
  }

  private static boolean isBlank(byte b) {
    return b == ' ' || b == '\t';
  }

  /** What the last line was. */
  public LineKind kind() {
    return kind;
  }

  /** First key of the entry ({@link IpCodec#toKey}). */
  public int startKey() {
    return startKey;
  }

  /** Last key of the entry, included; equals {@link #startKey()} for one address. */
  public int endKey() {
    return endKey;
  }

  /** Whether the entry has a (non-empty) label. */
  public boolean hasLabel() {
    return labelBytes != null;
  }

  /** The array holding the label: the line's own buffer or the parser's; null without a label. */
  public byte[] labelBytes() {
    return labelBytes;
  }

  public int labelFrom() {
    return labelFrom;
  }

  public int labelTo() {
    return labelTo;
  }

  /** The label as text, or null; allocates (for tools and tests). */
  public String label() {
    return labelBytes == null ? null
        : new String(labelBytes, labelFrom, labelTo - labelFrom, StandardCharsets.UTF_8);
  }

  /** For {@link LineKind#MALFORMED}: {@code what: 'text'}, one line; else null. */
  public String error() {
    return error;
  }
}
