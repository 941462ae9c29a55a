package org.ipjoin.index.list;

import java.nio.charset.StandardCharsets;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;

/**
 * Reads one line of an IP list: an entry (an address, CIDR block or range, with an optional label)
 * or a line that is not one. Works on the line's bytes and allocates nothing for well-formed lines
 * (a label that needs CSV unquoting is copied into a buffer the parser reuses).
 *
 * <p>Usage: {@code LineKind kind = parser.parse(buf, from, to);} then, for an entry,
 * {@link #isIpv6()}, the keys ({@link #startKey()}, {@link #endKey()} for IPv4; {@link #startHiKey()}
 * … {@link #endLoKey()} for IPv6) and the label ({@link #hasLabel()}, {@link #labelBytes()}
 * {@code [}{@link #labelFrom()}{@code , }{@link #labelTo()}{@code )}); for {@link LineKind#MALFORMED}
 * the reason in {@link #error()}. The results stay valid until the next {@code parse}, and the label
 * may point into the caller's buffer. The reader strips a UTF-8 byte order mark before the first line.
 *
 * <h2>Lines</h2>
 * <ul>
 *   <li>The line is {@code [from, to)} without its LF; a trailing CR and surrounding spaces and tabs
 *       are ignored. An empty line is {@link LineKind#BLANK}; one whose first byte is {@code #} or
 *       {@code ;} is a {@link LineKind#COMMENT}.
 *   <li>IPv4 addresses are strict dotted quads ({@link Ipv4Codec}): four decimal octets 0–255, no
 *       leading zeros ({@code 010} is octal to {@code inet_aton} and decimal to most writers, so it
 *       is an error rather than a guess). IPv6 addresses are any text form RFC 4291 allows
 *       ({@link Ipv6Codec}: {@code ::} compression, leading zeros in groups, either case, an
 *       embedded IPv4 tail); a field with two or more colons is read as IPv6. A zone id
 *       ({@code fe80::1%eth0}) is an error: it names an interface of one host, which means nothing
 *       in a list.
 *   <li>Entries, each a closed interval of keys ({@link Ipv4Codec#toKey} for IPv4, signed order =
 *       address order; two {@link Ipv6Codec#toKey} halves for IPv6, {@link #isIpv6()}):
 *       <ul>
 *         <li>{@link LineKind#ADDRESS} {@code 1.2.3.4}, {@code 2001:db8::1};
 *         <li>{@link LineKind#CIDR} {@code 10.0.0.0/8}, {@code 2001:db8::/32}, prefix 0–32 (IPv4)
 *             or 0–128 (IPv6) in plain decimal. A block with host bits set ({@code 10.0.0.1/8})
 *             is an error that names the block meant ({@code 10.0.0.0/8}): such a line is usually
 *             a typo or a host written as a block, and silently widening it would change which
 *             addresses match;
 *         <li>{@link LineKind#RANGE} {@code 1.2.3.0-1.2.3.9} (spaces around {@code -} allowed), or
 *             the comma form {@code start,end[,name[,...]]} (ipcat's {@code start,end,name,url});
 *             the end must not be before the start; both ends are included; both ends of one
 *             family ({@code 1.2.3.4-::1} is an error).
 *       </ul>
 *       Spaces are also allowed around {@code /} and {@code ,} after the first address.
 *   <li>IPv4-mapped IPv6 ({@code ::ffff:0:0/96}): an entry wholly inside it is the IPv4 entry it
 *       maps to ({@code ::ffff:10.0.0.0/104} is {@code 10.0.0.0/8}; so is a range with one mapped
 *       and one IPv4 end), as a log's {@code ::ffff:a.b.c.d} client is looked up as
 *       {@code a.b.c.d}. A block or range that crosses the edge of {@code ::ffff:0:0/96} is an
 *       error: part of it would be IPv4 and part IPv6. Other IPv6 forms that embed an IPv4
 *       address (6to4 {@code 2002::/16}, Teredo {@code 2001::/32}, IPv4-compatible
 *       {@code ::a.b.c.d}, NAT64 {@code 64:ff9b::/96}) are IPv6 entries, never translated.
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
 *   <li>{@link LineKind#MALFORMED}: anything else; {@link #error()} is one line
 *       {@code what: 'text'} naming the reason, the text being the line with control bytes as
 *       {@code \xNN}. The caller prefixes {@code file:line: }.
 * </ul>
 */
