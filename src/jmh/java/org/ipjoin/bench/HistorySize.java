package org.ipjoin.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.api.IpJoin;
import org.ipjoin.index.builder.SnapshotTimes;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.load.AsOfLookup;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.problem.IpJoinException;

/**
 * The size of a history index against one snapshot's index, on generated daily snapshots of one
 * exact-address list: {@code HistorySize DIR SNAPSHOTS ENTRIES CHURN fresh|returning [SEED]}, e.g.
 * {@code HistorySize /tmp/h 365 300000 0.02 fresh}. Each day CHURN x ENTRIES listed addresses are
 * dropped and as many listed: new ones never seen before ({@code fresh}, a blocklist's newcomers),
 * or ones from a pool of 1.25 x ENTRIES that may have been listed before ({@code returning}).
 * Writes DIR/snapshots/YYYY-MM-DD.txt, builds DIR/history.ipidx and DIR/last.ipidx (the last
 * snapshot alone) and prints both sizes, the history section's part, and the time of an as-of
 * lookup beside a plain one on the same loaded history index (keys of its entries, so every probe
 * reaches its periods; rounds alternate, so a busy machine slows both alike). Not part of {@code
 * mvn verify}: a year of 300,000-entry snapshots is 110 M lines to read.
 */
public final class HistorySize {

  private HistorySize() {}

  public static void main(String[] args) throws IOException, IpJoinException {
    if (args.length < 5) {
      System.err.println("usage: HistorySize DIR SNAPSHOTS ENTRIES CHURN fresh|returning [SEED]");
      System.exit(2);
    }
    Path dir = Path.of(args[0]);
    int snapshots = Integer.parseInt(args[1]);
    int entries = Integer.parseInt(args[2]);
    int churn = (int) Math.round(Double.parseDouble(args[3]) * entries);
    boolean fresh = args[4].equals("fresh");
    SplittableRandom random = new SplittableRandom(args.length > 5 ? Long.parseLong(args[5]) : 1);
    Path folder = Files.createDirectories(dir.resolve("snapshots"));
    // Addresses as distinct random ints: the first ENTRIES listed, the next ones the newcomers.
    int pool = fresh ? entries + churn * snapshots : entries + entries / 4;
    int[] addresses = random.ints(pool * 2L).distinct().limit(pool).toArray();
    int[] listed = Arrays.copyOf(addresses, entries);
    boolean[] isListed = new boolean[pool];
    for (int i = 0; i < entries; i++) {
      isListed[i] = true;
    }
    int[] index = new int[entries];
    for (int i = 0; i < entries; i++) {
      index[i] = i;
    }
    int next = entries;
    LocalDate day = LocalDate.parse("2026-01-01");
    for (int s = 0; s < snapshots; s++, day = day.plusDays(1)) {
      if (s > 0) {
        for (int c = 0; c < churn; c++) {
          int slot = random.nextInt(entries);
          int out = index[slot];
          int in;
          if (fresh) {
            in = next++;
          } else {
            do {
              in = random.nextInt(pool);
            } while (isListed[in]);
          }
          isListed[out] = false;
          isListed[in] = true;
          index[slot] = in;
          listed[slot] = addresses[in];
        }
      }
      try (BufferedWriter w = Files.newBufferedWriter(folder.resolve(day + ".txt"),
          StandardCharsets.US_ASCII)) {
        for (int a : listed) {
          w.write(Ipv4Codec.format(Ipv4Codec.toKey(Integer.toUnsignedLong(a))));
          w.write('\n');
        }
      }
    }
    Path history = dir.resolve("history.ipidx");
    Path last = dir.resolve("last.ipidx");
    long start = System.nanoTime();
    IpJoin.buildIndex(new Configuration()).input(folder.toString()).output(history.toString())
        .asOfFromFile("(\\d{4}-\\d{2}-\\d{2})\\.txt").overwrite(true).run();
    long buildMillis = (System.nanoTime() - start) / 1_000_000;
    IpJoin.buildIndex(new Configuration()).input(folder.resolve(day.minusDays(1) + ".txt")
        .toString()).output(last.toString()).overwrite(true).run();
    long h = Files.size(history);
    long one = Files.size(last);
    System.out.printf("%d snapshots of %,d entries, %,d %s a day: history %,d bytes (built in %,d"
        + " ms), one snapshot %,d bytes, %.2fx%n", snapshots, entries, churn,
        fresh ? "new" : "returning", h, buildMillis, one, (double) h / one);
    lookups(history, snapshots, random);
  }

  private static final int PROBES = 1 << 21;
  private static final int ROUNDS = 7;

  /** Prints the history section's size and ns per lookup, plain and as of a mid-history day. */
  private static void lookups(Path file, int snapshots, SplittableRandom random)
      throws IOException {
    LoadedIndex loaded = VerifyReader.load(FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(file.toString()), true);
    Ipv4Lookup index = loaded.index();
    ListingHistory history = loaded.history();
    long section = history.encode().length;
    System.out.printf("history section %,d bytes: %.2f bytes per entry, %.2f per period;"
        + " %,d entries, %,d periods%n", section, (double) section / history.entries(),
        (double) section / history.periodCount(), history.entries(), history.periodCount());
    int[] keys = new int[PROBES];
    for (int i = 0; i < PROBES; i++) {
      keys[i] = index.start(random.nextInt(index.size()));
    }
    int[] ids = new int[PROBES];
    AsOfLookup asOf = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
    long day = history.time(snapshots / 2) + 43_200_000L;
    long plain = Long.MAX_VALUE;
    long asOfNanos = Long.MAX_VALUE;
    long sink = 0;
    for (int r = 0; r < ROUNDS; r++) {
      long t0 = System.nanoTime();
      index.matchAll(keys, PROBES, ids);
      long t1 = System.nanoTime();
      sink += ids[r];
      asOf.matchAll(keys, day, PROBES, ids);
      long t2 = System.nanoTime();
      sink += ids[r];
      plain = Math.min(plain, t1 - t0);
      asOfNanos = Math.min(asOfNanos, t2 - t1);
    }
    int found = 0;
    for (int id : ids) {
      found += id >= 0 ? 1 : 0;
    }
    System.out.printf("lookups of %,d entry keys, best of %d alternating rounds: plain %.1f ns,"
        + " as of %s %.1f ns (%.1f%% listed then; %d)%n", PROBES, ROUNDS, (double) plain / PROBES,
        SnapshotTimes.format(history.time(snapshots / 2)), (double) asOfNanos / PROBES,
        100.0 * found / PROBES, sink & 1);
  }
}
