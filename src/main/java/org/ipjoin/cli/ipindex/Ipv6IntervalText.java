package org.ipjoin.cli.ipindex;

import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.ip.NetworkText;

/**
 * An IPv6 interval as text, the way a list would write it, like {@link
 * org.ipjoin.ip.Ipv4IntervalText} for IPv4: one address ({@code 2001:db8::1}), a CIDR block when the
 * interval is exactly one ({@code 2001:db8::/32}), else a range
 * ({@code 2001:db8::1-2001:db8::9}); addresses in RFC 5952 form.
 */
final class Ipv6IntervalText {

  private Ipv6IntervalText() {}

  /** Interval {@code i} of {@code index}. */
  static String of(Ipv6IntervalIndex index, int i) {
    return format(Ipv6Codec.toAddress(index.startHi(i)), Ipv6Codec.toAddress(index.startLo(i)),
        Ipv6Codec.toAddress(index.endHi(i)), Ipv6Codec.toAddress(index.endLo(i)));
  }

  /** Start and end (inclusive) as address halves. */
  static String format(long startHi, long startLo, long endHi, long endLo) {
    String start = Ipv6Codec.format(startHi, startLo);
    if (startHi == endHi && startLo == endLo) {
      return start;
    }
    int prefix = prefixLength(startHi, startLo, endHi, endLo);
    return prefix >= 0 ? start + "/" + prefix : start + "-" + Ipv6Codec.format(endHi, endLo);
  }

  /** The prefix length of the CIDR block that is exactly {@code [start, end]}, or -1. */
  static int prefixLength(long startHi, long startLo, long endHi, long endLo) {
    return NetworkText.prefixLength(startHi, startLo, endHi, endLo);
  }
}
