package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex export}, {@code inspect} and {@code load} on an index with implicit ends
 * ({@link IndexByteMap#FLAG_IMPLICIT_ENDS}): the export holds the listed intervals and no gap, and
 * builds the same file again; inspect says the layout and counts listed intervals and gaps apart.
 */
class ImplicitEndsToolsTest {

  @TempDir Path dir;

  /**
   * 40 touching /24s from 1.0.0.0 to 1.0.42.255, a gap of one /24 after every tenth,
   * neighbours of other countries.
   */
  private static List<String> ranges() {
    List<String> lines = new ArrayList<>();
    String[] countries = {"AU", "CN", "JP"};
    int block = 0;
    for (int i = 0; i < 40; i++) {
      lines.add("1.0." + block + ".0/24\t" + countries[i % 3] + "\t" + (i % 3 == 0 ? "OC" : "AS"));
      block += i % 10 == 9 ? 2 : 1;
    }
    return lines;
  }

  private Path build(Path list, String name) throws Exception {
    Path out = dir.resolve(name);
    Run run = IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
        out.toString(), "--labels", "2,3", "--quiet");
    assertEquals(0, run.exit(), run.err());
    return out;
  }

  @Test
  void exportHoldsTheListedIntervalsAndBuildsTheSameFile() throws Exception {
    List<String> ranges = ranges();
    Path list = Files.writeString(dir.resolve("geo.tsv"),
        "network\tcountry\tcontinent\n" + String.join("\n", ranges) + "\n");
    Path index = build(list, "geo.ipidx");
    byte[] bytes = Files.readAllBytes(index);
    int flags = bytes[12] & 0xFF | (bytes[13] & 0xFF) << 8;
    assertTrue((flags & IndexByteMap.FLAG_IMPLICIT_ENDS) != 0, "flags " + flags);

    Path exported = dir.resolve("export.tsv");
    Run export = IndexToolsTest.ipindex("export", index.toString(), "--output",
        exported.toString());
    assertEquals(0, export.exit(), export.err());
    assertTrue(export.out().startsWith("exported 40 intervals"), export.out());
    List<String> lines = Files.readAllLines(exported);
    assertEquals("network\tcountry\tcontinent", lines.get(0));
    assertEquals(ranges, lines.subList(1, lines.size()), "the list's own lines: no gap, no end");

    Path again = build(exported, "again.ipidx");
    byte[] rebuilt = Files.readAllBytes(again);
    // Byte for byte but the header's source size and lines (bytes 24-39) and its CRC.
    assertArrayEquals(Arrays.copyOfRange(bytes, 0, 24), Arrays.copyOfRange(rebuilt, 0, 24));
    assertArrayEquals(Arrays.copyOfRange(bytes, 40, 60), Arrays.copyOfRange(rebuilt, 40, 60));
    assertArrayEquals(Arrays.copyOfRange(bytes, 64, bytes.length),
        Arrays.copyOfRange(rebuilt, 64, rebuilt.length));

    Ipv4Lookup loaded = IndexReaders.viaFileSystem(again, true).index();
    assertEquals(40, loaded.listedCount());
    assertEquals(44, loaded.size(), "40 listed, 3 gaps between them and one after the last");
  }

  @Test
  void inspectSaysTheLayoutAndCountsListedIntervals() throws Exception {
    Path list = Files.writeString(dir.resolve("geo.tsv"),
        "network\tcountry\tcontinent\n" + String.join("\n", ranges()) + "\n");
    Path index = build(list, "geo.ipidx");
    Run inspect = IndexToolsTest.ipindex("inspect", index.toString(), "--lookup", "1.0.10.7",
        "--lookup", "1.0.11.0", "--lookup", "1.0.42.255", "--lookup", "1.0.43.0",
        "--lookup", "0.255.255.255");
    assertEquals(0, inspect.exit(), inspect.err());
    String out = inspect.out();
    assertTrue(out.contains("ranges with implicit ends (each ends where the next starts; gaps are"
        + " intervals of label id 65535), labels"), out);
    assertTrue(out.contains("intervals      40\n"), out);
    assertTrue(out.contains("gaps           4 (intervals of label id 65535: no match)\n"), out);
    assertTrue(out.contains("range          1.0.0.0 .. 1.0.42.255\n"), out);
    assertTrue(out.contains("1.0.10.7 absent\n"), out); // the gap after the tenth range
    assertTrue(out.contains("1.0.11.0 in 1.0.11.0/24 label country='CN' continent='AS'\n"), out);
    assertTrue(out.contains("1.0.42.255 in 1.0.42.0/24 label country='AU' continent='OC'\n"),
        out);
    assertTrue(out.contains("1.0.43.0 absent\n"), out); // the gap up to 255.255.255.255
    assertTrue(out.contains("0.255.255.255 absent\n"), out);

    Run load = IndexToolsTest.ipindex("load", index.toString(), "--loader", "mmap-direct",
        "--json");
    assertEquals(0, load.exit(), load.err());
    assertTrue(load.out().contains("\"keys\":40,"), load.out());
    Ipv4Lookup loaded = IndexReaders.viaFileSystem(index, true).index();
    assertEquals(Ipv4Codec.parseKey("1.0.42.255"),
        loaded.end(loaded.match(Ipv4Codec.parseKey("1.0.42.0"))));
  }
}
