package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex build --labels} with several columns: each entry's label is the columns' values
 * joined by TAB, the names come from the option, the header line or the column numbers, and every
 * read path gives them back; {@code export} writes a list that builds the same bytes again.
 */
class AttributeLabelsTest {

  @TempDir Path dir;

  private static final String CSV = "start,end,asn,org\n"
      + "1.0.0.0,1.0.0.255,AS13335,Cloudflare\n"
      + "1.0.1.0,1.0.3.255,AS4134,Chinanet\n"
      + "1.0.4.0,1.0.4.255,,Nobody\n"
      + "1.0.5.0,1.0.5.255,,\n"
      + "1.0.6.0,1.0.6.255,AS13335,Cloudflare\n";

  private Path write(String name, String text) throws Exception {
    return Files.writeString(dir.resolve(name), text);
  }

  private Path build(Path list, String name, String... options) throws Exception {
    Path out = dir.resolve(name);
    String[] args = new String[5 + options.length];
    args[0] = "build";
    args[1] = "--input";
    args[2] = list.toString();
    args[3] = "--output";
    args[4] = out.toString();
    System.arraycopy(options, 0, args, 5, options.length);
    Run run = IndexToolsTest.ipindex(args);
    assertEquals(0, run.exit(), run.err());
    return out;
  }

  /** The label of the interval holding {@code address}, as its values, or null. */
  private static List<String> values(Ipv4Lookup index, String address) {
    int i = index.match(Ipv4Codec.parseKey(address));
    if (i == Ipv4Lookup.NO_MATCH || index.labelId(i) == 0) {
      return null;
    }
    return List.of(index.labels().label(index.labelId(i)).split("\t", -1));
  }

  @Test
  void columnNumbersTakeTheirNamesFromTheHeaderLineOnEveryReadPath() throws Exception {
    Path index = build(write("asn.csv", CSV), "asn.ipidx", "--labels", "3,4");
    for (IndexReaders.Reader reader : IndexReaders.binaryPaths().toList()) {
      LoadedIndex loaded = reader.load(index, true);
      LabelDictionary labels = loaded.index().labels();
      assertEquals(List.of("asn", "org"), labels.attributeNames(), reader.name());
      // Distinct tuples once: Cloudflare's twice-used pair, Chinanet, (empty, Nobody).
      assertEquals(3, labels.count(), reader.name());
      assertEquals(List.of("AS13335", "Cloudflare"), values(loaded.index(), "1.0.6.9"));
      assertEquals(List.of("AS4134", "Chinanet"), values(loaded.index(), "1.0.2.1"));
      assertEquals(List.of("", "Nobody"), values(loaded.index(), "1.0.4.1"), "empty value kept");
      assertEquals(null, values(loaded.index(), "1.0.5.1"), "all values empty: no label");
    }
  }

  @Test
  void namesFromTheOptionOrTheHeaderOrTheColumnNumbers() throws Exception {
    Path byName = build(write("a.csv", CSV), "a.ipidx", "--labels", "org,asn");
    LoadedIndex loaded = IndexReaders.viaFileSystem(byName, true);
    assertEquals(List.of("org", "asn"), loaded.index().labels().attributeNames());
    assertEquals(List.of("Chinanet", "AS4134"), values(loaded.index(), "1.0.2.1"));

    Path given = build(write("b.csv", CSV), "b.ipidx", "--labels", "number=3,name=4");
    assertEquals(List.of("number", "name"),
        IndexReaders.viaFileSystem(given, true).index().labels().attributeNames());

    String noHeader = CSV.substring(CSV.indexOf('\n') + 1);
    Path numbered = build(write("c.csv", noHeader), "c.ipidx", "--labels", "3,4");
    LoadedIndex plain = IndexReaders.viaFileSystem(numbered, true);
    assertEquals(List.of("column3", "column4"), plain.index().labels().attributeNames());
    assertEquals(List.of("AS4134", "Chinanet"), values(plain.index(), "1.0.2.1"));
  }

