package org.ipjoin.ip;

/**
 * A matched interval as text, written as {@code ipindex export} writes the list's entries
 * ({@link Ipv4IntervalText}; IPv6 addresses in RFC 5952 form): one address alone, a CIDR block
 * when the interval is exactly one ({@code 203.0.113.0/24}, {@code 2001:db8::/32}), else a range
 * ({@code a-b}). Made into one reused buffer, so that a map task writes a record's network with no
 * allocation: {@link #ipv4} or {@link #ipv6}, then {@link #bytes} up to the returned length.
 */
public final class NetworkText {

  /** Two IPv6 addresses of the longest form (a dotted-quad tail) and the {@code -} between them. */
  private static final int MAX_LENGTH = 2 * Ipv6Codec.MAX_TEXT_LENGTH + 1;

  private final StringBuilder text = new StringBuilder(MAX_LENGTH);
  private final byte[] bytes = new byte[MAX_LENGTH];

  /** The text's ASCII bytes, valid up to the length {@link #ipv4} or {@link #ipv6} returned. */
  public byte[] bytes() {
    return bytes;
  }

  /**
   * Writes the interval of {@link Ipv4Codec#toKey} keys {@code start} to {@code end} (inclusive).
   *
   * @return its length in {@link #bytes}
   */
  public int ipv4(int start, int end) {
    text.setLength(0);
    long first = Ipv4Codec.toAddress(start);
    long last = Ipv4Codec.toAddress(end);
    dotted(first);
    if (first != last) {
      long size = last - first + 1;
      if (Long.bitCount(size) == 1 && (first & (size - 1)) == 0) {
        text.append('/').append(32 - Long.numberOfTrailingZeros(size));
      } else {
        text.append('-');
        dotted(last);
      }
    }
    return copy();
  }

  /**
   * Writes the interval of {@link Ipv6Codec#toKey} key halves from ({@code startHi},
   * {@code startLo}) to ({@code endHi}, {@code endLo}) (inclusive).
   *
   * @return its length in {@link #bytes}
   */
  public int ipv6(long startHi, long startLo, long endHi, long endLo) {
    text.setLength(0);
    long sHi = Ipv6Codec.toAddress(startHi);
    long sLo = Ipv6Codec.toAddress(startLo);
    long eHi = Ipv6Codec.toAddress(endHi);
    long eLo = Ipv6Codec.toAddress(endLo);
    Ipv6Codec.appendTo(text, sHi, sLo);
    if (sHi != eHi || sLo != eLo) {
      int prefix = prefixLength(sHi, sLo, eHi, eLo);
      if (prefix >= 0) {
        text.append('/').append(prefix);
      } else {
        Ipv6Codec.appendTo(text.append('-'), eHi, eLo);
      }
    }
    return copy();
  }

  /**
   * The prefix length of the IPv6 CIDR block that is exactly {@code [start, end]} (address halves),
   * or -1 when it is none: the bits that differ must be all the low bits, and the start must have
   * them clear.
   */
  public static int prefixLength(long startHi, long startLo, long endHi, long endLo) {
    long diffHi = startHi ^ endHi;
    long diffLo = startLo ^ endLo;
    if (diffHi == 0) {
      boolean lowBits = (diffLo & (diffLo + 1)) == 0;
      return lowBits && (startLo & diffLo) == 0 ? 128 - Long.bitCount(diffLo) : -1;
    }
    boolean lowBits = diffLo == -1L && (diffHi & (diffHi + 1)) == 0;
    return lowBits && startLo == 0 && (startHi & diffHi) == 0 ? 64 - Long.bitCount(diffHi) : -1;
  }

  private void dotted(long address) {
    text.append(address >>> 24).append('.').append((address >>> 16) & 0xFF).append('.')
        .append((address >>> 8) & 0xFF).append('.').append(address & 0xFF);
  }

  /** The text's chars (all ASCII) into {@link #bytes}. */
  private int copy() {
    int n = text.length();
    for (int i = 0; i < n; i++) {
      bytes[i] = (byte) text.charAt(i);
    }
    return n;
  }
}
