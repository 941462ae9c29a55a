package org.ipjoin.ip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Ipv4CodecTest {

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** The byte parser over a whole array, as the mapper calls it on a field. */
  private static long parseBytes(String s) {
    byte[] b = utf8(s);
    return Ipv4Codec.parseAddress(b, 0, b.length);
  }

  @ParameterizedTest(name = "{0} -> key {1}")
  @CsvSource({
      "0.0.0.0,         -2147483648",
      "0.0.0.1,         -2147483647",
      "127.255.255.255, -1",
      "128.0.0.0,       0",
      "128.0.0.1,       1",
      "255.255.255.255, 2147483647",
  })
  void boundaryAddressesMapToSignedOffsetKeys(String text, int key) {
    assertEquals(key, Ipv4Codec.parseKey(text));
    assertEquals(text, Ipv4Codec.format(key));
    byte[] b = utf8(text);
    long address = Ipv4Codec.parseAddress(b, 0, b.length);
    assertEquals(Ipv4Codec.toAddress(key), address);
    assertEquals(key, Ipv4Codec.toKey(address));
  }

  @Test
  void minAndMaxKeysAreTheFirstAndLastAddress() {
    assertEquals(Integer.MIN_VALUE, Ipv4Codec.parseKey("0.0.0.0"));
    assertEquals(Integer.MAX_VALUE, Ipv4Codec.parseKey("255.255.255.255"));
    assertEquals(0L, Ipv4Codec.toAddress(Integer.MIN_VALUE));
    assertEquals(0xFFFF_FFFFL, Ipv4Codec.toAddress(Integer.MAX_VALUE));
  }

  /**
   * Key -1 is 127.255.255.255, and NOT_IPV4 is -1L: the byte parser that returns a key must not
   * confuse the two, or that address would be counted as malformed.
   */
  @Test
  void byteKeyParserDistinguishesKeyMinusOneFromNotIpv4() {
    byte[] b = utf8("127.255.255.255");
    long parsed = Ipv4Codec.parseKey(b, 0, b.length);
    assertTrue(parsed != Ipv4Codec.NOT_IPV4, "127.255.255.255 reported as not IPv4");
    assertEquals(-1, (int) parsed);
  }

  @Test
  void byteKeyParserAgreesWithStringParserOnBoundaries() {
    for (String s : new String[] {"0.0.0.0", "127.255.255.255", "128.0.0.0", "255.255.255.255",
        "10.20.30.40"}) {
      byte[] b = utf8(s);
      long parsed = Ipv4Codec.parseKey(b, 0, b.length);
      assertTrue(parsed != Ipv4Codec.NOT_IPV4, s);
      assertEquals(Ipv4Codec.parseKey(s), (int) parsed, s);
    }
    assertEquals(Ipv4Codec.NOT_IPV4, Ipv4Codec.parseKey(utf8("1.2.3"), 0, 5));
  }

  @Test
  void signedKeyOrderEqualsAddressOrder() {
    Random random = new Random(20240601L);
    for (int i = 0; i < 100_000; i++) {
      long a = random.nextLong() & 0xFFFF_FFFFL;
      long b = random.nextLong() & 0xFFFF_FFFFL;
      int byAddress = Long.compare(a, b);
      int byKey = Integer.compare(Ipv4Codec.toKey(a), Ipv4Codec.toKey(b));
      assertEquals(Integer.signum(byAddress), Integer.signum(byKey), a + " vs " + b);
    }
  }

  @Test
  void formatThenParseRoundTripsRandomKeys() {
    Random random = new Random(42L);
    for (int i = 0; i < 100_000; i++) {
      int key = random.nextInt();
      String text = Ipv4Codec.format(key);
      assertEquals(key, Ipv4Codec.parseKey(text), text);
      byte[] b = utf8(text);
      assertEquals(Ipv4Codec.toAddress(key), Ipv4Codec.parseAddress(b, 0, b.length), text);
      assertEquals("valid", Ipv4Codec.explain(b, 0, b.length), text);
    }
  }

  /** The mapper parses a field in place inside the record's bytes; neighbours must not leak in. */
  @Test
  void parsesARangeInTheMiddleOfAnArray() {
    byte[] record = utf8("9GET 10.1.2.3 1999");
    long parsed = Ipv4Codec.parseAddress(record, 5, 13);
    assertEquals(Ipv4Codec.toAddress(Ipv4Codec.parseKey("10.1.2.3")), parsed);
    // Digits directly before and after the range: still only the range counts.
    byte[] digits = utf8("77.1.2.388");
    assertEquals(Ipv4Codec.toAddress(Ipv4Codec.parseKey("7.1.2.3")), Ipv4Codec.parseAddress(digits, 1, 8));
    assertEquals(Ipv4Codec.toAddress(Ipv4Codec.parseKey("77.1.2.38")), Ipv4Codec.parseAddress(digits, 0, 9));
    // A range that cuts an address short is not an address.
    assertEquals(Ipv4Codec.NOT_IPV4, Ipv4Codec.parseAddress(record, 5, 12 - 2));
    assertEquals("valid", Ipv4Codec.explain(record, 5, 13));
  }

  @ParameterizedTest(name = "[{0}] -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "\"\"                  | empty",
      "1.2.3               | 3 octets",
      "1.2.3.4.5           | 5 octets",
      "256.1.1.1           | above 255",
      "1.2.3.999           | above 255",
      "-1.2.3.4            | unexpected character '-'",
      "\" 1.2.3.4\"          | unexpected character ' '",
      "\"1.2.3.4 \"          | unexpected character ' '",
      "1.2.3.4x            | unexpected character 'x'",
      "::1                 | IPv6",
      "2001:db8::1         | IPv6",
      "::ffff:1.2.3.4      | IPv6",
      "1.2.3.0/24          | unexpected character '/'",
      "01.2.3.4            | leading zero",
      "1.2.3.010           | leading zero",
      "1..2.3              | empty octet 2",
      "1.2.3.              | empty octet 4",
      "1.2.3.4.            | empty octet 5",
      ".1.2.3              | empty octet 1",
      "１.2.3.4            | unexpected character",
      "1.2.3.1000          | more than 3 digits",
      "1.2.3.0000          | more than 3 digits",
      "1.2.3.4:80          | unexpected character ':'",
      "a.b.c.d             | unexpected character 'a'",
  })
  void rejectsMalformedInputEverywhereAndExplainsWhy(String text, String why) {
    byte[] b = utf8(text);
    assertEquals(Ipv4Codec.NOT_IPV4, Ipv4Codec.parseAddress(b, 0, b.length));
    assertEquals(Ipv4Codec.NOT_IPV4, Ipv4Codec.parseKey(b, 0, b.length));
    String explanation = Ipv4Codec.explain(b, 0, b.length);
    assertTrue(explanation.contains(why), "explain(" + text + ") = " + explanation);

    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Ipv4Codec.parseKey(text));
    assertTrue(e.getMessage().contains("'" + text + "'"), e.getMessage());
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }

  @Test
  void explainSaysWhyLeadingZerosAreRejected() {
    // "010" is octal 8 to inet_aton and decimal 10 to most log writers.
    assertTrue(Ipv4Codec.explain(utf8("010.0.0.1"), 0, 9).contains("octal or decimal"));
  }

  /** IPv6 has at least two colons ("::"); one colon is IPv4 with a port, as logs often write it. */
  @Test
  void ipv6DetectionNeedsTwoColons() {
    assertTrue(Ipv4Codec.looksLikeIpv6(utf8("fe80::1"), 0, 7));
    assertTrue(Ipv4Codec.looksLikeIpv6(utf8("::"), 0, 2));
    assertTrue(!Ipv4Codec.looksLikeIpv6(utf8("1.2.3.4:80"), 0, 10));
    assertTrue(!Ipv4Codec.looksLikeIpv6(utf8("1.2.3.4"), 0, 7));
    assertTrue(!Ipv4Codec.looksLikeIpv6(utf8("deadbeef"), 0, 8));
  }

  @Test
  void parsesEveryValidOctetValueWithoutLeadingZeros() {
    for (int o = 0; o <= 255; o++) {
      String s = o + "." + o + "." + o + "." + o;
      long expected = ((long) o << 24) | (o << 16) | (o << 8) | o;
      assertEquals(expected, parseBytes(s), s);
    }
  }
}
