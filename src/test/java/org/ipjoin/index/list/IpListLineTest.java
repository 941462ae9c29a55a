package org.ipjoin.index.list;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.ipjoin.index.list.IpListLine.Kind;
import org.ipjoin.ip.IpCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IpListLineTest {

  /** Classifies one line given as Java text; {@code \t}, {@code \r} escapes are real bytes here. */
  private static long parse(String line) {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return IpListLine.parse(b, 0, b.length);
  }

  private static long address(String dotted) {
    return IpCodec.toAddress(IpCodec.parseKey(dotted));
  }

  @Test
  void addressLinesInTheirUsualShapes() {
    long a = address("1.2.3.4");
    assertEquals(a, parse("1.2.3.4"));
    assertEquals(a, parse("1.2.3.4\r"), "CRLF file");
    assertEquals(a, parse("  1.2.3.4  "), "surrounding spaces");
    assertEquals(a, parse("\t1.2.3.4\t\r"), "surrounding tabs and CR");
    assertEquals(a, parse("1.2.3.4 # seen twice"), "inline comment");
    assertEquals(a, parse("1.2.3.4#x"), "inline comment without space");
    assertEquals(a, parse("1.2.3.4;x"), "inline ; comment");
    assertEquals(a, parse("1.2.3.4\t10"), "ipsum: ip<TAB>count");
    assertEquals(a, parse("1.2.3.4 extra columns here"), "more columns");
    assertEquals(address("77.90.185.20"), parse("77.90.185.20\t10"));
    assertEquals(0L, parse("0.0.0.0"));
    assertEquals(0xFFFF_FFFFL, parse("255.255.255.255\r"));
    assertEquals(Kind.ADDRESS, Kind.of(parse("1.2.3.4")));
  }

  @Test
  void blankLines() {
    for (String line : new String[] {"", "\r", "   ", "\t\t", " \t \r"}) {
      assertEquals(Kind.BLANK.code, parse(line), "[" + line + "]");
    }
    assertTrue(Kind.BLANK.isIgnorable());
  }

  @Test
  void comments() {
    for (String line : new String[] {"#", "# IPsum Threat Intelligence Feed", "; a comment",
        "  # indented", "\t;tabbed", "#1.2.3.4", "# IP\tnumber of (black)lists\r"}) {
      assertEquals(Kind.COMMENT.code, parse(line), "[" + line + "]");
    }
    assertTrue(Kind.COMMENT.isIgnorable());
  }

  @ParameterizedTest(name = "[{0}] is {1}")
  @CsvSource(delimiter = '|', value = {
      "::1                                              | IPV6",
      "2001:db8::1                                      | IPV6",
      "2001:db8::1\t5                                   | IPV6",
      "::1/128                                          | IPV6",
      "2001:db8::/32                                    | IPV6",
      "::ffff:1.2.3.4                                   | IPV6",
      "10.0.0.0/8                                       | CIDR",
      "1.2.3.0/24 # office                              | CIDR",
      "1.2.3.4-1.2.3.9                                  | RANGE",
      "1.2.3.4,1.2.3.9                                  | RANGE",
      "3.0.0.0,3.1.255.255,Amazon AWS,http://aws.amazon.com | RANGE",
      "hello                                            | MALFORMED",
      "1.2.3                                            | MALFORMED",
      "01.2.3.4                                         | MALFORMED",
      "256.0.0.1                                        | MALFORMED",
      "1.2.3.4x                                         | MALFORMED",
      "-1.2.3.4                                         | MALFORMED",
      "a-b                                              | MALFORMED",
      "1.2.3/24                                         | MALFORMED",
      "1.2.3.4:80                                       | MALFORMED",
  })
  void nonAddressesAreClassifiedSoTheErrorSaysWhatTheyAre(String line, Kind kind) {
    String real = line.replace("\\t", "\t");
    long parsed = parse(real);
    assertEquals(kind.code, parsed);
    assertEquals(kind, Kind.of(parsed));
    assertFalse(kind.isIgnorable());
  }

  @Test
  void parsesARangeOfALongerBuffer() {
    byte[] b = "1.1.1.1\n9.8.7.6\t3\r\n".getBytes(StandardCharsets.US_ASCII);
    assertEquals(address("1.1.1.1"), IpListLine.parse(b, 0, 7));
    assertEquals(address("9.8.7.6"), IpListLine.parse(b, 8, b.length - 1));
  }

  @Test
  void fieldEndsAtTheFirstSeparator() {
    byte[] b = "1.2.3.4\tx y".getBytes(StandardCharsets.US_ASCII);
    assertEquals(7, IpListLine.fieldEnd(b, 0, b.length));
    byte[] noSeparator = "abc".getBytes(StandardCharsets.US_ASCII);
    assertEquals(3, IpListLine.fieldEnd(noSeparator, 0, 3));
  }

  @Test
  void kindCodesMapBack() {
    for (Kind k : Kind.values()) {
      if (k != Kind.ADDRESS) {
        assertEquals(k, Kind.of(k.code));
      }
    }
    assertEquals(Kind.ADDRESS, Kind.of(0));
    assertEquals(Kind.ADDRESS, Kind.of(0xFFFF_FFFFL));
  }

  @Test
  void anAddressFollowedByACommaAndALabelIsMalformedNotARange() {
    assertEquals(Kind.MALFORMED.code, parse("1.2.3.4,botnet"));
    assertEquals(Kind.MALFORMED.code, parse("1.2.3.4,"));
    assertEquals(Kind.RANGE.code, parse("1.2.3.4,1.2.3.9"));
    assertEquals(Kind.RANGE.code, parse("3.0.0.0,3.1.255.255,Amazon"));
    assertEquals(Kind.RANGE.code, parse("1.2.3.4-1.2.3.9"));
  }

  @Test
  void whyAMalformedLineIsNotAnAddress() {
    assertEquals("the address 1.2.3.4 is followed by ','; columns are separated by tab or space",
        IpListLine.whyMalformed("1.2.3.4,botnet".getBytes(StandardCharsets.US_ASCII)));
    assertEquals("the address 1.2.3.4 is followed by ':'; columns are separated by tab or space",
        IpListLine.whyMalformed("  1.2.3.4:80\r".getBytes(StandardCharsets.US_ASCII)));
    assertEquals("the address 1.2.3.4 is followed by '\\x00'; columns are separated by tab or space",
        IpListLine.whyMalformed("1.2.3.4\u0000".getBytes(StandardCharsets.ISO_8859_1)));
    assertEquals("5 octets, expected 4",
        IpListLine.whyMalformed("1.2.3.4.5".getBytes(StandardCharsets.US_ASCII)));
    assertTrue(IpListLine.whyMalformed("010.0.0.1".getBytes(StandardCharsets.US_ASCII))
        .startsWith("leading zero in octet 1 (ambiguous: octal or decimal; inet_aton reads it as"
            + " octal"));
    assertTrue(IpListLine.whyMalformed("1.2.3.4\r5.6.7.8".getBytes(StandardCharsets.US_ASCII))
        .startsWith("the line holds a CR (\\x0D) byte"));
  }
}
