package org.ipjoin.job.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ClientIpLocatorsTest {

  /** Bytes around the record in the buffer: the locators must read neither. */
  private static final String BEFORE = "1.1.1.1 LEADING\tGARBAGE,BEFORE START\n";

  /**
   * The located field as a String, or null when the locator says there is none. The record sits
   * inside a larger buffer, as a line of a block does.
   */
  private static String field(String spec, String record) {
    byte[] bytes = (BEFORE + record + "TRAILING GARBAGE BEYOND LENGTH")
        .getBytes(StandardCharsets.ISO_8859_1);
    int from = BEFORE.length();
    int to = from + record.length();
    ClientIpLocator.Range range = new ClientIpLocator.Range();
    if (!ClientIpLocators.fromSpec(spec).locate(bytes, from, to, range)) {
      return null;
    }
    assertTrue(range.from >= from && range.from <= range.to && range.to <= to, range.toString());
    return new String(bytes, range.from, range.to - range.from, StandardCharsets.ISO_8859_1);
  }

  @Test
  void combinedIsTheFirstSpaceDelimitedField() {
    assertEquals("1.2.3.4", field("combined", "1.2.3.4 - - [x] \"GET /\""));
    assertEquals("2001:db8::1", field("combined", "2001:db8::1 - frank [x]"));
    assertEquals("1.2.3.4", field("combined", "1.2.3.4"));
    assertEquals("1.2.3.4\t-", field("combined", "1.2.3.4\t- x"), "tabs are not separators here");
    assertEquals(null, field("combined", ""));
    assertEquals(null, field("combined", " 1.2.3.4 -"));
    // A leading UTF-8 BOM (as ISO-8859-1 chars) is skipped; elsewhere it stays part of the field.
    assertEquals("1.2.3.4", field("combined", "\u00EF\u00BB\u00BF1.2.3.4 - -"));
    assertEquals(null, field("combined", "\u00EF\u00BB\u00BF"));
    assertEquals(null, field("combined", "\u00EF\u00BB\u00BF 1.2.3.4"));
    assertEquals("1.2.3.4\u00EF\u00BB\u00BF", field("combined", "1.2.3.4\u00EF\u00BB\u00BF -"));
  }

  @Test
  void tsvAndCsvColumnsAreOneBased() {
    assertEquals("a", field("tsv:1", "a\tb\tc"));
    assertEquals("b", field("tsv:2", "a\tb\tc"));
    assertEquals("c", field("tsv:3", "a\tb\tc"));
    assertEquals(null, field("tsv:4", "a\tb\tc"));
    assertEquals("", field("tsv:2", "a\t\tc"));
    assertEquals("", field("tsv:3", "a\tb\t"));
    assertEquals("9.9.9.9", field("csv:2", "x,9.9.9.9,\"q\""));
    assertEquals("\"a", field("csv:1", "\"a,b\",1.2.3.4"), "no quoting: documented");
  }

  @Test
  void tsvAndCsvColumnsAreTrimmedLikeAListLine() {
    assertEquals("1.2.3.4", field("csv:2", "x, 1.2.3.4"));
    assertEquals("1.2.3.4", field("csv:2", "x,\t 1.2.3.4  ,y"));
    assertEquals("1.2.3.4", field("tsv:2", "x\t  1.2.3.4 \ty"));
    assertEquals("1.2.3.4", field("tsv:2", "x\t1.2.3.4\r"), "a CRLF file's last column");
    assertEquals("1.2.3.4", field("csv:1", " 1.2.3.4 "));
    assertEquals("", field("csv:2", "x,   ,y"), "only spaces: an empty field");
    assertEquals("1.2 .3.4", field("csv:2", "x, 1.2 .3.4 "), "inner spaces stay");
  }

  @Test
  void regexUsesTheFirstCaptureGroup() {
    assertEquals("5.6.7.8", field("regex:client=(\\S+)", "ts=1 client=5.6.7.8 path=/"));
    assertEquals(null, field("regex:client=(\\S+)", "ts=1 path=/"));
    assertEquals(null, field("regex:client=(\\S+)?x", "client=x"), "group did not participate");
    assertEquals("1.2.3.4", field("regex:^(\\S+) ", "1.2.3.4 \u00ff\u00fe"));
    assertEquals(null, field("regex:^(\\S+) ", "1.2.3.4"), "the trailing space is kept");
    // Offsets are byte offsets even after non-ASCII bytes.
    assertEquals("1.2.3.4", field("regex:\u00e9 (\\S+)", "caf\u00e9 1.2.3.4"));
  }

  /** The field as located, with {@code bracketed:} in front when brackets were taken off. */
  private static String located(String spec, String record) {
    byte[] bytes = (BEFORE + record + "]:1 TRAILING").getBytes(StandardCharsets.ISO_8859_1);
    ClientIpLocator.Range range = new ClientIpLocator.Range();
    int from = BEFORE.length();
    if (!ClientIpLocators.fromSpec(spec).locate(bytes, from, from + record.length(), range)) {
      return null;
    }
    String text = new String(bytes, range.from, range.to - range.from, StandardCharsets.ISO_8859_1);
    return range.bracketed ? "bracketed:" + text : text;
  }

  @Test
  void everyFormatTakesAnIpv6LiteralOutOfItsBracketsAndDropsThePortAfterThem() {
    String[][] specAndRecord = {
        {"combined", "%s - - [23/Nov/2026:06:00:00 +0000] \"GET / HTTP/1.1\" 200 1"},
        {"tsv:2", "2026-11-23\t%s\tGET"},
        {"csv:2", "2026-11-23, %s ,GET"},
        {"regex:client=(\\S+)", "ts=1 client=%s path=/"},
    };
    for (String[] sr : specAndRecord) {
      String spec = sr[0];
      String format = sr[1];
      assertEquals("2001:db8::1", located(spec, String.format(format, "2001:db8::1")), spec);
      assertEquals("bracketed:2001:db8::1", located(spec, String.format(format, "[2001:db8::1]")), spec);
      assertEquals("bracketed:2001:db8::1", located(spec, String.format(format, "[2001:db8::1]:443")), spec);
      assertEquals("bracketed:::ffff:1.2.3.4", located(spec, String.format(format, "[::ffff:1.2.3.4]:0")), spec);
      assertEquals("bracketed:fe80::1%eth0", located(spec, String.format(format, "[fe80::1%eth0]:65535")),
          spec + ": the zone id stays, for the parser to refuse");
      assertEquals("bracketed:1.2.3.4", located(spec, String.format(format, "[1.2.3.4]")),
          spec + ": brackets are taken off, the mapper then refuses IPv4 in them");
      // Not a bracketed literal and an optional port: left as it is (then malformed).
      for (String asItIs : new String[] {"[2001:db8::1]:65536", "[2001:db8::1]:", "[2001:db8::1]:44a",
          "[2001:db8::1]:123456", "[2001:db8::1]x", "[2001:db8::1", "2001:db8::1]", "[",
          "2001:db8::1:443", "1.2.3.4:80", "[2001:db8::1]]"}) {
        assertEquals(asItIs, located(spec, String.format(format, asItIs)), spec + " " + asItIs);
      }
    }
    assertEquals("bracketed:", located("combined", "[] - -"), "empty brackets: an empty field");
  }

  @Test
  void badSpecsAreRejectedWithTheSpecInTheMessage() {
    for (String spec : new String[] {"json", "tsv:", "tsv:0", "csv:-1", "csv:x", "regex:(", "regex:abc"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> ClientIpLocators.fromSpec(spec));
      assertTrue(e.getMessage().contains("bad format '" + spec + "'"), e.getMessage());
    }
  }

  @Test
  void specIsReported() {
    assertEquals("combined", ClientIpLocators.fromSpec("combined").spec());
    assertEquals("tsv:3", ClientIpLocators.fromSpec("tsv:3").spec());
    assertFalse(ClientIpLocators.fromSpec("regex:(x)").spec().isEmpty());
  }
}
