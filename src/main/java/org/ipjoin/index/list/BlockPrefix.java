package org.ipjoin.index.list;

import java.nio.charset.StandardCharsets;

/**
 * The prefix length of a CIDR block, IPv4 or IPv6: plain decimal, no leading zero, 0 to the
 * family's bit count.
 */
final class BlockPrefix {

  private BlockPrefix() {}

  /**
   * The prefix length (0 to max) in {@code line.bytes[from, to)}, or -1 after
   * {@link ListLine#fail}.
   */
  static int read(ListLine line, int from, int to, int max) {
    byte[] b = line.bytes;
    if (from == to) {
      line.fail("block prefix: missing");
      return -1;
    }
    for (int i = from; i < to; i++) {
      if (b[i] < '0' || b[i] > '9') {
        line.fail("block prefix: not a number from 0 to " + max);
        return -1;
      }
    }
    if (to - from > 1 && b[from] == '0') {
      line.fail("block prefix: not a number from 0 to " + max + " (leading zero)");
      return -1;
    }
    int value = 0;
    for (int i = from; i < to && value <= max; i++) {
      value = value * 10 + b[i] - '0';
    }
    if (value > max) {
      line.fail("block prefix: " + new String(b, from, to - from, StandardCharsets.US_ASCII)
          + " is out of range (0 to " + max + ")");
      return -1;
    }
    return value;
  }
}
