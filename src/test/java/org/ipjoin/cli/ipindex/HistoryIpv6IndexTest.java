package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.testing.IndexReaders;
import org.ipjoin.testing.RandomMixedList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex build --as-of-from-file}, {@code verify}, {@code inspect --lookup} and {@code
 * export --history} of histories with IPv6 entries: snapshots written as export writes a list
 * come back byte for byte and rebuild the same index; snapshots of overlapping IPv6 and IPv4
 * entries come back as lists that rebuild the same entries, periods and labels; inspect prints an
 * IPv6 entry's periods with their labels.
 */
class HistoryIpv6IndexTest {

  static final String DATED = "(\\d{4}-\\d{2}-\\d{2})\\.txt";
  private static final LocalDate FIRST = LocalDate.parse("2026-03-12");

  @TempDir Path dir;

  /**
   * Day by day, a random part of IPv4 addresses, IPv6 addresses, /64 blocks, ranges and a block
   * at the top of the address space, none adjacent to another, each with a label of the day or
   * none, in address order, IPv4 first, addresses in RFC 5952 form: the text export writes.
   */
  private Path canonicalSnapshots(int days) throws Exception {
    List<String> pool = new ArrayList<>();
    for (int i = 1; i <= 40; i += 2) {
      pool.add("198.51.100." + i);
    }
    for (int i = 1; i <= 0x3f; i += 2) {
      pool.add("2001:db8::" + Integer.toHexString(i));
    }
    pool.add("2001:db8:1::/64");
    for (int i = 2; i < 16; i += 2) {
      pool.add("2001:db8:1:" + Integer.toHexString(i) + "::/64");
    }
    for (int i = 0; i < 4; i++) {
      pool.add("2001:db8:2::" + Integer.toHexString(0x20 * i + 1) + "-2001:db8:2::"
          + Integer.toHexString(0x20 * i + 0x11));
    }
    pool.add("ffff:ffff:ffff:ffff::/64");
    String[] labels = {"scanner", "botnet", "tor exit", ""};
    Random random = new Random(12);
    Path folder = Files.createDirectories(dir.resolve("canonical"));
    String[] label = new String[pool.size()];
    for (int d = 0; d < days; d++) {
      StringBuilder text = new StringBuilder();
      for (int e = 0; e < pool.size(); e++) {
        if (d == 0 || random.nextInt(4) == 0) {
          label[e] = random.nextInt(3) == 0 ? null : labels[random.nextInt(labels.length)];
        }
        if (label[e] != null) {
          text.append(pool.get(e)).append(label[e].isEmpty() ? "" : "\t" + label[e]).append('\n');
        }
      }
      Files.writeString(folder.resolve(FIRST.plusDays(d) + ".txt"), text);
    }
    return folder;
  }

