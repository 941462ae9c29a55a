package org.ipjoin.cli.ipindex;

import static org.ipjoin.cli.ipindex.IndexToolsTest.ipindex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.RealData;
import org.ipjoin.ReferenceList;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.OverlapPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex export}: an index written with known intervals exports as the text written here
 * by hand; indexes built from real lists export, re-build to the same intervals and labels, and
 * export again to the same bytes; its errors and exit codes; {@code inspect --lookup} on a ranged,
 * labelled index.
 */
class ExportCommandTest {

  @TempDir Path dir;

  private static int key(String dotted) {
    return (int) (ReferenceList.address(dotted) ^ 0x8000_0000L);
  }

  /**
   * 0.0.0.0 alone; 1.2.3.0/24 'web'; 1.2.4.0-1.2.4.9 unlabelled; 10.0.0.0/8 'Zürich'; 10.x after
   * it as a range that is not a block; 255.255.255.255 'web'.
   */
  private Path knownIndex() throws Exception {
    int[] starts = {key("0.0.0.0"), key("1.2.3.0"), key("1.2.4.0"), key("10.0.0.0"),
        key("11.0.0.0"), key("255.255.255.255")};
    int[] ends = {key("0.0.0.0"), key("1.2.3.255"), key("1.2.4.9"), key("10.255.255.255"),
        key("11.0.1.255"), key("255.255.255.255")};
    int[] labelIds = {0, 1, 0, 2, 1, 1};
    byte[] web = "web".getBytes(StandardCharsets.UTF_8);
    byte[] zurich = "Zürich".getBytes(StandardCharsets.UTF_8);
    byte[] bytes = new byte[web.length + zurich.length];
    System.arraycopy(web, 0, bytes, 0, web.length);
    System.arraycopy(zurich, 0, bytes, web.length, zurich.length);
    Path index = dir.resolve("known.ipidx");
    BuiltIndexes.write(new IndexContent(starts, ends, labelIds, 6,
        new int[] {0, web.length, bytes.length}, bytes, 0, 0), index);
    return index;
  }

  /** Key halves (top bit flipped) of an IPv6 address, read by the JDK. */
  private static long[] key6(String address) throws Exception {
    byte[] b = java.net.Inet6Address.getByName(address).getAddress();
    long hi = 0;
    long lo = 0;
    for (int i = 0; i < 8; i++) {
      hi = hi << 8 | (b[i] & 0xFF);
      lo = lo << 8 | (b[i + 8] & 0xFF);
    }
    return new long[] {hi ^ Long.MIN_VALUE, lo ^ Long.MIN_VALUE};
  }

  /** The IPv4 intervals of {@link #knownIndex} and, after them, these IPv6 ones ("first-last label"). */
  private static final String[] KNOWN_V6 = {
      "::-::ff", "2001:db8::-2001:db8:ffff:ffff:ffff:ffff:ffff:ffff web", "2001:db9::1-2001:db9::1",
      "2001:dba::1-2001:dba::9 Zürich", "2001:dbb::-2001:dbb::1",
      "2001:dbc::-2001:dbc:0:1:ffff:ffff:ffff:ffff",
      "2001:dbd:0:0:ffff:ffff:ffff:ffff-2001:dbd:0:1::",
      "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff-ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff web"};