public final class ListLineParser {

  private static final long ALL_ONES = 0xFFFF_FFFFL;

  static final String ZONE_ID = "zone id not allowed in a list";
  static final String MIXED_RANGE = "range mixes IPv4 and IPv6";
  /** The IPv4-mapped block ::ffff:0:0/96 as the lo half of its addresses (their hi half is 0). */
  private static final long MAPPED_FIRST_LO = 0x0000_FFFF_0000_0000L;
  private static final long MAPPED_LAST_LO = 0x0000_FFFF_FFFF_FFFFL;

  private final LabelColumn labelColumn;

  private byte[] line;
  private int lineFrom;
  private int lineTo;

  private LineKind kind;
  /** Whether the entry is IPv6 (keys in the *Hi/*Lo fields) or IPv4 (startKey, endKey). */
  private boolean ipv6;
  private int startKey;
  private int endKey;
  private long startHiKey;
  private long startLoKey;
  private long endHiKey;
  private long endLoKey;
  private String error;

  /** The first field, when it is IPv6-shaped ({@link #isIpv6Shaped}); {@code firstValid} if parsed. */
  private final Ipv6Codec.Address first6 = new Ipv6Codec.Address();
  private final Ipv6Codec.Address end6 = new Ipv6Codec.Address();

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
    ipv6 = false;
    long bare = bareAddress(line, from, to);
    if (bare >= 0) { // the common line of an address list: nothing but the address
      startKey = Ipv4Codec.toKey(bare);
      endKey = startKey;
      return kind = LineKind.ADDRESS;
    }
    int tokenEnd = firstTokenEnd(from, to);
    if (isIpv6Shaped(line, from, tokenEnd)) {
      return ipv6Line(from, tokenEnd, to);
    }
    long first = Ipv4Codec.parseAddress(line, from, tokenEnd);
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
   * Same strict rules as {@link Ipv4Codec#parseAddress}; anything else takes the general path.
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
    if (address == Ipv4Codec.NOT_IPV4) {
      return badAddress("address", from, end);
    }
    startKey = Ipv4Codec.toKey(address);
    endKey = startKey;
    return entry(LineKind.ADDRESS, end, to);
  }

  private LineKind block(long address, int from, int addressEnd, int prefixStart, int to) {
    if (address == Ipv4Codec.NOT_IPV4) {
      return badAddress("block address", from, addressEnd);
    }
    int p = skipSpaces(prefixStart, to);
    int end = entryTokenEnd(p, to);
    int prefix = prefix(p, end, 32);
    if (prefix < 0) {
      return kind;
    }
    long hostMask = ALL_ONES >>> prefix;
    long network = address & ~hostMask;
    if (network != address) {
      return fail(Ipv4Codec.format(Ipv4Codec.toKey(address)) + "/" + prefix
          + " has host bits set; the block is " + Ipv4Codec.format(Ipv4Codec.toKey(network)) + "/"
          + prefix);
    }
    startKey = Ipv4Codec.toKey(network);
    endKey = Ipv4Codec.toKey(network | hostMask);
    return entry(LineKind.CIDR, end, to);
  }

