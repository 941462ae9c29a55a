package org.ipjoin.index.list;

import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;

/**
 * Reads a list line whose first field is not IPv6-shaped as an IPv4 entry: an address, a CIDR
 * block, a dash range or a comma line ({@code start,end[,…]} as ipcat writes it, or
 * {@code address,label[,…]}). A range end may be IPv4-mapped IPv6; it is then the IPv4 address it
 * maps to.
 */
final class Ipv4EntryReader {

  private static final long ALL_ONES = 0xFFFF_FFFFL;

  private final ListLine line;
  private final EntryKeys keys;
  private final CommaField field;
  private final LabelReader labels;
  /** The range end, when it is IPv6-shaped. */
  private final Ipv6Codec.Address end6 = new Ipv6Codec.Address();

  Ipv4EntryReader(ListLine line, EntryKeys keys, CommaField field, LabelReader labels) {
    this.line = line;
    this.keys = keys;
    this.field = field;
    this.labels = labels;
  }

  /**
   * The address if {@code line[from, to)} is exactly a dotted quad, else -1: one pass over the
   * bytes instead of the general path's three, for the lines that make up most address lists.
   * Same strict rules as {@link Ipv4Codec#parseAddress}; anything else takes the general path.
   */
  static long bareAddress(byte[] line, int from, int to) {
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

  /** Reads the line, whose first field is {@code line.bytes[from, tokenEnd)}. */
  LineKind read(int from, int tokenEnd) {
    int to = line.to;
    long first = Ipv4Codec.parseAddress(line.bytes, from, tokenEnd);
    int sep = line.skipSpaces(tokenEnd, to);
    switch (line.separatorAt(sep)) {
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

  /** {@code address} is the first field {@code line[from, end)} parsed, or NOT_IPV4. */
  private LineKind address(long address, int from, int end, int to) {
    if (address == Ipv4Codec.NOT_IPV4) {
      return line.badAddress("address", from, end);
    }
    keys.ipv4(address);
    return labels.afterEntry(LineKind.ADDRESS, end, to);
  }

  private LineKind block(long address, int from, int addressEnd, int prefixStart, int to) {
    if (address == Ipv4Codec.NOT_IPV4) {
      return line.badAddress("block address", from, addressEnd);
    }
    int p = line.skipSpaces(prefixStart, to);
    int end = line.entryTokenEnd(p, to);
    int prefix = BlockPrefix.read(line, p, end, 32);
    if (prefix < 0) {
      return line.kind;
    }
    long hostMask = ALL_ONES >>> prefix;
    long network = address & ~hostMask;
    if (network != address) {
      return line.fail(Ipv4Codec.format(Ipv4Codec.toKey(address)) + "/" + prefix
          + " has host bits set; the block is " + Ipv4Codec.format(Ipv4Codec.toKey(network)) + "/"
          + prefix);
    }
    keys.ipv4(network, network | hostMask);
    return labels.afterEntry(LineKind.CIDR, end, to);
  }

  private LineKind dashRange(long start, int from, int startEnd, int endStart, int to) {
    if (start == Ipv4Codec.NOT_IPV4) {
      return line.badAddress("range start", from, startEnd);
    }
    int p = line.skipSpaces(endStart, to);
    int end = line.entryTokenEnd(p, to);
    return rangeTo(start, p, end) ? labels.afterEntry(LineKind.RANGE, end, to) : line.kind;
  }

  /** Sets the range {@code start}–{@code line[endFrom, endTo)}, or fails; true if it is valid. */
  private boolean rangeTo(long start, int endFrom, int endTo) {
    if (Ipv6Field.isShaped(line.bytes, endFrom, endTo)) {
      // An IPv4-mapped end is the IPv4 address it maps to; any other IPv6 end mixes families.
      if (!Ipv6Field.parse(line, end6, "range end", endFrom, endTo)) {
        return false;
      }
      long mapped = Ipv6Codec.mappedIpv4(end6.hi, end6.lo);
      if (mapped == Ipv4Codec.NOT_IPV4) {
        line.fail(Ipv6Field.MIXED_RANGE);
        return false;
      }
      return range(start, mapped);
    }
    long end = Ipv4Codec.parseAddress(line.bytes, endFrom, endTo);
    if (end == Ipv4Codec.NOT_IPV4) {
      line.badAddress("range end", endFrom, endTo);
      return false;
    }
    return range(start, end);
  }

  /** Sets the IPv4 range {@code start … end}, or fails if it runs backwards; true if valid. */
  boolean range(long start, long end) {
    if (end < start) {
      line.fail("range end before start");
      return false;
    }
    keys.ipv4(start, end);
    return true;
  }

  /** {@code a,b[,…]} (a range) or {@code a,label[,…]} (an address with a label). */
  private LineKind commaLine(long first, int from, int firstEnd, int secondStart, int to) {
    int terminator = field.read(secondStart, to);
    if (terminator < 0) {
      return line.kind;
    }
    if (field.isRangeEnd()) {
      if (first == Ipv4Codec.NOT_IPV4) {
        return line.badAddress("range start", from, firstEnd);
      }
      if (!rangeTo(first, field.from, field.to)) {
        return line.kind;
      }
      line.warnIfBareCommaRange(terminator);
      return labels.afterCommaEntry(LineKind.RANGE, 2, terminator, to);
    }
    if (first == Ipv4Codec.NOT_IPV4) {
      return line.badAddress("address", from, firstEnd);
    }
    keys.ipv4(first);
    return labels.afterCommaEntry(LineKind.ADDRESS, 1, terminator, to);
  }
}
