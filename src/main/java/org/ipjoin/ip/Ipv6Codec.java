package org.ipjoin.ip;

/**
 * IPv6 text ⇄ 128-bit address, parsed straight from bytes.
 *
 * <p>An address is two {@code long}s, {@code hi} (bits 127–64) and {@code lo} (bits 63–0), as
 * unsigned values. A <em>key</em> half is the address half with its top bit flipped
 * ({@link #toKey}), so that signed {@code long} order of (hiKey, loKey), compared hi first, is
 * address order; the index stores keys, as it stores {@link IpCodec#toKey} keys for IPv4.
 *
 * <p>CONTRACT STUB: the parser and formatter are being written; every method throws.
 */
public final class Ipv6Codec {

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
  }

  /**
   * Parses {@code bytes[from, to)} as an IPv6 address in any text form RFC 4291 section 2.2 allows
   * (full, {@code ::}-compressed, leading zeros in groups, either case, an embedded IPv4 tail).
   * Nothing else in the range: no brackets, no zone id ({@code %eth0}), no prefix length.
   *
   * @return true and the address in {@code out}, or false (then {@code out} is unspecified)
   */
  public static boolean parse(byte[] bytes, int from, int to, Address out) {
    throw new UnsupportedOperationException("Ipv6Codec.parse");
  }

  /**
   * Parses a String; for tools and tests, not hot paths.
   *
   * @throws IllegalArgumentException naming the text and what is wrong with it
   */
  public static Address parse(CharSequence text) {
    throw new UnsupportedOperationException("Ipv6Codec.parse");
  }

  /** Says why {@code bytes[from, to)} is not an IPv6 address, for messages; "valid" if it is. */
  public static String explain(byte[] bytes, int from, int to) {
    throw new UnsupportedOperationException("Ipv6Codec.explain");
  }

  /** The RFC 5952 canonical text of the address (lower case, longest zero run compressed). */
  public static String format(long hi, long lo) {
    throw new UnsupportedOperationException("Ipv6Codec.format");
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
   * ({@code ::ffff:0:0/96}, RFC 4291 section 2.5.5.2), or {@link IpCodec#NOT_IPV4} for any other.
   */
  public static long mappedIpv4(long hi, long lo) {
    return hi == 0 && (lo >>> 32) == 0xFFFFL ? lo & 0xFFFF_FFFFL : IpCodec.NOT_IPV4;
  }
}
