package org.ipjoin.index.list;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
 *       TAB is part of column 1 ({@code 1.2.3.4 extra words} has no label, and warns); when that
 *       text is itself an address, block or range ({@code 1.2.3.4 5.6.7.8}) the line is an error,
 *       one entry per line. Comma fields may be quoted CSV-style ({@code "ThePlanet.com, Inc."},
 *       {@code ""} for a quote). A label is its bytes trimmed of spaces and tabs; it must be UTF-8
 *       of at most 1,024 bytes; an empty label is no label.
 *   <li>Warnings ({@link #warnings()}, {@link ListWarning}): an entry that may not be what its
 *       writer meant is read as written and flagged: a line of just two comma-separated addresses
 *       (a range), text after a space, a named label column the line lacks, a label {@code 0},
 *       {@code 1} or {@code -}.
 *   <li>{@link LineKind#MALFORMED}: anything else; {@link #error()} is one line
 *       {@code what: 'text'} naming the reason, the text being the line with control bytes as
 *       {@code \xNN}. The caller prefixes {@code file:line: }.
 * </ul>
 */
public final class ListLineParser {

  // Line-level rules live here; the IPv4 and IPv6 entry grammars, the label column and the comma
  // fields each have their own class, sharing the line's state through ListLine and EntryKeys.
  // All are final and made once per parser: the hot path stays free of allocation and dispatch.
  private final ListLine line = new ListLine();
  private final EntryKeys keys = new EntryKeys();
  private final LabelReader labels;
  private final Ipv4EntryReader ipv4;
  private final Ipv6EntryReader ipv6;

  /** A parser that reads labels from the column after the entry. */
  public ListLineParser() {
    this(LabelColumn.DEFAULT);
  }

  public ListLineParser(LabelColumn labelColumn) {
    CommaField field = new CommaField(line);
    labels = new LabelReader(labelColumn, line, field);
    ipv4 = new Ipv4EntryReader(line, keys, field, labels);
    ipv6 = new Ipv6EntryReader(line, keys, field, labels, ipv4);
  }

  /**
   * Reads labels of attributes from {@code columns} (1-based, as written) from now on: their
   * values, each trimmed and checked as a label (an empty or missing one stays empty), joined by
   * TAB; no label when all are empty. For a parser of a {@link LabelColumn#attributes()} option,
   * once a file's header line is known ({@link LabelAttributes#resolve}).
   */
  public void attributeColumns(int[] columns) {
    labels.attributeColumns(columns);
  }

  /**
   * The headings of {@code bytes[from, to)} if it is a header line, else null. A header line is a
   * list's first line that is not blank or a comment, is no entry, and whose first column starts
   * with a letter ({@code start,end,asn,org}; {@code network<TAB>country}): its columns, TAB
   * columns if it has a TAB, else comma fields, each trimmed and CSV-unquoted.
   */
  public List<String> headings(byte[] bytes, int from, int to) {
    if (parse(bytes, from, to) != LineKind.MALFORMED || !startsWithWord(bytes, from, to)) {
      return null;
    }
    String text = new String(bytes, from, to - from, StandardCharsets.UTF_8).strip();
    String separator = text.indexOf('\t') >= 0 ? "\t" : ",";
    List<String> headings = new ArrayList<>();
    for (String heading : text.split(separator, -1)) {
      String h = heading.strip();
      if (h.length() >= 2 && h.startsWith("\"") && h.endsWith("\"")) {
        h = h.substring(1, h.length() - 1).replace("\"\"", "\"");
      }
      headings.add(h);
    }
    return headings;
  }

  /**
   * Whether the first column starts with a letter (or a quote) and holds no {@code :} or
   * {@code /}: a heading, not a malformed IPv6 entry such as {@code fe80::1%eth0}.
   */
  private static boolean startsWithWord(byte[] b, int from, int to) {
    int p = from;
    while (p < to && ListLine.isBlank(b[p])) {
      p++;
    }
    if (p == to || !(b[p] < 0 || b[p] == '"' || Character.isLetter((char) b[p]))) {
      return false;
    }
    for (int i = p; i < to && b[i] != '\t' && b[i] != ','; i++) {
      if (b[i] == ':' || b[i] == '/') {
        return false;
      }
    }
    return true;
  }

  /** Parses {@code bytes[from, to)}, a line without its LF. */
  public LineKind parse(byte[] bytes, int from, int to) {
    labels.clear();
    line.error = null;
    line.warnings = 0;
    while (to > from && (ListLine.isBlank(bytes[to - 1]) || bytes[to - 1] == '\r')) {
      to--;
    }
    while (from < to && ListLine.isBlank(bytes[from])) {
      from++;
    }
    if (from == to) {
      return line.kind = LineKind.BLANK;
    }
    if (bytes[from] == '#' || bytes[from] == ';') {
      return line.kind = LineKind.COMMENT;
    }
    line.start(bytes, from, to);
    keys.ipv6 = false; // until an IPv6 entry is read: a malformed line is never IPv6
    long bare = Ipv4EntryReader.bareAddress(bytes, from, to);
    if (bare >= 0) { // the common line of an address list: nothing but the address
      keys.ipv4(bare);
      return line.kind = LineKind.ADDRESS;
    }
    int tokenEnd = line.firstTokenEnd(from, to);
    return Ipv6Field.isShaped(bytes, from, tokenEnd)
        ? ipv6.read(from, tokenEnd) : ipv4.read(from, tokenEnd);
  }

  /** What the last line was. */
  public LineKind kind() {
    return line.kind;
  }

  /** Whether the entry is IPv6: its keys are then {@link #startHiKey()} … {@link #endLoKey()}. */
  public boolean isIpv6() {
    return keys.ipv6;
  }

  /** First key of an IPv6 entry, hi half ({@link Ipv6Codec#toKey}). */
  public long startHiKey() {
    return keys.startHiKey;
  }

  public long startLoKey() {
    return keys.startLoKey;
  }

  /** Last key (included) of an IPv6 entry, hi half. */
  public long endHiKey() {
    return keys.endHiKey;
  }

  public long endLoKey() {
    return keys.endLoKey;
  }

  /** First key of an IPv4 entry ({@link Ipv4Codec#toKey}). */
  public int startKey() {
    return keys.startKey;
  }

  /** Last key of the entry, included; equals {@link #startKey()} for one address. */
  public int endKey() {
    return keys.endKey;
  }

  /** Whether the entry has a (non-empty) label. */
  public boolean hasLabel() {
    return labels.bytes != null;
  }

  /** The array holding the label: the line's own buffer or the parser's; null without a label. */
  public byte[] labelBytes() {
    return labels.bytes;
  }

  public int labelFrom() {
    return labels.from;
  }

  public int labelTo() {
    return labels.to;
  }

  /** The label as text, or null; allocates (for tools and tests). */
  public String label() {
    return labels.bytes == null ? null
        : new String(labels.bytes, labels.from, labels.to - labels.from, StandardCharsets.UTF_8);
  }

  /**
   * For an entry: its {@link ListWarning}s as bits, for {@link ListWarnings#note}; 0 for a line
   * read as plainly meant.
   */
  public int warnings() {
    return line.warnings;
  }

  /** The last non-blank line as text for a message: trimmed, control bytes as {@code \xNN}. */
  public String lineText() {
    return Utf8Text.echo(line.bytes, line.from, line.to);
  }

  byte[] lineBytes() {
    return line.bytes;
  }

  int lineFrom() {
    return line.from;
  }

  int lineTo() {
    return line.to;
  }

  /** For {@link LineKind#MALFORMED}: {@code what: 'text'}, one line; else null. */
  public String error() {
    return line.error;
  }
}
