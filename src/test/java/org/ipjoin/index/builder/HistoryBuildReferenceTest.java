package org.ipjoin.index.builder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The history a folder of random snapshots builds, entry by entry, against plain Java: each
 * snapshot's label of every address worked out from its lines by the text list rules (the
 * smallest entry holding the address wins, ties to the earliest line), its intervals as runs of
 * one label (one address each in a snapshot of single addresses only), the entries as the pieces
 * between every snapshot's interval bounds, and their periods as runs of snapshots with one label.
 * The snapshots mix addresses, CIDR blocks and ranges that overlap, labels that change, entries
 * dropped and listed again, snapshots of single addresses only, and empty ones; their addresses
 * lie at the bottom of the address space, in a /24 and at its very top, so the bounds 0.0.0.0
 * and 255.255.255.255 + 1 are met.
 */
class HistoryBuildReferenceTest {

  private static final long[][] REGIONS = {{0, 16}, {10L << 24, 256}, {0xFFFF_FFC0L, 64}};
  private static final String[] LABELS = {"", "", "a", "b", "scanner"};

  @TempDir Path dir;

  /** One line of a snapshot: its text and the addresses it holds, as unsigned numbers. */
  private record Line(String text, long first, long last, String label) {}

  /** A period of an entry: snapshots {@code from} to {@code to} (excluded), with one label. */
  private record Period(int from, int to, String label) {}

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
  void entriesPeriodsAndLabelsAreTheSnapshotsOwn(int seed) throws Exception {
    SplittableRandom random = new SplittableRandom(seed);
    int days = 1 + random.nextInt(seed % 4 == 0 ? 3 : 45);
    List<List<Line>> snapshots = snapshots(random, days);
    Path folder = Files.createDirectory(dir.resolve("snapshots"));
    for (int d = 0; d < days; d++) {
      StringBuilder text = new StringBuilder();
      for (Line line : snapshots.get(d)) {
        text.append(line.text()).append(line.label().isEmpty() ? "" : "\t" + line.label())
            .append('\n');
      }
      Files.writeString(folder.resolve(LocalDate.parse("2026-01-01").plusDays(d) + ".txt"), text,
          StandardCharsets.US_ASCII);
    }
    LoadedIndex loaded = built(folder);

    long[] addresses = addresses();
    String[][] labels = new String[days][];
    TreeSet<Long> cuts = new TreeSet<>();
    for (int d = 0; d < days; d++) {
      labels[d] = labelOfEachAddress(snapshots.get(d), addresses);
      cuts.addAll(bounds(snapshots.get(d), addresses, labels[d]));
    }
    Ipv4Lookup entries = loaded.index();
    ListingHistory history = loaded.history();
    int e = 0;
    Long[] bounds = cuts.toArray(new Long[0]);
    for (int k = 0; k + 1 < bounds.length; k++) {
      int at = Arrays.binarySearch(addresses, bounds[k]);
      List<Period> expected = periods(labels, at);
      if (expected.isEmpty()) {
        continue; // a gap no snapshot lists
      }
      String where = "entry " + e + " (" + text(bounds[k]) + ")";
      assertEquals(text(bounds[k]), Ipv4Codec.format(entries.start(e)), where);
      assertEquals(text(bounds[k + 1] - 1), Ipv4Codec.format(entries.end(e)), where);
      int[] fromTo = new int[2 * expected.size()];
      for (int p = 0; p < expected.size(); p++) {
        fromTo[2 * p] = expected.get(p).from();
        fromTo[2 * p + 1] = expected.get(p).to();
      }
      assertArrayEquals(fromTo, history.periods(e), where);
      int[] ids = history.periodLabels(e);
      for (int p = 0; p < expected.size(); p++) {
        int id = ids == null ? entries.labelId(e) : ids[p];
        assertEquals(expected.get(p).label(), label(entries, id), where + " period " + p);
      }
      // The label column: the last label the entry had.
      assertEquals(expected.get(expected.size() - 1).label(), label(entries, entries.labelId(e)),
          where);
      e++;
    }
    assertEquals(e, history.entries());
    assertEquals(e, entries.listedCount());
    assertEquals(days, history.snapshots());
  }

