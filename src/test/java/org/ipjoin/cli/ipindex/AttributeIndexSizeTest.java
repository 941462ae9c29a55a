package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a country list of about 300,000 ranges with two attributes (country and continent) costs:
 * at most 10 bytes a listed interval for the whole file. Its ranges mostly touch, so it takes
 * implicit ends ({@link IndexByteMap#FLAG_IMPLICIT_ENDS}): a start and a u16 label id per interval
 * (6 bytes), each gap an interval of its own, and a lookup directory of about 8 intervals an entry.
 * The list is generated here, deterministically, in the shape of a geolocation export (a country
 * list from a GeoIP database covers the allocated address space almost without holes): ranges of
 * 1 to 4,096 addresses, nine in ten touching the one before and one in ten after a gap of 1 to 256
 * addresses, each of another country than the one before.
 */
class AttributeIndexSizeTest {

  private static final int RANGES = 300_000;

  @TempDir Path dir;

  @Test
  void aCountryListCostsAtMostTenBytesAListedInterval() throws Exception {
    String[] continents = {"AF", "AN", "AS", "EU", "NA", "OC", "SA"};
    Path list = dir.resolve("countries.tsv");
    SplittableRandom random = new SplittableRandom(2026);
    long at = 1L << 24; // 1.0.0.0
    int previous = -1;
    int gaps = 1; // after the last range, up to 255.255.255.255
    try (BufferedWriter out = Files.newBufferedWriter(list)) {
      out.write("network\tcountry\tcontinent\n");
      for (int i = 0; i < RANGES; i++) {
        int country;
        do {
          country = random.nextInt(250);
        } while (country == previous);
        previous = country;
        long end = at + random.nextInt(4096);
        out.write(dotted(at) + "-" + dotted(end) + "\t" + (char) ('A' + country / 26)
            + (char) ('A' + country % 26) + "\t" + continents[country % continents.length] + "\n");
        at = end + 1 + (random.nextInt(10) == 0 ? 1 + random.nextInt(256) : 0);
        gaps += at == end + 1 ? 0 : 1;
      }
    }
    Path index = dir.resolve("countries.ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
        index.toString(), "--labels", "2,3", "--quiet");
    assertEquals(0, run.exit(), run.err());

    LabelDictionary labels = IndexReaders.viaFileSystem(index, true).index().labels();
    assertEquals(List.of("country", "continent"), labels.attributeNames());
    IndexHeader header = VerifyReader.readHeader(
        org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration()),
        new org.apache.hadoop.fs.Path(index.toString())).header();
    assertEquals(RANGES, header.intervalCount(), "neighbours differ: nothing merges");
    assertTrue((header.flags() & IndexByteMap.FLAG_SHORT_LABEL_IDS) != 0);
    assertTrue((header.flags() & IndexByteMap.FLAG_IMPLICIT_ENDS) != 0);
    assertEquals(null, header.section(SectionKind.V4_ENDS));
    assertEquals(RANGES + gaps, header.section(SectionKind.V4_STARTS).count());
    long columns = 0;
    for (SectionKind kind : List.of(SectionKind.V4_STARTS, SectionKind.V4_LABEL_IDS)) {
      Section s = header.section(kind);
      columns += s.length();
    }
    assertEquals(6L * (RANGES + gaps), columns, "start 4 + u16 label id 2, gaps included");
    double perInterval = (double) Files.size(index) / RANGES;
    // Columns ~6.6 bytes a listed interval (a gap after one range in ten), the directory 2^15 + 1
    // entries (~0.44), the dictionary of 250 labels a few KiB.
    assertTrue(perInterval <= 10.0, "file bytes per listed interval: " + perInterval);
  }

  private static String dotted(long address) {
    return (address >>> 24) + "." + (address >>> 16 & 255) + "." + (address >>> 8 & 255) + "."
        + (address & 255);
  }
}