  /** The prefix length (0 to max) in {@code line[from, to)}, or -1 after {@link #fail}. */
  private int prefix(int from, int to, int max) {
    if (from == to) {
      fail("block prefix: missing");
      return -1;
    }
    for (int i = from; i < to; i++) {
      if (line[i] < '0' || line[i] > '9') {
        fail("block prefix: not a number from 0 to " + max);
        return -1;
      }
    }
    if (to - from > 1 && line[from] == '0') {
      fail("block prefix: not a number from 0 to " + max + " (leading zero)");
      return -1;
    }
    int value = 0;
    for (int i = from; i < to && value <= max; i++) {
      value = value * 10 + line[i] - '0';
    }
    if (value > max) {
      fail("block prefix: " + new String(line, from, to - from, StandardCharsets.US_ASCII)
          + " is out of range (0 to " + max + ")");
      return -1;
    }
    return value;
  }

  private LineKind dashRange(long start, int from, int startEnd, int endStart, int to) {
    if (start == Ipv4Codec.NOT_IPV4) {
      return badAddress("range start", from, startEnd);
    }
    int p = skipSpaces(endStart, to);
    int end = entryTokenEnd(p, to);
    return range(start, p, end) ? entry(LineKind.RANGE, end, to) : kind;
  }

  /** Sets the range {@code start}–{@code line[endFrom, endTo)}, or fails; true if it is valid. */
  private boolean range(long start, int endFrom, int endTo) {
    if (isIpv6Shaped(line, endFrom, endTo)) {
      // An IPv4-mapped end is the IPv4 address it maps to; any other IPv6 end mixes families.
      if (!parseIpv6(end6, "range end", endFrom, endTo)) {
        return false;
      }
      long mapped = Ipv6Codec.mappedIpv4(end6.hi, end6.lo);
      if (mapped == Ipv4Codec.NOT_IPV4) {
        fail(MIXED_RANGE);
        return false;
      }
      return ipv4Range(start, mapped);
    }
    long end = Ipv4Codec.parseAddress(line, endFrom, endTo);
    if (end == Ipv4Codec.NOT_IPV4) {
      badAddress("range end", endFrom, endTo);
      return false;
    }
    return ipv4Range(start, end);
  }

  private boolean ipv4Range(long start, long end) {
    if (end < start) {
      fail("range end before start");
      return false;
    }
    startKey = Ipv4Codec.toKey(start);
    endKey = Ipv4Codec.toKey(end);
    return true;
  }