  private Path knownMixedIndex() throws Exception {
    int[] starts = {key("0.0.0.0"), key("1.2.3.0"), key("1.2.4.0"), key("10.0.0.0"),
        key("11.0.0.0"), key("255.255.255.255")};
    int[] ends = {key("0.0.0.0"), key("1.2.3.255"), key("1.2.4.9"), key("10.255.255.255"),
        key("11.0.1.255"), key("255.255.255.255")};
    int[] labelIds = {0, 1, 0, 2, 1, 1};
    long[] starts6 = new long[2 * KNOWN_V6.length];
    long[] ends6 = new long[2 * KNOWN_V6.length];
    int[] labelIds6 = new int[KNOWN_V6.length];
    for (int i = 0; i < KNOWN_V6.length; i++) {
      String[] rangeAndLabel = KNOWN_V6[i].split(" ");
      String[] range = rangeAndLabel[0].split("-");
      System.arraycopy(key6(range[0]), 0, starts6, 2 * i, 2);
      System.arraycopy(key6(range[1]), 0, ends6, 2 * i, 2);
      labelIds6[i] = rangeAndLabel.length == 1 ? 0 : rangeAndLabel[1].equals("web") ? 1 : 2;
    }
    byte[] web = "web".getBytes(StandardCharsets.UTF_8);
    byte[] zurich = "Zürich".getBytes(StandardCharsets.UTF_8);
    byte[] bytes = new byte[web.length + zurich.length];
    System.arraycopy(web, 0, bytes, 0, web.length);
    System.arraycopy(zurich, 0, bytes, web.length, zurich.length);
    Path index = dir.resolve("mixed.ipidx");
    BuiltIndexes.write(new IndexContent(starts, ends, labelIds, 6,
        new int[] {0, web.length, bytes.length}, bytes, 0, 0,
        new IndexContent.V6(starts6, ends6, labelIds6, KNOWN_V6.length)), index);
    return index;
  }

  @Test
  void exportWritesTheIpv6IntervalsAfterTheIpv4OnesInRfc5952Form() throws Exception {
    Path index = knownMixedIndex();
    String expected = "0.0.0.0\n1.2.3.0/24\tweb\n1.2.4.0-1.2.4.9\n10.0.0.0/8\tZürich\n"
        + "11.0.0.0/23\tweb\n255.255.255.255\tweb\n"
        + "::/120\n"
        + "2001:db8::/32\tweb\n"
        + "2001:db9::1\n"
        + "2001:dba::1-2001:dba::9\tZürich\n"
        + "2001:dbb::/127\n"
        + "2001:dbc::/63\n"
        + "2001:dbd::ffff:ffff:ffff:ffff-2001:dbd:0:1::\n"
        + "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff\tweb\n";
    Run toStdout = ipindex("export", index.toString());
    assertEquals(0, toStdout.exit(), toStdout.err());
    assertEquals(expected, toStdout.out());

    Path text = dir.resolve("list.txt");
    Run toFile = ipindex("export", index.toString(), "--output", text.toString());
    assertEquals(0, toFile.exit(), toFile.err());
    assertEquals(expected, Files.readString(text, StandardCharsets.UTF_8));
    assertEquals("exported 14 intervals (6 IPv4, 8 IPv6; 2 labels) from " + index + " to " + text
        + "\n", toFile.out());
  }

