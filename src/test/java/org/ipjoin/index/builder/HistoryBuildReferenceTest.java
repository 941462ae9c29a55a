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
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;
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
 * and 255.255.255.255 + 1 are met. The same for IPv6 snapshots, alone or beside IPv4 ones, whose
 * addresses lie at {@code ::}, across the sign bit of the low half, across the carry into the
 * high half, in a documentation /120 and at the last address: their entries follow the IPv4
 * ones.
 */
class HistoryBuildReferenceTest {

  private static final long[][] REGIONS = {{0, 16}, {10L << 24, 256}, {0xFFFF_FFC0L, 64}};
  private static final String[] LABELS = {"", "", "a", "b", "scanner"};

  /**
   * The IPv6 regions as positions: region r's addresses are positions {@code r << 20} on, so
   * that positions of two regions are never neighbours, as their addresses are not.
   */
  private static final long[][] REGIONS6 = {{0, 16}, {1L << 20, 256}, {2L << 20, 256},
      {3L << 20, 256}, {4L << 20, 64}};
  /**
   * The first address of each IPv6 region, in address order as the positions are: its high half,
   * then its low half.
   */
  private static final long[][] BASES6 = {{0, 0}, {5, 0x7FFF_FFFF_FFFF_FF80L},
      {7, 0xFFFF_FFFF_FFFF_FF80L}, {0x2001_0db8_0000_0000L, 0}, {-1L, 0xFFFF_FFFF_FFFF_FFC0L}};

  @TempDir Path dir;

  /**
   * One line of a snapshot: its text and the addresses it holds, as unsigned numbers (an IPv6
   * line's as positions of {@link #REGIONS6}).
   */
  private record Line(String text, long first, long last, String label, boolean v6) {}

  /** An entry a family's snapshots make: its first and last address and its periods. */
  private record Expected(long first, long last, List<Period> periods) {}

  /** A period of an entry: snapshots {@code from} to {@code to} (excluded), with one label. */
  private record Period(int from, int to, String label) {}

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
  void entriesPeriodsAndLabelsAreTheSnapshotsOwn(int seed) throws Exception {
    SplittableRandom random = new SplittableRandom(seed);
    int days = 1 + random.nextInt(seed % 4 == 0 ? 3 : 45);
    List<List<Line>> snapshots = snapshots(random, days, false);
    Path folder = Files.createDirectory(dir.resolve("snapshots"));
    write(folder, snapshots);
    LoadedIndex loaded = built(folder);

    List<Expected> expected = expected(snapshots, false);
    assertIpv4Entries(expected, loaded);
    assertEquals(expected.size(), loaded.history().entries());
    assertEquals(days, loaded.history().snapshots());
  }

