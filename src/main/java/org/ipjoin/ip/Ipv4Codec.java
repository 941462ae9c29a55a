package org.ipjoin.ip;

/**
 * IPv4 dotted-quad text ⇄ 32-bit key.
 *
 * <p>A <em>key</em> is the address value plus {@link Integer#MIN_VALUE} (equivalently the value with
 * its top bit flipped), so that signed {@code int} order equals address order: {@code 0.0.0.0} is
 * {@code Integer.MIN_VALUE}, {@code 255.255.255.255} is {@code Integer.MAX_VALUE}. Sorted {@code int[]}
 * and {@link java.util.Arrays#binarySearch(int[], int)} then work on addresses directly.
 *
 * <p>The syntax is strict: exactly four decimal octets 0–255 separated by single dots, nothing else
 * in the field. An octet has one to three digits and <strong>no leading zero</strong> ("010" is
 * rejected): {@code inet_aton} reads "010" as octal 8 while most log writers mean 10, so accepting it
 * either way would silently join the wrong address. Malformed input is never mapped to a value: the
 * byte parsers return {@link #NOT_IPV4}, the String parser throws.
 *
 * <p>The byte parsers take a range of a {@code byte[]} (as a Hadoop {@code Text} holds it) and
 * allocate nothing, so a mapper can call them once per record.
 */
public final class Ipv4Codec {

  /** Returned by the byte parsers for anything that is not a strict IPv4 address. */
  public static final long NOT_IPV4 = -1L;

  private Ipv4Codec() {}

  /**
   * Parses {@code bytes[from, to)} as a dotted quad.
   *
   * @return the address value 0 … 2^32−1, or {@link #NOT_IPV4}
   */
  public static long parseAddress(byte[] bytes, int from, int to) {
    // Longest valid form is 15 bytes ("255.255.255.255"); shortest 7 ("0.0.0.0").
    int length = to - from;
    if (length < 7 || length > 15) {
      return NOT_IPV4;
    }
    long value = 0;
    int octets = 0;
    int i = from;
    while (true) {
      // One octet: 1-3 digits, no leading zero unless the octet is exactly "0".
      int start = i;
      int octet = 0;
      while (i < to && i - start < 4) {
        int d = bytes[i] - '0';
        if (d < 0 || d > 9) {
          break;
        }
        octet = octet * 10 + d;
        i++;
      }
      int digits = i - start;
      if (digits == 0 || digits > 3 || octet > 255 || (digits > 1 && bytes[start] == '0')) {
        return NOT_IPV4;
      }
      value = (value << 8) | octet;
      octets++;
      if (octets == 4) {
        return i == to ? value : NOT_IPV4;
      }
      if (i >= to || bytes[i] != '.') {
        return NOT_IPV4;
      }
      i++;
    }
  }

  /**
   * Parses {@code bytes[from, to)} straight to a key.
   *
   * @return the key in the low 32 bits (take it with {@code (int)}), or {@link #NOT_IPV4}. The key
   *     is not sign-extended: key −1 (127.255.255.255) would otherwise equal {@link #NOT_IPV4}.
   */
  public static long parseKey(byte[] bytes, int from, int to) {
    long address = parseAddress(bytes, from, to);
    return address == NOT_IPV4 ? NOT_IPV4 : toKey(address) & 0xFFFF_FFFFL;
  }

  /**
   * Parses a String; for tools and tests, not hot paths.
   *
   * @throws IllegalArgumentException naming the text and what is wrong with it
   */
  public static int parseKey(CharSequence text) {
    byte[] bytes = latin1(text);
    long address = parseAddress(bytes, 0, bytes.length);
    if (address == NOT_IPV4) {
      throw new IllegalArgumentException(
          "not an IPv4 address: '" + text + "' (" + explain(bytes, 0, bytes.length) + ")");
    }
    return toKey(address);
  }

  /** Address value (0 … 2^32−1) to key. */
  public static int toKey(long address) {
    return (int) address + Integer.MIN_VALUE;
  }

  /** Key to address value (0 … 2^32−1). */
  public static long toAddress(int key) {
    return (key - Integer.MIN_VALUE) & 0xFFFF_FFFFL;
  }

  /** Key to dotted-quad text. */
  public static String format(int key) {
    long a = toAddress(key);
    return ((a >>> 24) & 0xFF) + "." + ((a >>> 16) & 0xFF) + "." + ((a >>> 8) & 0xFF) + "." + (a & 0xFF);
  }

  /**
   * True if the range looks like an IPv6 address: at least two colons (the shortest, "::", has two)
   * and only hex digits, colons and dots. One colon is not enough: "1.2.3.4:80" is IPv4 with a port.
   */
  public static boolean looksLikeIpv6(byte[] bytes, int from, int to) {
    int colons = 0;
    for (int i = from; i < to; i++) {
      byte b = bytes[i];
      if (b == ':') {
        colons++;
      } else if (!(b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' || b == '.')) {
        return false;
      }
    }
    return colons >= 2;
  }

  /**
   * Says why {@code bytes[from, to)} is not a strict IPv4 address; for error messages only.
   * Returns "valid" for a valid address.
   */
  public static String explain(byte[] bytes, int from, int to) {
    if (from == to) {
      return "empty";
    }
    if (looksLikeIpv6(bytes, from, to)) {
      return "IPv6 address";
    }
    int octets = 1;
    int start = from;
    for (int i = from; i <= to; i++) {
      if (i == to || bytes[i] == '.') {
        String problem = explainOctet(bytes, start, i, octets);
        if (problem != null) {
          return problem;
        }
        if (i < to) {
          octets++;
        }
        start = i + 1;
      }
    }
    if (octets != 4) {
      return octets + " octets, expected 4";
    }
    return "valid";
  }

  private static String explainOctet(byte[] bytes, int from, int to, int position) {
    if (from == to) {
      return "empty octet " + position;
    }
    for (int i = from; i < to; i++) {
      if (bytes[i] < '0' || bytes[i] > '9') {
        return "unexpected character '" + printable(bytes[i]) + "' in octet " + position;
      }
    }
    if (to - from > 3) {
      return "octet " + position + " has more than 3 digits";
    }
    if (to - from > 1 && bytes[from] == '0') {
      return "leading zero in octet " + position
          + " (ambiguous: octal or decimal; inet_aton reads it as octal, so it is rejected)";
    }
    int value = Integer.parseInt(new String(bytes, from, to - from, java.nio.charset.StandardCharsets.US_ASCII));
    if (value > 255) {
      return "octet " + position + " is " + value + ", above 255";
    }
    return null;
  }

  /** A byte as itself if printable ASCII, else {@code \xNN}: for echoing user text in messages. */
  static String printable(byte b) {
    int c = b & 0xFF;
    return c >= 0x20 && c < 0x7F ? String.valueOf((char) c) : String.format("\\x%02X", c);
  }

  private static byte[] latin1(CharSequence text) {
    byte[] bytes = new byte[text.length()];
    for (int i = 0; i < bytes.length; i++) {
      char c = text.charAt(i);
      bytes[i] = c < 0x100 ? (byte) c : (byte) '?';
    }
    return bytes;
  }
}
