package org.ipjoin.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The history step's data (index-tools/lib/history.sh): daily snapshots of one churning
 * exact-address list and a combined-format log whose times are spread over those days.
 *
 * <p>{@code HistoryBenchData DIR DAYS ENTRIES CHURN RELIST LOG_LINES SEED} writes
 * {@code DIR/snapshots/YYYY-MM-DD.txt} (one address a line, from 2026-01-01) and
 * {@code DIR/logs/access.log}. Day 0 lists ENTRIES addresses; each later day round(CHURN x ENTRIES)
 * listed addresses leave (distinct, drawn from the day before's listing) and as many arrive, so
 * every snapshot holds ENTRIES. Of the arrivals, round(RELIST x arrivals) are re-listings of
 * addresses that left on an earlier day (as real block lists flap; fewer while fewer have left),
 * the others addresses never listed before. An address that leaves never comes back the same day.
 *
 * <p>The log's LOG_LINES records are spread evenly over the DAYS days in time order, so each day's
 * records are answered by that day's snapshot: half of the clients are listed that day, a quarter
 * were listed on an earlier day and are not that day (the history knows them, out of their
 * periods), a quarter are random addresses. The same arguments give the same bytes.
 *
 * <p>Addresses are a bijection of an entry's number (so they never repeat) and written straight as
 * bytes: a year of 300,000-entry snapshots is 110 M lines.
 */
public final class HistoryBenchData {

  static final LocalDate FIRST_DAY = LocalDate.of(2026, 1, 1);
  private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
      "Sep", "Oct", "Nov", "Dec"};
  private static final String[] REQUESTS = {"GET / HTTP/1.1", "GET /index.html HTTP/1.1",
      "POST /login HTTP/1.1", "GET /api/v1/items?page=2 HTTP/1.1", "GET /static/app.js HTTP/1.1"};
  private static final String AGENT =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

  private final int entries;
  private final int perDay;
  private final int relistPerDay;
  private final int seedMix;
  private final SplittableRandom random;
  /** The entry numbers listed today, one a slot. */
  private final int[] listed;
  /** Entry numbers that left on an earlier day and are not listed now; departedCount of them. */
  private int[] departed = new int[1024];
  private int departedCount;
  private int nextEntry;
  private long relistings;

  HistoryBenchData(int entries, double churn, double relist, long seed) {
    this.entries = entries;
    this.perDay = (int) Math.round(churn * entries);
    this.relistPerDay = (int) Math.round(relist * perDay);
    this.random = new SplittableRandom(seed);
    this.seedMix = (int) (seed * 0x9E37_79B9L);
    this.listed = new int[entries];
    for (int i = 0; i < entries; i++) {
      listed[i] = i;
    }
    this.nextEntry = entries;
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 7) {
      System.err.println("usage: HistoryBenchData DIR DAYS ENTRIES CHURN RELIST LOG_LINES SEED");
      System.exit(2);
    }
    Path dir = Path.of(args[0]);
    int days = Integer.parseInt(args[1]);
    int entries = Integer.parseInt(args[2]);
    double churn = Double.parseDouble(args[3]);
    double relist = Double.parseDouble(args[4]);
    long logLines = Long.parseLong(args[5]);
    if (days < 1 || entries < 1 || !(churn >= 0 && churn <= 1) || !(relist >= 0 && relist <= 1)
        || logLines < 0) {
      System.err.println("HistoryBenchData: DAYS and ENTRIES at least 1, CHURN and RELIST from 0 to 1,"
          + " LOG_LINES at least 0: " + String.join(" ", args));
      System.exit(2);
    }
    HistoryBenchData data = new HistoryBenchData(entries, churn, relist, Long.parseLong(args[6]));
    Path snapshots = Files.createDirectories(dir.resolve("snapshots"));
    Path logs = Files.createDirectories(dir.resolve("logs"));
    try (OutputStream log = new BufferedOutputStream(Files.newOutputStream(logs.resolve("access.log")), 1 << 20)) {
      for (int day = 0; day < days; day++) {
        if (day > 0) {
          data.churn();
        }
        LocalDate date = FIRST_DAY.plusDays(day);
        try (OutputStream out = new BufferedOutputStream(
            Files.newOutputStream(snapshots.resolve(date + ".txt")), 1 << 20)) {
          data.writeSnapshot(out);
        }
        long from = logLines * day / days;
        long to = logLines * (day + 1) / days;
        data.writeLog(log, date, to - from);
      }
    }
    System.out.printf("%d snapshots of %,d entries, %,d leaving and arriving a day (%,d of them"
        + " re-listed): %,d distinct addresses, %,d re-listings; %,d log lines%n", days, entries,
        data.perDay, data.relistPerDay, data.nextEntry, data.relistings, logLines);
  }

  /** One day: churn distinct listed entries leave, as many arrive (relist of them re-listed). */
  private void churn() {
    int[] leaving = new int[perDay];
    // Distinct slots: a partial Fisher-Yates shuffle of the slots, the last churn ones chosen.
    for (int c = 0; c < perDay; c++) {
      int slot = random.nextInt(entries - c);
      int last = entries - 1 - c;
      int swap = listed[slot];
      listed[slot] = listed[last];
      listed[last] = swap;
      leaving[c] = swap;
    }
    for (int c = 0; c < perDay; c++) {
      int in;
      if (c < relistPerDay && departedCount > 0) {
        int pick = random.nextInt(departedCount);
        in = departed[pick];
        departed[pick] = departed[--departedCount];
        relistings++;
      } else {
        in = nextEntry++;
      }
      listed[entries - 1 - c] = in;
    }
    // Today's leavers may come back from tomorrow on.
    for (int out : leaving) {
      if (departedCount == departed.length) {
        departed = Arrays.copyOf(departed, departed.length * 2);
      }
      departed[departedCount++] = out;
    }
  }

  private void writeSnapshot(OutputStream out) throws IOException {
    byte[] line = new byte[16];
    for (int entry : listed) {
      int n = address(line, 0, entry);
      line[n] = '\n';
      out.write(line, 0, n + 1);
    }
  }

  private void writeLog(OutputStream out, LocalDate date, long lines) throws IOException {
    byte[] buf = new byte[512];
    String day = String.format("%02d/%s/%04d:", date.getDayOfMonth(), MONTHS[date.getMonthValue() - 1],
        date.getYear());
    for (long n = 0; n < lines; n++) {
      double kind = random.nextDouble();
      int pos;
      if (kind < 0.5) {
        pos = address(buf, 0, listed[random.nextInt(entries)]);
      } else if (kind < 0.75 && departedCount > 0) {
        pos = address(buf, 0, departed[random.nextInt(departedCount)]);
      } else {
        pos = dottedQuad(buf, 0, random.nextInt());
      }
      int second = (int) (86_400L * n / lines);
      String text = String.format(" - - [%s%02d:%02d:%02d +0000] \"%s\" 200 %d \"-\" \"%s\"\n", day,
          second / 3600, second / 60 % 60, second % 60, REQUESTS[random.nextInt(REQUESTS.length)],
          random.nextInt(100, 200_000), AGENT);
      for (int i = 0; i < text.length(); i++) {
        buf[pos++] = (byte) text.charAt(i);
      }
      out.write(buf, 0, pos);
    }
  }

  /** Entry number to address: murmur3's 32-bit finalizer, a bijection, so addresses never repeat. */
  private int address(byte[] buf, int pos, int entry) {
    int h = entry ^ seedMix;
    h ^= h >>> 16;
    h *= 0x85EB_CA6B;
    h ^= h >>> 13;
    h *= 0xC2B2_AE35;
    h ^= h >>> 16;
    return dottedQuad(buf, pos, h);
  }

  private static int dottedQuad(byte[] buf, int pos, int address) {
    for (int shift = 24; shift >= 0; shift -= 8) {
      int octet = (address >>> shift) & 0xFF;
      if (octet >= 100) {
        buf[pos++] = (byte) ('0' + octet / 100);
      }
      if (octet >= 10) {
        buf[pos++] = (byte) ('0' + octet / 10 % 10);
      }
      buf[pos++] = (byte) ('0' + octet % 10);
      if (shift > 0) {
        buf[pos++] = '.';
      }
    }
    return pos;
  }
}
