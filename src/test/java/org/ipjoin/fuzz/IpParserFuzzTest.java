package org.ipjoin.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.ipjoin.index.list.IpListLine;
import org.ipjoin.ip.IpCodec;

/**
 * Fuzzes the IPv4 parsers ({@link IpCodec}) and the IP-list line classifier ({@link IpListLine}).
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
 *   <li>{@code IpListLine.parse} never throws, returns an address or a known {@code Kind} code, and
 *       returns the same address when the range is itself a valid address.
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
    long address = IpCodec.parseAddress(bytes, from, to);
    boolean accepted = address != IpCodec.NOT_IPV4;
    if (accepted) {
      assertTrue(address >= 0 && address <= 0xFFFF_FFFFL, "address out of range: " + address);
      String text = new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
      assertEquals(text, IpCodec.format(IpCodec.toKey(address)), "accepted form is not canonical");
      assertArrayEquals(Arrays.copyOfRange(bytes, from, to),
          IpCodec.format(IpCodec.toKey(address)).getBytes(StandardCharsets.US_ASCII));
      assertEquals(address, IpCodec.toAddress(IpCodec.toKey(address)));
    }

    long key = IpCodec.parseKey(bytes, from, to);
    if (accepted) {
      assertTrue(key >= 0 && key <= 0xFFFF_FFFFL, "key not in the low 32 bits: " + key);
      assertEquals(IpCodec.toKey(address), (int) key);
    } else {
      assertEquals(IpCodec.NOT_IPV4, key);
    }

    // The String parser: every byte becomes the Latin-1 char of the same value, so it sees the
    // same input.
    String text = new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
    try {
      int stringKey = IpCodec.parseKey(text);
      if (!accepted) {
        fail("String parser accepted what the byte parser rejects: " + printable(text));
      }
      assertEquals(IpCodec.toKey(address), stringKey);
    } catch (IllegalArgumentException e) {
      if (accepted) {
        fail("String parser rejected what the byte parser accepts: " + printable(text), e);
      }
      assertNotNull(e.getMessage());
    }

    String why = IpCodec.explain(bytes, from, to);
    assertNotNull(why);
    assertEquals(accepted, why.equals("valid"),
        "explain says '" + why + "' but the parser " + (accepted ? "accepts " : "rejects ")
            + printable(text));

    IpCodec.looksLikeIpv6(bytes, from, to);

    long line = IpListLine.parse(bytes, from, to);
    if (line >= 0) {
      assertTrue(line <= 0xFFFF_FFFFL, "IpListLine address out of range: " + line);
    } else {
      assertTrue(line >= IpListLine.Kind.MALFORMED.code, "unknown IpListLine code " + line);
    }
    IpListLine.Kind kind = IpListLine.Kind.of(line);
    assertNotNull(kind);
    assertEquals(line >= 0, kind == IpListLine.Kind.ADDRESS);
    if (accepted) {
      assertEquals(address, line, "IpListLine disagrees with IpCodec on a plain address");
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