  /** {@code a,b[,…]} (a range) or {@code a,label[,…]} (an address with a label). */
  private LineKind commaLine(long first, int from, int firstEnd, int secondStart, int to) {
    int terminator = commaField(secondStart, to);
    if (terminator < 0) {
      return kind;
    }
    if (!fieldQuoted && isAddressLike(fieldBytes, fieldFrom, fieldTo)) {
      if (first == Ipv4Codec.NOT_IPV4) {
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
    if (first == Ipv4Codec.NOT_IPV4) {
      return badAddress("address", from, firstEnd);
    }
    startKey = Ipv4Codec.toKey(first);
    endKey = startKey;
    kind = LineKind.ADDRESS;
    if (labelColumn.ignored()) {
      return kind;
    }
    int want = labelColumn.columnAfter(1);
    return want == 2 ? labelFromField() : commaLabel(terminator, to, 2, want);
  }

  /**
   * A line whose first field is IPv6-shaped: the same forms as IPv4 (address, block, range, comma
   * line, labels). An entry wholly inside ::ffff:0:0/96 is the IPv4 entry it maps to.
   */
  private LineKind ipv6Line(int from, int tokenEnd, int to) {
    int sep = skipSpaces(tokenEnd, to);
    byte separator = sep < to ? line[sep] : 0;
    String role = separator == '/' ? "block address" : separator == '-' ? "range start"
        : separator == ',' ? "range start" : "address";
    if (separator == ',') {
      return commaLine6(from, tokenEnd, sep + 1, to);
    }
    if (!parseIpv6(first6, role, from, tokenEnd)) {
      return kind;
    }
    switch (separator) {
      case '/':
        return block6(sep + 1, to);
      case '-': {
        int p = skipSpaces(sep + 1, to);
        int end = entryTokenEnd(p, to);
        return range6(p, end) ? entry(LineKind.RANGE, end, to) : kind;
      }
      default:
        return single6() ? entry(LineKind.ADDRESS, tokenEnd, to) : kind;
    }
  }

  /** {@code a,b[,…]} or {@code a,label[,…]} with an IPv6 first field. */
  private LineKind commaLine6(int from, int firstEnd, int secondStart, int to) {
    int terminator = commaField(secondStart, to);
    if (terminator < 0) {
      return kind;
    }
    boolean isRange = !fieldQuoted && isAddressLike(fieldBytes, fieldFrom, fieldTo);
    if (!parseIpv6(first6, isRange ? "range start" : "address", from, firstEnd)) {
      return kind;
    }
    int want;
    if (isRange) {
      if (!range6(fieldFrom, fieldTo)) {
        return kind;
      }
      kind = LineKind.RANGE;
      want = labelColumn.ignored() ? -1 : labelColumn.columnAfter(2);
    } else {
      if (!single6()) {
        return kind;
      }
      kind = LineKind.ADDRESS;
      want = labelColumn.ignored() ? -1 : labelColumn.columnAfter(1);
    }
    if (want < 0) {
      return kind;
    }
    return want == 2 ? labelFromField() : commaLabel(terminator, to, 2, want);
  }

  /** The single address in {@code first6}. */
  private boolean single6() {
    return interval6(first6.hi, first6.lo, first6.hi, first6.lo, "address");
  }

  private LineKind block6(int prefixStart, int to) {
    int p = skipSpaces(prefixStart, to);
    int end = entryTokenEnd(p, to);
    int prefix = prefix(p, end, 128);
    if (prefix < 0) {
      return kind;
    }
    long hiHost = prefix >= 64 ? 0 : -1L >>> prefix;
    long loHost = prefix <= 64 ? -1L : prefix == 128 ? 0 : -1L >>> (prefix - 64);
    long hi = first6.hi & ~hiHost;
    long lo = first6.lo & ~loHost;
    if (hi != first6.hi || lo != first6.lo) {
      return fail(Ipv6Codec.format(first6.hi, first6.lo) + "/" + prefix
          + " has host bits set; the block is " + Ipv6Codec.format(hi, lo) + "/" + prefix);
    }
    return interval6(hi, lo, hi | hiHost, lo | loHost, "block")
        ? entry(LineKind.CIDR, end, to) : kind;
  }

  /**
   * Sets the range from {@code first6} to {@code line[endFrom, endTo)}, or fails; true if valid.
   * An IPv4 end is allowed only after an IPv4-mapped start (then both are IPv4).
   */
  private boolean range6(int endFrom, int endTo) {
    if (!isIpv6Shaped(line, endFrom, endTo)) {
      long start = Ipv6Codec.mappedIpv4(first6.hi, first6.lo);
      long end = Ipv4Codec.parseAddress(line, endFrom, endTo);
      if (end == Ipv4Codec.NOT_IPV4) {
        badAddress("range end", endFrom, endTo);
        return false;
      }
      if (start == Ipv4Codec.NOT_IPV4) {
        fail(MIXED_RANGE);
        return false;
      }
      return ipv4Range(start, end);
    }
    if (!parseIpv6(end6, "range end", endFrom, endTo)) {
      return false;
    }
    if (Long.compareUnsigned(end6.hi, first6.hi) < 0
        || end6.hi == first6.hi && Long.compareUnsigned(end6.lo, first6.lo) < 0) {
      fail("range end before start");
      return false;
    }
    return interval6(first6.hi, first6.lo, end6.hi, end6.lo, "range");
  }

  /**
   * Sets the entry to the addresses {@code start … end} (unsigned halves): the IPv4 entry it maps
   * to when it lies wholly inside ::ffff:0:0/96, an error when it crosses that block's edge, else
   * the IPv6 entry. True if it is valid.
   */
  private boolean interval6(long startHi, long startLo, long endHi, long endLo, String what) {
    boolean startMapped = startHi == 0 && isMappedLo(startLo);
    boolean endMapped = endHi == 0 && isMappedLo(endLo);
    if (startMapped && endMapped) {
      ipv6 = false;
      startKey = Ipv4Codec.toKey(startLo & ALL_ONES);
      endKey = Ipv4Codec.toKey(endLo & ALL_ONES);
      return true;
    }
    boolean startsBelow = startHi == 0 && Long.compareUnsigned(startLo, MAPPED_FIRST_LO) < 0;
    boolean endsAbove = endHi != 0 || Long.compareUnsigned(endLo, MAPPED_LAST_LO) > 0;
    if (startMapped || endMapped || startsBelow && endsAbove) {
      fail(what + " crosses the edge of ::ffff:0:0/96, the IPv4-mapped addresses that a list"
          + " reads as IPv4; give that part as IPv4 entries and the rest as IPv6 entries outside it");
      return false;
    }
    ipv6 = true;
    startHiKey = Ipv6Codec.toKey(startHi);
    startLoKey = Ipv6Codec.toKey(startLo);
    endHiKey = Ipv6Codec.toKey(endHi);
    endLoKey = Ipv6Codec.toKey(endLo);
    return true;
  }

  /** Whether the lo half (unsigned) of an address whose hi half is 0 is in ::ffff:0:0/96. */
  private static boolean isMappedLo(long lo) {
    return Long.compareUnsigned(lo, MAPPED_FIRST_LO) >= 0
        && Long.compareUnsigned(lo, MAPPED_LAST_LO) <= 0;
  }

  /** Parses {@code line[from, to)} as IPv6 into {@code out}, or fails naming the role; true if valid. */
  private boolean parseIpv6(Ipv6Codec.Address out, String role, int from, int to) {
    if (Ipv6Codec.parse(line, from, to, out)) {
      return true;
    }
    for (int i = from; i < to; i++) {
      if (line[i] == '%') {
        fail(ZONE_ID);
        return false;
      }
    }
    fail(role + ": " + (from == to ? "missing" : Ipv6Codec.explain(line, from, to)));
    return false;
  }

  /**
   * Whether a field is meant as IPv6: two or more colons (an IPv4 address never has one;
   * {@code 1.2.3.4:80} is a bad IPv4 address, not an IPv6 one).
   */
  private static boolean isIpv6Shaped(byte[] b, int from, int to) {
    int colons = 0;
    for (int i = from; i < to && colons < 2; i++) {
      colons += b[i] == ':' ? 1 : 0;
    }
    return colons >= 2;
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
      if (bytes[i] >= 0 && bytes[i] < 0x20 || bytes[i] == 0x7F) {
        // The job writes a label as one TAB-separated column of its output, and export as one
        // column of a list line: a TAB, CR or LF inside (possible in a quoted CSV field) would
        // split them, so every control byte is refused rather than passed on.
        return fail(String.format("label: control byte \\x%02X not allowed (a label is written"
            + " as one TAB-separated column)", bytes[i]));
      }
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
      return fail("not an IPv4 or IPv6 address, block or range");
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

  /** Whether the entry is IPv6: its keys are then {@link #startHiKey()} … {@link #endLoKey()}. */
  public boolean isIpv6() {
    return ipv6;
  }

  /** First key of an IPv6 entry, hi half ({@link Ipv6Codec#toKey}). */
  public long startHiKey() {
    return startHiKey;
  }

  public long startLoKey() {
    return startLoKey;
  }

  /** Last key (included) of an IPv6 entry, hi half. */
  public long endHiKey() {
    return endHiKey;
  }

  public long endLoKey() {
    return endLoKey;
  }

  /** First key of an IPv4 entry ({@link Ipv4Codec#toKey}). */
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
