package org.ipjoin.job.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.ipjoin.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/**
 * The one-pass scanner of several {@code json:PATH} columns ({@link ClientIpLocators#fromSpecs})
 * against one {@link JsonFieldLocator} per path, the reference: every column's answer (found or
 * not, the range, absent, bracketed, chain) is the single-path locator's, on the real JSON samples
 * (every key path they hold, in several orders) and on generated records (nesting, keys holding
 * dots, escaped keys, repeated keys, arrays, blanks, and the same records cut short or with a
 * byte changed).
 */
class JsonFieldsScannerTest {

  private static final Path SAMPLES = ProjectFiles.resolve("src/test/resources/realdata/logkinds");
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everyColumnOfTheRealSamplesAsItsOwnLocatorFindsIt() throws IOException {
    int compared = 0;
    for (String file : List.of("suricata_eve.json", "caddy_json.log", "cloudflare_logpush.json")) {
      List<String> lines = Files.readAllLines(SAMPLES.resolve(file), StandardCharsets.UTF_8);
      Set<String> paths = new LinkedHashSet<>();
      for (String line : lines) {
        collectPaths(JSON.readTree(line.substring(line.indexOf('{'))), "", paths);
      }
      paths.add("no.such.key");
      paths.add("request");
      List<String> all = new ArrayList<>(paths);
      List<String> reversed = new ArrayList<>(all);
      Collections.reverse(reversed);
      for (String line : lines) {
        compared += compare(all, line);
        compared += compare(reversed, line);
        compared += compare(List.of(all.get(all.size() - 3), all.get(0)), line);
      }
    }
    assertTrue(compared > 1000, compared + " answers compared");
  }

  @Test
  void theSuricataAddressColumnsAreFound() throws IOException {
    String line = Files.readAllLines(SAMPLES.resolve("suricata_eve.json"), StandardCharsets.UTF_8)
        .get(0);
    List<ClientIpLocator> columns = columns(List.of("json:src_ip", "json:dest_ip"));
    JsonNode tree = JSON.readTree(line);
    assertEquals(tree.get("src_ip").textValue(), LocatedField.field(columns.get(0), line));
    assertEquals(tree.get("dest_ip").textValue(), LocatedField.field(columns.get(1), line));
  }

  @Test
  void generatedRecordsGiveEachColumnItsOwnLocatorsAnswer() {
    Random random = new Random(20261127);
    List<String> paths = List.of("a", "b", "a.b", "a.b.c", "b.a", "c", "a.c", "c.a.b", "é", "a.é");
    int compared = 0;
    for (int r = 0; r < 20_000; r++) {
      StringBuilder record = new StringBuilder(random.nextBoolean() ? "" : "prefix: ");
      object(record, random, 0);
      String text = record.toString();
      // Half of them spoilt: cut short, or one byte changed to a JSON character.
      if (random.nextInt(4) == 0) {
        text = text.substring(0, random.nextInt(text.length() + 1));
      } else if (random.nextInt(4) == 0) {
        int at = random.nextInt(text.length());
        text = text.substring(0, at) + "{}[],:\" \\x"
            .charAt(random.nextInt(10)) + text.substring(at + 1);
      }
      List<String> chosen = new ArrayList<>(paths);
      Collections.shuffle(chosen, random);
      compared += compare(chosen.subList(0, 2 + random.nextInt(chosen.size() - 1)), text);
    }
    assertTrue(compared > 100_000, compared + " answers compared");
  }

  @Test
  void aLaterColumnNeverReadsTheAnswersOfAFormerRecordAtTheSameOffsets() {
    List<ClientIpLocator> columns = columns(List.of("json:a", "json:b"));
    byte[] buffer = "{\"a\":\"1.1.1.1\",\"b\":\"2.2.2.2\"}".getBytes(StandardCharsets.UTF_8);
    ClientIpLocator.Range range = new ClientIpLocator.Range();
    assertTrue(columns.get(0).locate(buffer, 0, buffer.length, range));
    assertTrue(columns.get(1).locate(buffer, 0, buffer.length, range));
    // The next block of lines in the same buffer, a record of the same length.
    byte[] next = "{\"b\":\"3.3.3.3\",\"a\":\"4.4.4.4\"}".getBytes(StandardCharsets.UTF_8);
    System.arraycopy(next, 0, buffer, 0, next.length);
    assertTrue(columns.get(0).locate(buffer, 0, buffer.length, range));
    assertEquals("4.4.4.4", new String(buffer, range.from, range.to - range.from, StandardCharsets.UTF_8));
    assertTrue(columns.get(1).locate(buffer, 0, buffer.length, range));
    assertEquals("3.3.3.3", new String(buffer, range.from, range.to - range.from, StandardCharsets.UTF_8));
  }

  @Test
  void aLaterColumnAskedFirstScansTheRecordItself() {
    List<ClientIpLocator> columns = columns(List.of("json:a", "json:b"));
    assertEquals("2.2.2.2", LocatedField.field(columns.get(1), "{\"a\":\"1.1.1.1\",\"b\":\"2.2.2.2\"}"));
    assertEquals("1.1.1.1", LocatedField.field(columns.get(0), "{\"a\":\"1.1.1.1\",\"b\":\"2.2.2.2\"}"));
  }

