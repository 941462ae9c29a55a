package org.ipjoin.job.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A client field holding a comma-separated chain of addresses (X-Forwarded-For) is reduced to one
 * hop by the chain rule, in every format; {@code combined} reads the chain that servers logging
 * {@code $http_x_forwarded_for} write as the first field. Expected hops are written out by hand.
 */
class ChainRuleTest {

  private static final String BEFORE = "9.9.9.9, 8.8.8.8 LEADING GARBAGE\n";

  /**
   * The located field with its flags ({@code absent:}, {@code bracketed:} first), or null when the
   * record has no field.
   */
  private static String located(String spec, String chain, String record) {
    byte[] bytes = (BEFORE + record + ", 7.7.7.7 TRAILING").getBytes(StandardCharsets.ISO_8859_1);
    int from = BEFORE.length();
    int to = from + record.length();
    ClientIpLocator.Range range = new ClientIpLocator.Range();
    range.chain = true; // stale from an earlier record: each locate must reset it
    if (!ClientIpLocators.fromSpec(spec, chain).locate(bytes, from, to, range)) {
      return null;
    }
    assertTrue(range.from >= from && range.from <= range.to && range.to <= to, range.toString());
    assertFalse(range.chain, "a chain is always reduced to one hop: " + range);
    return (range.absent ? "absent:" : "") + (range.bracketed ? "bracketed:" : "")
        + new String(bytes, range.from, range.to - range.from, StandardCharsets.ISO_8859_1);
  }

  /** The same chain in a field of every format. */
  private static final String[][] SPEC_AND_RECORD = {
      {"combined", "\"%s\" 10.2.1.185 - - [23/Nov/2026:06:00:00 +0000] \"GET / HTTP/1.1\" 200 1"},
      {"tsv:2", "2026-11-23\t%s\tGET"},
      {"ws:2", "2026-11-23 \"%s\" GET"},
      {"json:headers.xff", "{\"headers\": {\"xff\": \"%s\"}, \"ip\": \"10.0.0.1\"}"},
      {"regex:xff=\"([^\"]*)\"", "ts=1 xff=\"%s\" path=/"},
  };

  @Test
  void firstIsTheDefaultAndLastTheRightmostInEveryFormat() {
    for (String[] sr : SPEC_AND_RECORD) {
      for (String chain : new String[] {"203.0.113.7, 10.0.0.2, 10.0.0.1",
          "203.0.113.7,10.0.0.2,10.0.0.1", "203.0.113.7 ,10.0.0.2 , 10.0.0.1",
          "  203.0.113.7,  10.0.0.2,10.0.0.1 ", "203.0.113.7,,10.0.0.2, ,10.0.0.1,"}) {
        String record = String.format(sr[1], chain);
        String what = sr[0] + " " + record;
        assertEquals("203.0.113.7", located(sr[0], "first", record), what);
        assertEquals("203.0.113.7", located(sr[0], "FIRST", record), what);
        assertEquals("10.0.0.1", located(sr[0], "last", record), what);
        byte[] bytes = record.getBytes(StandardCharsets.ISO_8859_1);
        ClientIpLocator.Range range = new ClientIpLocator.Range();
        assertTrue(ClientIpLocators.fromSpec(sr[0]).locate(bytes, 0, bytes.length, range), what);
        assertEquals("203.0.113.7", new String(bytes, range.from, range.to - range.from,
            StandardCharsets.ISO_8859_1), "default first: " + what);
      }
      // Each hop is read with the usual address rules.
      String ported = String.format(sr[1], "[2001:db8::7]:443, 192.0.2.1:8080, fe80::1%eth0");
      assertEquals("bracketed:2001:db8::7", located(sr[0], "first", ported), sr[0]);
      assertEquals("fe80::1", located(sr[0], "last", ported), sr[0]);
      assertEquals("192.0.2.1", located(sr[0], "untrusted=fe80::/10", ported), sr[0]);
      assertEquals("absent:-", located(sr[0], "first", String.format(sr[1], "-, 10.0.0.1")), sr[0]);
    }
  }

