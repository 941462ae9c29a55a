package org.ipjoin.testing;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Address text written with plain String operations, to check ipjoin's formatters against: the
 * dotted quad, RFC 5952 text, and the uncompressed eight groups of four hex digits.
 */
public final class AddressText {

  private AddressText() {}

  /** The dotted quad of an unsigned 32-bit address. */
  public static String dotted(long a) {
    return (a >>> 24) + "." + ((a >>> 16) & 255) + "." + ((a >>> 8) & 255) + "." + (a & 255);
  }

  /** The eight 16-bit groups of a 128-bit address, most significant first. */
  public static int[] groups(BigInteger address) {
    int[] groups = new int[8];
    for (int g = 0; g < 8; g++) {
      groups[g] = address.shiftRight(16 * (7 - g)).intValue() & 0xFFFF;
    }
    return groups;
  }

  /** The 128-bit address of two unsigned halves. */
  public static BigInteger value(long hi, long lo) {
    return new BigInteger(Long.toUnsignedString(hi)).shiftLeft(64)
        .or(new BigInteger(Long.toUnsignedString(lo)));
  }

  /**
   * RFC 5952: join the groups as "%x", then replace the first occurrence of the longest run of two
   * or more zero groups with "::", searching the longest candidate first; an IPv4-mapped address
   * is {@code ::ffff:} and its dotted quad (section 5).
   */
  public static String rfc5952(BigInteger address) {
    int[] g = groups(address);
    if (address.shiftRight(32).equals(BigInteger.valueOf(0xFFFF))) {
      return "::ffff:" + dotted(address.longValue() & 0xFFFF_FFFFL);
    }
    List<String> parts = new ArrayList<>();
    for (int x : g) {
      parts.add(String.format("%x", x));
    }
    String full = ":" + String.join(":", parts) + ":";
    for (int run = 8; run >= 2; run--) {
      String zeros = ":" + String.join(":", Collections.nCopies(run, "0")) + ":";
      int at = full.indexOf(zeros);
      if (at >= 0) {
        String text = full.substring(0, at) + "::" + full.substring(at + zeros.length());
        // Strip the framing colons, keeping '::' at either end.
        if (text.startsWith(":") && !text.startsWith("::")) {
          text = text.substring(1);
        }
        if (text.endsWith(":") && !text.endsWith("::")) {
          text = text.substring(0, text.length() - 1);
        }
        return text;
      }
    }
    return full.substring(1, full.length() - 1);
  }

  /** {@link #rfc5952(BigInteger)} of the address of two unsigned halves. */
  public static String rfc5952(long hi, long lo) {
    return rfc5952(value(hi, lo));
  }

  /** Eight groups of four hex digits: plain text that needs no IPv6 formatter. */
  public static String fullIpv6(BigInteger address) {
    String digits = String.format("%032x", address);
    StringBuilder s = new StringBuilder();
    for (int g = 0; g < 8; g++) {
      s.append(g == 0 ? "" : ":").append(digits, 4 * g, 4 * g + 4);
    }
    return s.toString();
  }
}