  @Test
  void oneJsonColumnKeepsTheSinglePathLocatorAndOtherFormatsStayTheirOwn() {
    List<ClientIpLocator> one = columns(List.of("json:a", "ws:2"));
    assertInstanceOf(JsonFieldLocator.class, one.get(0).field());
    assertInstanceOf(WhitespaceFieldLocator.class, one.get(1).field());
    List<ClientIpLocator> two = columns(List.of("json:a", "ws:2", "suricata"));
    assertInstanceOf(JsonPathColumn.class, two.get(0).field());
    assertInstanceOf(JsonPathColumn.class, two.get(2).field());
    assertEquals("json:src_ip", two.get(2).spec());
    String record = "{\"a\":\"1.1.1.1\", \"src_ip\":\"10.0.0.1, 10.0.0.2\"}";
    assertEquals("1.1.1.1", LocatedField.field(two.get(0), record));
    assertEquals("10.0.0.1", LocatedField.field(two.get(2), record), "the chain rule applies");
  }

  @Test
  void aValueThatIsAnObjectAnswersItsPathAndLeadsOnForALongerOne() {
    List<ClientIpLocator> columns = columns(List.of("json:a", "json:a.b"));
    String record = "{\"a\": {\"b\": \"1.1.1.1\"}, \"a\": \"2.2.2.2\"}";
    assertEquals(null, LocatedField.field(columns.get(0), record), "the first key wins: an object");
    assertEquals("1.1.1.1", LocatedField.field(columns.get(1), record));
    assertFalse(new JsonFieldLocator("a", "json:a").locate(record.getBytes(StandardCharsets.UTF_8),
        0, record.length(), new ClientIpLocator.Range()));
  }

  @Test
  void aPathEndingInADotMatchesAnEmptyKeyAsAlone() {
    String record = "{\"source\":{\"\":\"[2001:db8::1]\",\"port\":1},\"client.ip\":\"10.0.1\"}";
    assertEquals(1 + 1, compare(List.of("source.", "client.ip"), record));
    assertEquals("2001:db8::1", LocatedField.field(columns(List.of("json:source.", "json:a")).get(0),
        record));
  }

  private static List<ClientIpLocator> columns(List<String> specs) {
    return ClientIpLocators.fromSpecs(specs,
        specs.stream().map(s -> ChainRule.parse(ChainRule.DEFAULT)).toList());
  }

  /**
   * Asks the columns of {@code paths} for {@code record}, in order, and each path's own locator;
   * returns how many answers were compared.
   */
  private static int compare(List<String> paths, String record) {
    List<String> specs = paths.stream().map(p -> "json:" + p).toList();
    List<ClientIpLocator> columns = columns(specs);
    byte[] bytes = ("{\"x\":\"9.9.9.9\"} " + record + "\"}] 8.8.8.8").getBytes(StandardCharsets.UTF_8);
    int from = "{\"x\":\"9.9.9.9\"} ".length();
    int to = from + record.getBytes(StandardCharsets.UTF_8).length;
    for (int c = 0; c < paths.size(); c++) {
      ClientIpLocator.Range expected = new ClientIpLocator.Range();
      boolean found = new JsonFieldLocator(paths.get(c), specs.get(c)).locate(bytes, from, to, expected);
      ClientIpLocator.Range got = new ClientIpLocator.Range();
      boolean gotFound = columns.get(c).field().locate(bytes, from, to, got);
      String what = specs.get(c) + " among " + paths + " in " + record;
      assertEquals(found, gotFound, what);
      if (found) {
        assertEquals(expected.toString(), got.toString(), what);
      }
    }
    return paths.size();
  }

  private static final String[] KEYS = {"a", "b", "c", "a.b", "b.c", "a.b.c", "\\u0061", "\\u0062",
      "a\\u002eb", "\\u00e9", "é", "d", "b.a", "c.a"};
  private static final String[] VALUES = {"\"1.2.3.4\"", "\"2001:db8::1\"", "null", "\"-\"", "\"\"",
      "12", "true", "[1, {\"a\": \"5.5.5.5\"}]", "[]", "\"10.0.0.1, 10.0.0.2\"", "\"[::1]:80\"",
      "\"x\\\"y\"", "{}"};

  private static void object(StringBuilder out, Random random, int depth) {
    out.append('{').append(blank(random));
    int members = random.nextInt(depth == 0 ? 6 : 4);
    for (int m = 0; m < members; m++) {
      if (m > 0) {
        out.append(',').append(blank(random));
      }
      out.append('"').append(KEYS[random.nextInt(KEYS.length)]).append('"').append(blank(random))
          .append(':').append(blank(random));
      if (depth < 3 && random.nextInt(3) == 0) {
        object(out, random, depth + 1);
      } else {
        out.append(VALUES[random.nextInt(VALUES.length)]);
      }
      out.append(blank(random));
    }
    out.append('}');
  }

  private static String blank(Random random) {
    return switch (random.nextInt(6)) {
      case 0 -> " ";
      case 1 -> "\t\r\n ";
      default -> "";
    };
  }

  /** Every key path through nested objects, keys joined by dots. */
  private static void collectPaths(JsonNode object, String prefix, Set<String> paths) {
    for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String path = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
      paths.add(path);
      if (e.getValue().isObject()) {
        collectPaths(e.getValue(), path, paths);
      }
    }
  }
}