  @Test
  void untrustedIsTheRightmostHopOutsideTheTrustedBlocks() {
    String rule = "untrusted=10.0.0.0/8, 192.168.0.0/16,127.0.0.1,2001:db8::/32";
    String[][] chainAndClient = {
        {"203.0.113.7, 10.0.0.2, 10.0.0.1", "203.0.113.7"},
        {"198.51.100.1, 203.0.113.7, 10.0.0.2", "203.0.113.7"}, // the spoofable left is ignored
        {"10.0.0.3, 192.168.1.1, 127.0.0.1", "10.0.0.3"}, // every hop trusted: the leftmost
        {"203.0.113.7, 127.0.0.2", "127.0.0.2"}, // a single address is a /32
        {"203.0.113.7, [2001:db8::5]:443", "203.0.113.7"},
        {"2001:db9::1, 2001:db8:ffff::1", "2001:db9::1"},
        {"203.0.113.7, ::ffff:10.1.2.3", "203.0.113.7"}, // IPv4-mapped: checked as IPv4
        {"203.0.113.7, 10.0.0.2:8080", "203.0.113.7"},
        {"unknown, 10.0.0.2", "unknown"}, // the chosen hop is malformed: so is the record
        {"203.0.113.7, bogus, 10.0.0.2", "bogus"}, // no address is never trusted
        {"bogus, 203.0.113.7, 10.0.0.2", "203.0.113.7"}, // left of the chosen hop: not read
        {"-, 10.0.0.2", "absent:-"},
        {"11.0.0.1, 9.255.255.255", "9.255.255.255"}, // just outside 10/8 on both sides
        {"11.0.0.0, 10.255.255.255", "11.0.0.0"},
    };
    for (String[] cc : chainAndClient) {
      for (String[] sr : SPEC_AND_RECORD) {
        String record = String.format(sr[1], cc[0]);
        assertEquals(cc[1], located(sr[0], rule, record), sr[0] + " " + record);
      }
    }
  }

  @Test
  void overlappingAndUnsortedBlocksAreMerged() {
    String rule = "untrusted=10.1.0.0/16,10.0.0.0/8,0.0.0.0/1,192.0.2.0/24,192.0.2.128/25,::/0";
    assertEquals("203.0.113.7", located("tsv:1", rule, "203.0.113.7, 127.255.255.255, 10.9.9.9"));
    assertEquals("192.0.3.0", located("tsv:1", rule, "192.0.3.0, 192.0.2.255"));
    assertEquals("1.2.3.4", located("tsv:1", rule, "1.2.3.4, 2001:db8::1, 127.0.0.0, ::1"),
        "every hop trusted (::/0 and 0.0.0.0/1): the leftmost");
    assertEquals("128.0.0.0", located("tsv:1", "untrusted=0.0.0.0/1", "1.2.3.4, 128.0.0.0"));
    assertEquals("255.255.255.255",
        located("tsv:1", "untrusted=0.0.0.0/1", "1.2.3.4, 255.255.255.255"));
    assertEquals("2001:db8::1", located("tsv:1", "untrusted=2001:db8::/127", "2001:db8::1"));
    assertEquals("2001:db8::2",
        located("tsv:1", "untrusted=2001:db8::/127", "2001:db8::5, 2001:db8::2, 2001:db8::1"));
  }

