package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.ipjoin.RealData;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.load.AsOfLookup;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex build --as-of-from-file} on five real daily snapshots of the ipsum level-6 list
 * (src/test/resources/realdata/history/ipsum6): every address any snapshot lists, at every day
 * and before and after them, answers as the snapshot of that day read by plain Java into a
 * HashSet; {@code inspect --lookup} prints an address's periods as the files give them; and the
 * history's size beside one snapshot's index.
 */
class HistoryIndexTest {

  static final Path SNAPSHOTS = RealData.file("history/ipsum6");
  static final String DATED = "(\\d{4}-\\d{2}-\\d{2})\\.txt";

  @TempDir Path dir;

  /** The snapshots' days, in order, and each one's addresses by plain String code. */
  static List<LocalDate> days() throws IOException {
    List<LocalDate> days = new ArrayList<>();
    try (Stream<Path> files = Files.list(SNAPSHOTS)) {
      files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".txt")).sorted()
          .forEach(n -> days.add(LocalDate.parse(n.substring(0, 10))));
    }
    return days;
  }

  static Set<String> snapshot(LocalDate day) throws IOException {
    Set<String> ips = new HashSet<>();
    for (String line : Files.readAllLines(SNAPSHOTS.resolve(day + ".txt"))) {
      if (!line.isBlank()) {
        ips.add(line.trim());
      }
    }
    return ips;
  }

  static long millis(LocalDate day) {
    return day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
  }

  @Test
  void everyAddressAtEveryDayAnswersAsThatDaysSnapshot() throws Exception {
    Path index = dir.resolve("history.ipidx");
    Run build = IndexToolsTest.ipindex("build", "--input", SNAPSHOTS.toString(),
        "--as-of-from-file", DATED, "--output", index.toString());
    assertEquals(0, build.exit(), build.err());
    List<LocalDate> days = days();
    assertEquals(5, days.size());
    List<Set<String>> lists = new ArrayList<>();
    Set<String> union = new TreeSet<>();
    for (LocalDate day : days) {
      lists.add(snapshot(day));
      union.addAll(lists.get(lists.size() - 1));
    }
    assertTrue(build.out().contains(String.format("history of 5 snapshots, 2026-03-12 .. 2026-03-16"
        + " (valid until 2026-03-17): %,d entries", union.size())), build.out());
    assertEquals(0, IndexToolsTest.ipindex("verify", index.toString()).exit());
    assertFalse(Files.exists(dir.resolve(".history.ipidx.crc")), "no checksum side file");

    LoadedIndex loaded = IndexReaders.viaFileSystem(index, true);
    AsOfLookup none = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
    AsOfLookup nearest = new AsOfLookup(loaded, AsOfLookup.Outside.NEAREST);
    long hour = 3_600_000L;
    long before = millis(days.get(0)) - hour;
    long after = millis(days.get(4).plusDays(1)) + hour;
    for (String ip : union) {
      int key = Ipv4Codec.parseKey(ip);
      for (int d = 0; d < days.size(); d++) {
        for (long at : new long[] {millis(days.get(d)), millis(days.get(d)) + 13 * hour,
            millis(days.get(d).plusDays(1)) - 1}) {
          assertEquals(lists.get(d).contains(ip), none.match(key, at) != Ipv4Lookup.NO_MATCH,
              ip + " on " + days.get(d));
        }
      }
      assertEquals(Ipv4Lookup.NO_MATCH, none.match(key, before), ip + " before");
      assertEquals(Ipv4Lookup.NO_MATCH, none.match(key, after), ip + " after");
      assertEquals(lists.get(0).contains(ip), nearest.match(key, before) >= 0, ip + " before");
      assertEquals(lists.get(4).contains(ip), nearest.match(key, after) >= 0, ip + " after");
      assertEquals(lists.get(4).contains(ip), none.match(key, AsOfLookup.NOW) >= 0, ip + " now");
    }
    // An address of no snapshot is never listed.
    assertEquals(Ipv4Lookup.NO_MATCH, nearest.match(Ipv4Codec.parseKey("192.0.2.1"),
        millis(days.get(1))));
  }

  @Test
  void inspectPrintsAnAddressesHistoryAsTheFilesGiveIt() throws Exception {
    Path index = dir.resolve("history.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", SNAPSHOTS.toString(),
        "--as-of-from-file", DATED, "--output", index.toString(), "--quiet").exit());
    List<LocalDate> days = days();
    List<Set<String>> lists = new ArrayList<>();
    for (LocalDate day : days) {
      lists.add(snapshot(day));
    }
    // Listed on the 12th, not the 13th, again from the 14th on; and one on the 13th only.
    String back = firstWith(lists, true, false, true, true, true);
    String once = firstWith(lists, false, true, false, false, false);
    Run inspect = IndexToolsTest.ipindex("inspect", index.toString(), "--lookup", back,
        "--lookup", once, "--lookup", "192.0.2.1");
    assertEquals(0, inspect.exit(), inspect.err());
    assertTrue(inspect.out().contains(back + " present, listed 2026-03-12 .. 2026-03-13,"
        + " 2026-03-14 .. 2026-03-17"), inspect.out());
    assertTrue(inspect.out().contains(once + " present, listed 2026-03-13 .. 2026-03-14"),
        inspect.out());
    assertTrue(inspect.out().contains("192.0.2.1 absent"), inspect.out());
    assertTrue(inspect.out().contains("history        5 snapshots, 2026-03-12 .. 2026-03-16"
        + " (valid until 2026-03-17)"), inspect.out());
  }

  private static String firstWith(List<Set<String>> lists, boolean... listed) {
    Set<String> union = new TreeSet<>();
    lists.forEach(union::addAll);
    for (String ip : union) {
      boolean all = true;
      for (int d = 0; d < listed.length; d++) {
        all &= lists.get(d).contains(ip) == listed[d];
      }
      if (all) {
        return ip;
      }
    }
    throw new IllegalStateException("no address with that history");
  }

  @Test
  void exportHistoryWritesEachSnapshotBackAndTheyBuildTheSameIndex() throws Exception {
    Path index = dir.resolve("history.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", SNAPSHOTS.toString(),
        "--as-of-from-file", DATED, "--output", index.toString(), "--quiet").exit());
    Path out = dir.resolve("exported");
    Run export = IndexToolsTest.ipindex("export", index.toString(), "--history", "--output",
        out.toString());
    assertEquals(0, export.exit(), export.err());
    for (LocalDate day : days()) {
      Set<String> written = new HashSet<>(Files.readAllLines(out.resolve(day + ".txt")));
      assertEquals(snapshot(day), written, day.toString());
    }
    Path again = dir.resolve("again.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", out.toString(),
        "--as-of-from-file", DATED, "--output", again.toString(), "--quiet").exit());
    // The same entries, periods, times and source sizes (the lists hold the same lines).
    assertEquals(java.util.Arrays.toString(Files.readAllBytes(index)),
        java.util.Arrays.toString(Files.readAllBytes(again)));

    Path plainIndex = dir.resolve("plain.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input",
        SNAPSHOTS.resolve("2026-03-12.txt").toString(), "--output", plainIndex.toString(),
        "--quiet").exit());
    Run plain = IndexToolsTest.ipindex("export", plainIndex.toString(), "--history", "--output",
        dir.resolve("x").toString());
    assertEquals(2, plain.exit());
    assertEquals("ipindex export: " + plainIndex + " is not a history index (ipindex build"
        + " --as-of-from-file); export it without --history", plain.err().strip());
  }

  @Test
  void theHistoryCostsWhatItsChangesCost() throws Exception {
    Path history = dir.resolve("history.ipidx");
    Path last = dir.resolve("last.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", SNAPSHOTS.toString(),
        "--as-of-from-file", DATED, "--output", history.toString(), "--quiet").exit());
    assertEquals(0, IndexToolsTest.ipindex("build", "--input",
        SNAPSHOTS.resolve("2026-03-16.txt").toString(), "--output", last.toString(), "--quiet")
        .exit());
    long h = Files.size(history);
    long one = Files.size(last);
    List<Set<String>> lists = new ArrayList<>();
    Set<String> union = new TreeSet<>();
    for (LocalDate day : days()) {
      lists.add(snapshot(day));
      union.addAll(lists.get(lists.size() - 1));
    }
    // Each entry's codes, from the files and the documented encoding: with 5 snapshots every
    // delta is one byte: the first from, the count when more than one, then two a period but one
    // for the first period.
    long codes = 0;
    for (String ip : union) {
      int periods = 0;
      for (int d = 0; d < lists.size(); d++) {
        if (lists.get(d).contains(ip) && (d == 0 || !lists.get(d - 1).contains(ip))) {
          periods++;
        }
      }
      codes += 2 * periods + (periods > 1 ? 1 : 0);
    }
    long section = 16 + 8 * 6 + 4 * ((union.size() + 15) / 16 + 1) + codes;
    System.out.printf("history of 5 snapshots: %,d bytes, %,d entries, history section %,d bytes;"
        + " one snapshot (2026-03-16): %,d bytes, %,d keys; %.2fx%n", h, union.size(), section, one,
        lists.get(4).size(), (double) h / one);
    // Besides the section: each entry's key (4 bytes), the header, the directory, alignment.
    long rest = h - section - 4L * union.size();
    assertTrue(rest >= 0 && rest <= 8192, h + " bytes, " + rest + " besides keys and history");
  }

  @Test
  void aNameWithoutADateIsAUsageErrorNamingTheFile() throws Exception {
    Path folder = Files.createDirectory(dir.resolve("snapshots"));
    Files.writeString(folder.resolve("2026-03-12.txt"), "192.0.2.1\n");
    Files.writeString(folder.resolve("notes.txt"), "192.0.2.2\n");
    Run build = IndexToolsTest.ipindex("build", "--input", folder.toString(), "--as-of-from-file",
        DATED, "--output", dir.resolve("h.ipidx").toString());
    assertEquals(2, build.exit());
    assertTrue(build.err().contains("--as-of-from-file: 'notes.txt' does not match"), build.err());
    assertEquals(1, build.err().strip().lines().count(), build.err());
  }

  @Test
  void aSnapshotWithIpv6AddsIpv6EntriesAfterTheIpv4Ones() throws Exception {
    Path folder = Files.createDirectory(dir.resolve("mixed"));
    Files.writeString(folder.resolve("2026-03-12.txt"), "192.0.2.1\n");
    Files.writeString(folder.resolve("2026-03-13.txt"), "192.0.2.1\n2001:db8::1\n2001:db9::/48\n");
    Path index = dir.resolve("h.ipidx");
    Run build = IndexToolsTest.ipindex("build", "--input", folder.toString(), "--as-of-from-file",
        DATED, "--output", index.toString());
    assertEquals(0, build.exit(), build.err());
    assertTrue(build.out().contains("history of 2 snapshots, 2026-03-12 .. 2026-03-13 (valid until"
        + " 2026-03-14): 3 entries, 3 listing periods"), build.out());
    assertEquals(0, IndexToolsTest.ipindex("verify", index.toString()).exit());
    LoadedIndex loaded = IndexReaders.viaFileSystem(index, true);
    assertEquals(1, loaded.index().size());
    assertEquals(2, loaded.index6().size());
    // Entry 0 the IPv4 address, in both; entries 1 and 2 the IPv6 ones, from the 13th.
    assertArrayEquals(new int[] {0, 2}, loaded.history().periods(0));
    assertArrayEquals(new int[] {1, 2}, loaded.history().periods(1));
    assertArrayEquals(new int[] {1, 2}, loaded.history().periods(2));
    AsOfLookup asOf = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
    long day12 = millis(LocalDate.parse("2026-03-12"));
    long day13 = millis(LocalDate.parse("2026-03-13"));
    Ipv6Codec.Address a = Ipv6Codec.parse("2001:db9:0:ffff::1");
    long hi = Ipv6Codec.toKey(a.hi);
    long lo = Ipv6Codec.toKey(a.lo);
    assertEquals(Ipv4Lookup.NO_MATCH, asOf.match6(hi, lo, day12));
    assertEquals(1, asOf.match6(hi, lo, day13));
  }

  @Test
  void rangesCutDifferentlyAreAnsweredPerPiece() throws Exception {
    Path folder = Files.createDirectory(dir.resolve("ranges"));
    Files.writeString(folder.resolve("2026-03-12.txt"), "192.0.2.0/24\tscanner\n");
    Files.writeString(folder.resolve("2026-03-13.txt"), "192.0.2.0/25\tscanner\n");
    Path index = dir.resolve("ranges.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", folder.toString(),
        "--as-of-from-file", DATED, "--output", index.toString()).exit());
    AsOfLookup asOf = new AsOfLookup(IndexReaders.viaFileSystem(index, true),
        AsOfLookup.Outside.NONE);
    long day12 = millis(LocalDate.parse("2026-03-12"));
    long day13 = millis(LocalDate.parse("2026-03-13"));
    assertTrue(asOf.match(Ipv4Codec.parseKey("192.0.2.200"), day12) >= 0);
    assertEquals(Ipv4Lookup.NO_MATCH, asOf.match(Ipv4Codec.parseKey("192.0.2.200"), day13));
    assertTrue(asOf.match(Ipv4Codec.parseKey("192.0.2.100"), day13) >= 0);
    assertEquals("scanner", asOf.history() == null ? null : IndexReaders.viaFileSystem(index, true)
        .index().labels().label(1));
  }
}
