package org.ipjoin.index.list;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ListLineParserTest {

  private final ListLineParser parser = new ListLineParser();

  /** Parses Java text; {@code \t}, {@code \r} in the literal are real bytes. */
  private static LineKind parse(ListLineParser parser, String line) {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return parser.parse(b, 0, b.length);
  }

  private LineKind parse(String line) {
    return parse(parser, line);
  }

  /** The entry as {@code kind start-end label}, with dotted quads: compared with plain text. */
  private static String entry(ListLineParser parser, String line) {
    LineKind kind = parse(parser, line);
    if (!kind.isEntry()) {
      return kind + (parser.error() == null ? "" : " " + parser.error());
    }
    String range = parser.isIpv6()
        ? "v6 " + v6(parser.startHiKey(), parser.startLoKey()) + "-"
            + v6(parser.endHiKey(), parser.endLoKey())
        : Ipv4Codec.format(parser.startKey()) + "-" + Ipv4Codec.format(parser.endKey());
    return kind + " " + range + (parser.hasLabel() ? " [" + parser.label() + "]" : "");
  }

  private static String v6(long hiKey, long loKey) {
    return Ipv6Codec.format(Ipv6Codec.toAddress(hiKey), Ipv6Codec.toAddress(loKey));
  }

  private String entry(String line) {
    return entry(parser, line);
  }

  @Test
  void addressesAsTodayWithoutLabels() {
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry("1.2.3.4"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry("1.2.3.4\r"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry("  \t1.2.3.4 \t \r"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry("1.2.3.4 # seen twice"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry("1.2.3.4#x"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry("1.2.3.4;x"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry("1.2.3.4 extra words, no tab"));
    assertEquals("ADDRESS 0.0.0.0-0.0.0.0", entry("0.0.0.0"));
    assertEquals("ADDRESS 255.255.255.255-255.255.255.255", entry("255.255.255.255\r"));
  }

  @Test
  void blankAndCommentLines() {
    for (String line : new String[] {"", "\r", "  ", "\t \r"}) {
      assertEquals(LineKind.BLANK, parse(line), "[" + line + "]");
    }
    for (String line : new String[] {"#", "; Spamhaus DROP List 2025/01/17", "  # indented",
        "\t;tabbed\r", "#1.2.3.4"}) {
      assertEquals(LineKind.COMMENT, parse(line), "[" + line + "]");
    }
    assertTrue(LineKind.BLANK.isIgnorable());
    assertTrue(LineKind.COMMENT.isIgnorable());
    assertFalse(LineKind.COMMENT.isEntry());
  }

  @Test
  void cidrBlocks() {
    assertEquals("CIDR 10.0.0.0-10.255.255.255", entry("10.0.0.0/8"));
    assertEquals("CIDR 1.10.16.0-1.10.31.255", entry("1.10.16.0/20 ; SBL256894"));
    assertEquals("CIDR 0.0.0.0-255.255.255.255", entry("0.0.0.0/0"));
    assertEquals("CIDR 1.2.3.4-1.2.3.4", entry("1.2.3.4/32"));
    assertEquals("CIDR 255.255.255.254-255.255.255.255", entry("255.255.255.254/31\r"));
    assertEquals("CIDR 128.0.0.0-255.255.255.255", entry("128.0.0.0/1"));
    assertEquals("CIDR 10.0.0.0-10.255.255.255", entry("10.0.0.0 / 8"));
    assertEquals("CIDR 10.0.0.0-10.255.255.255 [internal]", entry("10.0.0.0/8\tinternal"));
    assertEquals("CIDR 10.0.0.0-10.255.255.255 [internal]", entry("10.0.0.0/8,internal"));
    assertEquals("CIDR 10.0.0.0-10.255.255.255", entry("10.0.0.0/8#x"));
  }

  @Test
  void ranges() {
    assertEquals("RANGE 1.2.3.0-1.2.3.9", entry("1.2.3.0-1.2.3.9"));
    assertEquals("RANGE 1.2.3.0-1.2.3.9", entry("1.2.3.0 - 1.2.3.9"));
    assertEquals("RANGE 1.2.3.0-1.2.3.9", entry("1.2.3.0 -1.2.3.9 # note"));
    assertEquals("RANGE 1.2.3.4-1.2.3.4", entry("1.2.3.4-1.2.3.4"));
    assertEquals("RANGE 0.0.0.0-255.255.255.255", entry("0.0.0.0-255.255.255.255"));
    assertEquals("RANGE 1.2.3.0-1.2.3.9 [x]", entry("1.2.3.0-1.2.3.9\tx"));
    assertEquals("RANGE 1.2.3.0-1.2.3.9 [x]", entry("1.2.3.0-1.2.3.9,x"));
    assertEquals("RANGE 1.2.3.0-1.2.3.9", entry("1.2.3.0,1.2.3.9"));
    assertEquals("RANGE 1.2.3.0-1.2.3.9", entry("1.2.3.0 , 1.2.3.9 "));
    assertEquals("RANGE 3.0.0.0-3.1.255.255 [Amazon AWS]",
        entry("3.0.0.0,3.1.255.255,Amazon AWS,http://www.amazon.com/aws/"));
  }

  @Test
  void labelsFromTheColumnAfterTheEntry() {
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [spam]", entry("1.2.3.4\tspam"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [10]", entry("1.2.3.4\t10"), "ipsum's count column");
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [two words]", entry("1.2.3.4\t  two words \tmore\r"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [x]", entry("1.2.3.4 note\tx"), "column 1 is up to the tab");
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry("1.2.3.4\t\tthird"), "empty label is no label");
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry("1.2.3.4\t   "));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [spam]", entry("1.2.3.4\tspam # from feed X"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry("1.2.3.4\t# only a comment"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [AT&T;Inc#1]", entry("1.2.3.4\tAT&T;Inc#1"),
        "# and ; inside a word are label text");
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [Zürich ✓]", entry("1.2.3.4\tZürich ✓"));
  }

  @Test
  void commaLineWithAWordSecondIsAnAddressWithALabel() {
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [spam]", entry("1.2.3.4,spam"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [spam]", entry("1.2.3.4, spam ,other"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [0.75]", entry("1.2.3.4,0.75"), "one dot: a word");
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [10]", entry("1.2.3.4,10"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [10 apples]", entry("1.2.3.4,10 apples"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry("1.2.3.4,"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry("1.2.3.4, # comment"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [#1]", entry("1.2.3.4,#1"), "# right after a comma is text");
  }

  @Test
  void quotedCommaFields() {
    assertEquals("RANGE 64.5.32.0-64.5.63.255 [ThePlanet.com Internet Services, Inc.]",
        entry("64.5.32.0,64.5.63.255,\"ThePlanet.com Internet Services, Inc.\",http://theplanet.com"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [say \"hi\", ok]", entry("1.2.3.4,\"say \"\"hi\"\", ok\""));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [1.2.3.9]", entry("1.2.3.4,\"1.2.3.9\""),
        "a quoted field is a label, never a range end");
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [x]", entry("1.2.3.4, \"x\" ; comment"));
    ListLineParser third = new ListLineParser(LabelColumn.column(3));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [c,d]", entry(third, "1.2.3.4,\"a,b\",\"c,d\""));
  }

  @Test
  void anotherLabelColumnOrNone() {
    ListLineParser fourth = new ListLineParser(LabelColumn.column(4));
    assertEquals("RANGE 3.0.0.0-3.1.255.255 [http://www.amazon.com/aws/]",
        entry(fourth, "3.0.0.0,3.1.255.255,Amazon AWS,http://www.amazon.com/aws/"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4 [d]", entry(fourth, "1.2.3.4\tb\tc\td\te"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry(fourth, "1.2.3.4\tb\tc"), "no such column");
    assertEquals("CIDR 10.0.0.0-10.255.255.255 [d]", entry(fourth, "10.0.0.0/8,b,c, d ,e"));
    ListLineParser second = new ListLineParser(LabelColumn.column(2));
    assertEquals("RANGE 1.2.3.0-1.2.3.9 [1.2.3.9]", entry(second, "1.2.3.0,1.2.3.9,name"),
        "columns are counted as written");
    ListLineParser none = new ListLineParser(LabelColumn.NONE);
    assertEquals("RANGE 3.0.0.0-3.1.255.255", entry(none, "3.0.0.0,3.1.255.255,Amazon AWS,x"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry(none, "1.2.3.4\tspam"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry(none, "1.2.3.4,spam"));
    assertEquals("ADDRESS 1.2.3.4-1.2.3.4", entry(none, "1.2.3.4\t\u00ff"), "labels not even read");
  }

  @Test
  void labelColumnOptionValues() {
    assertSame(LabelColumn.NONE, LabelColumn.parse("none"));
    assertSame(LabelColumn.DEFAULT, LabelColumn.parse("default"));
    assertEquals("3", LabelColumn.parse("3").toString());
    for (String bad : new String[] {"1", "0", "-2", "x", "", "region"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> LabelColumn.parse(bad));
      assertEquals("label column must be 'none', 'default', a column number from 2 (column 1 is"
          + " the address), or attributes: column numbers (3,4), name=N (region=3, or"
          + " asn=3,org=4) or two or more headings of the lists' header line (asn,org): '" + bad
          + "'", e.getMessage());
    }
    assertEquals("label column must be 2 or more (column 1 is the address): 1",
        assertThrows(IllegalArgumentException.class, () -> LabelColumn.column(1)).getMessage());
  }

  @ParameterizedTest(name = "[{0}]")
  @CsvSource(delimiter = '|', value = {
      "::1                                 | ADDRESS v6 ::1-::1",
      "2001:DB8:0:0:0:0:0:1                | ADDRESS v6 2001:db8::1-2001:db8::1",
      "2001:0db8::0001\t5                  | ADDRESS v6 2001:db8::1-2001:db8::1 [5]",
      "2001:db8::1 # comment               | ADDRESS v6 2001:db8::1-2001:db8::1",
      "2001:db8::1,spam,x                  | ADDRESS v6 2001:db8::1-2001:db8::1 [spam]",
      "8000::/1                            | CIDR v6 8000::-ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
      "::/97                               | CIDR v6 ::-::7fff:ffff",
      "1::/16                              | CIDR v6 1::-1:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
      "::1/128                             | CIDR v6 ::1-::1",
      "2001:db8::/32                       | CIDR v6 2001:db8::-2001:db8:ffff:ffff:ffff:ffff:ffff:ffff",
      "2001:db8:0:1::/64\tlab              | CIDR v6 2001:db8:0:1::-2001:db8:0:1:ffff:ffff:ffff:ffff [lab]",
      "2001:db8::8000:0:0:0/65             | CIDR v6 2001:db8:0:0:8000::-2001:db8::ffff:ffff:ffff:ffff",
      "2001:db8:: / 48 ; SBL1              | CIDR v6 2001:db8::-2001:db8:0:ffff:ffff:ffff:ffff:ffff",
      "2a14:7c3::/32 ; SBL641930           | CIDR v6 2a14:7c3::-2a14:7c3:ffff:ffff:ffff:ffff:ffff:ffff",
      "2001:db8::1-2001:db8::ff            | RANGE v6 2001:db8::1-2001:db8::ff",
      "2001:db8::1 - 2001:db8::ff\tx       | RANGE v6 2001:db8::1-2001:db8::ff [x]",
      "2001:db8::,2001:db8::ff,name,url    | RANGE v6 2001:db8::-2001:db8::ff [name]",
      "::1:0:0:0-1::                       | RANGE v6 ::1:0:0:0-1::",
      "::ffff:ffff:ffff:ffff               | ADDRESS v6 ::ffff:ffff:ffff:ffff-::ffff:ffff:ffff:ffff",
      "::1:0:0                             | ADDRESS v6 ::1:0:0-::1:0:0",
      "::ffff:1.2.3.4                      | ADDRESS 1.2.3.4-1.2.3.4",
      "::FFFF:0102:0304\tmapped            | ADDRESS 1.2.3.4-1.2.3.4 [mapped]",
      "::ffff:10.0.0.0/104                 | CIDR 10.0.0.0-10.255.255.255",
      "::ffff:0:0/96                       | CIDR 0.0.0.0-255.255.255.255",
      "::ffff:1.2.3.4/128                  | CIDR 1.2.3.4-1.2.3.4",
      "::ffff:1.2.3.4-::ffff:1.2.3.9       | RANGE 1.2.3.4-1.2.3.9",
      "::ffff:1.2.3.4-1.2.3.9              | RANGE 1.2.3.4-1.2.3.9",
      "1.2.3.4-::ffff:1.2.3.9              | RANGE 1.2.3.4-1.2.3.9",
      "1.2.3.4,::ffff:1.2.3.9,n            | RANGE 1.2.3.4-1.2.3.9 [n]",
      "::1.2.3.4                           | ADDRESS v6 ::102:304-::102:304",
      "2002:102:304::/48                   | CIDR v6 2002:102:304::-2002:102:304:ffff:ffff:ffff:ffff:ffff",
      "64:ff9b::1.2.3.4                    | ADDRESS v6 64:ff9b::102:304-64:ff9b::102:304",
      "2001:0:4136:e378::1                 | ADDRESS v6 2001:0:4136:e378::1-2001:0:4136:e378::1",
      "::fffe:ffff:ffff-::fffe:ffff:ffff   | RANGE v6 ::fffe:ffff:ffff-::fffe:ffff:ffff",
      "::1:0:0:0/96                        | CIDR v6 ::1:0:0:0-::1:0:ffff:ffff",
  })
  void ipv6Entries(String line, String expected) {
    assertEquals(expected, entry(line.replace("\\t", "\t")));
    assertNull(parser.error());
  }

  @Test
  void ipv6KeysAreFlippedHalvesInSignedOrder() {
    parse("::-::1");
    assertTrue(parser.isIpv6());
    assertEquals(Long.MIN_VALUE, parser.startHiKey());
    assertEquals(Long.MIN_VALUE, parser.startLoKey());
    assertEquals(Long.MIN_VALUE + 1, parser.endLoKey());
    parse("ffff::/16");
    assertEquals(Long.MAX_VALUE, parser.endHiKey());
    assertEquals(Long.MAX_VALUE, parser.endLoKey());
    parse("0:0:0:0:7fff:ffff:ffff:ffff-0:0:0:1::");
    assertEquals(Long.MIN_VALUE, parser.startHiKey());
    assertEquals(-1L, parser.startLoKey());
    assertEquals(Long.MIN_VALUE + 1, parser.endHiKey());
    assertEquals(Long.MIN_VALUE, parser.endLoKey());
    parse("1.2.3.4");
    assertFalse(parser.isIpv6(), "the family is reset for every line");
  }

  @ParameterizedTest(name = "[{0}]")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "010.1.2.3                  | address: leading zeros are ambiguous (octal to inet_aton): '010.1.2.3'",
      "1.2.3.04\tx               | address: leading zeros are ambiguous (octal to inet_aton): '1.2.3.04\\x09x'",
      "1.2.3.256                  | address: octet 4 is 256, above 255: '1.2.3.256'",
      "1.2.3                      | address: 3 octets, expected 4: '1.2.3'",
      "1.2.3.4.5                  | address: 5 octets, expected 4: '1.2.3.4.5'",
      "1.2.3.4x                   | address: unexpected character 'x': '1.2.3.4x'",
      "1.2.3.4:80                 | address: unexpected character ':': '1.2.3.4:80'",
      "1..3.4                     | address: empty octet 2: '1..3.4'",
      "1.2.3.1234                 | address: octet 4 has more than 3 digits: '1.2.3.1234'",
      "hello                      | not an IPv4 or IPv6 address, block or range: 'hello'",
      "host.example.com\tx        | not an IPv4 or IPv6 address, block or range: 'host.example.com\\x09x'",
      "1.2.3.4/33                 | block prefix: 33 is out of range (0 to 32): '1.2.3.4/33'",
      "1.2.3.4/100                | block prefix: 100 is out of range (0 to 32): '1.2.3.4/100'",
      "1.2.3.0/                   | block prefix: missing: '1.2.3.0/'",
      "1.2.3.0/x                  | block prefix: not a number from 0 to 32: '1.2.3.0/x'",
      "1.2.3.0/24x                | block prefix: not a number from 0 to 32: '1.2.3.0/24x'",
      "1.2.3.0/024                | block prefix: not a number from 0 to 32 (leading zero): '1.2.3.0/024'",
      "10.0.0.1/8                 | 10.0.0.1/8 has host bits set; the block is 10.0.0.0/8: '10.0.0.1/8'",
      "1.2.3.4 / 24\tx            | 1.2.3.4/24 has host bits set; the block is 1.2.3.0/24: '1.2.3.4 / 24\\x09x'",
      "1.2.3.4/0                  | 1.2.3.4/0 has host bits set; the block is 0.0.0.0/0: '1.2.3.4/0'",
      "1.2.03.0/24                | block address: leading zeros are ambiguous (octal to inet_aton): '1.2.03.0/24'",
      "/24                        | block address: missing: '/24'",
      "1.2.3.9-1.2.3.0            | range end before start: '1.2.3.9-1.2.3.0'",
      "1.2.3.9,1.2.3.0,name       | range end before start: '1.2.3.9,1.2.3.0,name'",
      "1.2.3.0-                   | range end: missing: '1.2.3.0-'",
      "1.2.3.0 - 1.2.3.09         | range end: leading zeros are ambiguous (octal to inet_aton): '1.2.3.0 - 1.2.3.09'",
      "1.2.3.0-1.2.3.9-1.2.3.20   | range end: unexpected character '-': '1.2.3.0-1.2.3.9-1.2.3.20'",
      "1.2.3.0-::1                | range mixes IPv4 and IPv6: '1.2.3.0-::1'",
      "1.2.3.0-abc                | range end: not an IPv4 address: '1.2.3.0-abc'",
      "1.2.3.0,1.2.3              | range end: 3 octets, expected 4: '1.2.3.0,1.2.3'",
      "1.2.3.0,1.2.3.9\tname     | range end: unexpected character '\\x09': '1.2.3.0,1.2.3.9\\x09name'",
      "1.2.3.0,1.2.3.9 x,name     | range end: unexpected character ' ': '1.2.3.0,1.2.3.9 x,name'",
      "1.2.3.0,::1,name           | range mixes IPv4 and IPv6: '1.2.3.0,::1,name'",
      "::1-1.2.3.4                | range mixes IPv4 and IPv6: '::1-1.2.3.4'",
      "2001:db8::,1.2.3.4,x       | range mixes IPv4 and IPv6: '2001:db8::,1.2.3.4,x'",
      "fe80::1%eth0               | zone id not allowed in a list: 'fe80::1%eth0'",
      "fe80::1%eth0\tlab          | zone id not allowed in a list: 'fe80::1%eth0\\x09lab'",
      "fe80::%1/64                | zone id not allowed in a list: 'fe80::%1/64'",
      "fe80::1-fe80::9%2          | zone id not allowed in a list: 'fe80::1-fe80::9%2'",
      "2001:db8::1/32             | 2001:db8::1/32 has host bits set; the block is 2001:db8::/32: '2001:db8::1/32'",
      "2001:db8::1/0              | 2001:db8::1/0 has host bits set; the block is ::/0: '2001:db8::1/0'",
      "::ffff:10.0.0.1/104        | ::ffff:10.0.0.1/104 has host bits set; the block is ::ffff:10.0.0.0/104: '::ffff:10.0.0.1/104'",
      "2001:db8::/129             | block prefix: 129 is out of range (0 to 128): '2001:db8::/129'",
      "2001:db8::/064             | block prefix: not a number from 0 to 128 (leading zero): '2001:db8::/064'",
      "2001:db8::/                | block prefix: missing: '2001:db8::/'",
      "2001:db8::9-2001:db8::1    | range end before start: '2001:db8::9-2001:db8::1'",
      "2001:db8::-                | range end: missing: '2001:db8::-'",
      "2001:db8:::1               | address: three colons in a row: '2001:db8:::1'",
      "1::2::3/64                 | block address: two '::': '1::2::3/64'",
      "::/0                       | MALFORMED_EDGE",
      "::/64                      | MALFORMED_EDGE",
      "::fffe:0:0/95              | MALFORMED_EDGE",
      "::ffff:0:0/95              | ::ffff:0.0.0.0/95 has host bits set; the block is ::fffe:0:0/95: '::ffff:0:0/95'",
      "::fffe:ffff:ffff-::ffff:0:0 | MALFORMED_EDGE",
      "::ffff:255.255.255.255-::1:0:0:0 | MALFORMED_EDGE",
      "::-1.2.3.4                 | range mixes IPv4 and IPv6: '::-1.2.3.4'",
      "01.2.3.0-1.2.3.9           | range start: leading zeros are ambiguous (octal to inet_aton): '01.2.3.0-1.2.3.9'",
      "-1.2.3.4                   | range start: missing: '-1.2.3.4'",
      "a-b                        | range start: not an IPv4 address: 'a-b'",
      "1.2.3,1.2.3.9              | range start: 3 octets, expected 4: '1.2.3,1.2.3.9'",
      "1.2.3,spam                 | address: 3 octets, expected 4: '1.2.3,spam'",
      "1.2.3.4,\"unterminated     | label: unterminated quote: '1.2.3.4,\"unterminated'",
      "1.2.3.4,\"a\"b,c           | label: text after the closing quote: '1.2.3.4,\"a\"b,c'",
      "1.2.3.4,1.2.3.5,\"a\\tb\"    | label: control byte \\x09 not allowed (a label is written as one TAB-separated column): '1.2.3.4,1.2.3.5,\"a\\x09b\"'",
  })
  void errorsNameTheRealReason(String line, String message) {
    String real = line.replace("\\t", "\t");
    assertEquals(LineKind.MALFORMED, parse(real));
    if (message.equals("MALFORMED_EDGE")) {
      String what = real.contains("/") ? "block" : "range";
      message = what + " crosses the edge of ::ffff:0:0/96, the IPv4-mapped addresses that a list"
          + " reads as IPv4; give that part as IPv4 entries and the rest as IPv6 entries outside"
          + " it: '" + real + "'";
    }
    assertEquals(message, parser.error());
    assertFalse(parser.hasLabel());
  }

  @Test
  void errorTextEscapesControlBytesAndIsAbbreviated() {
    byte[] line = {'1', '.', '2', '.', '3', 0, 'x', 0x1B, '\r'};
    assertEquals(LineKind.MALFORMED, parser.parse(line, 0, line.length));
    assertEquals("address: unexpected character '\\x00': '1.2.3\\x00x\\x1B'", parser.error());

    byte[] latin1 = "1.2.3.4\tZ\u00fcrich".getBytes(StandardCharsets.ISO_8859_1);
    assertEquals(LineKind.MALFORMED, parser.parse(latin1, 0, latin1.length));
    assertEquals("label: not valid UTF-8: '1.2.3.4\\x09Z\\xFCrich'", parser.error());

    String longLine = "x".repeat(500);
    parse(longLine);
    assertEquals("not an IPv4 or IPv6 address, block or range: '" + "x".repeat(200)
        + "… (500 bytes)'",
        parser.error());
  }

  @Test
  void parsesOneLineOfALargerBufferAndResetsBetweenLines() {
    byte[] b = "1.1.1.1\tone\n10.0.0.0/8\r\nbad\n".getBytes(StandardCharsets.US_ASCII);
    assertEquals(LineKind.ADDRESS, parser.parse(b, 0, 11));
    assertEquals("one", parser.label());
    assertSame(b, parser.labelBytes(), "the label points into the caller's buffer");
    assertEquals(8, parser.labelFrom());
    assertEquals(11, parser.labelTo());
    assertEquals(LineKind.CIDR, parser.parse(b, 12, 23));
    assertFalse(parser.hasLabel());
    assertNull(parser.label());
    assertEquals(Ipv4Codec.parseKey("10.255.255.255"), parser.endKey());
    assertEquals(LineKind.MALFORMED, parser.parse(b, 24, 27));
    assertEquals(LineKind.MALFORMED, parser.kind());
    assertEquals(LineKind.ADDRESS, parser.parse(b, 0, 7));
    assertNull(parser.error());
  }

  @Test
  void keysAreSignedAndOrdered() {
    parse("0.0.0.0-255.255.255.255");
    assertEquals(Integer.MIN_VALUE, parser.startKey());
    assertEquals(Integer.MAX_VALUE, parser.endKey());
    parse("127.255.255.255,128.0.0.0");
    assertEquals(-1, parser.startKey());
    assertEquals(0, parser.endKey());
  }

  @Test
  void randomLinesNeverThrowAndAlwaysSayWhatTheyAre() {
    String[] pieces = {"1.2.3.4", "10.0.0.0", "255.255.255.255", "0.0.0.0", "01.2.3.4", "1.2.3",
        "::1", "/", "/8", "/33", "/0", "-", " - ", ",", ", ", "\"", "\"a,b\"", "\"\"", "\t", " ",
        "2001:db8::", "::ffff:", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "/64", "/128", "/96",
        "%eth0", ":", "::", "1:2:3:4:5:6:7:8",
        "#", ";", "x", "\u00fc", "\u00c3", "\r", "9", ".", "-255.255.255.255", ",255.255.255.255"};
    java.util.SplittableRandom random = new java.util.SplittableRandom(11);
    ListLineParser[] parsers = {parser, new ListLineParser(LabelColumn.NONE),
        new ListLineParser(LabelColumn.column(3))};
    int[] kinds = new int[LineKind.values().length];
    for (int n = 0; n < 30_000; n++) {
      StringBuilder text = new StringBuilder();
      for (int k = random.nextInt(9); k >= 0; k--) {
        text.append(pieces[random.nextInt(pieces.length)]);
      }
      byte[] line = text.toString().getBytes(StandardCharsets.ISO_8859_1);
      for (ListLineParser p : parsers) {
        LineKind kind = p.parse(line, 0, line.length);
        kinds[kind.ordinal()]++;
        String context = new String(line, StandardCharsets.ISO_8859_1);
        if (kind == LineKind.MALFORMED) {
          assertTrue(p.error().endsWith("'") && p.error().contains(": '"), context);
          assertFalse(p.error().chars().anyMatch(c -> c < 0x20), context);
        } else {
          assertNull(p.error(), context);
        }
        if (kind.isEntry() && p.isIpv6()) {
          assertTrue(p.startHiKey() < p.endHiKey()
              || p.startHiKey() == p.endHiKey() && p.startLoKey() <= p.endLoKey(), context);
        } else if (kind.isEntry()) {
          assertTrue(p.startKey() <= p.endKey(), context);
          if (p.hasLabel()) {
            assertTrue(p.labelFrom() < p.labelTo(), context);
            assertTrue(Utf8Text.isValid(p.labelBytes(), p.labelFrom(), p.labelTo()), context);
          }
        } else {
          assertFalse(p.hasLabel(), context);
        }
      }
    }
    for (LineKind kind : LineKind.values()) {
      assertTrue(kinds[kind.ordinal()] > 100, kind + " " + java.util.Arrays.toString(kinds));
    }
  }

  @Test
  void bareAddressLinesAgreeWithIpCodec() {
    java.util.SplittableRandom random = new java.util.SplittableRandom(5);
    String[] octets = {"0", "00", "01", "1", "9", "10", "010", "99", "100", "199", "255", "256",
        "300", "999", "1000", ""};
    for (int n = 0; n < 50_000; n++) {
      StringBuilder text = new StringBuilder();
      for (int k = 0; k < 4; k++) {
        text.append(k == 0 ? "" : ".").append(octets[random.nextInt(octets.length)]);
      }
      byte[] b = text.toString().getBytes(StandardCharsets.US_ASCII);
      long expected = Ipv4Codec.parseAddress(b, 0, b.length);
      LineKind kind = parser.parse(b, 0, b.length);
      if (expected == Ipv4Codec.NOT_IPV4) {
        assertEquals(LineKind.MALFORMED, kind, text.toString());
      } else {
        assertEquals(LineKind.ADDRESS, kind, text.toString());
        assertEquals(Ipv4Codec.toKey(expected), parser.startKey(), text.toString());
        assertEquals(parser.startKey(), parser.endKey());
      }
    }
  }
}
