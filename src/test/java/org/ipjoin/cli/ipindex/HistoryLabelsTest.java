package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.load.AsOfLookup;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A history whose labels change: each address's label is a period's, and an as-of lookup answers
 * the label in force, against maps built by plain Java from the snapshot files. The real-data-like
 * case labels the five real ipsum level-6 snapshots ({@link HistoryIndexTest#SNAPSHOTS}) as a
 * blocklist's score column does: each address with the days it has been listed in a row
 * ({@code streak-1}, {@code streak-2}, ...), so every address listed two days running changes its
 * label.
 */
class HistoryLabelsTest {

  @TempDir Path dir;

  /** Each day's address → label, as the files written say. */
  private static List<Map<String, String>> streaks() throws IOException {
    List<Map<String, String>> days = new ArrayList<>();
    Map<String, Integer> streak = new HashMap<>();
    for (LocalDate day : HistoryIndexTest.days()) {
      Set<String> listed = HistoryIndexTest.snapshot(day);
      Map<String, Integer> next = new HashMap<>();
      Map<String, String> labels = new HashMap<>();
      for (String ip : listed) {
        next.put(ip, streak.getOrDefault(ip, 0) + 1);
        labels.put(ip, "streak-" + next.get(ip));
      }
      streak = next;
      days.add(labels);
    }
    return days;
  }

  private static void write(Path folder, List<LocalDate> days, List<Map<String, String>> lists)
      throws IOException {
    Files.createDirectories(folder);
    for (int d = 0; d < days.size(); d++) {
      StringBuilder text = new StringBuilder();
      for (String ip : new TreeSet<>(lists.get(d).keySet())) {
        String label = lists.get(d).get(ip);
        text.append(ip).append(label.isEmpty() ? "" : "\t" + label).append('\n');
      }
      Files.writeString(folder.resolve(days.get(d) + ".txt"), text);
    }
  }

  @Test
  void realSnapshotsLabelledByStreakAnswerTheLabelInForce() throws Exception {
    List<LocalDate> days = HistoryIndexTest.days();
    List<Map<String, String>> lists = streaks();
    Path folder = dir.resolve("streaks");
    write(folder, days, lists);
    Path index = dir.resolve("streaks.ipidx");
    Run build = IndexToolsTest.ipindex("build", "--input", folder.toString(), "--as-of-from-file",
        HistoryIndexTest.DATED, "--output", index.toString());
    assertEquals(0, build.exit(), build.err());
    assertEquals(0, IndexToolsTest.ipindex("verify", index.toString()).exit());
    Set<String> union = new TreeSet<>();
    lists.forEach(l -> union.addAll(l.keySet()));
    LoadedIndex loaded = IndexReaders.viaFileSystem(index, true);
    AsOfLookup asOf = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
    Ipv4Lookup plain = loaded.index();
    int changed = 0;
    for (String ip : union) {
      int key = Ipv4Codec.parseKey(ip);
      for (int d = 0; d < days.size(); d++) {
        long noon = HistoryIndexTest.millis(days.get(d)) + 43_200_000L;
        int interval = asOf.match(key, noon);
        String expected = lists.get(d).get(ip);
        assertEquals(expected != null, interval != Ipv4Lookup.NO_MATCH, ip + " on " + days.get(d));
        if (expected != null) {
          assertEquals(expected, plain.labels().label(asOf.labelId(interval, noon)),
              ip + " on " + days.get(d));
          changed += d > 0 && lists.get(d - 1).containsKey(ip) ? 1 : 0;
        }
      }
      // The label column, and now: the last label the address had.
      String last = null;
      for (Map<String, String> list : lists) {
        last = list.getOrDefault(ip, last);
      }
      assertEquals(last, plain.labels().label(plain.labelId(plain.match(key))), ip);
    }
    assertTrue(changed > 1000, changed + " label changes");
    // One entry an address: a label change is a period, not an entry.
    assertTrue(build.out().contains(String.format("%,d entries", union.size())), build.out());

    // inspect: an address listed on the first three days only, its periods with their labels.
    String three = null;
    for (String ip : union) {
      if (lists.get(2).containsKey(ip) && lists.get(0).containsKey(ip)
          && !lists.get(3).containsKey(ip) && !lists.get(4).containsKey(ip)) {
        three = ip;
        break;
      }
    }
    Run inspect = IndexToolsTest.ipindex("inspect", index.toString(), "--lookup", three);
    assertEquals(0, inspect.exit(), inspect.err());
    assertTrue(inspect.out().contains(three + " in " + three + " label 'streak-3', listed"
        + " 2026-03-12 .. 2026-03-13 label 'streak-1', 2026-03-13 .. 2026-03-14 label 'streak-2',"
        + " 2026-03-14 .. 2026-03-15 label 'streak-3'"), inspect.out());

    // export --history writes each day's labels back, and they build the same index.
    Path out = dir.resolve("exported");
    Run export = IndexToolsTest.ipindex("export", index.toString(), "--history", "--output",
        out.toString());
    assertEquals(0, export.exit(), export.err());
    for (int d = 0; d < days.size(); d++) {
      Map<String, String> written = new HashMap<>();
      for (String line : Files.readAllLines(out.resolve(days.get(d) + ".txt"))) {
        String[] f = line.split("\t");
        written.put(f[0], f[1]);
      }
      assertEquals(lists.get(d), written, days.get(d).toString());
    }
    Path again = dir.resolve("again.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", out.toString(), "--as-of-from-file",
        HistoryIndexTest.DATED, "--output", again.toString(), "--quiet").exit());
    assertArrayEquals(Files.readAllBytes(index), Files.readAllBytes(again));
  }

  @Test
  void aBlockRelabelledInPartAndAnAddressLosingItsLabelAnswerPerPiece() throws Exception {
    List<LocalDate> days = List.of(LocalDate.parse("2026-03-12"), LocalDate.parse("2026-03-13"),
        LocalDate.parse("2026-03-14"), LocalDate.parse("2026-03-15"));
    Path folder = Files.createDirectory(dir.resolve("labelled"));
    Files.writeString(folder.resolve("2026-03-12.txt"), "192.0.2.0/24\tscanner\n198.51.100.1\tx\n");
    Files.writeString(folder.resolve("2026-03-13.txt"), "192.0.2.7\tbotnet\n198.51.100.1\n");
    Files.writeString(folder.resolve("2026-03-14.txt"), "192.0.2.0/24\tscanner\n");
    Files.writeString(folder.resolve("2026-03-15.txt"), "192.0.2.0/25\tbotnet\n198.51.100.1\tx\n");
    // Plain Java: each day's address -> label ("" for none), from the lines above.
    List<Map<String, String>> expected = new ArrayList<>();
    for (int d = 0; d < days.size(); d++) {
      expected.add(new HashMap<>());
    }
    for (int a = 0; a < 256; a++) {
      expected.get(0).put("192.0.2." + a, "scanner");
      expected.get(2).put("192.0.2." + a, "scanner");
      if (a < 128) {
        expected.get(3).put("192.0.2." + a, "botnet");
      }
    }
    expected.get(1).put("192.0.2.7", "botnet");
    expected.get(0).put("198.51.100.1", "x");
    expected.get(1).put("198.51.100.1", "");
    expected.get(3).put("198.51.100.1", "x");
    Path index = dir.resolve("labelled.ipidx");
    Run build = IndexToolsTest.ipindex("build", "--input", folder.toString(), "--as-of-from-file",
        HistoryIndexTest.DATED, "--output", index.toString());
    assertEquals(0, build.exit(), build.err());
    LoadedIndex loaded = IndexReaders.viaFileSystem(index, true);
    AsOfLookup asOf = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
    for (int d = 0; d < days.size(); d++) {
      long noon = HistoryIndexTest.millis(days.get(d)) + 43_200_000L;
      for (String ip : List.of("192.0.2.0", "192.0.2.6", "192.0.2.7", "192.0.2.8", "192.0.2.127",
          "192.0.2.128", "192.0.2.255", "198.51.100.1", "198.51.100.2")) {
        int interval = asOf.match(Ipv4Codec.parseKey(ip), noon);
        String label = expected.get(d).get(ip);
        assertEquals(label != null, interval >= 0, ip + " on " + days.get(d));
        if (label != null) {
          int id = asOf.labelId(interval, noon);
          assertEquals(label, id == 0 ? "" : loaded.index().labels().label(id),
              ip + " on " + days.get(d));
        }
      }
    }
    Run inspect = IndexToolsTest.ipindex("inspect", index.toString(), "--lookup", "192.0.2.7",
        "--lookup", "198.51.100.1");
    assertEquals(0, inspect.exit(), inspect.err());
    assertTrue(inspect.out().contains("192.0.2.7 in 192.0.2.7 label 'botnet', listed"
        + " 2026-03-12 .. 2026-03-13 label 'scanner', 2026-03-13 .. 2026-03-14 label 'botnet',"
        + " 2026-03-14 .. 2026-03-15 label 'scanner', 2026-03-15 .. 2026-03-16 label 'botnet'"),
        inspect.out());
    assertTrue(inspect.out().contains("198.51.100.1 in 198.51.100.1 label 'x', listed"
        + " 2026-03-12 .. 2026-03-13 label 'x', 2026-03-13 .. 2026-03-14 no label,"
        + " 2026-03-15 .. 2026-03-16 label 'x'"), inspect.out());

    Path out = dir.resolve("exported");
    assertEquals(0, IndexToolsTest.ipindex("export", index.toString(), "--history", "--output",
        out.toString()).exit());
    Path again = dir.resolve("again.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", out.toString(), "--as-of-from-file",
        HistoryIndexTest.DATED, "--output", again.toString(), "--quiet").exit());
    // The exported lists write pieces (192.0.2.0-192.0.2.6, ...) where the files held a /24: the
    // same entries, periods and labels; the header's source size and lines differ.
    byte[] a = Files.readAllBytes(index);
    byte[] b = Files.readAllBytes(again);
    assertEquals(a.length, b.length);
    LoadedIndex reloaded = IndexReaders.viaFileSystem(again, true);
    assertArrayEquals(loaded.history().encode(), reloaded.history().encode());
  }
}
