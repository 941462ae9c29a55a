package org.ipjoin.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec.Address;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.ip.Ipv6Oracle;

/**
 * Fuzzes the IPv6 parser and formatter ({@link Ipv6Codec}) against the JDK's literal parser.
 *
 * <p>Input layout, as {@link IpParserFuzzTest}: byte 0 and 1 choose {@code from} and {@code to}
 * inside the rest, which is the text. So a seed file is two bytes (usually {@code \0\0}: the whole
 * text) and then the text.
 *
 * <p>Properties, for arbitrary bytes and an arbitrary range inside them:
 * <ul>
 *   <li>the byte parser never throws, and accepts iff {@link Ipv6Oracle} (the JDK's
 *       {@code InetAddress} literal parser, narrowed to RFC 4291's strict syntax: no zone id, no
 *       brackets, at most four hex digits a group, no leading zeros in a dotted quad) accepts the
 *       text, with the same 128-bit value;
 *   <li>it reads only the range: the same bytes copied into an array of their own give the same
 *       answer;
 *   <li>an accepted address formats to the same text as an independent RFC 5952 formatter
 *       ({@link Ipv6Oracle#format}), which parses back to the same address; an IPv4-mapped
 *       address formats with a dotted quad and {@code mappedIpv4} gives its low 32 bits;
 *   <li>the String parser agrees: it throws IllegalArgumentException iff the byte parser rejects,
 *       with a one-line message, and otherwise returns the same address;
 *   <li>{@code explain} never throws, says "valid" iff the parser accepts, and otherwise gives a
 *       precise one-line reason (never its generic fallback).
 * </ul>
 */
class Ipv6ParserFuzzTest {

  @FuzzTest(maxDuration = "20s")
  void parse(byte[] input) {
    if (input.length < 2) {
      return;
    }
    byte[] bytes = Arrays.copyOfRange(input, 2, input.length);
    int n = bytes.length;
    int from = (input[0] & 0xFF) % (n + 1);
    int to = n - (input[1] & 0xFF) % (n - from + 1);
    check(bytes, from, to);
  }

  static void check(byte[] bytes, int from, int to) {
    // Every byte becomes the Latin-1 char of the same value, so both parsers see the same input.
    String text = new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
    Address out = new Address().set(7, 7);
    boolean accepted = Ipv6Codec.parse(bytes, from, to, out);

    long[] oracle = Ipv6Oracle.parse(text);
    assertEquals(oracle != null, accepted,
        "the parser " + (accepted ? "accepts" : "rejects") + " what the JDK oracle does not: " + printable(text));
    if (accepted) {
      assertEquals(oracle[0], out.hi, printable(text));
      assertEquals(oracle[1], out.lo, printable(text));
    }

    byte[] alone = Arrays.copyOfRange(bytes, from, to);
    Address outAlone = new Address();
    assertEquals(accepted, Ipv6Codec.parse(alone, 0, alone.length, outAlone));
    if (accepted) {
      assertEquals(out, outAlone);
      String canonical = Ipv6Codec.format(out.hi, out.lo);
      assertEquals(Ipv6Oracle.format(out.hi, out.lo), canonical);
      assertEquals(out, Ipv6Codec.parse(canonical));
      long ipv4 = Ipv6Codec.mappedIpv4(out.hi, out.lo);
      if (ipv4 != Ipv4Codec.NOT_IPV4) {
        assertEquals(out.lo & 0xFFFF_FFFFL, ipv4);
        assertTrue(canonical.startsWith("::ffff:") && canonical.contains("."), canonical);
      } else {
        assertFalse(canonical.contains("."), canonical);
      }
    }

    try {
      Address parsed = Ipv6Codec.parse(text);
      if (!accepted) {
        fail("String parser accepted what the byte parser rejects: " + printable(text));
      }
      assertEquals(out, parsed);
    } catch (IllegalArgumentException e) {
      if (accepted) {
        fail("String parser rejected what the byte parser accepts: " + printable(text), e);
      }
      assertNotNull(e.getMessage());
      assertTrue(e.getMessage().startsWith("not an IPv6 address: '"), e.getMessage());
      assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("\r"), e.getMessage());
    }

    String why = Ipv6Codec.explain(bytes, from, to);
    assertNotNull(why);
    assertEquals(accepted, why.equals(Ipv6Codec.VALID),
        "explain says '" + why + "' but the parser " + (accepted ? "accepts " : "rejects ") + printable(text));
    assertFalse(why.equals("not an IPv6 address"), "no precise reason for " + printable(text));
    assertFalse(why.contains("\n") || why.contains("\r"), why);
  }

  private static String printable(String s) {
    StringBuilder b = new StringBuilder("'");
    for (char c : s.toCharArray()) {
      b.append(c >= 0x20 && c < 0x7F ? String.valueOf(c) : String.format("\\x%02X", (int) c));
    }
    return b.append('\'').toString();
  }
}
