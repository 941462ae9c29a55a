package org.ipjoin.ip;

/**
 * IPv6 text ⇄ 128-bit address, parsed straight from bytes.
 *
 * <p>An address is two {@code long}s, {@code hi} (bits 127–64) and {@code lo} (bits 63–0), as
 * unsigned values. A <em>key</em> half is the address half with its top bit flipped
 * ({@link #toKey}), so that signed {@code long} order of (hiKey, loKey), compared hi first, is
 * address order; the index stores keys, as it stores {@link Ipv4Codec#toKey} keys for IPv4.
 *
 * <p>Parsing accepts every text form of RFC 4291 section 2.2: eight groups of one to four hex
 * digits in either case (leading zeros allowed), at most one {@code ::} standing for one or more
 * zero groups, and an IPv4 dotted quad as the last 32 bits ({@code ::ffff:1.2.3.4}). The dotted
 * quad follows {@link Ipv4Codec}'s strict rules (no leading zeros: "010" is octal to some readers and
 * decimal to others). Nothing else may be in the range: no zone id ({@code fe80::1%eth0}: it names
 * an interface of the machine that wrote the text, meaningless in a log or list elsewhere), no
 * brackets, no prefix length, no whitespace. Callers strip brackets and ports themselves.
 *
 * <p>Formatting writes the RFC 5952 canonical text, so each address has exactly one output form.
 */
public final class Ipv6Codec {

  /**
   * The longest text {@link #parse(byte[], int, int, Address)} can accept: six four-digit groups
   * and a 15-byte dotted quad, {@code 0000:0000:0000:0000:0000:0000:255.255.255.255}.
   */
  static final int MAX_TEXT_LENGTH = 45;

  /** Given when {@link #explain} finds the text valid. */
  public static final String VALID = "valid";

  /** Hex digit value of each byte, or -1. */
  private static final byte[] HEX_VALUE = new byte[256];

  private static final char[] HEX_DIGITS = "0123456789abcdef".toCharArray();

  static {
    java.util.Arrays.fill(HEX_VALUE, (byte) -1);
    for (int d = 0; d < 10; d++) {
      HEX_VALUE['0' + d] = (byte) d;
    }
    for (int d = 0; d < 6; d++) {
      HEX_VALUE['a' + d] = (byte) (10 + d);
      HEX_VALUE['A' + d] = (byte) (10 + d);
    }
  }

  private Ipv6Codec() {}

  /** A mutable 128-bit address, reused across calls so the byte parser allocates nothing. */
  public static final class Address {
    /** Bits 127–64, unsigned. */
    public long hi;
    /** Bits 63–0, unsigned. */
    public long lo;

    public Address set(long hi, long lo) {
      this.hi = hi;
      this.lo = lo;
      return this;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Address && ((Address) other).hi == hi && ((Address) other).lo == lo;
    }

    @Override
    public int hashCode() {
      return Long.hashCode(hi) * 31 + Long.hashCode(lo);
    }

    /** The canonical text, {@link #format}. */
    @Override
    public String toString() {
      return format(hi, lo);
    }
  }

  /**
   * Parses {@code bytes[from, to)} as an IPv6 address in any text form RFC 4291 section 2.2 allows
   * (full, {@code ::}-compressed, leading zeros in groups, either case, an embedded IPv4 tail).
   * Nothing else in the range: no brackets, no zone id ({@code %eth0}), no prefix length.
   * Allocates nothing.
   *
   * @return true and the address in {@code out}, or false (then {@code out} is unspecified)
   */
  public static boolean parse(byte[] bytes, int from, int to, Address out) {
    int length = to - from;
    if (length < 2 || length > MAX_TEXT_LENGTH) {
      return false;
    }
    // Groups before a '::' (or all groups, if there is none) go straight to their place in hi/lo;
    // groups after it are shifted in from the right of tailHi/tailLo, because where they belong is
    // known only at the end. The two never overlap: with '::' there are at most 7 groups.
    long hi = 0;
    long lo = 0;
    long tailHi = 0;
    long tailLo = 0;
    int groups = 0;
    boolean compressed = false;
    int i = from;
    if (bytes[i] == ':') {
      if (bytes[i + 1] != ':') {
        return false;
      }
      compressed = true;
      i += 2;
      if (i == to) {
        out.set(0, 0);
        return true;
      }
    }
    while (true) {
      int start = i;
      int group = 0;
      int digit;
      // At most 45 bytes in all, so an over-long group cannot run long; its value is not used.
      while (i < to && (digit = HEX_VALUE[bytes[i] & 0xFF]) >= 0) {
        group = (group << 4) | digit;
        i++;
      }
      if (i < to && bytes[i] == '.') {
        // A dotted quad: the last 32 bits, so it must end the text and leave room for two groups.
        if (compressed ? groups > 5 : groups != 6) {
          return false;
        }
        long ipv4 = Ipv4Codec.parseAddress(bytes, start, to);
        if (ipv4 == Ipv4Codec.NOT_IPV4) {
          return false;
        }
        if (compressed) {
          tailHi = (tailHi << 32) | (tailLo >>> 32);
          tailLo = (tailLo << 32) | ipv4;
        } else {
          lo |= ipv4;
        }
        groups += 2;
        break;
      }
      int digits = i - start;
      if (digits == 0 || digits > 4 || groups == 8) {
        return false;
      }
      if (compressed) {
        tailHi = (tailHi << 16) | (tailLo >>> 48);
        tailLo = (tailLo << 16) | group;
      } else if (groups < 4) {
        hi |= (long) group << (48 - 16 * groups);
      } else {
        lo |= (long) group << (48 - 16 * (groups - 4));
      }
      groups++;
      if (i == to) {
        break;
      }
      if (bytes[i] != ':' || ++i == to) {
        return false; // a foreign byte, or a single trailing ':'
      }
      if (bytes[i] == ':') {
        if (compressed) {
          return false; // a second '::', or ':::'
        }
        compressed = true;
        if (++i == to) {
          break;
        }
      }
    }
    if (compressed ? groups > 7 : groups != 8) {
      return false;
    }
    out.set(hi | tailHi, lo | tailLo);
    return true;
  }

