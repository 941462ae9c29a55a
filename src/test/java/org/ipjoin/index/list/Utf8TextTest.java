package org.ipjoin.index.list;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Utf8TextTest {

  private static boolean valid(int... bytes) {
    byte[] b = new byte[bytes.length];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) bytes[i];
    }
    return Utf8Text.isValid(b, 0, b.length);
  }

  @Test
  void wellFormedAndMalformedSequences() {
    assertTrue(valid('a', 0xC3, 0xBC)); // ü
    assertTrue(valid(0xE2, 0x9C, 0x93)); // ✓
    assertTrue(valid(0xF0, 0x9F, 0x98, 0x80)); // an emoji
    assertFalse(valid(0xFC), "Latin-1 ü");
    assertFalse(valid(0xC3), "cut short");
    assertFalse(valid(0xC0, 0x80), "overlong NUL");
    assertFalse(valid(0xE0, 0x80, 0x80), "overlong");
    assertFalse(valid(0xED, 0xA0, 0x80), "a surrogate");
    assertFalse(valid(0xF4, 0x90, 0x80, 0x80), "above U+10FFFF");
    assertFalse(valid(0x80), "a lone continuation byte");
  }

  @Test
  void agreesWithTheJdkDecoderOnRandomBytes() throws Exception {
    SplittableRandom random = new SplittableRandom(7);
    for (int n = 0; n < 20_000; n++) {
      byte[] b = new byte[1 + random.nextInt(6)];
      for (int i = 0; i < b.length; i++) {
        b[i] = (byte) (random.nextBoolean() ? 0x80 + random.nextInt(0x80) : random.nextInt(0x80));
      }
      boolean jdk;
      try {
        StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
        jdk = true;
      } catch (CharacterCodingException e) {
        jdk = false;
      }
      assertEquals(jdk, Utf8Text.isValid(b, 0, b.length), java.util.Arrays.toString(b));
    }
  }
}