  @Test
  void combinedReadsTheChainThatStandsForTheClient() {
    // As nginx writes $http_x_forwarded_for where $remote_addr goes (realdata/logkinds/nginx_xff.log).
    assertEquals("10.0.0.2", located("combined", "first",
        "10.0.0.2, 10.0.0.1, 127.0.0.1 - - [07/Dec/2016:11:05:07 +0100] \"GET / HTTP/1.1\" 200 1"));
    assertEquals("127.0.0.1", located("combined", "last",
        "10.0.0.2, 10.0.0.1, 127.0.0.1 - - [07/Dec/2016:11:05:07 +0100] \"GET / HTTP/1.1\" 200 1"));
    assertEquals("204.246.1.1", located("combined", "last",
        "\"10.5.102.222, 199.96.1.1, 204.246.1.1\" 10.2.1.185 - - [22/Jan/2016:13:18:29 +0000]"));
    assertEquals("10.225.192.17", located("combined", "last",
        "2a03:0000:10ff:f00f:0000:0000:0:8000, 10.225.192.17 10.2.2.121 - - [30/Dec/2016]"));
    assertEquals("2a03:0000:10ff:f00f:0000:0000:0:8000", located("combined", "first",
        "2a03:0000:10ff:f00f:0000:0000:0:8000, 10.225.192.17 10.2.2.121 - - [30/Dec/2016]"));
    assertEquals("1.2.3.4", located("combined", "last", "1.2.3.4, "), "a trailing comma");
    assertEquals("1.2.3.4", located("combined", "last", "\"1.2.3.4\""));
    assertEquals("1.2.3.4", located("combined", "last", "\"1.2.3.4\" - -"));
    assertEquals("absent:", located("combined", "last", "\"\" - -"));
    // A quote not closed before a space: the first space-delimited field, as before.
    assertEquals("\"1.2.3.4", located("combined", "last", "\"1.2.3.4 - -"));
    assertEquals("\"1.2.3.4\"x", located("combined", "last", "\"1.2.3.4\"x - -"));
    assertEquals("1.2.3.4", located("combined", "last", "1.2.3.4 - - [x]"), "no chain: as before");
    assertEquals(",", located("combined", "last", ","), "no hop: left for the parsers");
    assertEquals(", ,", located("tsv:2", "last", "x\t, ,\ty"), "no hop: left for the parsers");
  }

  @Test
  void badRulesAreOneLineNamingTheRule() {
    String[][] ruleAndReason = {
        {"middle", "use one of first, last, untrusted=CIDR,CIDR,..., untrusted=INDEX"},
        {"untrusted=", "an empty CIDR"},
        {"untrusted=10.0.0.0/8,", "an empty CIDR"},
        {"untrusted=10.0.0.0/33", "'10.0.0.0/33': the prefix length must be 0 to 32"},
        {"untrusted=2001:db8::/129", "'2001:db8::/129': the prefix length must be 0 to 128"},
        {"untrusted=10.0.0.0/x", "the prefix length"},
        {"untrusted=10.0.0.1/8", "'10.0.0.1/8' has host bits set; the block is 10.0.0.0/8"},
        {"untrusted=2001:db8::1/32", "has host bits set; the block is 2001:db8::/32"},
        {"untrusted=proxy.example.com", "'proxy.example.com' is not an IPv4 or IPv6 address"},
        {"untrusted=10.0.0.0/8 192.168.0.0/16", "the prefix length must be 0 to 32"},
    };
    for (String[] rr : ruleAndReason) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ClientIpLocators.fromSpec("combined", rr[0]), rr[0]);
      assertTrue(e.getMessage().startsWith("bad chain rule '" + rr[0] + "'"), e.getMessage());
      assertTrue(e.getMessage().contains(rr[1]), e.getMessage());
      assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
  }

  /** The chain is reduced once per record: nothing may be allocated. */
  @Test
  void pickingAHopAllocatesNothing() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    ClientIpLocator locator = ClientIpLocators.fromSpec("combined",
        "untrusted=10.0.0.0/8,172.16.0.0/12,2001:db8::/32");
    byte[][] records = {
        "203.0.113.7, 10.0.0.2, 10.0.0.1 - - [x]".getBytes(StandardCharsets.ISO_8859_1),
        "\"2001:db9::1, [2001:db8::2]:443\" 10.1.1.1 - -".getBytes(StandardCharsets.ISO_8859_1),
        "10.0.0.2,172.16.0.1 - -".getBytes(StandardCharsets.ISO_8859_1),
        "bogus, ::ffff:10.0.0.1 - -".getBytes(StandardCharsets.ISO_8859_1)};
    ClientIpLocator.Range range = new ClientIpLocator.Range();
    long sink = 0;
    for (int i = 0; i < 20_000; i++) {
      byte[] r = records[i % records.length];
      sink += locator.locate(r, 0, r.length, range) ? range.to : 1;
    }
    long id = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(id);
    for (int i = 0; i < 100_000; i++) {
      byte[] r = records[i % records.length];
      sink += locator.locate(r, 0, r.length, range) ? range.to : 1;
    }
    long allocated = threads.getThreadAllocatedBytes(id) - before;
    assertTrue(allocated < 16_384, "allocated " + allocated + " bytes in 100,000 calls (" + sink + ")");
  }
}
