package org.ipjoin.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.ListLineParser;
import org.ipjoin.ip.Ipv4Codec;

/**
 * Fuzzes the IPv4 parsers ({@link Ipv4Codec}) and the IP-list line parser ({@link ListLineParser}).
 *
 * <p>Input layout: byte 0 and 1 choose {@code from} and {@code to} inside the rest, which is the
 * text. So a seed file is two bytes (usually {@code \0\0}: the whole text) and then the text.
 *
 * <p>Properties, for arbitrary bytes and an arbitrary range inside them:
 * <ul>
 *   <li>{@code parseAddress} never throws and returns {@code NOT_IPV4} or a value in 0 … 2^32−1;
 *       {@code parseKey(bytes, …)} agrees with it;
 *   <li>an accepted range is canonical: {@code format(toKey(v))} is exactly the input bytes;
 *   <li>the String parser agrees: it throws IllegalArgumentException iff the byte parser rejects,
 *       and otherwise returns the same key;
 *   <li>{@code explain} never throws and says "valid" iff the byte parser accepts;
 *   <li>{@code ListLineParser.parse} never throws (with every label column setting), returns a
 *       kind; an entry has start &lt;= end; a malformed line has a one-line reason; and a range that
 *       is itself a valid address is that one address, without a label.
 * </ul>
 */
class IpParserFuzzTest {

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
    long address = Ipv4Codec.parseAddress(bytes, from, to);
    boolean accepted = address != Ipv4Codec.NOT_IPV4;
    if (accepted) {
      assertTrue(address >= 0 && address <= 0xFFFF_FFFFL, "address out of range: " + address);
      String text = new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
      assertEquals(text, Ipv4Codec.format(Ipv4Codec.toKey(address)), "accepted form is not canonical");
      assertArrayEquals(Arrays.copyOfRange(bytes, from, to),
          Ipv4Codec.format(Ipv4Codec.toKey(address)).getBytes(StandardCharsets.US_ASCII));
      assertEquals(address, Ipv4Codec.toAddress(Ipv4Codec.toKey(address)));
    }

    long key = Ipv4Codec.parseKey(bytes, from, to);
    if (accepted) {
      assertTrue(key >= 0 && key <= 0xFFFF_FFFFL, "key not in the low 32 bits: " + key);
      assertEquals(Ipv4Codec.toKey(address), (int) key);
    } else {
      assertEquals(Ipv4Codec.NOT_IPV4, key);
    }

    // The String parser: every byte becomes the Latin-1 char of the same value, so it sees the
    // same input.
    String text = new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
    try {
      int stringKey = Ipv4Codec.parseKey(text);
      if (!accepted) {
        fail("String parser accepted what the byte parser rejects: " + printable(text));
      }
      assertEquals(Ipv4Codec.toKey(address), stringKey);
    } catch (IllegalArgumentException e) {
      if (accepted) {
        fail("String parser rejected what the byte parser accepts: " + printable(text), e);
      }
      assertNotNull(e.getMessage());
    }

    String why = Ipv4Codec.explain(bytes, from, to);
    assertNotNull(why);
    assertEquals(accepted, why.equals("valid"),
        "explain says '" + why + "' but the parser " + (accepted ? "accepts " : "rejects ")
            + printable(text));

    Ipv4Codec.looksLikeIpv6(bytes, from, to);

    for (LabelColumn column : new LabelColumn[] {LabelColumn.DEFAULT, LabelColumn.NONE}) {
      ListLineParser parser = new ListLineParser(column);
      LineKind kind = parser.parse(bytes, from, to);
      assertNotNull(kind);
      if (kind.isEntry() && parser.isIpv6()) {
        assertTrue(parser.startHiKey() < parser.endHiKey() || parser.startHiKey()
            == parser.endHiKey() && parser.startLoKey() <= parser.endLoKey(),
            "IPv6 entry with start after end: " + printable(text));
      } else if (kind.isEntry()) {
        assertTrue(Integer.compare(parser.startKey(), parser.endKey()) <= 0,
            "entry with start after end: " + printable(text));
      }
      if (kind == LineKind.MALFORMED) {
        assertTrue(parser.error() != null && !parser.error().contains("\n"), printable(text));
      }
      if (accepted) {
        assertEquals(LineKind.ADDRESS, kind, "the list parser disagrees with Ipv4Codec: " + printable(text));
        assertEquals(Ipv4Codec.toKey(address), parser.startKey());
        assertEquals(parser.startKey(), parser.endKey());
        assertFalse(parser.hasLabel());
      }
    }
  }

  private static String printable(String s) {
    StringBuilder b = new StringBuilder("'");
    for (char c : s.toCharArray()) {
      b.append(c >= 0x20 && c < 0x7F ? String.valueOf(c) : String.format("\\x%02X", (int) c));
    }
    return b.append('\'').toString();
  }
}
