package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.RealData;
import org.ipjoin.api.IpJoin;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.testing.IndexReaders;
import org.ipjoin.testing.ListOracle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex build --input DIR --label-from-file [REGEX]}: a folder stands for its lists in
 * name order, and every entry takes its file's name (or the regex's first group) as label. Checked
 * on real lists against {@link ListOracle} fed by plain String code, and on a generated folder for
 * the rule that the earlier file wins identical entries.
 */
class LabelFromFileTest {

  private static final BigInteger TWO = BigInteger.TWO;

  @TempDir Path dir;

  @Test
  void realListsTakeTheirFileNamesAsLabels() throws Exception {
    Path folder = RealData.file("lists-by-file");
    Path index = dir.resolve("by-file.ipidx");
    IpJoin.buildIndex(new Configuration()).input(folder.toString()).output(index.toString())
        .labelFromFile("list_(.+)\\.netset").run();

    ListOracle oracle = ListOracle.ofFolderLabelledByFile(folder, "list_(.+)\\.netset");
    LoadedIndex loaded = IndexReaders.viaFileSystem(index, true);
    List<ListOracle.Entry> v4 = oracle.entries().stream().filter(e -> !e.v6()).toList();
    List<ListOracle.Entry> v6 = oracle.entries().stream().filter(ListOracle.Entry::v6).toList();
    Ipv4Lookup index4 = loaded.index();
    LabelDictionary labels = index4.labels();
    assertTrue(index4.size() > 1000, "intervals: " + index4.size());
    for (int i = 0; i < index4.size(); i++) {
      String label = labels.label(index4.labelId(i));
      BigInteger start = BigInteger.valueOf(Ipv4Codec.toAddress(index4.start(i)));
      BigInteger end = BigInteger.valueOf(Ipv4Codec.toAddress(index4.end(i)));
      assertEquals(label, ListOracle.winner(v4, OverlapPolicy.LONGEST, start).label(), "" + start);
      assertEquals(label, ListOracle.winner(v4, OverlapPolicy.LONGEST, end).label(), "" + end);
    }
    Ipv6IntervalIndex index6 = loaded.index6();
    BigInteger covered6 = BigInteger.ZERO;
    for (int i = 0; i < index6.size(); i++) {
      BigInteger start = unsigned(index6.startHi(i), index6.startLo(i));
      BigInteger end = unsigned(index6.endHi(i), index6.endLo(i));
      assertEquals("dropv6", labels.label(index6.labelId(i)));
      assertEquals("dropv6", ListOracle.winner(v6, OverlapPolicy.LONGEST, start).label());
      assertEquals("dropv6", ListOracle.winner(v6, OverlapPolicy.LONGEST, end).label());
      covered6 = covered6.add(end.subtract(start).add(BigInteger.ONE));
    }
    assertEquals(union(v6), covered6);
    // Every listed address is in an interval: the intervals cover exactly the entries.
    BigInteger covered = BigInteger.ZERO;
    for (int i = 0; i < index4.size(); i++) {
      covered = covered.add(BigInteger.valueOf(
          Ipv4Codec.toAddress(index4.end(i)) - Ipv4Codec.toAddress(index4.start(i)) + 1));
    }
    assertEquals(union(v4), covered);
  }

  @Test
  void theEarlierFileWinsIdenticalEntriesAndTheSummaryShowsTheConflicts() throws Exception {
    Path folder = Files.createDirectory(dir.resolve("countries"));
    SplittableRandom random = new SplittableRandom(7);
    List<String> de = new ArrayList<>();
    List<String> fr = new ArrayList<>();
    int shared = 0;
    for (int block = 0; block < 400; block++) {
      String cidr = "10." + (block >> 8) + "." + (block & 255) + ".0/24";
      int where = random.nextInt(3); // 0: de only, 1: fr only, 2: both
      if (where != 1) {
        de.add(cidr);
      }
      if (where != 0) {
        fr.add(cidr);
      }
      shared += where == 2 ? 1 : 0;
    }
    Files.write(folder.resolve("country_fr.netset"), fr);
    Files.write(folder.resolve("country_de.netset"), de);
    Files.writeString(folder.resolve(".country_xx.netset"), "10.0.0.0/8\n");
    Files.writeString(folder.resolve("_SUCCESS"), "");
    Path index = dir.resolve("countries.ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", folder.toString(), "--output",
        index.toString(), "--label-from-file", "country_(..)\\.netset");
    assertEquals(0, run.exit(), run.err());
    assertTrue(run.out().contains(String.format("  conflicts    %,d (same range", shared)),
        run.out());
    assertTrue(run.out().contains(": " + folder.resolve("country_de.netset") + ":"), run.out());
    assertTrue(run.out().contains("(2 in the list, --label-from-file 'country_(..)\\.netset')"),
        run.out());

    Ipv4Lookup loaded = IndexReaders.viaFileSystem(index, true).index();
    for (String cidr : fr) {
      int i = loaded.match(Ipv4Codec.parseKey(cidr.substring(0, cidr.indexOf('/'))));
      String expected = de.contains(cidr) ? "de" : "fr"; // de sorts first: its name wins
      assertEquals(expected, loaded.labels().label(loaded.labelId(i)), cidr);
    }
    assertEquals(Ipv4Lookup.NO_MATCH, loaded.match(Ipv4Codec.parseKey("10.200.0.1")),
        "the hidden file is not read");
  }

