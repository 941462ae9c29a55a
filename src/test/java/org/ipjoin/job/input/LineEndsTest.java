package org.ipjoin.job.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link LineEnds#find} against a byte-by-byte loop, on arrays made of the bytes its word tests
 * look at: both line ends, the other bytes its first test lets through (0x0C, 0x0E, 0x0F), the
 * bytes next to them (tab, 0x0B, 0x10), space, and the same with the high bit set, at every start
 * and end offset, so that a line end falls in every position of a word and in the tail.
 */
class LineEndsTest {

  private static final byte[] BYTES = {'\n', '\r', 0x0C, 0x0E, 0x0F, '\t', 0x0B, 0x10, ' ', 'a', '1',
      (byte) 0x8A, (byte) 0x8D, (byte) 0x8E, (byte) 0x89, (byte) 0xFF, 0, 0x04, 0x03, 0x05, 0x07};

  @Test
  void findsTheFirstLineEndAsALoopDoes() {
    Random random = new Random(20261127);
    for (int n = 0; n < 20_000; n++) {
      int length = random.nextInt(40);
      byte[] bytes = new byte[length];
      // Mostly plain bytes, so that most words hold no line end and some hold one or several.
      for (int i = 0; i < length; i++) {
        bytes[i] = random.nextInt(4) == 0 ? BYTES[random.nextInt(BYTES.length)] : (byte) 'x';
      }
      for (int from = 0; from <= length; from++) {
        for (int to = from; to <= length; to++) {
          int f = from;
          int t = to;
          assertEquals(byLoop(bytes, from, to), LineEnds.find(bytes, from, to),
              () -> "find [" + f + ", " + t + ") in " + java.util.Arrays.toString(bytes));
        }
      }
    }
  }

  @Test
  void aLineEndAtEachPlaceOfAWord() {
    for (byte end : new byte[] {'\n', '\r'}) {
      for (int at = 0; at < 24; at++) {
        byte[] bytes = "\t\t 0.0.0.0 - - [x] \"GET / HTTP/1.1\"\t".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        bytes[at] = end;
        assertEquals(at, LineEnds.find(bytes, 0, bytes.length));
      }
    }
  }

  private static int byLoop(byte[] bytes, int from, int to) {
    for (int i = from; i < to; i++) {
      if (bytes[i] == '\n' || bytes[i] == '\r') {
        return i;
      }
    }
    return -1;
  }
}