  /**
   * Parses a String; for tools and tests, not hot paths.
   *
   * @throws IllegalArgumentException naming the text and what is wrong with it
   */
  public static Address parse(CharSequence text) {
    byte[] bytes = new byte[text.length()];
    String foreign = null;
    for (int i = 0; i < bytes.length; i++) {
      char c = text.charAt(i);
      if (c > 0xFF && foreign == null) {
        foreign = String.format("unexpected character '\\u%04X'", (int) c);
      }
      bytes[i] = (byte) c;
    }
    Address address = new Address();
    if (foreign == null && parse(bytes, 0, bytes.length, address)) {
      return address;
    }
    String why = foreign != null ? foreign : explain(bytes, 0, bytes.length);
    throw new IllegalArgumentException(
        "not an IPv6 address: '" + printable(text) + "' (" + why + ")");
  }

  /**
   * Says why {@code bytes[from, to)} is not an IPv6 address, for messages; {@link #VALID} ("valid")
   * if it is. Not for hot paths: it allocates.
   */
  public static String explain(byte[] bytes, int from, int to) {
    if (parse(bytes, from, to, new Address())) {
      return VALID;
    }
    String why = explainInvalid(bytes, from, to);
    return why != null ? why : "not an IPv6 address";
  }

  /** The first thing wrong with an invalid text, from the outside in; null if nothing is found. */
  private static String explainInvalid(byte[] bytes, int from, int to) {
    if (from == to) {
      return "empty";
    }
    String why = explainCharacters(bytes, from, to);
    if (why == null) {
      why = explainColons(bytes, from, to);
    }
    if (why == null) {
      why = explainGroups(bytes, from, to);
    }
    return why;
  }

  /** Zone ids, brackets, prefix lengths, whitespace and other bytes that have no place in the text. */
  private static String explainCharacters(byte[] bytes, int from, int to) {
    for (int i = from; i < to; i++) {
      if (bytes[i] == '%') {
        return "zone id not allowed (" + printable(bytes, i, to) + ")";
      }
    }
    for (int i = from; i < to; i++) {
      if (bytes[i] == '[' || bytes[i] == ']') {
        return "brackets not allowed";
      }
    }
    for (int i = from; i < to; i++) {
      if (bytes[i] == '/') {
        return "prefix length not allowed (" + printable(bytes, i, to) + ")";
      }
    }
    for (int i = from; i < to; i++) {
      byte b = bytes[i];
      if (b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == 0x0B) {
        return "whitespace not allowed ('" + Ipv4Codec.printable(b) + "')";
      }
    }
    for (int i = from; i < to; i++) {
      byte b = bytes[i];
      if (HEX_VALUE[b & 0xFF] < 0 && b != ':' && b != '.') {
        return "unexpected character '" + Ipv4Codec.printable(b) + "'";
      }
    }
    boolean colon = false;
    for (int i = from; i < to && !colon; i++) {
      colon = bytes[i] == ':';
    }
    if (!colon) {
      return Ipv4Codec.parseAddress(bytes, from, to) != Ipv4Codec.NOT_IPV4
          ? "an IPv4 address, not IPv6"
          : "no ':' (an IPv6 address has at least two)";
    }
    return null;
  }

  /** ':::', two '::', a single ':' at either end. The text has only hex digits, ':' and '.'. */
  private static String explainColons(byte[] bytes, int from, int to) {
    int doubles = 0;
    for (int i = from; i + 1 < to; i++) {
      if (bytes[i] == ':' && bytes[i + 1] == ':') {
        if (i + 2 < to && bytes[i + 2] == ':') {
          return "three colons in a row";
        }
        doubles++;
        i++;
      }
    }
    if (doubles > 1) {
      return "two '::'";
    }
    if (bytes[from] == ':' && (to - from < 2 || bytes[from + 1] != ':')) {
      return "starts with a single ':'";
    }
    if (bytes[to - 1] == ':' && (to - from < 2 || bytes[to - 2] != ':')) {
      return "ends with a single ':'";
    }
    return null;
  }

