package org.ipjoin.index.list;

import java.nio.charset.StandardCharsets;

/**
 * UTF-8 checks for labels and the safe echo of a list line in an error message.
 */
final class Utf8Text {

  /** Lines can be megabytes of garbage: an error message quotes at most this many characters. */
  static final int ECHO_CHARS = 200;

  private Utf8Text() {}

  /** True if {@code b[from, to)} is well-formed UTF-8 (no overlong forms, no surrogates). */
  static boolean isValid(byte[] b, int from, int to) {
    int i = from;
    while (i < to) {
      int c = b[i] & 0xFF;
      if (c < 0x80) {
        i++;
        continue;
      }
      int extra;
      int min;
      if (c >= 0xC2 && c <= 0xDF) {
        extra = 1;
        min = 0x80;
      } else if (c >= 0xE0 && c <= 0xEF) {
        extra = 2;
        min = 0x800;
      } else if (c >= 0xF0 && c <= 0xF4) {
        extra = 3;
        min = 0x10000;
      } else {
        return false;
      }
      if (i + extra >= to) {
        return false;
      }
      int cp = c & (0x3F >> extra);
      for (int k = 1; k <= extra; k++) {
        int cont = b[i + k] & 0xFF;
        if ((cont & 0xC0) != 0x80) {
          return false;
        }
        cp = (cp << 6) | (cont & 0x3F);
      }
      if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return false;
      }
      i += extra + 1;
    }
    return true;
  }

  /**
   * {@code b[from, to)} as text for an error message: UTF-8 if it is valid UTF-8 (else each byte
   * from 0x80 up as {@code \xNN}), control characters as {@code \xNN}, at most {@link #ECHO_CHARS}
   * characters.
   */
  static String echo(byte[] b, int from, int to) {
    boolean utf8 = isValid(b, from, to);
    String text = utf8 ? new String(b, from, to - from, StandardCharsets.UTF_8)
        : new String(b, from, to - from, StandardCharsets.ISO_8859_1);
    StringBuilder out = new StringBuilder(Math.min(text.length(), ECHO_CHARS) + 16);
    int shown = Math.min(text.length(), ECHO_CHARS);
    for (int i = 0; i < shown; i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == 0x7F || (!utf8 && c >= 0x80)) {
        out.append(String.format("\\x%02X", (int) c));
      } else {
        out.append(c);
      }
    }
    if (shown < text.length()) {
      out.append("… (").append(to - from).append(" bytes)");
    }
    return out.toString();
  }
}