  /**
   * Snapshots of IPv6 entries, beside IPv4 ones or (every third seed) alone, the two families'
   * lines shuffled together: the IPv4 entries are the pieces of the IPv4 lines, the IPv6 entries
   * those of the IPv6 lines, numbered after the IPv4 ones, each with the periods and labels of
   * its own family's lines; labels are one dictionary.
   */
  @ParameterizedTest(name = "seed {0}")
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18})
  void ipv6EntriesFollowTheIpv4OnesWithTheirSnapshotsPeriods(int seed) throws Exception {
    SplittableRandom random = new SplittableRandom(seed);
    int days = 1 + random.nextInt(seed % 4 == 0 ? 3 : 30);
    List<List<Line>> v4 = seed % 3 == 0 ? emptyDays(days) : snapshots(random, days, false);
    List<List<Line>> v6 = snapshots(random, days, true);
    List<List<Line>> snapshots = new ArrayList<>();
    for (int d = 0; d < days; d++) {
      List<Line> both = new ArrayList<>(v4.get(d));
      both.addAll(v6.get(d));
      Collections.shuffle(both, new Random(random.nextLong()));
      snapshots.add(both);
    }
    Path folder = Files.createDirectory(dir.resolve("snapshots"));
    write(folder, snapshots);
    LoadedIndex loaded = built(folder);

    Ipv4Lookup entries = loaded.index();
    Ipv6IntervalIndex entries6 = loaded.index6();
    ListingHistory history = loaded.history();
    List<Expected> expected4 = expected(snapshots, false);
    List<Expected> expected6 = expected(snapshots, true);
    assertTrue(!expected6.isEmpty() || days < 3, "the IPv6 regions hold no entry");
    assertIpv4Entries(expected4, loaded);
    assertEquals(expected6.size(), entries6.size());
    for (int j = 0; j < expected6.size(); j++) {
      Expected x = expected6.get(j);
      String where = "IPv6 entry " + j + " (" + text6(x.first()) + ")";
      assertEquals(address6(x.first())[0], Ipv6Codec.toAddress(entries6.startHi(j)), where);
      assertEquals(address6(x.first())[1], Ipv6Codec.toAddress(entries6.startLo(j)), where);
      assertEquals(address6(x.last())[0], Ipv6Codec.toAddress(entries6.endHi(j)), where);
      assertEquals(address6(x.last())[1], Ipv6Codec.toAddress(entries6.endLo(j)), where);
      assertPeriods(x.periods(), history, expected4.size() + j, entries, entries6.labelId(j),
          where);
    }
    assertEquals(expected4.size() + expected6.size(), history.entries());
    assertEquals(days, history.snapshots());
  }

  /** The IPv4 entries of {@code loaded}: their bounds, periods and labels, and no others. */
  private static void assertIpv4Entries(List<Expected> expected, LoadedIndex loaded) {
    Ipv4Lookup entries = loaded.index();
    for (int e = 0; e < expected.size(); e++) {
      String where = "IPv4 entry " + e + " (" + text(expected.get(e).first()) + ")";
      assertEquals(text(expected.get(e).first()), Ipv4Codec.format(entries.start(e)), where);
      assertEquals(text(expected.get(e).last()), Ipv4Codec.format(entries.end(e)), where);
      assertPeriods(expected.get(e).periods(), loaded.history(), e, entries, entries.labelId(e),
          where);
    }
    assertEquals(expected.size(), entries.listedCount());
  }

  private static List<List<Line>> emptyDays(int days) {
    List<List<Line>> none = new ArrayList<>();
    for (int d = 0; d < days; d++) {
      none.add(List.of());
    }
    return none;
  }

  private static void write(Path folder, List<List<Line>> snapshots) throws Exception {
    for (int d = 0; d < snapshots.size(); d++) {
      StringBuilder text = new StringBuilder();
      for (Line line : snapshots.get(d)) {
        text.append(line.text()).append(line.label().isEmpty() ? "" : "\t" + line.label())
            .append('\n');
      }
      Files.writeString(folder.resolve(LocalDate.parse("2026-01-01").plusDays(d) + ".txt"), text,
          StandardCharsets.US_ASCII);
    }
  }

  /**
   * The entries one family's lines make, in address order: the pieces between every snapshot's
   * interval bounds that some snapshot lists, each with its periods.
   */
  private static List<Expected> expected(List<List<Line>> snapshots, boolean v6) {
    long[] addresses = addresses(v6 ? REGIONS6 : REGIONS);
    String[][] labels = new String[snapshots.size()][];
    TreeSet<Long> cuts = new TreeSet<>();
    for (int d = 0; d < snapshots.size(); d++) {
      List<Line> family = snapshots.get(d).stream().filter(l -> l.v6() == v6).toList();
      labels[d] = labelOfEachAddress(family, addresses);
      cuts.addAll(bounds(family, addresses, labels[d]));
    }
    List<Expected> expected = new ArrayList<>();
    Long[] bounds = cuts.toArray(new Long[0]);
    for (int k = 0; k + 1 < bounds.length; k++) {
      List<Period> periods = periods(labels, Arrays.binarySearch(addresses, bounds[k]));
      if (!periods.isEmpty()) { // else a gap no snapshot lists
        expected.add(new Expected(bounds[k], bounds[k + 1] - 1, periods));
      }
    }
    return expected;
  }

  /** Entry {@code e}'s periods, their labels and its label column ({@code labelId}). */
  private static void assertPeriods(List<Period> expected, ListingHistory history, int e,
      Ipv4Lookup entries, int labelId, String where) {
    int[] fromTo = new int[2 * expected.size()];
    for (int p = 0; p < expected.size(); p++) {
      fromTo[2 * p] = expected.get(p).from();
      fromTo[2 * p + 1] = expected.get(p).to();
    }
    assertArrayEquals(fromTo, history.periods(e), where);
    int[] ids = history.periodLabels(e);
    for (int p = 0; p < expected.size(); p++) {
      int id = ids == null ? labelId : ids[p];
      assertEquals(expected.get(p).label(), label(entries, id), where + " period " + p);
    }
    // The label column: the last label the entry had.
    assertEquals(expected.get(expected.size() - 1).label(), label(entries, labelId), where);
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
   * Labels take ids in the order the snapshots first mention them, each snapshot's IPv4 entries
   * before its IPv6 ones, as a list of every snapshot's lines would number them: an IPv6 label of
   * the first day comes before an IPv4 label first seen the day after, though IPv4 intervals are
   * dated before IPv6 ones.
   */
  @Test
  void labelsTakeIdsInTheOrderTheSnapshotsFirstMentionThem() throws Exception {
    Path folder = Files.createDirectory(dir.resolve("snapshots"));
    Files.writeString(folder.resolve("2026-01-01.txt"), "2001:db8::1\tsix\n10.0.0.1\tfour\n");
    Files.writeString(folder.resolve("2026-01-02.txt"), "10.0.0.1\tlater\n2001:db8::1\tsix\n");
    LoadedIndex loaded = built(folder);
    assertEquals("four", loaded.index().labels().label(1));
    assertEquals("six", loaded.index().labels().label(2));
    assertEquals("later", loaded.index().labels().label(3));
    assertEquals(3, loaded.index().labelId(0));
    assertEquals(2, loaded.index6().labelId(0));
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
  private static List<List<Line>> snapshots(SplittableRandom random, int days, boolean v6) {
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
          next.add(x == 1 ? new Line(line.text(), line.first(), line.last(), label(random),
              v6) : line);
        }
      }
      for (int n = empty ? 0 : random.nextInt(10); n > 0; n--) {
        if (!dropped.isEmpty() && random.nextBoolean()) {
          Line back = dropped.remove(random.nextInt(dropped.size()));
          if (!single || back.first() == back.last()) {
            next.add(back);
          }
        } else {
          next.add(entry(random, single, v6));
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
  private static Line entry(SplittableRandom random, boolean single, boolean v6) {
    long[][] regions = v6 ? REGIONS6 : REGIONS;
    long[] region = regions[random.nextInt(regions.length)];
    int kind = single ? 0 : random.nextInt(4);
    if (kind <= 1) {
      long a = region[0] + random.nextInt((int) region[1]);
      return new Line(text(a, v6), a, a, label(random), v6);
    }
    if (kind == 2) {
      int size = Math.min((int) region[1], 4 << random.nextInt(5));
      long first = region[0] + (long) random.nextInt((int) region[1] / size) * size;
      return new Line(text(first, v6) + "/" + ((v6 ? 128 : 32)
          - Integer.numberOfTrailingZeros(size)), first, first + size - 1, label(random), v6);
    }
    long first = region[0] + random.nextInt((int) region[1]);
    long last = Math.min(region[0] + region[1] - 1, first + random.nextInt(12));
    return new Line(text(first, v6) + "-" + text(last, v6), first, last, label(random), v6);
  }

  /** Every address of {@code regions}, ascending. */
  private static long[] addresses(long[][] regions) {
    List<Long> all = new ArrayList<>();
    for (long[] region : regions) {
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

  private static String text(long address, boolean v6) {
    return v6 ? text6(address) : text(address);
  }

  /** The IPv6 address at {@code position} of {@link #REGIONS6}: its high half, its low half. */
  private static long[] address6(long position) {
    long[] base = BASES6[(int) (position >>> 20)];
    long lo = base[1] + (position & 0xF_FFFFL);
    // A low half that wrapped past its last value carries one into the high half.
    long hi = Long.compareUnsigned(lo, base[1]) < 0 ? base[0] + 1 : base[0];
    return new long[] {hi, lo};
  }

  /** The IPv6 address at {@code position}, written in full: eight groups, no compression. */
  private static String text6(long position) {
    long[] halves = address6(position);
    StringBuilder text = new StringBuilder();
    for (int g = 0; g < 8; g++) {
      long group = halves[g / 4] >>> (48 - 16 * (g % 4)) & 0xFFFF;
      text.append(g == 0 ? "" : ":").append(Long.toHexString(group));
    }
    return text.toString();
  }

  private static String text(long address) {
    return (address >>> 24) + "." + (address >>> 16 & 255) + "." + (address >>> 8 & 255) + "."
        + (address & 255);
  }
}
