package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * As-of answers of history indexes against plain Java: random snapshots held as one HashSet each,
 * and an address is listed as of snapshot s when set s contains it. Once through {@link
 * ListingHistory} written and loaded (shapes that reach two- and three-byte codes, and blocks cut
 * anywhere), once through the builder from snapshot files on disk.
 */
class HistoryDifferentialTest {

  private static final long DAY = 86_400_000L;
  private static final long FIRST_DAY = LocalDate.parse("2026-01-01").atStartOfDay(ZoneOffset.UTC)
      .toInstant().toEpochMilli();

  @TempDir Path dir;

  /** Snapshot sets over a pool of {@code pool} keys, each key flipping with {@code churn}. */
  private static List<Set<Integer>> snapshots(SplittableRandom random, int[] pool, int count,
      double churn) {
    List<Set<Integer>> snapshots = new ArrayList<>();
    Set<Integer> listed = new HashSet<>();
    for (int key : pool) {
      if (random.nextBoolean()) {
        listed.add(key);
      }
    }
    for (int s = 0; s < count; s++) {
      if (s > 0) {
        for (int key : pool) {
          if (random.nextDouble() < churn && !listed.remove(key)) {
            listed.add(key);
          }
        }
      }
      snapshots.add(new HashSet<>(listed));
    }
    return snapshots;
  }