  /**
   * A block, then its addresses one by one: listed alike on both days, yet the second day cuts
   * the block into four entries, as a list of single addresses keeps each address apart.
   */
  @Test
  void singleAddressesAfterTheirBlockAreEntriesOfTheirOwn() throws Exception {
    Path folder = Files.createDirectory(dir.resolve("snapshots"));
    Files.writeString(folder.resolve("2026-01-01.txt"), "10.0.0.0/30\n");
    Files.writeString(folder.resolve("2026-01-02.txt"), "10.0.0.3\n10.0.0.1\n10.0.0.0\n10.0.0.2\n");
    LoadedIndex loaded = built(folder);
    assertEquals(4, loaded.history().entries());
    for (int e = 0; e < 4; e++) {
      assertEquals("10.0.0." + e, Ipv4Codec.format(loaded.index().start(e)));
      assertEquals("10.0.0." + e, Ipv4Codec.format(loaded.index().end(e)));
      assertArrayEquals(new int[] {0, 2}, loaded.history().periods(e), "entry " + e);
    }
  }

  /**
   * A snapshot is read as a plain build reads a list: lines ended by CR alone are refused naming
   * the file and line, as {@code ipindex build} of that file alone refuses them, not split.
   */
  @Test
  void aSnapshotWithLinesEndedByCrAloneIsRefusedAsAPlainBuildRefusesIt() throws Exception {
    Path folder = Files.createDirectory(dir.resolve("snapshots"));
    Files.writeString(folder.resolve("2026-01-01.txt"), "10.0.0.1\n");
    Files.writeString(folder.resolve("2026-01-02.txt"), "10.0.0.1\r10.0.0.2\r");
    Exception refused = assertThrows(Exception.class, () -> built(folder));
    assertTrue(refused.getMessage().contains("2026-01-02.txt:1: address: a CR (\\x0D) inside the"
        + " line"), refused.getMessage());
    Exception plain = assertThrows(Exception.class, () -> IpJoin.buildIndex(new Configuration())
        .input(folder.resolve("2026-01-02.txt").toString())
        .output(dir.resolve("plain.ipidx").toString()).run());
    assertTrue(plain.getMessage().contains("2026-01-02.txt:1: address: a CR (\\x0D) inside the"
        + " line"), plain.getMessage());
  }

  /** The history index of the snapshots in {@code folder}, built and loaded. */
  private LoadedIndex built(Path folder) throws Exception {
    Path index = dir.resolve("history.ipidx");
    IpJoin.buildIndex(new Configuration()).input(folder.toString()).output(index.toString())
        .asOfFromFile("(\\d{4}-\\d{2}-\\d{2})\\.txt").run();
    return IndexReaders.viaFileSystem(index, true);
  }

  /**
   * Snapshots in time order, each one's lines shuffled: the day before's entries, some dropped
   * (kept aside to be listed again), some relabelled, and a few new or returning ones; about a
   * third hold single addresses only.
   */
  private static List<List<Line>> snapshots(SplittableRandom random, int days) {
    List<List<Line>> snapshots = new ArrayList<>();
    List<Line> current = new ArrayList<>();
    List<Line> dropped = new ArrayList<>();
    for (int d = 0; d < days; d++) {
      boolean single = random.nextInt(3) == 0;
      boolean empty = random.nextInt(15) == 0;
      List<Line> next = new ArrayList<>();
      for (Line line : current) {
        int x = random.nextInt(10);
        if (empty || single && line.first() != line.last() || x == 0) {
          dropped.add(line);
        } else {
          next.add(x == 1 ? new Line(line.text(), line.first(), line.last(), label(random))
              : line);
        }
      }
      for (int n = empty ? 0 : random.nextInt(10); n > 0; n--) {
        if (!dropped.isEmpty() && random.nextBoolean()) {
          Line back = dropped.remove(random.nextInt(dropped.size()));
          if (!single || back.first() == back.last()) {
            next.add(back);
          }
        } else {
          next.add(entry(random, single));
        }
      }
      Collections.shuffle(next, new Random(random.nextLong()));
      snapshots.add(next);
      current = next;
    }
    return snapshots;
  }