  @Test
  void exportWritesIpv6EntriesBackAndTheyBuildTheSameIndex() throws Exception {
    Path folder = canonicalSnapshots(6);
    Path index = dir.resolve("history.ipidx");
    Run build = IndexToolsTest.ipindex("build", "--input", folder.toString(), "--as-of-from-file",
        DATED, "--output", index.toString());
    assertEquals(0, build.exit(), build.err());
    assertEquals(0, IndexToolsTest.ipindex("verify", index.toString()).exit());
    Path out = dir.resolve("exported");
    Run export = IndexToolsTest.ipindex("export", index.toString(), "--history", "--output",
        out.toString());
    assertEquals(0, export.exit(), export.err());
    for (int d = 0; d < 6; d++) {
      String name = FIRST.plusDays(d) + ".txt";
      assertEquals(Files.readString(folder.resolve(name)), Files.readString(out.resolve(name)),
          name);
    }
    Path again = dir.resolve("again.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", out.toString(),
        "--as-of-from-file", DATED, "--output", again.toString(), "--quiet").exit());
    assertArrayEquals(Files.readAllBytes(index), Files.readAllBytes(again));
  }

  @Test
  void overlappingSnapshotsExportToListsThatRebuildTheSameHistory() throws Exception {
    // Lists of seeds 20 + 36 k share their windows (RandomMixedList): each day one of them.
    Path folder = Files.createDirectories(dir.resolve("overlapping"));
    for (int d = 0; d < 5; d++) {
      Files.write(folder.resolve(FIRST.plusDays(d) + ".txt"),
          RandomMixedList.generate(20 + 36 * d).lines(), StandardCharsets.UTF_8);
    }
    Path index = dir.resolve("history.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", folder.toString(),
        "--as-of-from-file", DATED, "--output", index.toString(), "--quiet").exit());
    Path out = dir.resolve("exported");
    assertEquals(0, IndexToolsTest.ipindex("export", index.toString(), "--history", "--output",
        out.toString()).exit());
    Path again = dir.resolve("again.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", out.toString(),
        "--as-of-from-file", DATED, "--output", again.toString(), "--quiet").exit());
    LoadedIndex a = IndexReaders.viaFileSystem(index, true);
    LoadedIndex b = IndexReaders.viaFileSystem(again, true);
    assertTrue(a.index6().size() > 0 && a.index().size() > 0);
    assertEquals(describe(a), describe(b));
    // Exported again: the same lists, so the same index.
    Path out2 = dir.resolve("exported2");
    assertEquals(0, IndexToolsTest.ipindex("export", again.toString(), "--history", "--output",
        out2.toString()).exit());
    for (int d = 0; d < 5; d++) {
      String name = FIRST.plusDays(d) + ".txt";
      assertEquals(Files.readString(out.resolve(name)), Files.readString(out2.resolve(name)));
    }
  }

  /** Every entry of a history: its interval, and each period with its label text. */
  private static List<String> describe(LoadedIndex loaded) {
    Ipv4Lookup index = loaded.index();
    Ipv6IntervalIndex index6 = loaded.index6();
    ListingHistory history = loaded.history();
    List<String> out = new ArrayList<>();
    for (int e = 0; e < history.entries(); e++) {
      int i = e - index.size();
      String interval = i < 0 ? index.start(e) + ".." + index.end(e)
          : index6.startHi(i) + ":" + index6.startLo(i) + ".." + index6.endHi(i) + ":"
              + index6.endLo(i);
      int entryLabel = i < 0 ? index.labelId(e) : index6.labelId(i);
      int[] periods = history.periods(e);
      int[] labels = history.periodLabels(e);
      StringBuilder text = new StringBuilder(interval);
      for (int p = 0; p < periods.length / 2; p++) {
        int id = labels == null ? entryLabel : labels[p];
        text.append(' ').append(periods[2 * p]).append('-').append(periods[2 * p + 1]).append(' ')
            .append(id == 0 ? "-" : index.labels().label(id));
      }
      out.add(text.toString());
    }
    return out;
  }

  @Test
  void inspectPrintsAnIpv6EntrysPeriodsWithTheirLabels() throws Exception {
    Path folder = Files.createDirectories(dir.resolve("labelled"));
    Files.writeString(folder.resolve("2026-03-12.txt"), "192.0.2.1\n2001:db8::/32\tscanner\n");
    Files.writeString(folder.resolve("2026-03-13.txt"), "2001:db8::/32\tbotnet\n");
    Files.writeString(folder.resolve("2026-03-14.txt"), "192.0.2.1\n");
    Files.writeString(folder.resolve("2026-03-15.txt"), "192.0.2.1\n2001:db8::/32\tbotnet\n");
    Path index = dir.resolve("labelled.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", folder.toString(),
        "--as-of-from-file", DATED, "--output", index.toString(), "--quiet").exit());
    Run inspect = IndexToolsTest.ipindex("inspect", index.toString(), "--lookup",
        "2001:db8:ffff::1", "--lookup", "::ffff:192.0.2.1", "--lookup", "2001:db9::1");
    assertEquals(0, inspect.exit(), inspect.err());
    List<String> lookups = Stream.of(inspect.out().split("\n"))
        .filter(l -> l.startsWith("2001:") || l.startsWith("::ffff:")).toList();
    assertEquals(List.of("2001:db8:ffff::1 in 2001:db8::/32 label 'botnet', listed 2026-03-12 .."
        + " 2026-03-13 label 'scanner', 2026-03-13 .. 2026-03-14 label 'botnet', 2026-03-15 .."
        + " 2026-03-16 label 'botnet'",
        "::ffff:192.0.2.1 (IPv4 192.0.2.1) present, listed 2026-03-12 .. 2026-03-13, 2026-03-14 .."
            + " 2026-03-16",
        "2001:db9::1 absent"), lookups);
    assertTrue(inspect.out().contains("IPv6 intervals 1"), inspect.out());
  }

  @Test
  void anIpv6EntryValidWithTwoLabelsAtOnceIsOneLineNamingFileAndLine() throws Exception {
    String head = "ip,label,from,to\n";
    Path file = dir.resolve("scd.csv");
    // 128.0.0.0 and 2001:db8::1 are valid at once with other labels: two entries, not one.
    Files.writeString(file, head + "128.0.0.0,a,2026-03-01,\n2001:db8::1,b,2026-03-01,\n"
        + "2001:db8::/120,a,2026-03-01,2026-03-10\n2001:db8::1,b,2026-03-02,2026-03-04\n"
        + "2001:db8::-2001:db8::ff,b,2026-03-09,\n");
    Path index = dir.resolve("scd.ipidx");
    Run build = IndexToolsTest.ipindex("build", "--input", file.toString(), "--valid-from", "from",
        "--valid-to", "to", "--labels", "label", "--output", index.toString());
    assertEquals(1, build.exit(), build.err());
    assertEquals("ipindex build: " + file + ":6: 2001:db8::-2001:db8::ff 'b' valid 2026-03-09 .."
        + " open overlaps line 4's 'a' valid 2026-03-01 .. 2026-03-10: an entry holds one label at"
        + " a time", build.err().strip());
    assertTrue(Files.notExists(index));

    // Without the last line: the rows of one IPv6 address one after another, beside an IPv4 one.
    Files.writeString(file, head + "128.0.0.0,a,2026-03-01,\n2001:db8::1,b,2026-03-01,\n"
        + "2001:db8::/120,a,2026-03-01,2026-03-10\n");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", file.toString(), "--valid-from",
        "from", "--valid-to", "to", "--labels", "label", "--output", index.toString(), "--quiet")
        .exit());
    Run inspect = IndexToolsTest.ipindex("inspect", index.toString(), "--lookup", "2001:db8::1",
        "--lookup", "2001:db8::2", "--lookup", "128.0.0.0");
    assertTrue(inspect.out().contains("2001:db8::1 in 2001:db8::1 label 'b', listed 2026-03-01 .."
        + " open"), inspect.out());
    assertTrue(inspect.out().contains("2001:db8::2 in 2001:db8::2-2001:db8::ff label 'a', listed"
        + " 2026-03-01 .. 2026-03-10"), inspect.out());
    assertTrue(inspect.out().contains("128.0.0.0 in 128.0.0.0 label 'a', listed 2026-03-01 .."
        + " open"), inspect.out());
  }
}
