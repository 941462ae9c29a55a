package org.ipjoin.job.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link CombinedTimeLocator} finds the brackets the client field's locator says: after the
 * address {@link CombinedLogLocator#locate} takes out of the field. It skips that taking out where
 * it cannot matter (a field without spaces); here it is checked against the search from the
 * address's end, on generated lines mixing client fields of every kind the locator knows (quoted
 * chains holding spaces and brackets, bracketed IPv6 with ports and zone ids, a byte order mark,
 * empty and missing fields) with times, brackets and no brackets after them.
 */
class CombinedTimeLocatorTest {

  private static final String[] CLIENTS = {"203.0.113.9", "[2001:db8::1]:443", "[2001:db8::1]",
      "\"203.0.113.7, [x] 10.0.0.2\"", "\"fe80::1%eth0 [x]\"", "\"1.2.3.4 x:80\"",
      "\"1.2.3.4#53 [y]\"", "10.0.0.2, 10.0.0.1", "10.0.0.2,", "\"a b", "\"\"", "-", "",
      "\uFEFF192.0.2.1", "\uFEFF\"192.0.2.1 [z]\"", "fe80::1%eth0", "192.0.2.1:8080",
      "\"[2001:db8::1]:80 [w]\"", "[fe80::1%25eth0]:8"};
  private static final String[] AFTER = {" - - [27/Nov/2026:07:05:00 +0000] \"GET /\" 200",
      " - frank [27/Nov/2026:07:05:00 -0700]", " - - 27/Nov/2026:07:05:00", " - - [unclosed",
      "", " [] x", "[01/Jan/2000:00:00:00 +0000]", " x [a] [b]", "  [c"};

  /** The search as it was: from the end of the address the client locator took out. */
  private static boolean reference(byte[] record, int from, int to, ClientIpLocator.Range range) {
    if (!new CombinedLogLocator().locate(record, from, to, range)) {
      return false;
    }
    return CombinedTimeLocator.brackets(record, range.to, to, range);
  }

  @Test
  void findsTheBracketsTheSearchFromTheAddressFinds() {
    Random random = new Random(11);
    CombinedTimeLocator locator = new CombinedTimeLocator();
    int found = 0;
    for (int n = 0; n < 20_000; n++) {
      String client = CLIENTS[random.nextInt(CLIENTS.length)];
      String line = (random.nextInt(10) == 0 ? " " : "") + client
          + AFTER[random.nextInt(AFTER.length)];
      String pad = "[x] ".repeat(random.nextInt(3));
      byte[] bytes = (pad + line + " [after]").getBytes(StandardCharsets.UTF_8);
      int from = pad.length();
      int to = from + line.getBytes(StandardCharsets.UTF_8).length;
      ClientIpLocator.Range expected = new ClientIpLocator.Range();
      ClientIpLocator.Range actual = new ClientIpLocator.Range();
      boolean located = reference(bytes, from, to, expected);
      assertEquals(located, locator.locate(bytes, from, to, actual), line);
      if (located) {
        assertEquals(expected.from + ".." + expected.to, actual.from + ".." + actual.to, line);
        found++;
      }
    }
    assertEquals(true, found > 5_000, "found " + found);
  }
}
