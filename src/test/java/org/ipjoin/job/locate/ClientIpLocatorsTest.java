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
    assertEquals("a", field("csv:1", "\"a\",1.2.3.4"), "RFC 4180 quoting");
    assertEquals("1.2.3.4", field("csv:2", "\"a,b\",1.2.3.4"), "a quoted comma splits no column");
    // A quoted column holding a comma is a chain of addresses (X-Forwarded-For): the first hop.
    assertEquals("203.0.113.7", field("csv:1", "\"203.0.113.7, 10.0.0.2\",x"), "a chain");
    assertEquals("\"a", field("tsv:1", "\"a\tb"), "no quoting in TSV");
  }

  @Test
  void csvColumnsFollowRfc4180Quoting() {
    assertEquals("1.2.3.4", field("csv:2", "\"x\",\"1.2.3.4\""));
    assertEquals("1.2.3.4", field("csv:3", "\"a,\"\"b\"\",c\",\"\",1.2.3.4"));
    assertEquals("1.2.3.4", field("csv:2", "x, \"1.2.3.4\" ,y"));
    assertEquals("2001:db8::1", field("csv:2", "x,\"[2001:db8::1]:443\""));
    assertEquals(null, field("csv:2", "\"a,b,1.2.3.4"), "an unclosed quote before the column");
    assertEquals(null, field("csv:2", "a,\"1.2.3.4"), "an unclosed quote at the column");
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
        {"ws:3", "2026-11-23 \"GET / HTTP/1.1\"\t%s  GET"},
        {"json:c", "{\"c\":\"%s\"}"},
        {"regex:client=(\\S+)", "ts=1 client=%s path=/"},
    };
    for (String[] sr : specAndRecord) {
      String spec = sr[0];
      String format = sr[1];
      assertEquals("2001:db8::1", located(spec, String.format(format, "2001:db8::1")), spec);
      assertEquals("bracketed:2001:db8::1", located(spec, String.format(format, "[2001:db8::1]")), spec);
      assertEquals("bracketed:2001:db8::1", located(spec, String.format(format, "[2001:db8::1]:443")), spec);
      assertEquals("bracketed:::ffff:1.2.3.4", located(spec, String.format(format, "[::ffff:1.2.3.4]:0")), spec);
      assertEquals("bracketed:fe80::1", located(spec, String.format(format, "[fe80::1%eth0]:65535")),
          spec + ": the zone id is dropped");
      assertEquals("bracketed:fe80::1", located(spec, String.format(format, "[fe80::1%25eth0]")),
          spec + ": the zone id in its URL form too");
      assertEquals("bracketed:fe80::1%", located(spec, String.format(format, "[fe80::1%]")),
          spec + ": an empty zone id stays, for the parser to refuse");
      assertEquals("bracketed:1.2.3.4", located(spec, String.format(format, "[1.2.3.4]")),
          spec + ": brackets are taken off, the mapper then refuses IPv4 in them");
      // Not a bracketed literal and an optional port: left as it is (then malformed).
      for (String asItIs : new String[] {"[2001:db8::1]:65536", "[2001:db8::1]:", "[2001:db8::1]:44a",
          "[2001:db8::1]:123456", "[2001:db8::1]x", "[2001:db8::1", "2001:db8::1]", "[",
          "2001:db8::1:443", "[2001:db8::1]]"}) {
        boolean unclosed = asItIs.startsWith("[") && !asItIs.contains("]");
        // ws:N reads a field from '[' to ']': an unclosed one is no field at all.
        String expected = unclosed && spec.startsWith("ws:") ? null : asItIs;
        assertEquals(expected, located(spec, String.format(format, asItIs)), spec + " " + asItIs);
      }
    }
    assertEquals("bracketed:", located("combined", "[] - -"), "empty brackets: an empty field");
  }

  @Test
  void everyFormatDropsThePortOfAnAddressWithoutBracketsAndAZoneId() {
    String[][] specAndRecord = {
        {"combined", "%s - - [23/Nov/2026:06:00:00 +0000] \"GET / HTTP/1.1\" 200 1"},
        {"tsv:2", "2026-11-23\t%s\tGET"},
        {"csv:2", "2026-11-23, %s ,GET"},
        {"ws:3", "2026-11-23   x  %s   GET"},
        {"json:client.ip", "{\"client\": {\"ip\": \"%s\"}}"},
        {"regex:client=(\\S+)", "ts=1 client=%s path=/"},
    };
    String[][] writtenAndAddress = {
        {"192.0.2.1:8080", "192.0.2.1"},
        {"192.0.2.1:0", "192.0.2.1"},
        {"192.0.2.1:65535", "192.0.2.1"},
        {"192.0.2.1#53", "192.0.2.1"},
        {"2001:db8::1#53", "2001:db8::1"},
        {"fe80::1%eth0", "fe80::1"},
        {"fe80::1%25eth0", "fe80::1"},
        {"fe80::1%eth0#53", "fe80::1"},
        {"::ffff:192.0.2.1%3", "::ffff:192.0.2.1"},
        // Left as they are, for the parsers to call malformed (or, the last one, read as IPv6).
        {"192.0.2.1:65536", "192.0.2.1:65536"},
        {"192.0.2.1:", "192.0.2.1:"},
        {"192.0.2.1#", "192.0.2.1#"},
        {"192.0.2.1:123456", "192.0.2.1:123456"},
        {"192.0.2.1:8a", "192.0.2.1:8a"},
        {"192.0.2.1%eth0", "192.0.2.1%eth0"},
        {"fe80::1%", "fe80::1%"},
        {"2001:db8::1:443", "2001:db8::1:443"},
    };
    for (String[] sr : specAndRecord) {
      for (String[] wa : writtenAndAddress) {
        assertEquals(wa[1], located(sr[0], String.format(sr[1], wa[0])), sr[0] + " " + wa[0]);
      }
    }
  }

  /** Whether the located field says "no address"; null when it is not located at all. */
  private static Boolean absent(String spec, String record) {
    byte[] bytes = (BEFORE + record + "TRAILING").getBytes(StandardCharsets.ISO_8859_1);
    ClientIpLocator.Range range = new ClientIpLocator.Range();
    range.absent = true; // stale from an earlier record: each locate must reset it
    int from = BEFORE.length();
    if (!ClientIpLocators.fromSpec(spec).locate(bytes, from, from + record.length(), range)) {
      return null;
    }
    return range.absent;
  }

  @Test
  void anEmptyFieldOrADashIsAbsentNotMalformed() {
    assertEquals(true, absent("combined", "- - - [23/Nov/2026:06:00:00 +0000] \"GET /\" 200 1"));
    assertEquals(false, absent("combined", "-- - -"));
    assertEquals(false, absent("combined", "1.2.3.4 - -"));
    assertEquals(false, absent("combined", "x - -"), "malformed is not absent");
    assertEquals(null, absent("combined", " - -"));
    assertEquals(true, absent("tsv:2", "a\t\tb"));
    assertEquals(true, absent("tsv:2", "a\t-\tb"));
    assertEquals(true, absent("csv:2", "a, - ,b"));
    assertEquals(null, absent("csv:4", "a,-,b"), "no such column: malformed");
    assertEquals(true, absent("ws:2", "a \"-\" b"));
    assertEquals(true, absent("ws:2", "a \"\" b"));
    assertEquals(true, absent("ws:2", "a - b"));
    assertEquals(true, absent("json:ip", "{\"ip\": null}"));
    assertEquals(true, absent("json:ip", "{\"ip\": \"\"}"));
    assertEquals(true, absent("json:ip", "{\"ip\":\"-\"}"));
    assertEquals(false, absent("json:ip", "{\"ip\": \"nul\"}"));
    assertEquals(true, absent("regex:ip=(\\S*)", "ip= x"));
    assertEquals(false, absent("regex:ip=(\\S*)", "ip=1.2.3.4 x"));
  }

  @Test
  void regexTakesTheFirstGroupThatMatched() {
    String sshd = "regex:from (\\S+) port|rhost=(\\S+)";
    assertEquals("203.0.113.9", field(sshd,
        "Nov 23 06:00:00 h sshd[1]: Failed password for root from 203.0.113.9 port 22 ssh2"));
    assertEquals("2001:db8::9", field(sshd,
        "Nov 23 06:00:00 h sshd[1]: pam_unix(sshd:auth): authentication failure; rhost=2001:db8::9  user=root"));
    assertEquals(null, field(sshd, "Nov 23 06:00:00 h sshd[1]: Connection closed"));
    assertEquals("5.6.7.8", field("regex:(x)?ip=(\\S+)", "ip=5.6.7.8"), "group 1 did not take part");
    assertEquals("x", field("regex:(x)?ip=(\\S+)", "xip=5.6.7.8"), "group 1 took part: it is the client");
    assertEquals("1.2.3.4", field("regex:ip=(\\S+)", "a ip=1.2.3.4 b"), "a find, not a whole match");
  }

  @Test
  void badSpecsAreRejectedWithTheSpecInTheMessage() {
    for (String spec : new String[] {"json", "json:", "ws:", "ws:0", "ws:x", "tsv:", "tsv:0", "csv:-1", "csv:", "w3c:", "zeek:", "regex:(", "regex:abc"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> ClientIpLocators.fromSpec(spec));
      assertTrue(e.getMessage().contains("bad format '" + spec + "'"), e.getMessage());
    }
  }

  @Test
  void specIsReported() {
    assertEquals("combined", ClientIpLocators.fromSpec("combined").spec());
    assertEquals("tsv:3", ClientIpLocators.fromSpec("tsv:3").spec());
    assertEquals("ws:3", ClientIpLocators.fromSpec("WS:3").spec());
    assertEquals("json:Client.IP", ClientIpLocators.fromSpec("JSON:Client.IP").spec(), "keys keep their case");
    assertFalse(ClientIpLocators.fromSpec("regex:(x)").spec().isEmpty());
  }
}
