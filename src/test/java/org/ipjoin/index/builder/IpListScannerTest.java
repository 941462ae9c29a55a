package org.ipjoin.index.builder;

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
import org.ipjoin.index.list.IntervalNormaliser;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.ListEntries;
import org.ipjoin.index.list.ListLineParser;
import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.index.list.NormalisedList;
import org.ipjoin.index.list.OverlapPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The scanner reads every line exactly as {@link ListLineParser} does line by line: its fused
 * address parse in address mode (same keys, or the stop at the first line that is more than an
 * address), and its entry mode (same entries, compared after normalising). Checked on the real
 * lists, and on a generated mix of tricky lines large enough to cross the scanner's chunk
 * boundaries many times.
 */
class IpListScannerTest {

  private static final String[] TRICKY = {"%d.%d.%d.%d", "%d.%d.%d.%d\t17", "%d.%d.%d.%d\r",
      "  %d.%d.%d.%d  ", "%d.%d.%d.%d # note", "%d.%d.%d.%d;x", "%d.%d.%d.%d\rjunk", "0%d.%d.%d.%d",
      "%d.%d.%d.%d0", "%d.%d.%d.%d/24", "%d.%d.%d.%d-1.2.3.4", "%d.%d.%d.%d.%d", "%d.%d.%d",
      "# %d.%d.%d.%d", "", "%d.%d.%d.%dx", "::ffff:%d.%d.%d.%d", "%d..%d.%d.%d", "%d.%d.%d.%d ,",
      "%d.%d.%d.%d,name%d", "%d.%d.%d.%d - 1.2.3.4", "%d.%d.%d.%d\t-\t1.2.3.4",
      "%d.%d.%d.%d\tlabel %d\tmore"};

  /** The reference: lines split with plain code, each read by a ListLineParser of its own. */
  record Expected(int[] keys, boolean plain, long lines, Map<LineKind, Long> kinds,
      ListEntries entries) {}

  static Expected reference(byte[] file, LabelColumn labels) {
    ListLineParser parser = new ListLineParser(labels);
    ListEntries entries = new ListEntries();
    entries.beginFile("test", 0); // as the scanner names its list's lines
    List<Integer> keys = new ArrayList<>();
    boolean plain = true;
    Map<LineKind, Long> kinds = new EnumMap<>(LineKind.class);
    int start = file.length >= 3 && file[0] == (byte) 0xEF && file[1] == (byte) 0xBB
        && file[2] == (byte) 0xBF ? 3 : 0;
    long lines = 0;
    while (start < file.length) {
      int end = start;
      while (end < file.length && file[end] != '\n') {
        end++;
      }
      lines++;
      LineKind kind = parser.parse(file, start, end);
      if (kind.isEntry()) {
        entries.add(parser, lines);
        plain &= kind == LineKind.ADDRESS && !parser.hasLabel();
        keys.add(parser.startKey());
      } else {
        kinds.merge(kind, 1L, Long::sum);
      }
      start = end + 1;
    }
    return new Expected(keys.stream().mapToInt(Integer::intValue).toArray(), plain, lines, kinds,
        entries);
  }

  static IpListScanner scanAddresses(byte[] file, LabelColumn labels) throws IOException {
    IpListScanner scanner = IpListScanner.addresses("test", true, labels, 16, total -> { });
    scanner.scan(new ByteArrayInputStream(file));
    return scanner;
  }

  static IpListScanner scanEntries(byte[] file, LabelColumn labels) throws IOException {
    IpListScanner scanner = IpListScanner.entries("test", true, labels, 16, total -> { });
    scanner.scan(new ByteArrayInputStream(file));
    return scanner;
  }

  /** Address mode: today's keys for a plain list, else the stop; entry mode: the same intervals. */
  static void assertSameAsReference(byte[] file, LabelColumn labels) throws IOException {
    Expected expected = reference(file, labels);
    if (expected.plain()) {
      IpListScanner scanner = scanAddresses(file, labels);
      assertArrayEquals(expected.keys(), Arrays.copyOf(scanner.keys(), scanner.keyCount()));
      assertEquals(expected.lines(), scanner.lines());
      assertEquals(expected.kinds(), scanner.lineKinds());
    } else {
      assertThrows(NotPlainAddressesException.class, () -> scanAddresses(file, labels));
    }
    IpListScanner scanner = scanEntries(file, labels);
    assertEquals(expected.lines(), scanner.lines());
    assertEquals(expected.kinds(), scanner.lineKinds());
    assertSameIntervals(IntervalNormaliser.normalise(expected.entries(), OverlapPolicy.LONGEST),
        IntervalNormaliser.normalise(scanner.entries(), OverlapPolicy.LONGEST));
  }

  static void assertSameIntervals(NormalisedList expected, NormalisedList actual) {
    assertEquals(expected.stats(), actual.stats());
    int n = expected.size();
    assertEquals(n, actual.size());
    for (int i = 0; i < n; i++) {
      assertEquals(expected.startKey(i), actual.startKey(i));
      assertEquals(expected.endKey(i), actual.endKey(i));
      assertEquals(label(expected, i), label(actual, i));
    }
  }

  private static String label(NormalisedList list, int i) {
    int id = list.labelId(i);
    return id == 0 ? null : list.labels().label(id);
  }

  @ParameterizedTest
  @ValueSource(strings = {"lists/ipsum.txt", "lists/ipranges_all_ipv4_merged.txt",
      "lists/ipcat_datacenters.csv", "lists/spamhaus_drop.txt", "logs/elastic_apache_logs.log"})
  void realFilesScanAsLineByLine(String name) throws IOException {
    byte[] file = Files.readAllBytes(org.ipjoin.RealData.file(name));
    assertSameAsReference(file, LabelColumn.DEFAULT);
    assertSameAsReference(file, LabelColumn.NONE);
  }

