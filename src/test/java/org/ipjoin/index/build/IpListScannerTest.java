package org.ipjoin.index.build;

import org.ipjoin.index.list.IpListLine;
import org.ipjoin.index.list.MalformedIpListException;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The scanner's fused fast path must classify every line exactly as {@link IpListLine#parse} does
 * line by line: checked on the real lists, and on a generated mix of tricky lines large enough to
 * cross the scanner's chunk boundaries many times.
 */
class IpListScannerTest {

  

  /** The reference: split into lines with plain code, classify each with IpListLine. */
  record Expected(int[] keys, long lines, Map<IpListLine.Kind, Long> kinds) {}

  static Expected reference(byte[] file) {
    List<Integer> keys = new ArrayList<>();
    Map<IpListLine.Kind, Long> kinds = new EnumMap<>(IpListLine.Kind.class);
    int start = file.length >= 3 && file[0] == (byte) 0xEF && file[1] == (byte) 0xBB
        && file[2] == (byte) 0xBF ? 3 : 0;
    long lines = 0;
    while (start < file.length) {
      int end = start;
      while (end < file.length && file[end] != '\n') {
        end++;
      }
      lines++;
      long parsed = IpListLine.parse(file, start, end);
      if (parsed >= 0) {
        keys.add((int) parsed + Integer.MIN_VALUE);
      } else {
        kinds.merge(IpListLine.Kind.of(parsed), 1L, Long::sum);
      }
      start = end + 1;
    }
    return new Expected(keys.stream().mapToInt(Integer::intValue).toArray(), lines, kinds);
  }

  static IpListScanner scan(byte[] file) throws IOException {
    IpListScanner scanner = new IpListScanner("test", true, 16, total -> { });
    scanner.scan(new ByteArrayInputStream(file));
    return scanner;
  }

  static void assertSameAsReference(byte[] file) throws IOException {
    Expected expected = reference(file);
    IpListScanner scanner = scan(file);
    assertArrayEquals(expected.keys(), Arrays.copyOf(scanner.keys(), scanner.keyCount()));
    assertEquals(expected.lines(), scanner.lines());
    assertEquals(expected.kinds(), scanner.kindCounts());
  }

  @ParameterizedTest
  @ValueSource(strings = {"lists/ipsum.txt", "lists/ipranges_all_ipv4_merged.txt",
      "lists/ipcat_datacenters.csv", "logs/elastic_apache_logs.log"})
  void realFilesScanAsLineByLine(String name) throws IOException {
    assertSameAsReference(Files.readAllBytes(org.ipjoin.RealData.file(name)));
  }

  @Test
  void trickyLinesAcrossChunkBoundariesScanAsLineByLine() throws IOException {
    String[] templates = {"%d.%d.%d.%d", "%d.%d.%d.%d\t17", "%d.%d.%d.%d\r", "  %d.%d.%d.%d  ",
        "%d.%d.%d.%d # note", "%d.%d.%d.%d;x", "%d.%d.%d.%d\rjunk", "0%d.%d.%d.%d", "%d.%d.%d.%d0",
        "%d.%d.%d.%d/24", "%d.%d.%d.%d-1.2.3.4", "%d.%d.%d.%d.%d", "%d.%d.%d", "# %d.%d.%d.%d", "",
        "%d.%d.%d.%dx", "::ffff:%d.%d.%d.%d", "%d..%d.%d.%d", "%d.%d.%d.%d ,"};
    Random random = new Random(11);
    StringBuilder text = new StringBuilder("\uFEFF");
    while (text.length() < 9_000_000) { // > 2 chunks of 4 MiB
      String template = templates[random.nextInt(templates.length)];
      Object[] octets = {random.nextInt(300), random.nextInt(256), random.nextInt(256),
          random.nextInt(260), random.nextInt(10)};
      text.append(String.format(template, octets)).append('\n');
    }
    text.append("1.2.3.4"); // last line without a newline
    assertSameAsReference(text.toString().getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void lineLongerThanAChunkIsOneMalformedLine() throws IOException {
    byte[] garbage = new byte[10 << 20];
    Arrays.fill(garbage, (byte) 'x');
    byte[] file = (new String(garbage, StandardCharsets.ISO_8859_1) + "\n10.0.0.1\n")
        .getBytes(StandardCharsets.ISO_8859_1);
    IpListScanner scanner = scan(file);
    assertEquals(2, scanner.lines());
    assertEquals(1, scanner.keyCount());
    assertEquals(Map.of(IpListLine.Kind.MALFORMED, 1L), scanner.kindCounts());
    assertTrue(scanner.examples().contains("(10485760 chars)"), scanner.examples());
  }

  @Test
  void strictScanStopsAtTheFirstInvalidLineWithItsNumber() {
    byte[] file = "10.0.0.1\n# c\n\n10.0.0.2/32\n".getBytes(StandardCharsets.US_ASCII);
    IpListScanner scanner = new IpListScanner("list.txt", false, 16, total -> { });
    MalformedIpListException e = assertThrows(MalformedIpListException.class,
        () -> scanner.scan(new ByteArrayInputStream(file)));
    assertEquals(4, e.line());
    assertEquals(IpListLine.Kind.CIDR, e.kind());
    assertTrue(e.getMessage().startsWith("list.txt:4: CIDR block"), e.getMessage());
  }

  @Test
  void severalFilesAddUpAndNumberTheirOwnLines() throws IOException {
    IpListScanner scanner = new IpListScanner("a.tsv", false, 16, total -> { });
    scanner.scan(new ByteArrayInputStream("10.0.0.1\n10.0.0.2\n".getBytes(StandardCharsets.US_ASCII)),
        "a.tsv");
    scanner.scan(new ByteArrayInputStream("\uFEFF10.0.0.3\n".getBytes(StandardCharsets.UTF_8)), "b.tsv");
    assertEquals(3, scanner.keyCount());
    assertEquals(3, scanner.lines());
    assertEquals(List.of(new BuildSummary.ListCount("a.tsv", 18, 2),
        new BuildSummary.ListCount("b.tsv", 12, 1)), scanner.files());
    MalformedIpListException e = assertThrows(MalformedIpListException.class, () -> scanner.scan(
        new ByteArrayInputStream("10.0.0.4\n10.0.0.4/32\n".getBytes(StandardCharsets.US_ASCII)),
        "c.tsv"));
    assertEquals("c.tsv:2: CIDR block (ipjoin joins exact addresses, blocks are not expanded):"
        + " '10.0.0.4/32'", e.getMessage());
  }
}
