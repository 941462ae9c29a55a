package org.ipjoin.job.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonSyntax#stringEnd}, which reads a string eight bytes at a time: the byte that ends the
 * plain run (a closing quote, a backslash, a control character, the end of the range) is put at
 * every offset 0 … 16 from where the string starts, with the string starting at every offset 0 … 7
 * of the array, so it falls at every place in a word, in the word after, and in the bytes read one
 * by one before the range's end. The expected offset is where the test put the quote.
 */
class JsonSyntaxTest {

  /**
   * Plain string bytes next to the ones that end a run: one above and below the quote and the
   * backslash, the lowest plain byte (space), DEL, and UTF-8 and other high bytes (0xA0 less
   * 0x20 sets the top bit, which the control-character test must not take for a match).
   */
  private static final byte[] PLAIN = {'a', '!', '#', '[', ']', ' ', 0x7F, (byte) 0xC3, (byte) 0xA9,
      (byte) 0xA0, (byte) 0xFF, (byte) 0x80, '0', 'z'};

  /** A record: {@code start} bytes before the string, {@code n} plain bytes, then {@code tail}. */
  private static byte[] record(int start, int n, byte[] tail, int after) {
    byte[] bytes = new byte[start + n + tail.length + after];
    Arrays.fill(bytes, 0, start, (byte) '"');
    for (int k = 0; k < n; k++) {
      bytes[start + k] = PLAIN[(k + start) % PLAIN.length];
    }
    System.arraycopy(tail, 0, bytes, start + n, tail.length);
    // Bytes past the end a scan must not reach: a quote would end the string early.
    Arrays.fill(bytes, start + n + tail.length, bytes.length, (byte) '"');
    return bytes;
  }

  private static int end(int start, int n, String tail, int after) {
    byte[] bytes = record(start, n, tail.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), after);
    return JsonSyntax.stringEnd(bytes, start, bytes.length - after);
  }

  @Test
  void findsTheClosingQuoteAtEveryOffset() {
    for (int start = 0; start < 8; start++) {
      for (int n = 0; n <= 16; n++) {
        String at = "start " + start + ", quote at +" + n;
        assertEquals(start + n, end(start, n, "\"", 0), at + ", at the range's end");
        assertEquals(start + n, end(start, n, "\"", 9), at + ", bytes after the range");
        assertEquals(start + n, end(start, n, "\"\u0001xxxxxxxxxxxxxxx", 0), at + ", a control byte after");
        assertEquals(start + n, end(start, n, "\"\\xxxxxxxxxxxxx\"", 0), at + ", a backslash after");
      }
    }
  }

  @Test
  void stepsOverEscapesAtEveryOffset() {
    for (int start = 0; start < 8; start++) {
      for (int n = 0; n <= 16; n++) {
        for (String escape : new String[] {"\\\"", "\\\\", "\\/", "\\n", "\\t", "\\u00e9", "\\uD83D\\uDE00"}) {
          String at = "start " + start + ", escape " + escape + " at +" + n;
          int afterEscape = start + n + escape.length();
          assertEquals(afterEscape, end(start, n, escape + "\"", 0), at);
          assertEquals(afterEscape + 9, end(start, n, escape + "abcdefghi\"", 3), at + ", quote later");
          assertEquals(afterEscape + 2, end(start, n, escape + "\\\\\"", 0), at + ", escape twice");
        }
      }
    }
  }

  @Test
  void refusesAtEveryOffset() {
    for (int start = 0; start < 8; start++) {
      for (int n = 0; n <= 16; n++) {
        String at = "start " + start + ", at +" + n;
        assertEquals(-1, end(start, n, "", 0), at + ": not closed, array ends");
        assertEquals(-1, end(start, n, "", 5), at + ": not closed, quotes past the range");
        assertEquals(-1, end(start, n, "\\", 5), at + ": a backslash ends the range");
        assertEquals(-1, end(start, n, "\\u00e", 5), at + ": \\u cut by the range's end");
        assertEquals(-1, end(start, n, "\\x\"", 0), at + ": a bad escape");
        assertEquals(-1, end(start, n, "\\u00g0\"", 0), at + ": a bad \\u escape");
        for (char control : new char[] {0, 1, '\t', '\n', '\r', 0x1F}) {
          assertEquals(-1, end(start, n, control + "\"", 0), at + ": control " + (int) control);
          assertEquals(-1, end(start, n, control + "xxxxxxxxx\"", 0), at + ": control " + (int) control
              + " then a quote words later");
        }
      }
    }
  }
}
