package org.ipjoin.index.list;

import org.ipjoin.ip.Ipv6Codec;

/**
 * A field of a list line that is meant as an IPv6 address, in either family's entries: an IPv6
 * entry's addresses, and the IPv4-mapped end of an IPv4 range.
 */
final class Ipv6Field {

  static final String ZONE_ID = "zone id not allowed in a list";
  static final String MIXED_RANGE = "range mixes IPv4 and IPv6";

  private Ipv6Field() {}

  /**
   * Whether a field is meant as IPv6: two or more colons (an IPv4 address never has one;
   * {@code 1.2.3.4:80} is a bad IPv4 address, not an IPv6 one).
   */
  static boolean isShaped(byte[] b, int from, int to) {
    int colons = 0;
    for (int i = from; i < to && colons < 2; i++) {
      colons += b[i] == ':' ? 1 : 0;
    }
    return colons >= 2;
  }

  /**
   * Parses {@code line.bytes[from, to)} as IPv6 into {@code out}, or fails naming the field's
   * {@code role}; true if valid.
   */
  static boolean parse(ListLine line, Ipv6Codec.Address out, String role, int from, int to) {
    byte[] b = line.bytes;
    if (Ipv6Codec.parse(b, from, to, out)) {
      return true;
    }
    for (int i = from; i < to; i++) {
      if (b[i] == '%') {
        line.fail(ZONE_ID);
        return false;
      }
    }
    line.fail(role + ": " + (from == to ? "missing" : Ipv6Codec.explain(b, from, to)));
    return false;
  }
}
