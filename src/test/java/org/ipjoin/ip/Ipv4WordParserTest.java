package org.ipjoin.ip;

import static org.ipjoin.ip.Ipv4ParserComparison.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link Ipv4WordParser} answers exactly as {@link Ipv4Codec#parseAddress} (the reference) on every
 * input tried, each also copied alone and between neighbours ({@link Ipv4ParserComparison}).
 * Deterministic: fixed seeds, fixed enumerations.
 */
class Ipv4WordParserTest {

  /** Every field {@link Ipv4CodecTest} parses or rejects, and a few more of each class. */
  private static final String[] KNOWN = {
      "", "0.0.0.0", "0.0.0.1", "127.255.255.255", "128.0.0.0", "128.0.0.1", "255.255.255.255",
      "10.20.30.40", "1.2.3", "1.2.3.4.5", "256.1.1.1", "1.2.3.999", "-1.2.3.4", " 1.2.3.4",
      "1.2.3.4 ", "1.2.3.4x", "::1", "2001:db8::1", "::ffff:1.2.3.4", "1.2.3.0/24", "01.2.3.4",
      "1.2.3.010", "1..2.3", "1.2.3.", "1.2.3.4.", ".1.2.3", "１.2.3.4", "1.2.3.1000", "1.2.3.0000",
      "1.2.3.4:80", "a.b.c.d", "010.0.0.1", "fe80::1", "::", "deadbeef", "9GET 10.1.2.3 1999",
      "77.1.2.388", "1.2.3.4-1.2.3.9", "1.2.3.4,1.2.3.5", "1.2.3.4\tx#c", "#comment", ";comment",
      "1.2.3.4\r", "1234.1.1.1", "99.99.99.99", "1.2.3.-4", "1./.3.4", "1.2./3.4", "1.2.3./4",
      "1.2.3.4/", "/1.2.3.4", "1.2.3.4\0", "255.255.255.256", "255.255.256.255", "300.1.1.1",
      "199.1.1.1", "249.250.255.260", "1.2.3.4.5.6.7.8", "...", "....", "0.0.0.00", "00.0.0.0",
      "1.2.3.4 5", "1.2.3.4.5 ", "[1.2.3.4]", "1.2.3.4]", "+1.2.3.4", "1.+2.3.4", "1.2.3.٤",
  };

  @Test
  void agreesOnEveryFieldTheCodecTestsKnow() {
    for (String field : KNOWN) {
      check(field.getBytes(StandardCharsets.UTF_8));
      check(field.getBytes(StandardCharsets.ISO_8859_1));
    }
    byte[] record = "9GET 10.1.2.3 1999".getBytes(StandardCharsets.US_ASCII);
    for (int from = 0; from <= record.length; from++) {
      for (int to = from; to <= record.length; to++) {
        check(record, from, to);
      }
    }
  }

  /** The fuzz seeds, read with {@code IpParserFuzzTest}'s layout (bytes 0 and 1 choose the range). */
  @Test
  void agreesOnTheFuzzSeeds() throws IOException, URISyntaxException {
    URL seeds = getClass().getResource("/org/ipjoin/fuzz/IpParserFuzzTestInputs/parse");
    assertTrue(seeds != null, "seed directory not on the test class path");
    List<Path> files;
    try (Stream<Path> list = Files.list(Path.of(seeds.toURI()))) {
      files = list.sorted().toList();
    }
    assertTrue(files.size() >= 20, "seeds: " + files.size());
    for (Path file : files) {
      byte[] input = Files.readAllBytes(file);
      Ipv4ParserComparison.checkFuzzInput(input);
      check(input);
    }
  }

  /** Each octet value in each position: written plainly, and with one or two leading zeros. */
  @Test
  void everyOctetValueInEveryPositionWithAndWithoutLeadingZeros() {
    String[] others = {"0", "9", "10", "99", "100", "255"};
    for (int value = 0; value <= 255; value++) {
      for (String written : new String[] {
          Integer.toString(value), String.format("%02d", value), String.format("%03d", value),
          "0" + String.format("%03d", value)}) {
        for (int position = 0; position < 4; position++) {
          for (String other : others) {
            String[] octets = {other, other, other, other};
            octets[position] = written;
            check(String.join(".", octets).getBytes(StandardCharsets.US_ASCII));
          }
        }
      }
    }
    for (int value = 256; value <= 1000; value++) {
      for (int position = 0; position < 4; position++) {
        String[] octets = {"1", "22", "133", "4"};
        octets[position] = Integer.toString(value);
        check(String.join(".", octets).getBytes(StandardCharsets.US_ASCII));
      }
    }
  }

  /**
   * Every combination of four octet tokens (empty, 1-4 digits, leading zeros, the range edges, a
   * stray character) joined by dots: every placement of the dots in fields of up to 19 bytes.
   */
  @Test
  void everyCombinationOfOctetTokens() {
    String[] tokens = {"", "0", "7", "00", "07", "10", "99", "000", "010", "100", "199", "249", "255",
        "256", "299", "999", "1000", "0255", "x", "1/", "2:"};
    long accepted = 0;
    for (String a : tokens) {
      for (String b : tokens) {
        for (String c : tokens) {
          for (String d : tokens) {
            byte[] field = (a + "." + b + "." + c + "." + d).getBytes(StandardCharsets.US_ASCII);
            check(field);
            if (Ipv4Codec.parseAddress(field, 0, field.length) != Ipv4Codec.NOT_IPV4) {
              accepted++;
            }
          }
        }
      }
    }
    // 8 of the tokens are valid octets: the combinations accepted are exactly 8^4.
    assertEquals(4096, accepted);
  }

  /** Every byte value in every position of valid fields of each length 7-15, and of short fields. */
  @Test
  void everyByteValueInEveryPosition() {
    String[] bases = {"1.2.3.4", "1.2.3.45", "1.2.34.56", "1.23.45.67", "12.34.56.78", "12.34.56.789",
        "100.20.3.255", "123.45.67.189", "123.145.167.89", "255.255.255.255", "0.0.0.0", "1.22.3.44",
        "", "1", "1.", "1.2", "1.2.", "1.2.3", "1.2.3.", "1.2.3.4.", "1.2.3.4.5", "1.2.3.4.56",
        "123.145.167.189.", "123.145.167.1890"};
    for (String base : bases) {
      byte[] field = base.getBytes(StandardCharsets.US_ASCII);
      for (int position = 0; position < field.length; position++) {
        byte original = field[position];
        for (int value = 0; value < 256; value++) {
          field[position] = (byte) value;
          check(field);
        }
        field[position] = original;
      }
    }
  }

  /** All fields of length 7 over six symbols, and of length 8 over five: every arrangement. */
  @Test
  void everyShortFieldOverASmallAlphabet() {
    exhaustive(7, "0125./".getBytes(StandardCharsets.US_ASCII));
    exhaustive(8, "025./".getBytes(StandardCharsets.US_ASCII));
    exhaustive(9, "01.:".getBytes(StandardCharsets.US_ASCII));
  }

  private static void exhaustive(int length, byte[] alphabet) {
    byte[] field = new byte[length];
    int[] digit = new int[length];
    while (true) {
      for (int i = 0; i < length; i++) {
        field[i] = alphabet[digit[i]];
      }
      check(field);
      int i = 0;
      while (i < length && ++digit[i] == alphabet.length) {
        digit[i++] = 0;
      }
      if (i == length) {
        return;
      }
    }
  }

  /**
   * Lengths 0-20, random fields: mostly digits and dots (so that many are near-valid), else any
   * byte; and valid addresses with one byte replaced, inserted or removed.
   */
  @Test
  void randomFieldsOfEveryLength() {
    SplittableRandom random = new SplittableRandom(20250601L);
    byte[] near = "0123456789....".getBytes(StandardCharsets.US_ASCII);
    for (int length = 0; length <= 20; length++) {
      for (int n = 0; n < 20_000; n++) {
        byte[] field = new byte[length];
        for (int i = 0; i < length; i++) {
          field[i] = random.nextInt(8) == 0 ? (byte) random.nextInt(256) : near[random.nextInt(near.length)];
        }
        check(field);
      }
    }
    for (int n = 0; n < 100_000; n++) {
      byte[] address = Ipv4Codec.format(random.nextInt()).getBytes(StandardCharsets.US_ASCII);
      check(address);
      int at = random.nextInt(address.length);
      byte[] changed = address.clone();
      changed[at] = near[random.nextInt(near.length)];
      check(changed);
      byte[] longer = new byte[address.length + 1];
      System.arraycopy(address, 0, longer, 0, at);
      longer[at] = near[random.nextInt(near.length)];
      System.arraycopy(address, at, longer, at + 1, address.length - at);
      check(longer);
      byte[] shorter = new byte[address.length - 1];
      System.arraycopy(address, 0, shorter, 0, at);
      System.arraycopy(address, at + 1, shorter, at, address.length - at - 1);
      check(shorter);
    }
  }

  /**
   * Ranges inside a larger array: every {@code from}/{@code to} over a line of log fields, so the
   * parser meets digits and dots just outside the range on both sides, and the array's own ends.
   */
  @Test
  void everyRangeOfALogLine() {
    byte[] line = "1.2.3.45 10.0.0.1 255.255.255.255 7.7.7.7 01.2.3.4 1.2.3.4.5 9.99.999.0"
        .getBytes(StandardCharsets.US_ASCII);
    for (int from = 0; from <= line.length; from++) {
      for (int to = from; to <= line.length; to++) {
        check(line, from, to);
      }
    }
  }

  /** A field that fills its array, or ends it: any read before {@code from} or at {@code to} throws. */
  @Test
  void readsNothingOutsideTheRange() {
    for (String field : new String[] {"1.2.3.4", "12.34.56.78", "255.255.255.255", "1.2.3.45", "1.2.3.4.5"}) {
      byte[] exact = field.getBytes(StandardCharsets.US_ASCII);
      assertEquals(Ipv4Codec.parseAddress(exact, 0, exact.length),
          Ipv4WordParser.parseAddress(exact, 0, exact.length), field);
      byte[] atEnd = ("x " + field).getBytes(StandardCharsets.US_ASCII);
      assertEquals(Ipv4Codec.parseAddress(exact, 0, exact.length),
          Ipv4WordParser.parseAddress(atEnd, 2, atEnd.length), field);
    }
    assertEquals(Ipv4Codec.NOT_IPV4, Ipv4WordParser.parseAddress(new byte[0], 0, 0));
  }

  @Test
  void parsesTheFieldsOfAnAccessLogInPlace() {
    List<int[]> ranges = new ArrayList<>();
    StringBuilder log = new StringBuilder();
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 1000; i++) {
      String client = Ipv4Codec.format(random.nextInt());
      int from = log.length();
      log.append(client);
      ranges.add(new int[] {from, log.length()});
      log.append(" - - [01/Jun/2025:10:00:00 +0000] \"GET / HTTP/1.1\" 200 512\n");
    }
    byte[] bytes = log.toString().getBytes(StandardCharsets.US_ASCII);
    for (int[] range : ranges) {
      check(bytes, range[0], range[1]);
      assertTrue(Ipv4WordParser.parseAddress(bytes, range[0], range[1]) != Ipv4Codec.NOT_IPV4);
    }
  }
}