  @Test
  void aNameTheRegexDoesNotMatchOrLabelsBesideItAreUsageErrors() throws Exception {
    Path folder = Files.createDirectory(dir.resolve("lists"));
    Files.writeString(folder.resolve("country_de.netset"), "10.0.0.0/8\n");
    Files.writeString(folder.resolve("readme.txt"), "10.0.0.1\n");
    Path out = dir.resolve("x.ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", folder.toString(), "--output",
        out.toString(), "--label-from-file", "country_(..)\\.netset");
    assertEquals(2, run.exit());
    assertEquals("ipindex build: input " + folder.resolve("readme.txt") + ": the file name does"
        + " not match --label-from-file 'country_(..)\\.netset'\n", run.err());
    run = IndexToolsTest.ipindex("build", "--input", folder.toString(), "--output",
        out.toString(), "--label-from-file", "--labels", "2");
    assertEquals(2, run.exit());
    assertEquals("ipindex build: --label-from-file and --labels cannot be combined: with"
        + " --label-from-file an entry's label is its file's name\n", run.err());
    run = IndexToolsTest.ipindex("build", "--input", folder.toString(), "--output",
        out.toString(), "--label-from-file", "country_..\\.netset|readme\\.txt");
    assertEquals(2, run.exit());
    assertEquals("ipindex build: --label-from-file: 'country_..\\.netset|readme\\.txt' has no"
        + " group: the label is the REGEX's first group (country_(..)\\.netset labels"
        + " country_de.netset 'de'); to label by the whole file name give no REGEX\n", run.err());
    Path empty = Files.createDirectory(dir.resolve("empty"));
    Files.writeString(empty.resolve("_SUCCESS"), "");
    run = IndexToolsTest.ipindex("build", "--input", empty.toString(), "--output",
        out.toString());
    assertEquals(2, run.exit());
    assertEquals("ipindex build: input " + empty + " is a folder without lists (no plain file"
        + " whose name does not start with '.' or '_')\n", run.err());
    assertFalse(Files.exists(out));

    run = IndexToolsTest.ipindex("build", "--input", folder.toString(), "--output",
        out.toString(), "--label-from-file");
    assertEquals(0, run.exit(), run.err());
    LabelDictionary labels = IndexReaders.viaFileSystem(out, true).index().labels();
    assertEquals(List.of("country_de.netset", "readme.txt"),
        List.of(labels.label(1), labels.label(2)));
  }

  /**
   * Files named {@code 0}, {@code 1} and {@code -} give labels tag writes for no match, a match
   * without a label and a malformed record: the summary warns as for such a list label, for
   * each entry line. A list without entries warns on stderr, naming it and its lost label.
   */
  @Test
  void tagValueNamesWarnAsTagValueLabelsAndAListWithoutEntriesIsNamedOnStderr() throws Exception {
    Path folder = Files.createDirectory(dir.resolve("tags"));
    Files.writeString(folder.resolve("-"), "10.0.0.0/24\n");
    Files.writeString(folder.resolve("0"), "# none here\n10.0.1.0/24\n10.0.2.0/24\n");
    Files.writeString(folder.resolve("1"), "10.0.3.1\n");
    Files.writeString(folder.resolve("spam.txt"), "10.0.4.1\n");
    Files.writeString(folder.resolve("zz.txt"), "# emptied upstream\n\n");
    Path out = dir.resolve("tags.ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", folder.toString(), "--output",
        out.toString(), "--label-from-file");
    assertEquals(0, run.exit(), run.err());
    assertTrue(run.out().contains("  warnings     4 (entries that may not read as their writer"
        + " meant)\n    label 0, 1 or -: 4 lines, first " + folder.resolve("-") + ":1:"
        + " '10.0.0.0/24' (--mode tag writes this label as it writes no match (0), a match"
        + " without a label (1) or a malformed record (-))\n"), run.out());
    assertEquals("ipindex build: warning: input " + folder.resolve("zz.txt") + " has no entry,"
        + " so its label 'zz.txt' (from --label-from-file) will tag nothing\n", run.err());
  }

  /** A line of a CIDR list (comments after ; or #) into the oracle, by String and BigInteger code. */
  /** The addresses in the union of {@code entries}. */
  private static BigInteger union(List<ListOracle.Entry> entries) {
    List<ListOracle.Entry> sorted = new ArrayList<>(entries);
    sorted.sort((a, b) -> a.start().compareTo(b.start()));
    BigInteger total = BigInteger.ZERO;
    BigInteger reach = BigInteger.ONE.negate();
    for (ListOracle.Entry e : sorted) {
      BigInteger from = e.start().max(reach.add(BigInteger.ONE));
      if (from.compareTo(e.end()) <= 0) {
        total = total.add(e.end().subtract(from).add(BigInteger.ONE));
      }
      reach = reach.max(e.end());
    }
    return total;
  }

  private static BigInteger unsigned(long hiKey, long loKey) {
    BigInteger hi = new BigInteger(Long.toUnsignedString(Ipv6Codec.toAddress(hiKey)));
    BigInteger lo = new BigInteger(Long.toUnsignedString(Ipv6Codec.toAddress(loKey)));
    return hi.shiftLeft(64).or(lo);
  }
}
