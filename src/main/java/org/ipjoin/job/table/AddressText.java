package org.ipjoin.job.table;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.Text;

/**
 * A table value that holds an address as a number or as bytes, set as the text a log field would
 * hold, for the parsers every format shares. One per column reader: it reuses its buffer.
 */
final class AddressText {

  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  /** Bytes of the text of a number or a 4 or 16 byte address. */
  private final byte[] text = new byte[39];

  /** An IPv4 address as an unsigned number: dotted; out of range, the number (malformed). */
  void ipv4(long value, Text out) {
    if (value < 0 || value > 0xFFFF_FFFFL) {
      out.set(Long.toString(value));
      return;
    }
    int n = 0;
    for (int shift = 24; shift >= 0; shift -= 8) {
      n = decimal((int) (value >>> shift) & 0xFF, n);
      text[n++] = '.';
    }
    out.set(text, 0, n - 1);
  }

  /**
   * {@code length} bytes of {@code a} from {@code offset}: 4 an IPv4 address, 16 an IPv6 one (in
   * network order); any other length kept as bytes, which the parsers call malformed.
   */
  void bytes(byte[] a, int offset, int length, Text out) {
    if (length == 4) {
      int n = 0;
      for (int i = 0; i < 4; i++) {
        n = decimal(a[offset + i] & 0xFF, n);
        text[n++] = '.';
      }
      out.set(text, 0, n - 1);
    } else if (length == 16) {
      // Eight full groups: the longest form, which every IPv6 parser reads.
      int n = 0;
      for (int i = 0; i < 16; i++) {
        byte b = a[offset + i];
        text[n++] = HEX[(b >> 4) & 0xF];
        text[n++] = HEX[b & 0xF];
        if ((i & 1) == 1 && i < 15) {
          text[n++] = ':';
        }
      }
      out.set(text, 0, n);
    } else {
      out.set(a, offset, length);
    }
  }

  private int decimal(int v, int n) {
    if (v >= 100) {
      text[n++] = (byte) ('0' + v / 100);
    }
    if (v >= 10) {
      text[n++] = (byte) ('0' + v / 10 % 10);
    }
    text[n++] = (byte) ('0' + v % 10);
    return n;
  }
}
