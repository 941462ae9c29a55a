package org.ipjoin.index.list;

import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;

/**
 * Reads a list line whose first field is IPv6-shaped: the same forms as IPv4 (address, block,
 * range, comma line, labels). An entry wholly inside ::ffff:0:0/96 is the IPv4 entry it maps to;
 * one that crosses that block's edge is an error.
 */
final class Ipv6EntryReader {

  private static final long ALL_ONES = 0xFFFF_FFFFL;
  /** The IPv4-mapped block ::ffff:0:0/96 as the lo half of its addresses (their hi half is 0). */
  private static final long MAPPED_FIRST_LO = 0x0000_FFFF_0000_0000L;
  private static final long MAPPED_LAST_LO = 0x0000_FFFF_FFFF_FFFFL;

  private final ListLine line;
  private final EntryKeys keys;
  private final CommaField field;
  private final LabelReader labels;
  /** Checks and sets a range whose ends turn out to be IPv4. */
  private final Ipv4EntryReader ipv4;

  /** The first field, once parsed. */
  private final Ipv6Codec.Address first6 = new Ipv6Codec.Address();
  private final Ipv6Codec.Address end6 = new Ipv6Codec.Address();

  Ipv6EntryReader(ListLine line, EntryKeys keys, CommaField field, LabelReader labels,
      Ipv4EntryReader ipv4) {
    this.line = line;
    this.keys = keys;
    this.field = field;
    this.labels = labels;
    this.ipv4 = ipv4;
  }

  /** Reads the line, whose first field is {@code line.bytes[from, tokenEnd)}. */
  LineKind read(int from, int tokenEnd) {
    int to = line.to;
    int sep = line.skipSpaces(tokenEnd, to);
    byte separator = line.separatorAt(sep);
    String role = separator == '/' ? "block address" : separator == '-' ? "range start"
        : separator == ',' ? "range start" : "address";
    if (separator == ',') {
      return commaLine(from, tokenEnd, sep + 1, to);
    }
    if (!Ipv6Field.parse(line, first6, role, from, tokenEnd)) {
      return line.kind;
    }
    switch (separator) {
      case '/':
        return block(sep + 1, to);
      case '-': {
        int p = line.skipSpaces(sep + 1, to);
        int end = line.entryTokenEnd(p, to);
        return range(p, end) ? labels.afterEntry(LineKind.RANGE, end, to) : line.kind;
      }
      default:
        return single() ? labels.afterEntry(LineKind.ADDRESS, tokenEnd, to) : line.kind;
    }
  }

  /** {@code a,b[,…]} or {@code a,label[,…]} with an IPv6 first field. */
  private LineKind commaLine(int from, int firstEnd, int secondStart, int to) {
    int terminator = field.read(secondStart, to);
    if (terminator < 0) {
      return line.kind;
    }
    boolean isRange = field.isRangeEnd();
    if (!Ipv6Field.parse(line, first6, isRange ? "range start" : "address", from, firstEnd)) {
      return line.kind;
    }
    if (isRange) {
      if (!range(field.from, field.to)) {
        return line.kind;
      }
      line.warnIfBareCommaRange(terminator);
      return labels.afterCommaEntry(LineKind.RANGE, 2, terminator, to);
    }
    return single() ? labels.afterCommaEntry(LineKind.ADDRESS, 1, terminator, to) : line.kind;
  }

  /** The single address in {@code first6}. */
  private boolean single() {
    return interval(first6.hi, first6.lo, first6.hi, first6.lo, "address");
  }

  private LineKind block(int prefixStart, int to) {
    int p = line.skipSpaces(prefixStart, to);
    int end = line.entryTokenEnd(p, to);
    int prefix = BlockPrefix.read(line, p, end, 128);
    if (prefix < 0) {
      return line.kind;
    }
    long hiHost = prefix >= 64 ? 0 : -1L >>> prefix;
    long loHost = prefix <= 64 ? -1L : prefix == 128 ? 0 : -1L >>> (prefix - 64);
    long hi = first6.hi & ~hiHost;
    long lo = first6.lo & ~loHost;
    if (hi != first6.hi || lo != first6.lo) {
      return line.fail(Ipv6Codec.format(first6.hi, first6.lo) + "/" + prefix
          + " has host bits set; the block is " + Ipv6Codec.format(hi, lo) + "/" + prefix);
    }
    return interval(hi, lo, hi | hiHost, lo | loHost, "block")
        ? labels.afterEntry(LineKind.CIDR, end, to) : line.kind;
  }

  /**
   * Sets the range from {@code first6} to {@code line[endFrom, endTo)}, or fails; true if valid.
   * An IPv4 end is allowed only after an IPv4-mapped start (then both are IPv4).
   */
  private boolean range(int endFrom, int endTo) {
    if (!Ipv6Field.isShaped(line.bytes, endFrom, endTo)) {
      long start = Ipv6Codec.mappedIpv4(first6.hi, first6.lo);
      long end = Ipv4Codec.parseAddress(line.bytes, endFrom, endTo);
      if (end == Ipv4Codec.NOT_IPV4) {
        line.badAddress("range end", endFrom, endTo);
        return false;
      }
      if (start == Ipv4Codec.NOT_IPV4) {
        line.fail(Ipv6Field.MIXED_RANGE);
        return false;
      }
      return ipv4.range(start, end);
    }
    if (!Ipv6Field.parse(line, end6, "range end", endFrom, endTo)) {
      return false;
    }
    if (Long.compareUnsigned(end6.hi, first6.hi) < 0
        || end6.hi == first6.hi && Long.compareUnsigned(end6.lo, first6.lo) < 0) {
      line.fail("range end before start");
      return false;
    }
    return interval(first6.hi, first6.lo, end6.hi, end6.lo, "range");
  }

  /**
   * Sets the entry to the addresses {@code start … end} (unsigned halves): the IPv4 entry it maps
   * to when it lies wholly inside ::ffff:0:0/96, an error when it crosses that block's edge, else
   * the IPv6 entry. True if it is valid.
   */
  private boolean interval(long startHi, long startLo, long endHi, long endLo, String what) {
    boolean startMapped = startHi == 0 && isMappedLo(startLo);
    boolean endMapped = endHi == 0 && isMappedLo(endLo);
    if (startMapped && endMapped) {
      keys.ipv4(startLo & ALL_ONES, endLo & ALL_ONES);
      return true;
    }
    boolean startsBelow = startHi == 0 && Long.compareUnsigned(startLo, MAPPED_FIRST_LO) < 0;
    boolean endsAbove = endHi != 0 || Long.compareUnsigned(endLo, MAPPED_LAST_LO) > 0;
    if (startMapped || endMapped || startsBelow && endsAbove) {
      line.fail(what + " crosses the edge of ::ffff:0:0/96, the IPv4-mapped addresses that a"
          + " list reads as IPv4; give that part as IPv4 entries and the rest as IPv6 entries"
          + " outside it");
      return false;
    }
    keys.ipv6(startHi, startLo, endHi, endLo);
    return true;
  }

  /** Whether the lo half (unsigned) of an address whose hi half is 0 is in ::ffff:0:0/96. */
  private static boolean isMappedLo(long lo) {
    return Long.compareUnsigned(lo, MAPPED_FIRST_LO) >= 0
        && Long.compareUnsigned(lo, MAPPED_LAST_LO) <= 0;
  }
}
