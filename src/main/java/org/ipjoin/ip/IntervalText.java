package org.ipjoin.ip;

/**
 * An IPv4 interval as text, the way a list would write it: one address ({@code 1.2.3.4}), a CIDR
 * block when the interval is exactly one ({@code 10.0.0.0/8}), else a range ({@code 1.2.3.4-1.2.3.9}).
 */
public final class IntervalText {

  private IntervalText() {}

  /** {@code start} and {@code end} (inclusive) are {@link IpCodec#toKey} keys. */
  public static String format(int start, int end) {
    if (start == end) {
      return IpCodec.format(start);
    }
    long first = IpCodec.toAddress(start);
    long size = IpCodec.toAddress(end) - first + 1;
    if (Long.bitCount(size) == 1 && (first & (size - 1)) == 0) {
      return IpCodec.format(start) + "/" + (32 - Long.numberOfTrailingZeros(size));
    }
    return IpCodec.format(start) + "-" + IpCodec.format(end);
  }
}
