package org.ipjoin.index.list;

import org.ipjoin.ip.Ipv4Codec;

/**
 * Says why a field is not a strict IPv4 address, in the words an error message needs. Called only
 * for a line that is already known to be bad, so it may allocate.
 */
final class AddressProblem {

  static final String LEADING_ZERO = "leading zeros are ambiguous (octal to inet_aton)";

  private AddressProblem() {}

  /** The reason {@code b[from, to)} is not a strict dotted quad, or null if it is one. */
  static String of(byte[] b, int from, int to) {
    if (from == to) {
      return "missing";
    }
    if (Ipv4Codec.parseAddress(b, from, to) != Ipv4Codec.NOT_IPV4) {
      return null;
    }
    if (Ipv4Codec.looksLikeIpv6(b, from, to)) {
      return "IPv6 address";
    }
    if (b[from] < '0' || b[from] > '9') {
      return "not an IPv4 address";
    }
    int octets = 0;
    int start = from;
    for (int i = from; i <= to; i++) {
      if (i == to || b[i] == '.') {
        octets++;
        String problem = octet(b, start, i, octets);
        if (problem != null) {
          return problem;
        }
        start = i + 1;
      }
    }
    return octets + " octets, expected 4";
  }

  private static String octet(byte[] b, int from, int to, int position) {
    if (from == to) {
      return "empty octet " + position;
    }
    int value = 0;
    for (int i = from; i < to; i++) {
      if (b[i] == '\r') {
        return "a CR (\\x0D) inside the line: the file seems to end its lines with CR only;"
            + " convert them to LF";
      }
      if (b[i] < '0' || b[i] > '9') {
        return "unexpected character '" + printable(b[i]) + "'";
      }
      value = Math.min(1000, value * 10 + b[i] - '0');
    }
    if (to - from > 3) {
      return "octet " + position + " has more than 3 digits";
    }
    if (to - from > 1 && b[from] == '0') {
      return LEADING_ZERO;
    }
    if (value > 255) {
      return "octet " + position + " is " + value + ", above 255";
    }
    return null;
  }

  static String printable(byte b) {
    int c = b & 0xFF;
    return c >= 0x20 && c < 0x7F ? String.valueOf((char) c) : String.format("\\x%02X", c);
  }
}
