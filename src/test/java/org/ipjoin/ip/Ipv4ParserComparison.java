package org.ipjoin.ip;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

/**
 * The differential check of {@link Ipv4WordParser} against the reference, {@link
 * Ipv4Codec#parseAddress}: same answer on a range, and the range's answer does not depend on the
 * bytes around it, nor reads them (an exact-size copy would throw).
 */
public final class Ipv4ParserComparison {

  /** Bytes put around a range: digits and dots continue an address, the rest end it. */
  private static final byte[] NEIGHBOURS = {'0', '9', '.', '1', ' ', 0, (byte) 0xFF, '/', ':'};

  private Ipv4ParserComparison() {}

  /** Checks {@code bytes[from, to)} in place, copied alone, and between each kind of neighbour. */
  public static void check(byte[] bytes, int from, int to) {
    long expected = Ipv4Codec.parseAddress(bytes, from, to);
    assertAgrees(expected, bytes, from, to);
    byte[] alone = Arrays.copyOfRange(bytes, from, to);
    assertAgrees(expected, alone, 0, alone.length);
    for (byte neighbour : NEIGHBOURS) {
      byte[] inside = new byte[alone.length + 16];
      Arrays.fill(inside, neighbour);
      System.arraycopy(alone, 0, inside, 8, alone.length);
      assertAgrees(expected, inside, 8, 8 + alone.length);
    }
  }

  /**
   * Checks a fuzz input in {@code IpParserFuzzTest}'s layout: bytes 0 and 1 choose {@code from}
   * and {@code to} inside the rest, which is the text.
   */
  public static void checkFuzzInput(byte[] input) {
    if (input.length >= 2) {
      byte[] bytes = Arrays.copyOfRange(input, 2, input.length);
      int from = (input[0] & 0xFF) % (bytes.length + 1);
      check(bytes, from, bytes.length - (input[1] & 0xFF) % (bytes.length - from + 1));
    }
  }

  /** Checks the whole of {@code bytes}. */
  public static void check(byte[] bytes) {
    check(bytes, 0, bytes.length);
  }

  private static void assertAgrees(long expected, byte[] bytes, int from, int to) {
    assertEquals(expected, Ipv4WordParser.parseAddress(bytes, from, to), () -> describe(bytes, from, to));
    long key = expected == Ipv4Codec.NOT_IPV4 ? Ipv4Codec.NOT_IPV4 : Ipv4Codec.toKey(expected) & 0xFFFF_FFFFL;
    assertEquals(key, Ipv4WordParser.parseKey(bytes, from, to), () -> describe(bytes, from, to));
  }

  private static String describe(byte[] bytes, int from, int to) {
    StringBuilder b = new StringBuilder("'");
    for (int i = from; i < to; i++) {
      b.append(Ipv4Codec.printable(bytes[i]));
    }
    return b.append("' [").append(from).append(", ").append(to).append(") of ").append(bytes.length)
        .toString();
  }
}