  @Test
  void aHeaderNameTheFileLacksIsAUsageError() throws Exception {
    Path list = write("a.csv", CSV);
    Run run = IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
        dir.resolve("x.ipidx").toString(), "--labels", "asn,country");
    assertEquals(2, run.exit());
    assertEquals("ipindex build: " + list + ":1: --labels asn,country: the header line has no"
        + " column 'country' after the address (it has [start, end, asn, org])\n", run.err());
    String noHeader = CSV.substring(CSV.indexOf('\n') + 1);
    Path bare = write("b.csv", noHeader);
    run = IndexToolsTest.ipindex("build", "--input", bare.toString(), "--output",
        dir.resolve("x.ipidx").toString(), "--labels", "asn,org");
    assertEquals(2, run.exit());
    assertEquals("ipindex build: " + bare + ":1: --labels asn,org selects column 'asn' by its"
        + " heading, and the file has no header line\n", run.err());
    assertFalse(Files.exists(dir.resolve("x.ipidx")));
  }

  @Test
  void badAttributeListsAreOneLineUsageErrors() throws Exception {
    Path list = write("a.csv", CSV);
    for (String[] bad : new String[][] {
        {"1,3", "label attributes must be columns (from 2), name=column or header names,"
            + " separated by commas: '1' in '1,3'"},
        {"asn=x,org=4", "label attributes must be columns (from 2), name=column or header names,"
            + " separated by commas: 'asn=x' in 'asn=x,org=4'"},
        {"3,", "label attributes must be columns (from 2), name=column or header names,"
            + " separated by commas: '' in '3,'"},
        {"a=3,a=4", "label attributes: attribute name 2 ('a') repeats attribute name 1 in"
            + " 'a=3,a=4'"}}) {
      Run run = IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
          dir.resolve("x.ipidx").toString(), "--labels", bad[0]);
      assertEquals(2, run.exit(), bad[0]);
      assertEquals("ipindex build: --labels: " + bad[1] + "\n", run.err());
    }
  }

  @Test
  void exportWritesAListThatBuildsTheSameIndex() throws Exception {
    String tsv = "network\tcountry\tcontinent\n"
        + "1.0.0.0/24\tAU\tOC\n"
        + "1.0.1.0/24\tCN\tAS\n"
        + "10.0.0.0-10.0.0.9,\"x;y\",\"#z\"\n"
        + "10.0.1.0/24\t\"q\"\tEU\n"
        + "2001:db8::/32\tDE\tEU\n"; // last: export writes the IPv6 intervals last
    Path index = build(write("geo.tsv", tsv), "geo.ipidx", "--labels", "2,3");
    Path exported = dir.resolve("geo-export.tsv");
    Run export = IndexToolsTest.ipindex("export", index.toString(), "--output",
        exported.toString());
    assertEquals(0, export.exit(), export.err());
    assertTrue(Files.readString(exported).startsWith("network\tcountry\tcontinent\n"));
    Path again = build(exported, "again.ipidx", "--labels", "2,3");
    byte[] before = Files.readAllBytes(index);
    byte[] after = Files.readAllBytes(again);
    // Byte for byte but the header's source size and lines (bytes 24-39) and its CRC.
    assertArrayEquals(Arrays.copyOfRange(before, 0, 24), Arrays.copyOfRange(after, 0, 24));
    assertArrayEquals(Arrays.copyOfRange(before, 40, 60), Arrays.copyOfRange(after, 40, 60));
    assertArrayEquals(Arrays.copyOfRange(before, 64, before.length),
        Arrays.copyOfRange(after, 64, after.length));
    Run second = IndexToolsTest.ipindex("export", again.toString());
    assertEquals(Files.readString(exported), second.out());

    Run inspect = IndexToolsTest.ipindex("inspect", index.toString(), "--lookup", "10.0.0.3");
    assertEquals(0, inspect.exit(), inspect.err());
    assertTrue(inspect.out().contains("attributes     country, continent"), inspect.out());
    assertTrue(inspect.out().contains("10.0.0.3 in 10.0.0.0-10.0.0.9 label country='x;y'"
        + " continent='#z'"), inspect.out());
  }

  @Test
  void oneColumnStaysUnnamedAndByteIdentical() throws Exception {
    Path list = write("l.tsv", "1.0.0.0/24\tAU\n1.0.1.0/24\tCN\n");
    Path byDefault = build(list, "d.ipidx");
    Path byNumber = build(list, "n.ipidx", "--labels", "2");
    assertArrayEquals(Files.readAllBytes(byDefault), Files.readAllBytes(byNumber));
    assertEquals(List.of(),
        IndexReaders.viaFileSystem(byNumber, true).index().labels().attributeNames());
  }
}
