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
 * u16 label ids make its interval columns 10 bytes an interval (start, end, id) instead of 12.
 * The list is generated here, deterministically, in the shape of a geolocation list: ranges of
 * 1 to 4,096 addresses with small gaps, each of another country than the one before.
 */
class AttributeIndexSizeTest {

  private static final int RANGES = 300_000;

  @TempDir Path dir;

  @Test
  void aCountryListCostsTenBytesAnIntervalInItsColumns() throws Exception {
    String[] continents = {"AF", "AN", "AS", "EU", "NA", "OC", "SA"};
    Path list = dir.resolve("countries.tsv");
    SplittableRandom random = new SplittableRandom(2026);
    long at = 1L << 24; // 1.0.0.0
    int previous = -1;
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
        at = end + 1 + (random.nextInt(4) == 0 ? random.nextInt(64) : 0);
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
    long columns = 0;
    for (SectionKind kind : List.of(SectionKind.V4_STARTS, SectionKind.V4_ENDS,
        SectionKind.V4_LABEL_IDS)) {
      Section s = header.section(kind);
      columns += s.length();
    }
    assertEquals(10.0, (double) columns / RANGES, "start 4 + end 4 + u16 label id 2");
    double perInterval = (double) Files.size(index) / RANGES;
    // The rest is the lookup directory (2^16 + 1 entries, 0.87 bytes an interval here) and the
    // dictionary of 250 labels.
    assertTrue(perInterval < 10.9, "file bytes per interval: " + perInterval);
  }

  private static String dotted(long address) {
    return (address >>> 24) + "." + (address >>> 16 & 255) + "." + (address >>> 8 & 255) + "."
        + (address & 255);
  }
}