  private static String label(SplittableRandom random) {
    return LABELS[random.nextInt(LABELS.length)];
  }

  /** An address, a CIDR block or a range inside one region, with a random label or none. */
  private static Line entry(SplittableRandom random, boolean single) {
    long[] region = REGIONS[random.nextInt(REGIONS.length)];
    int kind = single ? 0 : random.nextInt(4);
    if (kind <= 1) {
      long a = region[0] + random.nextInt((int) region[1]);
      return new Line(text(a), a, a, label(random));
    }
    if (kind == 2) {
      int size = Math.min((int) region[1], 4 << random.nextInt(5));
      long first = region[0] + (long) random.nextInt((int) region[1] / size) * size;
      return new Line(text(first) + "/" + (32 - Integer.numberOfTrailingZeros(size)), first,
          first + size - 1, label(random));
    }
    long first = region[0] + random.nextInt((int) region[1]);
    long last = Math.min(region[0] + region[1] - 1, first + random.nextInt(12));
    return new Line(text(first) + "-" + text(last), first, last, label(random));
  }

  /** Every address of the regions, ascending. */
  private static long[] addresses() {
    List<Long> all = new ArrayList<>();
    for (long[] region : REGIONS) {
      for (long a = region[0]; a < region[0] + region[1]; a++) {
        all.add(a);
      }
    }
    return all.stream().mapToLong(Long::longValue).sorted().toArray();
  }

  /** Each address's label in a snapshot ("" for none), or null where no line holds it. */
  private static String[] labelOfEachAddress(List<Line> lines, long[] addresses) {
    String[] labels = new String[addresses.length];
    for (int i = 0; i < addresses.length; i++) {
      Line best = null;
      for (Line line : lines) {
        boolean holds = line.first() <= addresses[i] && addresses[i] <= line.last();
        if (holds && (best == null || line.last() - line.first() < best.last() - best.first())) {
          best = line; // lines in file order: a tie keeps the earlier one
        }
      }
      labels[i] = best == null ? null : best.label();
    }
    return labels;
  }

  /**
   * The first address and the address after the last of each of a snapshot's intervals: runs of
   * one label, or every address alone when every line is a single address.
   */
  private static List<Long> bounds(List<Line> lines, long[] addresses, String[] labels) {
    boolean single = lines.stream().allMatch(l -> l.first() == l.last());
    List<Long> bounds = new ArrayList<>();
    for (int i = 0; i < addresses.length; i++) {
      boolean joinsPrevious = i > 0 && !single && addresses[i - 1] == addresses[i] - 1
          && labels[i - 1] != null && labels[i - 1].equals(labels[i]);
      if (labels[i] != null && !joinsPrevious) {
        bounds.add(addresses[i]);
      }
      boolean joinsNext = i + 1 < addresses.length && !single
          && addresses[i + 1] == addresses[i] + 1 && labels[i + 1] != null
          && labels[i + 1].equals(labels[i]);
      if (labels[i] != null && !joinsNext) {
        bounds.add(addresses[i] + 1);
      }
    }
    return bounds;
  }

  /** The periods of the address at {@code at}: runs of snapshots that list it with one label. */
  private static List<Period> periods(String[][] labels, int at) {
    List<Period> periods = new ArrayList<>();
    if (at < 0) {
      return periods; // the bound after the top of a region: no address
    }
    for (int s = 0; s < labels.length; s++) {
      String label = labels[s][at];
      if (label == null) {
        continue;
      }
      Period last = periods.isEmpty() ? null : periods.get(periods.size() - 1);
      if (last != null && last.to() == s && Objects.equals(last.label(), label)) {
        periods.set(periods.size() - 1, new Period(last.from(), s + 1, label));
      } else {
        periods.add(new Period(s, s + 1, label));
      }
    }
    return periods;
  }

  private static String label(Ipv4Lookup entries, int id) {
    return id == 0 ? "" : entries.labels().label(id);
  }

  private static String text(long address) {
    return (address >>> 24) + "." + (address >>> 16 & 255) + "." + (address >>> 8 & 255) + "."
        + (address & 255);
  }
}