  @ParameterizedTest(name = "{0} snapshots, {1} keys, churn {2}")
  @CsvSource({"1, 5, 0.5", "3, 16, 0.5", "3, 17, 0.3", "40, 33, 0.5", "200, 300, 0.02",
      "400, 100, 0.1", "9000, 20, 0.001", "65535, 3, 0.0001"})
  void theAsOfAnswersAreEachSnapshotsSet(int count, int poolSize, double churn)
      throws IOException {
    SplittableRandom random = new SplittableRandom(31L * count + poolSize);
    int[] pool = random.ints(4L * poolSize).distinct().limit(poolSize).sorted().toArray();
    List<Set<Integer>> snapshots = snapshots(random, pool, count, churn);
    // The entries: the keys some snapshot lists, in address order, and their periods as runs.
    int[] keys = Arrays.stream(pool).filter(k -> snapshots.stream().anyMatch(s -> s.contains(k)))
        .toArray();
    int[] ends = new int[keys.length + 1];
    List<Integer> periods = new ArrayList<>();
    for (int e = 0; e < keys.length; e++) {
      for (int s = 0; s < count; s++) {
        boolean in = snapshots.get(s).contains(keys[e]);
        boolean before = s > 0 && snapshots.get(s - 1).contains(keys[e]);
        if (in && !before) {
          periods.add(s);
        }
        if (in && (s + 1 == count || !snapshots.get(s + 1).contains(keys[e]))) {
          periods.add(s + 1);
          ends[e + 1]++;
        }
      }
      ends[e + 1] += ends[e];
    }
    long[] times = new long[count + 1];
    for (int s = 0; s <= count; s++) {
      times[s] = FIRST_DAY + s * DAY;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexWriter.writeHistory(IndexContent.exact(keys, keys.length, 1, 1),
        new ListingHistory(times, ends, periods.stream().mapToInt(Integer::intValue).toArray()),
        out);
    Path file = Files.write(dir.resolve("h.ipidx"), out.toByteArray());
    LoadedIndex loaded = IndexReaders.viaFileSystem(file, true);
    AsOfLookup asOf = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
    ListingHistory history = loaded.history();
    int[] all = new int[pool.length];
    long[] noons = new long[pool.length];
    int[] ids = new int[pool.length];
    for (int s = 0; s < count; s++) {
      Set<Integer> set = snapshots.get(s);
      for (int i = 0; i < pool.length; i++) {
        int key = pool[i];
        assertEquals(set.contains(key), asOf.match(key, times[s] + DAY / 2) >= 0,
            Ipv4Codec.format(key) + " in snapshot " + s);
        all[i] = key;
        noons[i] = times[s] + DAY / 2;
      }
      asOf.matchAll(all, noons, pool.length, ids);
      for (int i = 0; i < pool.length; i++) {
        assertEquals(set.contains(pool[i]), ids[i] >= 0, "batched, snapshot " + s);
      }
    }
    inTimeOrder(random, pool, snapshots, times, asOf);
    for (int e = 0; e < keys.length; e++) {
      int[] expected = periods.subList(2 * ends[e], 2 * ends[e + 1]).stream()
          .mapToInt(Integer::intValue).toArray();
      assertArrayEquals(expected, history.periods(e), "entry " + e);
    }
    assertEquals(periods.size() / 2, history.periodCount());
    for (int key : pool) {
      assertEquals(snapshots.get(count - 1).contains(key), asOf.match(key, AsOfLookup.NOW) >= 0);
      assertEquals(Ipv4Lookup.NO_MATCH, asOf.match(key, times[count]), "after the validity");
    }
  }

  /**
   * Records as a log holds them: times mostly in order, many in one snapshot, now and then the
   * next one, a jump back, a time on a snapshot's first or last millisecond, before the first
   * snapshot or from the validity's end on; looked up in blocks, each answer checked against the
   * sets, through both batched lookups (with and without the label beside each match) and {@link
   * AsOfLookup#isOutside}, whose answers for one time are kept for the next.
   */
  private static void inTimeOrder(SplittableRandom random, int[] pool,
      List<Set<Integer>> snapshots, long[] times, AsOfLookup asOf) {
    int count = snapshots.size();
    int records = 3000;
    int[] keys = new int[records];
    long[] at = new long[records];
    long time = times[0];
    for (int r = 0; r < records; r++) {
      keys[r] = pool[random.nextInt(pool.length)];
      int kind = random.nextInt(40);
      if (kind == 0) {
        time = times[0] - 1 - random.nextInt(3) * DAY;
      } else if (kind == 1) {
        time = times[count] + random.nextInt(3) * DAY;
      } else if (kind == 2) {
        time = times[random.nextInt(count + 1)] - random.nextInt(2);
      } else if (kind < 6) {
        time = times[random.nextInt(count)] + random.nextInt((int) DAY);
      } else if (kind < 10) {
        time += DAY;
      } else {
        time += random.nextInt(60_000);
      }
      at[r] = time;
    }
    int[] ids = new int[records];
    int[] labelled = new int[records];
    int[] labels = new int[records];
    for (int from = 0; from < records; from += 700) {
      int n = Math.min(700, records - from);
      int[] blockKeys = Arrays.copyOfRange(keys, from, from + n);
      long[] blockTimes = Arrays.copyOfRange(at, from, from + n);
      asOf.matchAll(blockKeys, blockTimes, n, ids);
      asOf.matchAll(blockKeys, blockTimes, n, labelled, labels);
      for (int i = 0; i < n; i++) {
        long t = blockTimes[i];
        // Snapshot s holds from times[s] to times[s + 1]; outside them, nothing (Outside.NONE).
        int s = -1;
        for (int k = 0; k < count; k++) {
          if (t >= times[k] && t < times[k + 1]) {
            s = k;
          }
        }
        boolean listed = s >= 0 && snapshots.get(s).contains(blockKeys[i]);
        String what = Ipv4Codec.format(blockKeys[i]) + " at " + t + " (snapshot " + s + ")";
        assertEquals(s < 0, asOf.isOutside(t), what);
        assertEquals(listed, ids[i] >= 0, what);
        assertEquals(ids[i], labelled[i], what);
        if (listed) {
          assertEquals(asOf.labelId(ids[i], t), asOf.matchedLabelId(ids[i], labels[i]), what);
        }
      }
    }
  }

  /**
   * Entries that begin more than 65,534 bytes into their block (after an entry relabelled in each
   * of 65,535 snapshots, three code bytes a snapshot) answer as those nearer its start: the
   * reader finds them by stepping, the others by their offset kept at load.
   */
  @Test
  void entriesFarIntoTheirBlockAnswerAsTheirPeriods() throws Exception {
    int count = ListingHistory.MAX_SNAPSHOTS;
    int entries = 40;
    long[] times = new long[count + 1];
    for (int s = 0; s <= count; s++) {
      times[s] = FIRST_DAY + s * DAY;
    }
    List<Integer> periods = new ArrayList<>();
    List<Integer> labels = new ArrayList<>();
    int[] ends = new int[entries + 1];
    SplittableRandom random = new SplittableRandom(3);
    for (int e = 0; e < entries; e++) {
      if (e == 1 || e == 17) {
        // One period a snapshot, the labels alternating: every period touches the one before.
        for (int s = 0; s < count; s++) {
          periods.add(s);
          periods.add(s + 1);
          labels.add(1 + s % 2);
        }
      } else {
        int from = random.nextInt(count - 1);
        periods.add(from);
        periods.add(from + 1 + random.nextInt(count - from - 1));
        labels.add(1);
        from = periods.get(periods.size() - 1);
        if (from + 1 < count) {
          periods.add(from + 1);
          periods.add(count);
          labels.add(2);
        }
      }
      ends[e + 1] = periods.size() / 2;
    }
    ListingHistory built = new ListingHistory(times, ends,
        periods.stream().mapToInt(Integer::intValue).toArray(),
        labels.stream().mapToInt(Integer::intValue).toArray());
    ListingHistory loaded = ListingHistory.decode(built.encode(), entries, 2, "far.ipidx");
    for (ListingHistory history : List.of(built, loaded)) {
      for (int e = 0; e < entries; e++) {
        int[] expected = periods.subList(2 * ends[e], 2 * ends[e + 1]).stream()
            .mapToInt(Integer::intValue).toArray();
        assertArrayEquals(expected, history.periods(e), "entry " + e);
        for (int probe = 0; probe < 50; probe++) {
          int s = probe < 2 ? probe * (count - 1) : random.nextInt(count);
          int label = ListingHistory.NOT_LISTED;
          for (int p = ends[e]; p < ends[e + 1]; p++) {
            if (s >= periods.get(2 * p) && s < periods.get(2 * p + 1)) {
              label = labels.get(p);
            }
          }
          int got = history.labelIn(e, s);
          assertEquals(label, got == ListingHistory.ENTRY_LABEL ? 1 : got,
              "entry " + e + " in snapshot " + s);
        }
      }
    }
  }

  @Test
  void builtFromSnapshotFilesEachAddressAnswersAsItsFile() throws Exception {
    SplittableRandom random = new SplittableRandom(7);
    int days = 150;
    // Addresses of two /24s, so that /30 blocks of the second overlap its addresses.
    int[] pool = new int[400];
    for (int i = 0; i < pool.length; i++) {
      pool[i] = Ipv4Codec.parseKey((i < 200 ? "198.51.100." : "203.0.113.") + (i % 200));
    }
    Path folder = Files.createDirectory(dir.resolve("snapshots"));
    List<Set<Integer>> expected = new ArrayList<>();
    List<Set<Integer>> listedAddresses = snapshots(random, pool, days, 0.03);
    boolean[] blocks = new boolean[50];
    for (int d = 0; d < days; d++) {
      Set<Integer> set = new HashSet<>(listedAddresses.get(d));
      LocalDate day = LocalDate.parse("2026-01-01").plusDays(d);
      try (BufferedWriter w = Files.newBufferedWriter(folder.resolve(day + ".txt"),
          StandardCharsets.US_ASCII)) {
        for (int key : new TreeSet<>(set)) {
          w.write(Ipv4Codec.format(key) + "\n");
        }
        for (int b = 0; b < blocks.length; b++) {
          if (random.nextDouble() < 0.05) {
            blocks[b] = !blocks[b];
          }
          if (blocks[b]) {
            w.write("203.0.113." + 4 * b + "/30\n");
            int first = Ipv4Codec.parseKey("203.0.113." + 4 * b);
            for (int a = 0; a < 4; a++) {
              set.add(first + a);
            }
          }
        }
      }
      expected.add(set);
    }
    Path index = dir.resolve("built.ipidx");
    IpJoin.buildIndex(new Configuration()).input(folder.toString()).output(index.toString())
        .asOfFromFile("(\\d{4}-\\d{2}-\\d{2})\\.txt").run();
    AsOfLookup asOf = new AsOfLookup(IndexReaders.viaFileSystem(index, true),
        AsOfLookup.Outside.NONE);
    for (int d = 0; d < days; d++) {
      long noon = FIRST_DAY + d * DAY + DAY / 2;
      for (int key : pool) {
        assertEquals(expected.get(d).contains(key), asOf.match(key, noon) >= 0,
            Ipv4Codec.format(key) + " on day " + d);
      }
    }
  }
}