  /**
   * Over-long groups, a bad or misplaced IPv4 part, the group count. The colons are well formed,
   * so every group between them is non-empty. Groups are numbered as written, from 1.
   */
  private static String explainGroups(byte[] bytes, int from, int to) {
    int groups = 0;
    boolean compressed = false;
    boolean ipv4 = false;
    int i = from;
    while (i < to) {
      if (bytes[i] == ':') {
        if (i + 1 < to && bytes[i + 1] == ':') {
          compressed = true;
          i++;
        }
        i++;
        continue;
      }
      int start = i;
      boolean dotted = false;
      while (i < to && bytes[i] != ':') {
        dotted |= bytes[i] == '.';
        i++;
      }
      if (dotted) {
        if (i < to) {
          return "IPv4 part in the wrong place (only the last 32 bits may be dotted): "
              + printable(bytes, start, i);
        }
        String v4 = Ipv4Codec.explain(bytes, start, i);
        if (!v4.equals(VALID)) {
          return "IPv4 part " + printable(bytes, start, i) + ": " + v4;
        }
        ipv4 = true;
        groups += 2;
      } else {
        groups++;
        if (i - start > 4) {
          return "group " + groups + " has more than 4 hex digits";
        }
      }
    }
    String note = ipv4 ? " (the IPv4 part counts as 2)" : "";
    if (!compressed && groups != 8) {
      return groups + " groups" + note + ", expected 8";
    }
    if (compressed && groups > 7) {
      return groups + " groups" + note + " and '::', expected at most 7 with '::'";
    }
    return null;
  }

  /** The RFC 5952 canonical text of the address (lower case, longest zero run compressed). */
  public static String format(long hi, long lo) {
    return appendTo(new StringBuilder(MAX_TEXT_LENGTH), hi, lo).toString();
  }

  /**
   * Appends the RFC 5952 canonical text: lower-case hex without leading zeros; the longest run of
   * two or more zero groups (the first, on a tie) written {@code ::}, a single zero group written
   * {@code 0}; an IPv4-mapped address ({@code ::ffff:0:0/96}) with a dotted-quad tail
   * ({@code ::ffff:1.2.3.4}), as RFC 5952 section 5 recommends.
   *
   * @return {@code to}
   */
  public static StringBuilder appendTo(StringBuilder to, long hi, long lo) {
    long mapped = mappedIpv4(hi, lo);
    if (mapped != Ipv4Codec.NOT_IPV4) {
      return to.append("::ffff:").append(mapped >>> 24).append('.').append((mapped >>> 16) & 0xFF)
          .append('.').append((mapped >>> 8) & 0xFF).append('.').append(mapped & 0xFF);
    }
    int runStart = -1;
    int runLength = 1; // a run must beat 1 to be compressed: one zero group stays "0"
    int current = -1;
    for (int g = 0; g < 8; g++) {
      if (group(hi, lo, g) != 0) {
        current = -1;
      } else {
        if (current < 0) {
          current = g;
        }
        if (g - current + 1 > runLength) {
          runStart = current;
          runLength = g - current + 1;
        }
      }
    }
    for (int g = 0; g < 8; g++) {
      if (g == runStart) {
        to.append("::");
        g += runLength - 1;
        continue;
      }
      if (g > 0 && g != runStart + runLength) {
        to.append(':');
      }
      appendHex(to, group(hi, lo, g));
    }
    return to;
  }

  /** Group {@code g} (0 = bits 127–112 … 7 = bits 15–0). */
  private static int group(long hi, long lo, int g) {
    long half = g < 4 ? hi : lo;
    return (int) (half >>> (48 - 16 * (g & 3))) & 0xFFFF;
  }

  private static void appendHex(StringBuilder to, int group) {
    for (int shift = 12; shift > 0; shift -= 4) {
      if (group >>> shift != 0) {
        to.append(HEX_DIGITS[(group >>> shift) & 0xF]);
      }
    }
    to.append(HEX_DIGITS[group & 0xF]);
  }

  /** An address half to a key half (top bit flipped): signed order is address order. */
  public static long toKey(long half) {
    return half ^ Long.MIN_VALUE;
  }

  /** A key half back to the address half. */
  public static long toAddress(long keyHalf) {
    return keyHalf ^ Long.MIN_VALUE;
  }

  /**
   * The IPv4 address (0 … 2^32−1) of an IPv4-mapped address {@code ::ffff:a.b.c.d}
   * ({@code ::ffff:0:0/96}, RFC 4291 section 2.5.5.2), or {@link Ipv4Codec#NOT_IPV4} for any other.
   */
  public static long mappedIpv4(long hi, long lo) {
    return hi == 0 && (lo >>> 32) == 0xFFFFL ? lo & 0xFFFF_FFFFL : Ipv4Codec.NOT_IPV4;
  }

  private static String printable(byte[] bytes, int from, int to) {
    StringBuilder b = new StringBuilder(to - from);
    for (int i = from; i < to; i++) {
      b.append(Ipv4Codec.printable(bytes[i]));
    }
    return b.toString();
  }

  private static String printable(CharSequence text) {
    StringBuilder b = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0)) {
        b.append(String.format("\\x%02X", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
