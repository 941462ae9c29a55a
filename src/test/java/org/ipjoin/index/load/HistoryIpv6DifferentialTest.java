package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.testing.IndexReaders;
import org.ipjoin.testing.IndexReaders.Reader;
import org.ipjoin.testing.ListOracle;
import org.ipjoin.testing.ListOracle.Entry;
import org.ipjoin.testing.RandomMixedList;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * As-of answers of history indexes with IPv6 entries against plain Java. Random snapshots of
 * IPv6-only and mixed IPv4 and IPv6 lists ({@link RandomMixedList}: addresses, blocks nested and
 * overlapping, ranges, repeats, labels, IPv4-mapped entries, windows at {@code ::}, the sign bit
 * of the high half and the last address), each a subset of a pool of list lines that changes from
 * snapshot to snapshot; and random tables whose IPv6 and IPv4 lines carry their validity. Every
 * probe (each window, every entry's edges and their neighbours, the ends of the address space)
 * answers, as of each snapshot, the label of the entry that {@link ListOracle} picks from that
 * snapshot's lines by brute force over BigInteger addresses, on every binary read path.
 */
class HistoryIpv6DifferentialTest {

  private static final long DAY = 86_400_000L;
  private static final LocalDate FIRST = LocalDate.parse("2026-01-01");
  private static final long FIRST_DAY = FIRST.atStartOfDay(ZoneOffset.UTC).toInstant()
      .toEpochMilli();
  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

  @TempDir Path dir;

  /**
   * Seeds of {@link RandomMixedList#generate} whose windows are fixed, so that lists of seeds
   * {@code seed + 36 k} share them: 31 IPv6 only, up to the last address; 20 mixed, IPv6 around
   * the high half's sign bit; 9 mixed, IPv6 from {@code ::}; 7 mixed, unlabelled, IPv4 entries
   * written IPv4-mapped.
   */
  @ParameterizedTest(name = "seed {0}, {1} snapshots, churn {2}")
  @CsvSource({"31, 12, 0.2", "20, 9, 0.3", "9, 15, 0.1", "7, 6, 0.5"})
  void eachSnapshotAnswersAsItsLines(int seed, int count, double churn) throws Exception {
    List<RandomMixedList> pools = List.of(RandomMixedList.generate(seed),
        RandomMixedList.generate(seed + 36), RandomMixedList.generate(seed + 72));
    List<String> poolLines = new ArrayList<>();
    List<Entry> poolEntries = new ArrayList<>();
    for (RandomMixedList pool : pools) {
      for (Entry e : pool.entries()) {
        poolLines.add(pool.lines().get((int) e.line() - 1));
        poolEntries.add(e);
      }
    }
    SplittableRandom random = new SplittableRandom(seed);
    boolean[] listed = new boolean[poolLines.size()];
    for (int i = 0; i < listed.length; i++) {
      listed[i] = random.nextBoolean();
    }
    Path folder = Files.createDirectory(dir.resolve("snapshots"));
    List<List<Entry>> snapshots = new ArrayList<>();
    for (int s = 0; s < count; s++) {
      List<String> lines = new ArrayList<>();
      List<Entry> entries = new ArrayList<>();
      for (int i = 0; i < listed.length; i++) {
        if (s > 0 && random.nextDouble() < churn) {
          listed[i] = !listed[i];
        }
        if (listed[i] || i == s % listed.length) {
          lines.add(poolLines.get(i));
          entries.add(poolEntries.get(i));
        }
      }
      Files.write(folder.resolve(FIRST.plusDays(s) + ".txt"), lines, StandardCharsets.UTF_8);
      snapshots.add(entries);
    }
    Path index = dir.resolve("history.ipidx");
    IpJoin.buildIndex(new Configuration()).input(folder.toString()).output(index.toString())
        .asOfFromFile("(\\d{4}-\\d{2}-\\d{2})\\.txt").run();

    List<BigInteger> probes4 = new ArrayList<>();
    List<BigInteger> probes6 = new ArrayList<>();
    for (RandomMixedList pool : pools) {
      probes4.addAll(pool.probes(false));
      probes6.addAll(pool.probes(true));
    }
    probes4 = new ArrayList<>(new TreeSet<>(probes4));
    probes6 = new ArrayList<>(new TreeSet<>(probes6));
    assertTrue(poolEntries.stream().anyMatch(Entry::v6), "the pool has IPv6 entries");
    long[] times = new long[count];
    String[][] want6 = new String[count][];
    String[][] want4 = new String[count][];
    for (int s = 0; s < count; s++) {
      times[s] = FIRST_DAY + s * DAY + DAY / 2;
      want6[s] = answers(snapshots.get(s), true, probes6);
      want4[s] = answers(snapshots.get(s), false, probes4);
    }
    for (Reader path : IndexReaders.binaryPaths().toList()) {
      LoadedIndex loaded = path.load(index, true);
      assertTrue(loaded.index6().size() > 0, path.name());
      assertEquals(loaded.index().size() + loaded.index6().size(), loaded.history().entries());
      AsOfLookup asOf = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
      checkAll(path, loaded, asOf, times, probes6, probes4, want6, want4);
      for (BigInteger address : probes6) {
        assertEquals(null, answer6(asOf, loaded, address, FIRST_DAY - 1), "before");
        assertEquals(null, answer6(asOf, loaded, address, FIRST_DAY + count * DAY), "after");
      }
      checkAll(path, loaded, asOf, new long[] {AsOfLookup.NOW}, probes6, probes4,
          new String[][] {want6[count - 1]}, new String[][] {want4[count - 1]});
    }
  }

  /** Each probe's answer as of each time: {@code want6[t][p]} for IPv6 probe p at time t. */
  private static void checkAll(Reader path, LoadedIndex loaded, AsOfLookup asOf, long[] times,
      List<BigInteger> probes6, List<BigInteger> probes4, String[][] want6, String[][] want4) {
    for (int t = 0; t < times.length; t++) {
      long at = times[t];
      for (int p = 0; p < probes6.size(); p++) {
        BigInteger address = probes6.get(p);
        assertEquals(want6[t][p], answer6(asOf, loaded, address, at), () -> path.name() + ": "
            + RandomMixedList.canonical(address) + " at " + Instant.ofEpochMilli(at));
      }
      for (int p = 0; p < probes4.size(); p++) {
        BigInteger address = probes4.get(p);
        assertEquals(want4[t][p], answer4(asOf, loaded, address, at), () -> path.name() + ": "
            + RandomMixedList.dotted(address.longValue()) + " at " + Instant.ofEpochMilli(at));
      }
    }
  }

  /** {@link #answer} of each probe. */
  private static String[] answers(List<Entry> entries, boolean v6, List<BigInteger> probes) {
    List<Entry> family = entries.stream().filter(e -> e.v6() == v6).toList();
    String[] out = new String[probes.size()];
    for (int p = 0; p < out.length; p++) {
      Entry e = ListOracle.winner(family, OverlapPolicy.LONGEST, probes.get(p));
      out[p] = e == null ? null : e.label() == null ? "" : e.label();
    }
    return out;
  }

  private static String answer6(AsOfLookup asOf, LoadedIndex loaded, BigInteger address,
      long millis) {
    long hi = Ipv6Codec.toKey(address.shiftRight(64).longValue());
    long lo = Ipv6Codec.toKey(address.mod(TWO_64).longValue());
    int interval = asOf.match6(hi, lo, millis);
    return interval == Ipv4Lookup.NO_MATCH ? null
        : label(loaded.index().labels(), asOf.labelId6(interval, millis));
  }

  private static String answer4(AsOfLookup asOf, LoadedIndex loaded, BigInteger address,
      long millis) {
    int key = (int) (address.longValue() ^ 0x8000_0000L);
    int interval = asOf.match(key, millis);
    return interval == Ipv4Lookup.NO_MATCH ? null
        : label(loaded.index().labels(), asOf.labelId(interval, millis));
  }

  private static String label(LabelDictionary labels, int id) {
    return id == 0 ? "" : labels.label(id);
  }

  /** A row of a validity table: its entry, label (null for none), from and to (open: max). */
  private record Row(Entry entry, String text, String label, long from, long to) {}

  /**
   * A table of IPv6 and IPv4 lines, each valid for a few days or still valid: per entry (a
   * window's address, block or range), rows one after another in time, gaps between them, each
   * with a label of its own; answered as of every day and each boundary by the rows valid then.
   */
  @ParameterizedTest(name = "seed {0}")
  @CsvSource({"20", "9", "31"})
  void aValidityTableAnswersAsTheRowsValidAtEachTime(int seed) throws Exception {
    RandomMixedList pool = RandomMixedList.generate(seed);
    SplittableRandom random = new SplittableRandom(seed);
    String[] labels = {"scanner", "botnet", "tor exit", null};
    List<Row> rows = new ArrayList<>();
    TreeSet<String> seen = new TreeSet<>();
    for (Entry e : pool.entries()) {
      String text = RandomMixedList.format(e.v6(), e.start())
          + (e.start().equals(e.end()) ? "" : "-" + RandomMixedList.format(e.v6(), e.end()));
      if (!seen.add(text)) {
        continue; // one entry's rows come one after another: a repeat would overlap them
      }
      long day = random.nextInt(5);
      for (int r = random.nextInt(3) + 1; r > 0; r--) {
        long from = FIRST_DAY + day * DAY + random.nextInt(24) * 3_600_000L;
        long length = (1 + random.nextInt(6)) * DAY;
        boolean open = r == 1 && random.nextInt(4) == 0;
        rows.add(new Row(e, text, labels[random.nextInt(labels.length)], from,
            open ? Long.MAX_VALUE : from + length));
        day += length / DAY + 1 + random.nextInt(3);
      }
    }
    // Rows of one entry are not written one after another: each line stands on its own.
    java.util.Collections.shuffle(rows, new java.util.Random(seed));
    List<String> table = new ArrayList<>();
    table.add("network,label,valid_from,valid_to");
    for (Row row : rows) {
      table.add(row.text() + "," + (row.label() == null ? "" : "\"" + row.label() + "\"") + ","
          + Instant.ofEpochMilli(row.from()) + ","
          + (row.to() == Long.MAX_VALUE ? "\\N" : Instant.ofEpochMilli(row.to()).toString()));
    }
    Path csv = Files.write(dir.resolve("scd.csv"), table, StandardCharsets.UTF_8);
    Path index = dir.resolve("scd.ipidx");
    IpJoin.buildIndex(new Configuration()).input(csv.toString()).output(index.toString())
        .validFrom("valid_from").validTo("valid_to").labels("label").run();

    TreeSet<Long> times = new TreeSet<>();
    for (Row row : rows) {
      for (long t : new long[] {row.from(), row.to()}) {
        if (t != Long.MAX_VALUE) {
          times.add(t);
          times.add(t - 1);
        }
      }
    }
    for (long d = -1; d < 40; d++) {
      times.add(FIRST_DAY + d * DAY + DAY / 2);
    }
    long[] at = times.stream().mapToLong(Long::longValue).toArray();
    List<BigInteger> probes6 = pool.probes(true);
    List<BigInteger> probes4 = pool.probes(false);
    String[][] want6 = new String[at.length][];
    String[][] want4 = new String[at.length][];
    for (int i = 0; i < at.length; i++) {
      List<Entry> valid = new ArrayList<>();
      for (int r = 0; r < rows.size(); r++) {
        Row row = rows.get(r);
        if (row.from() <= at[i] && at[i] < row.to()) {
          // The table's line number orders the overlaps' ties, as a list's line does.
          Entry e = row.entry();
          valid.add(new Entry(e.v6(), e.start(), e.end(), row.label(), r + 2));
        }
      }
      want6[i] = answers(valid, true, probes6);
      want4[i] = answers(valid, false, probes4);
    }
    for (Reader path : IndexReaders.binaryPaths().toList()) {
      LoadedIndex loaded = path.load(index, true);
      checkAll(path, loaded, new AsOfLookup(loaded, AsOfLookup.Outside.NONE), at, probes6,
          probes4, want6, want4);
    }
  }
}