  @Test
  void ipsumIsPlainWithoutLabelsAndLabelledWithThem() throws IOException {
    byte[] file = Files.readAllBytes(org.ipjoin.RealData.ipsum());
    assertTrue(reference(file, LabelColumn.NONE).plain());
    assertTrue(!reference(file, LabelColumn.DEFAULT).plain());
  }

  @Test
  void trickyLinesAcrossChunkBoundariesScanAsLineByLine() throws IOException {
    for (LabelColumn labels : new LabelColumn[] {LabelColumn.NONE, LabelColumn.DEFAULT}) {
      assertSameAsReference(tricky(TRICKY), labels);
      // Without the lines that need the general path: the address mode reads it all.
      byte[] plain = tricky(Arrays.stream(TRICKY)
          .filter(t -> !t.contains("/") && !t.contains("-") && !t.contains(",name")
              && !t.contains("\t"))
          .toArray(String[]::new));
      assertTrue(reference(plain, labels).plain());
      assertSameAsReference(plain, labels);
    }
  }

  private static byte[] tricky(String[] templates) {
    Random random = new Random(11);
    StringBuilder text = new StringBuilder("\uFEFF");
    while (text.length() < 9_000_000) { // > 2 chunks of 4 MiB
      String template = templates[random.nextInt(templates.length)];
      Object[] octets = {random.nextInt(300), random.nextInt(256), random.nextInt(256),
          random.nextInt(260), random.nextInt(10)};
      text.append(String.format(template, octets)).append('\n');
    }
    text.append("1.2.3.4"); // last line without a newline
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void lineLongerThanAChunkIsOneMalformedLine() throws IOException {
    byte[] garbage = new byte[10 << 20];
    Arrays.fill(garbage, (byte) 'x');
    byte[] file = (new String(garbage, StandardCharsets.ISO_8859_1) + "\n10.0.0.1\n")
        .getBytes(StandardCharsets.ISO_8859_1);
    IpListScanner scanner = scanAddresses(file, LabelColumn.DEFAULT);
    assertEquals(2, scanner.lines());
    assertEquals(1, scanner.keyCount());
    assertEquals(Map.of(LineKind.MALFORMED, 1L), scanner.lineKinds());
    assertEquals("  test:1: not an IPv4 or IPv6 address, block or range: '" + "x".repeat(200)
        + "… (10485760 bytes)'" + System.lineSeparator(), scanner.examples());
  }

  @Test
  void strictScanStopsAtTheFirstMalformedLineWithItsNumber() {
    byte[] file = "10.0.0.1\n# c\n\n10.0.0.2/33\n".getBytes(StandardCharsets.US_ASCII);
    IpListScanner scanner = new IpListScanner("list.txt", false, 16, total -> { });
    MalformedIpListException e = assertThrows(MalformedIpListException.class,
        () -> scanner.scan(new ByteArrayInputStream(file)));
    assertEquals(4, e.line());
    assertEquals("list.txt:4: block prefix: 33 is out of range (0 to 32): '10.0.0.2/33'",
        e.getMessage());
  }

  @Test
  void anIpv6EntryStopsTheAddressScanAndIsCollectedByTheEntryScan() throws IOException {
    byte[] file = "10.0.0.1\n::1\n2001:db8::/32\tx\n".getBytes(StandardCharsets.US_ASCII);
    IpListScanner addresses = new IpListScanner("list.txt", false, 16, total -> { });
    NotPlainAddressesException stop = assertThrows(NotPlainAddressesException.class,
        () -> addresses.scan(new ByteArrayInputStream(file)));
    assertEquals("list.txt:2 is more than a plain address", stop.getMessage());
    IpListScanner entries = IpListScanner.entries("list.txt", false, LabelColumn.DEFAULT, 16,
        total -> { });
    entries.scan(new ByteArrayInputStream(file));
    assertEquals(3, entries.entries().size());
    assertEquals(2, entries.entries().ipv6Size());
    assertEquals(Map.of(), entries.lineKinds());
  }

  @Test
  void aZoneIdFailsTheScanNamingFileAndLine() throws IOException {
    byte[] file = "10.0.0.1\nfe80::1%eth0\n".getBytes(StandardCharsets.US_ASCII);
    IpListScanner scanner = IpListScanner.entries("list.txt", false, LabelColumn.DEFAULT, 16,
        total -> { });
    MalformedIpListException e = assertThrows(MalformedIpListException.class,
        () -> scanner.scan(new ByteArrayInputStream(file)));
    assertEquals("list.txt:2: zone id not allowed in a list: 'fe80::1%eth0'", e.getMessage());
    IpListScanner skipping = scanEntries(file, LabelColumn.DEFAULT);
    assertEquals(Map.of(LineKind.MALFORMED, 1L), skipping.lineKinds());
    assertEquals("  test:2: zone id not allowed in a list: 'fe80::1%eth0'" + System.lineSeparator(),
        skipping.examples());
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
        new ByteArrayInputStream("10.0.0.4\n10.0.0.4.5\n".getBytes(StandardCharsets.US_ASCII)),
        "c.tsv"));
    assertEquals("c.tsv:2: address: 5 octets, expected 4: '10.0.0.4.5'", e.getMessage());
    NotPlainAddressesException stop = assertThrows(NotPlainAddressesException.class,
        () -> scanner.scan(new ByteArrayInputStream("10.0.0.5\n10.0.0.0/8\n".getBytes(
            StandardCharsets.US_ASCII)), "d.tsv"));
    assertEquals("d.tsv:2 is more than a plain address", stop.getMessage());
  }
}
