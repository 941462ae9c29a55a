package org.ipjoin.testing;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * An independent reading of a list of IPv6 CIDR blocks with {@code ;} comments (Spamhaus' DROP
 * format): the JDK's literal parser, then BigInteger arithmetic to sort the blocks and merge the
 * overlapping and touching ones, as disjoint intervals should come out of any list normaliser.
 */
public final class BlockMerge {

  private BlockMerge() {}

  /** Each block of {@code lines} as {@code {first, last}}, in file order; comment lines skipped. */
  public static List<BigInteger[]> ipv6Blocks(List<String> lines) throws UnknownHostException {
    List<BigInteger[]> blocks = new ArrayList<>();
    for (String line : lines) {
      if (!line.startsWith(";")) {
        String[] block = line.split(";")[0].trim().split("/");
        BigInteger start = new BigInteger(1, InetAddress.getByName(block[0]).getAddress());
        BigInteger size = BigInteger.ONE.shiftLeft(128 - Integer.parseInt(block[1]));
        blocks.add(new BigInteger[] {start, start.add(size).subtract(BigInteger.ONE)});
      }
    }
    return blocks;
  }

  /** The union of {@code blocks} as {@code first-last} in eight groups of four hex digits. */
  public static List<String> mergedIpv6(List<BigInteger[]> blocks) {
    List<BigInteger[]> sorted = new ArrayList<>(blocks);
    sorted.sort(Comparator.comparing((BigInteger[] b) -> b[0]));
    List<String> merged = new ArrayList<>();
    BigInteger[] open = null;
    for (BigInteger[] b : sorted) {
      if (open != null && b[0].compareTo(open[1].add(BigInteger.ONE)) <= 0) {
        open[1] = open[1].max(b[1]);
      } else {
        if (open != null) {
          merged.add(AddressText.fullIpv6(open[0]) + "-" + AddressText.fullIpv6(open[1]));
        }
        open = b.clone();
      }
    }
    if (open != null) {
      merged.add(AddressText.fullIpv6(open[0]) + "-" + AddressText.fullIpv6(open[1]));
    }
    return merged;
  }
}
