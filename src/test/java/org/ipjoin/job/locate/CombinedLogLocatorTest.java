package org.ipjoin.job.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.ipjoin.testing.LogAddressForms;
import org.junit.jupiter.api.Test;

/**
 * {@link CombinedLogLocator} against the format's rules written as plain String code (the
 * class's Javadoc; the address forms of {@link LogAddressForms}): records whose first bytes mix
 * digits, dots and slashes with every byte a rule looks at, so that both the word-at-a-time path
 * for a plain first field and the byte-by-byte path for the others are taken, at every length
 * around the sixteen bytes the first one reads.
 */
class CombinedLogLocatorTest {

  /** The bytes a first field is made of: mostly plain ones, then each byte some rule reads. */
  private static final byte[] PLAIN = "0123456789./".getBytes(StandardCharsets.ISO_8859_1);
  private static final byte[] SPECIAL = {' ', ' ', ',', ':', '#', '%', '[', ']', '"', '-', '\t',
      (byte) 0xEF, (byte) 0xBB, (byte) 0xBF, (byte) 0x80, (byte) 0xAE, (byte) 0xB0, (byte) 0xB9,
      '-', '+', '-' + 1, ':' - 1, ':' + 1, 'a', 'f', 'F', 0};

  @Test
  void aPlainFieldBeforeASpaceIsTheClient() {
    assertEquals("1.2.3.4", LocatedField.field(new CombinedLogLocator(), "1.2.3.4 - - [x] \"GET /\""));
    assertEquals("255.255.255.255",
        LocatedField.field(new CombinedLogLocator(), "255.255.255.255 - - [x] \"GET /\""));
    assertEquals("12", LocatedField.field(new CombinedLogLocator(), "12 - - [x] \"GET /\" 200 1"));
    assertEquals("1.2.3.4/", LocatedField.field(new CombinedLogLocator(), "1.2.3.4/ - - [x] \"GET /\""));
  }

  @Test
  void recordsAroundTheFastPathAnswerAsTheRules() {
    Random random = new Random(20261127);
    for (int n = 0; n < 300_000; n++) {
      byte[] record = record(random);
      check(record, random);
    }
  }

  @Test
  void everyLengthOfAPlainFieldAnswersAsTheRules() {
    Random random = new Random(7);
    for (int length = 0; length <= 20; length++) {
      for (int next = 0; next < SPECIAL.length; next++) {
        for (int tail = 0; tail <= 24; tail++) {
          byte[] record = new byte[length + 1 + tail];
          for (int i = 0; i < length; i++) {
            record[i] = PLAIN[random.nextInt(PLAIN.length)];
          }
          record[length] = SPECIAL[next];
          for (int i = length + 1; i < record.length; i++) {
            record[i] = (byte) "- -[x]\"GET / HTTP/1.1\" 200 1".charAt(i % 28);
          }
          check(record, random);
        }
      }
    }
  }

  private static byte[] record(Random random) {
    int head = random.nextInt(21);
    int length = head + random.nextInt(30);
    byte[] record = new byte[length];
    for (int i = 0; i < length; i++) {
      boolean special = i >= head || random.nextInt(8) == 0;
      record[i] = special ? SPECIAL[random.nextInt(SPECIAL.length)] : PLAIN[random.nextInt(PLAIN.length)];
    }
    return record;
  }

  /** The locator's answer for {@code record}, placed among random bytes, against the rules. */
  private static void check(byte[] record, Random random) {
    int before = random.nextInt(9);
    byte[] bytes = new byte[before + record.length + random.nextInt(17)];
    random.nextBytes(bytes);
    System.arraycopy(record, 0, bytes, before, record.length);
    ClientIpLocator.Range range = new ClientIpLocator.Range();
    boolean found = new CombinedLogLocator().locate(bytes, before, before + record.length, range);
    String line = new String(record, StandardCharsets.ISO_8859_1);
    int[] field = referenceField(line);
    String shown = line.replace("\t", "\\t");
    if (field == null) {
      assertFalse(found, () -> "found " + range + " in '" + shown + "'");
      return;
    }
    assertTrue(found, () -> "nothing found in '" + shown + "'");
    String text = line.substring(field[0], field[1]);
    LogAddressForms.Form form = LogAddressForms.of(text);
    String got = new String(bytes, range.from, range.to - range.from, StandardCharsets.ISO_8859_1);
    assertEquals(form, new LogAddressForms.Form(got, range.bracketed, range.absent), () -> "'" + shown + "'");
    assertEquals(text.length() > 1 && text.contains(","), range.chain, () -> "chain: '" + shown + "'");
    assertEquals(before + field[0], range.fieldFrom, () -> "field start: '" + shown + "'");
    assertEquals(before + field[1], range.fieldTo, () -> "field end: '" + shown + "'");
  }

  /**
   * The client field's bounds in {@code line} (one char per byte) by the documented rules, or null
   * when there is none: after a UTF-8 byte order mark at the start, a quoted first field followed
   * by a space or the end is its content; else the first space-delimited word, and while it ends
   * with a comma, the next word after the spaces (if one follows) belongs to it.
   */
  private static int[] referenceField(String line) {
    int start = line.startsWith("\u00EF\u00BB\u00BF") ? 3 : 0;
    if (line.startsWith("\"", start)) {
      int close = line.indexOf('"', start + 1);
      if (close > 0 && (close + 1 == line.length() || line.charAt(close + 1) == ' ')) {
        return new int[] {start + 1, close};
      }
    }
    int end = start;
    while (true) {
      int space = line.indexOf(' ', end);
      end = space < 0 ? line.length() : space;
      if (end == start || line.charAt(end - 1) != ',') {
        break;
      }
      int next = end;
      while (next < line.length() && line.charAt(next) == ' ') {
        next++;
      }
      if (next == line.length()) {
        break;
      }
      end = next;
    }
    return end == start ? null : new int[] {start, end};
  }
}
