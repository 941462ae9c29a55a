package org.ipjoin.ip;

/**
 * An IPv4 interval as text, the way a list would write it: one address ({@code 1.2.3.4}), a CIDR
 * block when the interval is exactly one ({@code 10.0.0.0/8}), else a range ({@code 1.2.3.4-1.2.3.9}).
 */
public final class Ipv4IntervalText {

  private Ipv4IntervalText() {}

  /** {@code start} and {@code end} (inclusive) are {@link Ipv4Codec#toKey} keys. */
  public static String format(int start, int end) {
    if (start == end) {
      return Ipv4Codec.format(start);
    }
    long first = Ipv4Codec.toAddress(start);
    long size = Ipv4Codec.toAddress(end) - first + 1;
    if (Long.bitCount(size) == 1 && (first & (size - 1)) == 0) {
      return Ipv4Codec.format(start) + "/" + (32 - Long.numberOfTrailingZeros(size));
    }
    return Ipv4Codec.format(start) + "-" + Ipv4Codec.format(end);
  }
}
