package org.ipjoin.ip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link NetworkText} writes each kind of interval as a list writes it (the expected text written
 * here by hand, the keys made by {@link InetAddress}), and writes it without allocating.
 */
class NetworkTextTest {

  private static int v4(String address) throws Exception {
    return Ipv4Codec.toKey(new BigInteger(1, InetAddress.getByName(address).getAddress())
        .longValue());
  }

  private static String v4(String start, String end) throws Exception {
    NetworkText text = new NetworkText();
    int n = text.ipv4(v4(start), v4(end));
    return new String(text.bytes(), 0, n, StandardCharsets.US_ASCII);
  }

  private static String v6(String start, String end) throws Exception {
    byte[] s = sixteen(InetAddress.getByName(start).getAddress());
    byte[] e = sixteen(InetAddress.getByName(end).getAddress());
    NetworkText text = new NetworkText();
    int n = text.ipv6(Ipv6Codec.toKey(half(s, 0)), Ipv6Codec.toKey(half(s, 8)),
        Ipv6Codec.toKey(half(e, 0)), Ipv6Codec.toKey(half(e, 8)));
    return new String(text.bytes(), 0, n, StandardCharsets.US_ASCII);
  }

  /** The 16 bytes of an address: InetAddress gives an IPv4-mapped one as its 4 IPv4 bytes. */
  private static byte[] sixteen(byte[] address) {
    if (address.length == 16) {
      return address;
    }
    byte[] mapped = new byte[16];
    mapped[10] = (byte) 0xff;
    mapped[11] = (byte) 0xff;
    System.arraycopy(address, 0, mapped, 12, 4);
    return mapped;
  }

  private static long half(byte[] b, int from) {
    long v = 0;
    for (int i = from; i < from + 8; i++) {
      v = v << 8 | (b[i] & 0xFF);
    }
    return v;
  }

  @Test
  void eachKindOfIntervalIsWrittenAsAListWritesIt() throws Exception {
    assertEquals("192.0.2.7", v4("192.0.2.7", "192.0.2.7"));
    assertEquals("203.0.113.0/24", v4("203.0.113.0", "203.0.113.255"));
    assertEquals("0.0.0.0/0", v4("0.0.0.0", "255.255.255.255"));
    assertEquals("203.0.113.1-203.0.113.2", v4("203.0.113.1", "203.0.113.2"));
    assertEquals("10.0.0.0-10.0.2.255", v4("10.0.0.0", "10.0.2.255"));
    assertEquals("2001:db8::1", v6("2001:db8::1", "2001:db8::1"));
    assertEquals("2001:db8::/32", v6("2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"));
    assertEquals("2001:db8::/64", v6("2001:db8::", "2001:db8::ffff:ffff:ffff:ffff"));
    assertEquals("2001:db8::1-2001:db8::ff", v6("2001:db8::1", "2001:db8::ff"));
    assertEquals("::ffff:1.2.3.0/120", v6("::ffff:1.2.3.0", "::ffff:1.2.3.255"));
  }

  @Test
  void writingAnIntervalAllocatesNothing() throws Exception {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    NetworkText text = new NetworkText();
    int start = v4("203.0.113.1");
    int end = v4("203.0.113.200");
    long hi = Ipv6Codec.toKey(0x20010db8_00000000L);
    long sink = 0;
    for (int i = 0; i < 20_000; i++) {
      sink += text.ipv4(start, end + (i & 1)) + text.ipv6(hi, 1, hi, 0xff + (i & 1));
    }
    long id = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(id);
    for (int i = 0; i < 100_000; i++) {
      sink += text.ipv4(start, end + (i & 1)) + text.ipv6(hi, 1, hi, 0xff + (i & 1));
    }
    long allocated = threads.getThreadAllocatedBytes(id) - before;
    assertTrue(allocated < 16_384, "allocated " + allocated + " bytes in 100,000 calls (" + sink + ")");
  }
}