  @Test
  void inspectLooksUpIpv6AndIpv4MappedAddresses() throws Exception {
    Path index = knownMixedIndex();
    Run run = ipindex("inspect", index.toString(), "--lookup", "2001:db8::77", "2001:DB9:0::1",
        "2001:db9::2", "::5", "::ffff:1.2.3.77", "::ffff:1.2.4.10", "::1.2.3.77", "1.2.3.77",
        "2001:dba::9", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff");
    assertEquals(0, run.exit(), run.err());
    assertTrue(run.out().endsWith("2001:db8::77 in 2001:db8::/32 label 'web'\n"
        + "2001:DB9:0::1 in 2001:db9::1\n"
        + "2001:db9::2 absent\n"
        + "::5 in ::/120\n"
        + "::ffff:1.2.3.77 (IPv4 1.2.3.77) in 1.2.3.0/24 label 'web'\n"
        + "::ffff:1.2.4.10 (IPv4 1.2.4.10) absent\n"
        + "::1.2.3.77 absent\n"
        + "1.2.3.77 in 1.2.3.0/24 label 'web'\n"
        + "2001:dba::9 in 2001:dba::1-2001:dba::9 label 'Zürich'\n"
        + "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff in ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"
        + " label 'web'\n"), run.out());
    assertTrue(run.out().contains("IPv6 intervals 8\n"
        + "IPv6 range     :: .. ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff\n"), run.out());

    for (String bad : new String[] {"[2001:db8::1]", "fe80::1%eth0", "2001:db8::1::2", "1.2.3.4:80"}) {
      Run refused = ipindex("inspect", index.toString(), "--lookup", bad);
      assertEquals(2, refused.exit(), bad);
      assertTrue(refused.err().startsWith("ipindex inspect: --lookup: not an IPv6 address: '" + bad
          + "' (") && refused.err().endsWith(")\n") && refused.err().indexOf('\n')
          == refused.err().length() - 1, refused.err());
    }
  }

  @Test
  void exportWritesOneLinePerIntervalAsAddressBlockOrRangeWithItsLabel() throws Exception {
    Path index = knownIndex();
    String expected = "0.0.0.0\n1.2.3.0/24\tweb\n1.2.4.0-1.2.4.9\n10.0.0.0/8\tZürich\n"
        + "11.0.0.0/23\tweb\n255.255.255.255\tweb\n";

    Run toStdout = ipindex("export", index.toString());
    assertEquals(0, toStdout.exit(), toStdout.err());
    assertEquals(expected, toStdout.out());
    assertEquals("", toStdout.err());

    Path text = dir.resolve("out/list.txt");
    Run toFile = ipindex("export", index.toString(), "--output", text.toString());
    assertEquals(0, toFile.exit(), toFile.err());
    assertEquals(expected, Files.readString(text, StandardCharsets.UTF_8));
    assertEquals("exported 6 intervals (2 labels) from " + index + " to " + text + "\n",
        toFile.out());
    try (Stream<Path> files = Files.list(text.getParent())) {
      assertEquals(List.of(text), files.toList(), "no temporary or .crc file left");
    }
  }

  @Test
  void anExactAddressListExportsItsAddresses() throws Exception {
    Path index = dir.resolve("exact.ipidx");
    BuiltIndexes.write(IndexContent.exact(new int[] {key("1.2.3.4"), key("1.2.3.5"),
        key("8.8.8.8")}, 3, 0, 0), index);
    Run run = ipindex("export", index.toString());
    assertEquals(0, run.exit(), run.err());
    assertEquals("1.2.3.4\n1.2.3.5\n8.8.8.8\n", run.out());
  }

  @Test
  void realListsRoundTripThroughExportAndBuild() throws Exception {
    record Case(String file, LabelColumn labels) {}
    for (Case c : List.of(new Case("lists/ipcat_datacenters.csv", LabelColumn.DEFAULT),
        new Case("lists/spamhaus_drop.txt", LabelColumn.DEFAULT),
        new Case("lists/ipranges_all_ipv4_merged.txt", LabelColumn.DEFAULT),
        new Case("lists/ipsum.txt", LabelColumn.DEFAULT))) {
      IndexContent built = BuiltIndexes.content(
          Files.readAllLines(RealData.file(c.file), StandardCharsets.UTF_8), c.labels,
          OverlapPolicy.LONGEST);
      Path index = dir.resolve("a.ipidx");
      Files.deleteIfExists(index);
      BuiltIndexes.write(built, index);
      Path text = dir.resolve("a.txt");
      Run export = ipindex("export", index.toString(), "--output", text.toString(), "--overwrite");
      assertEquals(0, export.exit(), export.err());

      List<String> lines = Files.readAllLines(text, StandardCharsets.UTF_8);
      IndexContent rebuilt = BuiltIndexes.content(lines, LabelColumn.DEFAULT, OverlapPolicy.LONGEST);
      assertEquals(intervals(built), intervals(rebuilt), c.file);
      assertEquals(built.ranges(), rebuilt.ranges(), c.file);
      assertEquals(built.labels(), rebuilt.labels(), c.file);

      // Exporting the rebuilt index gives the same bytes.
      Path again = dir.resolve("b.ipidx");
      Files.deleteIfExists(again);
      BuiltIndexes.write(rebuilt, again);
      Run second = ipindex("export", again.toString());
      assertEquals(0, second.exit(), second.err());
      assertArrayEquals(Files.readAllBytes(text), second.out().getBytes(StandardCharsets.UTF_8),
          c.file);
    }
  }

  /** Each interval as {@code start end label} with addresses and label as text. */
  private static List<String> intervals(IndexContent c) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < c.count(); i++) {
      int end = c.ends() == null ? c.starts()[i] : c.ends()[i];
      String label = "";
      if (c.labels() && c.labelIds()[i] != 0) {
        int id = c.labelIds()[i];
        label = new String(c.labelBytes(), c.labelEnds()[id - 1],
            c.labelEnds()[id] - c.labelEnds()[id - 1], StandardCharsets.UTF_8);
      }
      out.add(ReferenceList.dotted((c.starts()[i] ^ 0x8000_0000L) & 0xFFFF_FFFFL) + " "
          + ReferenceList.dotted((end ^ 0x8000_0000L) & 0xFFFF_FFFFL) + " " + label);
    }
    return out;
  }

  @Test
  void exportRefusesAnExistingOutputAMissingIndexAndTheIndexItself() throws Exception {
    Path index = knownIndex();
    Path text = dir.resolve("list.txt");
    Files.writeString(text, "old\n");
    Run exists = ipindex("export", index.toString(), "--output", text.toString());
    assertEquals(2, exists.exit());
    assertEquals("ipindex export: " + text + " already exists; pass --overwrite to replace it\n",
        exists.err());
    assertEquals("old\n", Files.readString(text));

    Run replaced = ipindex("export", index.toString(), "--output", text.toString(), "--overwrite");
    assertEquals(0, replaced.exit(), replaced.err());
    assertTrue(Files.readString(text).startsWith("0.0.0.0\n"));

    Path missing = dir.resolve("missing.ipidx");
    Run none = ipindex("export", missing.toString());
    assertEquals(2, none.exit());
    assertEquals("ipindex export: " + missing + " does not exist\n", none.err());

    Run self = ipindex("export", index.toString(), "--output", index.toString(), "--overwrite");
    assertEquals(2, self.exit());
    assertEquals("ipindex export: --output " + index + " is the index itself\n", self.err());

    Run noIndex = ipindex("export");
    assertEquals(2, noIndex.exit());
    assertEquals("ipindex export: missing the index file; see --help\n", noIndex.err());
  }

  @Test
  void exportOfACorruptIndexFailsWithExitOneAndWritesNothing() throws Exception {
    Path index = knownIndex();
    byte[] bytes = Files.readAllBytes(index);
    bytes[bytes.length - 1] ^= 1;
    Files.write(index, bytes);
    Path text = dir.resolve("list.txt");
    Run run = ipindex("export", index.toString(), "--output", text.toString());
    assertEquals(1, run.exit());
    assertTrue(run.err().startsWith("ipindex export: ") && run.err().contains(index.toString())
        && run.err().endsWith("\n") && run.err().indexOf('\n') == run.err().length() - 1, run.err());
    assertTrue(Files.notExists(text));
    assertEquals("", run.out());
  }

  @Test
  void inspectLooksUpAddressesInARangedLabelledIndex() throws Exception {
    Path index = knownIndex();
    Run run = ipindex("inspect", index.toString(), "--lookup", "1.2.3.77", "1.2.4.9", "1.2.4.10",
        "10.20.30.40", "0.0.0.0", "255.255.255.255");
    assertEquals(0, run.exit(), run.err());
    assertTrue(run.out().endsWith("1.2.3.77 in 1.2.3.0/24 label 'web'\n"
        + "1.2.4.9 in 1.2.4.0-1.2.4.9\n"
        + "1.2.4.10 absent\n"
        + "10.20.30.40 in 10.0.0.0/8 label 'Zürich'\n"
        + "0.0.0.0 in 0.0.0.0\n"
        + "255.255.255.255 in 255.255.255.255 label 'web'\n"), run.out());
    assertTrue(run.out().contains("labels         2\n"), run.out());
  }
}
