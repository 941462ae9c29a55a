package org.ipjoin.ip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ipjoin.ip.Ipv6Codec.Address;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class Ipv6CodecTest {

  /** Every form RFC 4291 section 2.2 shows, plus edge cases of each rule. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      // RFC 4291 2.2 (1): full form, either case, leading zeros optional
      "ABCD:EF01:2345:6789:ABCD:EF01:2345:6789", "abcd:ef01:2345:6789:abcd:ef01:2345:6789",
      "2001:DB8:0:0:8:800:200C:417A", "2001:0db8:0000:0000:0008:0800:200c:417a",
      "0:0:0:0:0:0:0:1", "0:0:0:0:0:0:0:0", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
      "FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF", "0001:02:003:0004:5:06:007:0008", "aBcD:0:0:0:0:0:0:EfFf",
      // RFC 4291 2.2 (2): '::' for one or more zero groups, leading, inner, trailing, alone
      "2001:DB8::8:800:200C:417A", "FF01::101", "::1", "::", "1::", "1::2", "fe80::",
      "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8", "1:2:3:4:5:6::8", "1::8", "1:2:3::6:7:8", "::0", "0::0",
      "0000::0000", "2001:db8::0:1", "2001:db8:0:0:0::1", "2001:db8:0:0:aaaa::1",
      // RFC 4291 2.2 (3): dotted-quad tail
      "0:0:0:0:0:0:13.1.68.3", "0:0:0:0:0:FFFF:129.144.52.38", "::13.1.68.3", "::FFFF:129.144.52.38",
      "::ffff:0.0.0.0", "::ffff:255.255.255.255", "64:ff9b::1.2.3.4", "1:2:3:4:5:6:1.2.3.4",
      "1::1.2.3.4", "1:2:3:4:5::1.2.3.4", "::1.2.3.4", "0000:0000:0000:0000:0000:0000:255.255.255.255",
      "0000:0000:0000:0000:0000:ffff:255.255.255.255",
      // 6to4 and Teredo are ordinary IPv6 addresses
      "2002:c000:0204::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  })
  void acceptsEveryRfc4291FormWithTheJdkValue(String text) {
    long[] expected = Ipv6Oracle.parse(text);
    assertNotNull(expected, "the JDK rejects " + text);
    byte[] bytes = ascii(text);
    Address out = new Address();
    assertTrue(Ipv6Codec.parse(bytes, 0, bytes.length, out), text);
    assertEquals(expected[0], out.hi, text);
    assertEquals(expected[1], out.lo, text);
    assertEquals(new Address().set(expected[0], expected[1]), Ipv6Codec.parse(text));
    assertEquals("valid", Ipv6Codec.explain(bytes, 0, bytes.length));
  }

  /** The exact reason for each kind of bad text, in the String parser's message too. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "':'                       | starts with a single ':'",
      "':1:2:3:4:5:6:7'          | starts with a single ':'",
      "'1:2:3:4:5:6:7:'          | ends with a single ':'",
      "':::'                     | three colons in a row",
      "'1:::2'                   | three colons in a row",
      "'1::2::3'                 | two '::'",
      "'::1::'                   | two '::'",
      "'1:2:3:4:5:6:7:8:9'       | 9 groups, expected 8",
      "'1:2:3:4:5:6:7'           | 7 groups, expected 8",
      "'1:2'                     | 2 groups, expected 8",
      "'1::2:3:4:5:6:7:8'        | 8 groups and '::', expected at most 7 with '::'",
      "'::1:2:3:4:5:6:7:8'       | 8 groups and '::', expected at most 7 with '::'",
      "'12345::'                 | group 1 has more than 4 hex digits",
      "'00001::'                 | group 1 has more than 4 hex digits",
      "'1:2:00000:4::'           | group 3 has more than 4 hex digits",
      "'1::2:3:ffff0'            | group 4 has more than 4 hex digits",
      "'1:2:g::'                 | unexpected character 'g'",
      "'0x1::'                   | unexpected character 'x'",
      "'::-1'                    | unexpected character '-'",
      "'fe80::1%eth0'            | zone id not allowed (%eth0)",
      "'fe80::1%1'               | zone id not allowed (%1)",
      "'fe80::1%'                | zone id not allowed (%)",
      "'[2001:db8::1]'           | brackets not allowed",
      "'[2001:db8::1]:443'       | brackets not allowed",
      "'2001:db8::/32'           | prefix length not allowed (/32)",
      "'::1/128'                 | prefix length not allowed (/128)",
      "' ::1'                    | whitespace not allowed (' ')",
      "'::1 '                    | whitespace not allowed (' ')",
      "':: 1'                    | whitespace not allowed (' ')",
      "'::1.2.3.4:5'             | IPv4 part in the wrong place (only the last 32 bits may be dotted): 1.2.3.4",
      "'1.2.3.4::'               | IPv4 part in the wrong place (only the last 32 bits may be dotted): 1.2.3.4",
      "'1:2:3:4:5:6:7:1.2.3.4'   | 9 groups (the IPv4 part counts as 2), expected 8",
      "'1:2:3:4:5:1.2.3.4'       | 7 groups (the IPv4 part counts as 2), expected 8",
      "'1:2:3:4:5:6::1.2.3.4'    | 8 groups (the IPv4 part counts as 2) and '::', expected at most 7 with '::'",
      "'::1.2.3.04'              | IPv4 part 1.2.3.04: leading zero in octet 4 (ambiguous: octal or decimal; inet_aton reads it as octal, so it is rejected)",
      "'::256.1.1.1'             | IPv4 part 256.1.1.1: octet 1 is 256, above 255",
      "'::1.2.3'                 | IPv4 part 1.2.3: 3 octets, expected 4",
      "'::1.2.3.4.5'             | IPv4 part 1.2.3.4.5: 5 octets, expected 4",
      "'::ffff:1.2.3.4.'         | IPv4 part 1.2.3.4.: empty octet 5",
      "'::a.2.3.4'               | IPv4 part a.2.3.4: unexpected character 'a' in octet 1",
      "'1.2.3.4'                 | an IPv4 address, not IPv6",
      "'1234'                    | no ':' (an IPv6 address has at least two)",
      "'1:2:3:4:5:6:7:8:1:2:3:4:5:6:7:8' | 16 groups, expected 8",
  })
  void rejectsBadTextWithThePreciseReason(String text, String why) {
    assertRejected(text, why);
  }

  @Test
  void rejectsEmptyWhitespaceAndControlBytesAndEscapesThem() {
    assertRejected("", "empty");
    assertRejected("::1\t", "whitespace not allowed ('\\x09')");
    assertRejected("::1\n", "whitespace not allowed ('\\x0A')");
    assertRejected("::1\0", "unexpected character '\\x00'");
    assertRejected("::\u00e9", "unexpected character '\\xE9'");
    assertRejected("fe80::1%\u001b[31m", "zone id not allowed (%\\x1B[31m)");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Ipv6Codec.parse("::\u00011"));
    assertEquals("not an IPv6 address: '::\\x011' (unexpected character '\\x01')", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Ipv6Codec.parse("::\u0661"));
    assertEquals("not an IPv6 address: '::\u0661' (unexpected character '\\u0661')", e.getMessage());
    byte[] utf8 = "::é".getBytes(StandardCharsets.UTF_8);
    assertEquals("unexpected character '\\xC3'", Ipv6Codec.explain(utf8, 0, utf8.length));
  }

  private static void assertRejected(String text, String why) {
    assertNull(Ipv6Oracle.parse(text), "the strict JDK oracle accepts " + text);
    byte[] bytes = latin1(text);
    assertFalse(Ipv6Codec.parse(bytes, 0, bytes.length, new Address()), text);
    assertEquals(why, Ipv6Codec.explain(bytes, 0, bytes.length));
    byte[] framed = frame(bytes, "1::", "::1.2.3.4");
    assertFalse(Ipv6Codec.parse(framed, 3, 3 + bytes.length, new Address()), text);
    assertEquals(why, Ipv6Codec.explain(framed, 3, 3 + bytes.length));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Ipv6Codec.parse(text));
    assertEquals("not an IPv6 address: '" + escape(text) + "' (" + why + ")", e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
  }

  /** The parser reads only bytes[from, to): a valid text inside bytes that would change it. */
  @Test
  void byteParserRespectsTheRange() {
    String[][] cases = {
        // prefix, text, suffix: the text alone is valid; with its neighbours it is another text
        {"1:", "2:3:4:5:6:7:8:9", ":a"}, {"ff", "::1", "2"}, {":", "::", ":"}, {"1.", "::1.2.3.4", "5"},
        {"", "::ffff:1.2.3.4", ".5"}, {"[", "2001:db8::1", "]:443"}, {"fe80", "::1", "%eth0"},
        {"", "1::", ":"}, {"1234", "5:6::", "7890"}};
    for (String[] c : cases) {
      byte[] bytes = ascii(c[0] + c[1] + c[2]);
      int from = c[0].length();
      int to = from + c[1].length();
      long[] expected = Ipv6Oracle.parse(c[1]);
      Address out = new Address();
      assertTrue(Ipv6Codec.parse(bytes, from, to, out), c[1]);
      assertEquals(expected[0], out.hi, c[1]);
      assertEquals(expected[1], out.lo, c[1]);
      assertEquals("valid", Ipv6Codec.explain(bytes, from, to));
      // The range ends at the end of the array: nothing beyond it may be read.
      byte[] exact = java.util.Arrays.copyOfRange(bytes, 0, to);
      assertTrue(Ipv6Codec.parse(exact, from, to, out));
      assertEquals(expected[1], out.lo, c[1]);
    }
    byte[] bytes = ascii("2001:db8::1");
    Address out = new Address();
    assertTrue(Ipv6Codec.parse(bytes, 5, 11, out)); // "db8::1"
    assertEquals(0x0db8_0000_0000_0000L, out.hi);
    assertEquals(1L, out.lo);
    assertTrue(Ipv6Codec.parse(bytes, 0, 10, out)); // "2001:db8::"
    assertEquals(0x2001_0db8_0000_0000L, out.hi);
    assertEquals(0L, out.lo);
    assertFalse(Ipv6Codec.parse(bytes, 0, 9, out)); // "2001:db8:"
    assertFalse(Ipv6Codec.parse(bytes, 3, 3, out)); // empty
    assertEquals("empty", Ipv6Codec.explain(bytes, 3, 3));
  }

  /** RFC 5952 section 4 examples and rules, each input written in other valid forms. */
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', value = {
      // 4.1 no leading zeros; 4.3 lower case
      "2001:0db8::0001                          | 2001:db8::1",
      "2001:db8:aaaa:bbbb:cccc:dddd:eeee:0001   | 2001:db8:aaaa:bbbb:cccc:dddd:eeee:1",
      "2001:DB8::ABCD                           | 2001:db8::abcd",
      // 4.2.1 shorten as much as possible
      "2001:db8:0:0:0:0:2:1                     | 2001:db8::2:1",
      "2001:db8::0:1                            | 2001:db8::1",
      "2001:db8:0:0:0::1                        | 2001:db8::1",
      // 4.2.2 a single zero group is not compressed
      "2001:db8:0:1:1:1:1:1                     | 2001:db8:0:1:1:1:1:1",
      "2001:db8::1:1:1:1:1                      | 2001:db8:0:1:1:1:1:1",
      // 4.2.3 the longest run; the first on a tie
      "2001:0:0:1:0:0:0:1                       | 2001:0:0:1::1",
      "2001:db8:0:0:1:0:0:1                     | 2001:db8::1:0:0:1",
      "2001:db8::aaaa:0:0:1                     | 2001:db8::aaaa:0:0:1",
      "2001:db8:0:0:aaaa::1                     | 2001:db8::aaaa:0:0:1",
      "1:0:0:2:0:0:3:4                          | 1::2:0:0:3:4",
      "0:1:0:1:0:1:0:1                          | 0:1:0:1:0:1:0:1",
      "0:0:1:0:0:0:1:0                          | 0:0:1::1:0",
      // ends and extremes
      "0:0:0:0:0:0:0:0                          | ::",
      "0:0:0:0:0:0:0:1                          | ::1",
      "1:0:0:0:0:0:0:0                          | 1::",
      "1:0:0:0:0:0:0:1                          | 1::1",
      "0:0:0:0:0:0:1:0                          | ::1:0",
      "FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF  | ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
      "fe80:0000:0000:0000:0204:61ff:fe9d:f156  | fe80::204:61ff:fe9d:f156",
      // 5: IPv4-mapped addresses get a dotted quad, and only they
      "0:0:0:0:0:ffff:102:304                   | ::ffff:1.2.3.4",
      "::FFFF:129.144.52.38                     | ::ffff:129.144.52.38",
      "::ffff:0:0                               | ::ffff:0.0.0.0",
      "::ffff:ffff:ffff                         | ::ffff:255.255.255.255",
      "::1.2.3.4                                | ::102:304",
      "::fffe:1.2.3.4                           | ::fffe:102:304",
      "1::ffff:1.2.3.4                          | 1::ffff:102:304",
      "::1:ffff:1.2.3.4                         | ::1:ffff:102:304",
      "64:ff9b::192.0.2.33                      | 64:ff9b::c000:221",
      "::ffff:0:1.2.3.4                         | ::ffff:0:102:304",
  })
  void formatsTheRfc5952CanonicalText(String text, String canonical) {
    Address a = Ipv6Codec.parse(text);
    long[] oracle = Ipv6Oracle.parse(text);
    assertEquals(oracle[0], a.hi);
    assertEquals(oracle[1], a.lo);
    assertEquals(canonical, Ipv6Codec.format(a.hi, a.lo));
    assertEquals(canonical, Ipv6Oracle.format(a.hi, a.lo));
    assertEquals(canonical, a.toString());
    assertEquals("[" + canonical, Ipv6Codec.appendTo(new StringBuilder("["), a.hi, a.lo).toString());
    assertEquals(a, Ipv6Codec.parse(canonical));
  }

  /**
   * Random addresses (zero groups made common, so runs and ties occur): the canonical text matches
   * an independent String-based formatter, and parses back to the address.
   */
  @Test
  void formatRoundTripsAndMatchesTheReferenceFormatter() {
    SplittableRandom random = new SplittableRandom(0x6C0DECL);
    Address out = new Address();
    for (int i = 0; i < 100_000; i++) {
      long hi = randomHalf(random);
      long lo = i % 10 == 0 ? 0xFFFF_0000_0000L | random.nextLong() >>> 32 : randomHalf(random);
      if (i % 20 <= 1) {
        hi = 0;
      }
      String text = Ipv6Codec.format(hi, lo);
      assertEquals(Ipv6Oracle.format(hi, lo), text);
      byte[] bytes = ascii(text);
      assertTrue(Ipv6Codec.parse(bytes, 0, bytes.length, out), text);
      assertEquals(hi, out.hi, text);
      assertEquals(lo, out.lo, text);
    }
  }

  /**
   * Every text form RFC 4291 allows for a random address (random case, random leading zeros, any
   * one run of zero groups compressed, a dotted tail or not) parses to that address, and the JDK
   * agrees.
   */
  @Test
  void everyRfc4291SpellingOfRandomAddressesParsesToThem() {
    SplittableRandom random = new SplittableRandom(4291L);
    Address out = new Address();
    for (int i = 0; i < 100_000; i++) {
      long hi = randomHalf(random);
      long lo = randomHalf(random);
      String text = randomSpelling(random, hi, lo);
      byte[] bytes = ascii(text);
      assertTrue(Ipv6Codec.parse(bytes, 0, bytes.length, out), text);
      assertEquals(hi, out.hi, text);
      assertEquals(lo, out.lo, text);
      if (i % 10 == 0) {
        assertArrayEquals(new long[] {hi, lo}, Ipv6Oracle.parse(text), text);
      }
    }
  }

  /**
   * Differential test: 200,000 texts mutated from valid spellings (characters inserted, deleted,
   * replaced, parts repeated or cut) are accepted iff the strict JDK oracle accepts them, with the
   * same value; explain agrees and always finds a precise reason.
   */
  @Test
  void mutatedTextsAgreeWithTheJdkOracle() {
    SplittableRandom random = new SplittableRandom(5952L);
    Address out = new Address();
    int accepted = 0;
    for (int i = 0; i < 200_000; i++) {
      String spelling = randomSpelling(random, randomHalf(random), randomHalf(random));
      int mutations = 1 + random.nextInt(3);
      for (int m = 0; m < mutations; m++) {
        spelling = mutate(random, spelling);
      }
      String text = spelling;
      byte[] bytes = latin1(text);
      boolean ok = Ipv6Codec.parse(bytes, 0, bytes.length, out);
      long[] oracle = Ipv6Oracle.parse(text);
      assertEquals(oracle != null, ok, () -> "parser and oracle disagree on '" + escape(text) + "'");
      String why = Ipv6Codec.explain(bytes, 0, bytes.length);
      if (ok) {
        accepted++;
        assertEquals(oracle[0], out.hi, text);
        assertEquals(oracle[1], out.lo, text);
        assertEquals("valid", why);
      } else {
        assertFalse(why.equals("valid") || why.equals("not an IPv6 address"),
            () -> "no precise reason for '" + escape(text) + "': " + why);
      }
    }
    // Both outcomes must be well represented, or the test proves little.
    assertTrue(accepted > 20_000 && accepted < 180_000, "accepted " + accepted);
  }

  /** The byte parser runs once per log record: it must not allocate. */
  @Test
  void byteParserAllocatesNothing() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    byte[][] texts = {ascii("2001:db8::1"), ascii("::ffff:192.0.2.1"), ascii("fe80::1%eth0"),
        ascii("1:2:3:4:5:6:7:8"), ascii("not an address at all")};
    Address out = new Address();
    long sink = 0;
    for (int i = 0; i < 20_000; i++) { // warm up: let the JIT settle
      byte[] t = texts[i % texts.length];
      sink += Ipv6Codec.parse(t, 0, t.length, out) ? out.lo : 1;
    }
    long id = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(id);
    for (int i = 0; i < 100_000; i++) {
      byte[] t = texts[i % texts.length];
      sink += Ipv6Codec.parse(t, 0, t.length, out) ? out.lo : 1;
    }
    long allocated = threads.getThreadAllocatedBytes(id) - before;
    // Even 16 bytes a call would be 1.6 MB; allow a little for the measuring itself.
    assertTrue(allocated < 16_384, "allocated " + allocated + " bytes in 100,000 calls (" + sink + ")");
  }

  @Test
  void keyOrderIsAddressOrder() {
    assertEquals(Long.MIN_VALUE, Ipv6Codec.toKey(0));
    assertEquals(Long.MAX_VALUE, Ipv6Codec.toKey(-1L));
    assertEquals(-1L, Ipv6Codec.toKey(Long.MAX_VALUE));
    SplittableRandom random = new SplittableRandom(128L);
    for (int i = 0; i < 100_000; i++) {
      long a = randomHalf(random);
      long b = i % 3 == 0 ? a ^ (1L << random.nextInt(64)) : randomHalf(random);
      assertEquals(a, Ipv6Codec.toAddress(Ipv6Codec.toKey(a)));
      assertEquals(Integer.signum(Long.compareUnsigned(a, b)),
          Integer.signum(Long.compare(Ipv6Codec.toKey(a), Ipv6Codec.toKey(b))));
    }
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "::ffff:1.2.3.4,         16909060",
      "::ffff:0.0.0.0,         0",
      "::ffff:255.255.255.255, 4294967295",
      "::FFFF:10.0.0.1,        167772161",
      "::1.2.3.4,              -1",
      "::fffe:1.2.3.4,         -1",
      "::1:ffff:1.2.3.4,       -1",
      "1::ffff:1.2.3.4,        -1",
      "64:ff9b::1.2.3.4,       -1",
      "2002:102:304::1,        -1",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2, -1",
      "::,                     -1",
  })
  void mappedIpv4IsOnlyTheFfffPrefix(String text, long ipv4) {
    Address a = Ipv6Codec.parse(text);
    assertEquals(ipv4, Ipv6Codec.mappedIpv4(a.hi, a.lo));
    if (ipv4 >= 0) {
      String quad = text.substring(text.lastIndexOf(':') + 1);
      assertEquals(ipv4, Ipv4Codec.toAddress(Ipv4Codec.parseKey(quad)));
      assertEquals("::ffff:" + quad, Ipv6Codec.format(a.hi, a.lo));
    }
  }

  // ---- helpers: independent of Ipv6Codec ----

  /** Groups are zero half the time, so runs of zero groups and ties are common. */
  private static long randomHalf(SplittableRandom random) {
    long half = 0;
    for (int g = 0; g < 4; g++) {
      int group = random.nextBoolean() ? 0 : random.nextInt(4) == 0 ? random.nextInt(16) : random.nextInt(0x10000);
      half = (half << 16) | group;
    }
    return half;
  }

  /** One of the RFC 4291 spellings of the address, chosen at random. */
  static String randomSpelling(SplittableRandom random, long hi, long lo) {
    int[] g = Ipv6Oracle.groups(hi, lo);
    List<String> parts = new ArrayList<>();
    boolean dotted = random.nextInt(4) == 0;
    int hexGroups = dotted ? 6 : 8;
    for (int i = 0; i < hexGroups; i++) {
      String hex = String.format("%x", g[i]);
      int pad = random.nextInt(5 - hex.length());
      hex = "0000".substring(0, pad) + hex;
      parts.add(random.nextBoolean() ? hex.toUpperCase() : hex);
    }
    // Compress a random run of zero groups (any run, not only the longest), or none.
    List<int[]> runs = new ArrayList<>();
    for (int s = 0; s < hexGroups; s++) {
      for (int e = s; e < hexGroups && g[e] == 0; e++) {
        runs.add(new int[] {s, e + 1});
      }
    }
    String tail = dotted ? (g[6] >> 8) + "." + (g[6] & 0xFF) + "." + (g[7] >> 8) + "." + (g[7] & 0xFF) : null;
    if (!runs.isEmpty() && random.nextInt(4) != 0) {
      int[] run = runs.get(random.nextInt(runs.size()));
      String head = String.join(":", parts.subList(0, run[0]));
      List<String> rest = new ArrayList<>(parts.subList(run[1], hexGroups));
      if (tail != null) {
        rest.add(tail);
      }
      return head + "::" + String.join(":", rest);
    }
    if (tail != null) {
      parts.add(tail);
    }
    return String.join(":", parts);
  }

  private static final String ALPHABET = "0123456789abcdefABCDEF::::....gxG%[]/ \t\u0000\u00e9-+";

  private static String mutate(SplittableRandom random, String text) {
    int at = text.isEmpty() ? 0 : random.nextInt(text.length() + 1);
    char c = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
    switch (random.nextInt(6)) {
      case 0: // insert
        return text.substring(0, at) + c + text.substring(at);
      case 1: // delete
        return at < text.length() ? text.substring(0, at) + text.substring(at + 1) : text;
      case 2: // replace
        return at < text.length() ? text.substring(0, at) + c + text.substring(at + 1) : text + c;
      case 3: { // repeat a piece
        int end = at + random.nextInt(Math.min(6, text.length() - at) + 1);
        return text.substring(0, end) + text.substring(at, end) + text.substring(end);
      }
      case 4: // cut the end
        return text.substring(0, at);
      default: // cut the start
        return text.substring(at);
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] latin1(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static byte[] frame(byte[] text, String before, String after) {
    byte[] b = ascii(before);
    byte[] a = ascii(after);
    byte[] framed = new byte[b.length + text.length + a.length];
    System.arraycopy(b, 0, framed, 0, b.length);
    System.arraycopy(text, 0, framed, b.length, text.length);
    System.arraycopy(a, 0, framed, b.length + text.length, a.length);
    return framed;
  }

  /** Control characters as \xNN, as the String parser echoes them. */
  private static String escape(String s) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      b.append(c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0) ? String.format("\\x%02X", (int) c) : String.valueOf(c));
    }
    return b.toString();
  }
}
