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
