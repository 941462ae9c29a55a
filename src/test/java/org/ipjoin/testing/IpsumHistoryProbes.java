package org.ipjoin.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.ipjoin.RealData;

/**
 * Five real daily ipsum level-6 snapshots (src/test/resources/realdata/history/ipsum6, one file a
 * day from 2026-03-12) read by plain Java into a HashSet each, and combined-log probes across
 * them: each client on the day before the first snapshot, on each snapshot's day and on the day
 * after the last. The answer of a probe is computed here from the snapshot file in force on its
 * day, never by ipjoin's code.
 */
public final class IpsumHistoryProbes {

  public static final Path SNAPSHOTS = RealData.file("history/ipsum6");
  /** The regex that dates the snapshot files, as {@code --as-of-from-file} takes it. */
  public static final String DATE_REGEX = "(\\d{4}-\\d{2}-\\d{2})\\.txt";
  public static final LocalDate FIRST = LocalDate.parse("2026-03-12");
  public static final int DAYS = 5;

  /** A log line of {@code ip} at noon UTC of {@code FIRST + day} ({@code day} -1 .. DAYS). */
  public record Probe(String ip, int day, String line) {

    /** The snapshot in force, with {@code --as-of-outside nearest} outside the history. */
    public int nearestSnapshot() {
      return Math.max(0, Math.min(DAYS - 1, day));
    }

    public boolean outside() {
      return day < 0 || day >= DAYS;
    }
  }

  private final List<Set<String>> days = new ArrayList<>();
  private final TreeSet<String> union = new TreeSet<>();

  public IpsumHistoryProbes() throws IOException {
    for (int d = 0; d < DAYS; d++) {
      Set<String> ips = new HashSet<>();
      for (String line : Files.readAllLines(SNAPSHOTS.resolve(FIRST.plusDays(d) + ".txt"))) {
        if (!line.isBlank()) {
          ips.add(line.trim());
        }
      }
      days.add(ips);
      union.addAll(ips);
    }
  }

  /** The addresses of snapshot {@code day}'s file. */
  public Set<String> snapshot(int day) {
    return days.get(day);
  }

  /** Every address of any snapshot. */
  public Set<String> union() {
    return union;
  }

  /** The first address of each day's list and the first of the union (listed on some days only). */
  public List<String> clients() {
    List<String> clients = new ArrayList<>();
    for (Set<String> day : days) {
      clients.add(new TreeSet<>(day).first());
    }
    clients.add(union.first());
    return clients;
  }

  /** Every client on every day from the day before the first snapshot to the day after the last. */
  public static List<Probe> probes(List<String> clients) {
    List<Probe> probes = new ArrayList<>();
    for (String ip : clients) {
      for (int d = -1; d <= DAYS; d++) {
        LocalDate day = FIRST.plusDays(d);
        probes.add(new Probe(ip, d, ip + " - - [" + String.format(Locale.ROOT, "%02d", day.getDayOfMonth())
            + "/Mar/2026:12:00:00 +0000] \"GET / HTTP/1.1\" 200 1"));
      }
    }
    return probes;
  }

  /** Whether the snapshot in force at the probe (nearest outside the history) lists its client. */
  public boolean listedNearest(Probe probe) {
    return days.get(probe.nearestSnapshot()).contains(probe.ip());
  }
}
