package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.partLines;
import static org.ipjoin.job.DriverRun.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * As-of joins of IPv6 clients on the local runner: a history index of five daily snapshots made
 * here, each a random part of a pool of IPv6 addresses, /64 blocks (one at the top of the address
 * space), ranges and IPv4 addresses (one written IPv4-mapped), every entry with a label that
 * changes from day to day or none; combined log lines whose clients are those addresses, addresses
 * inside the blocks and ranges, IPv4 addresses written plain and IPv4-mapped, and never-listed
 * IPv6 addresses, at times in each snapshot's day, before the first and after the last. Every
 * record's answer is checked against the entry and label the test gave that client's entry in the
 * snapshot in force at its time: tag mode on every binary read path, match mode, {@code --where}
 * with a plain IPv6 index, and {@code --count-by label}.
 */
class AsOfIpv6JobTest {

  private static final DateTimeFormatter CLF =
      DateTimeFormatter.ofPattern("dd/MMM/uuuu:HH:mm:ss", Locale.ENGLISH);
  private static final List<LocalDate> DAYS = Stream.of("2026-03-12", "2026-03-13",
      "2026-03-14", "2026-03-15", "2026-03-16").map(LocalDate::parse).toList();
  private static final String[] LABELS = {"scanner", "botnet", ""};

  @TempDir Path dir;
  private Path history;
  private Path logs;
  /** The pool's entries as list text. */
  private final List<String> entries = new ArrayList<>();
  /** Per snapshot, the label of each entry it lists ("" for none); absent: not listed. */
  private final List<Map<Integer, String>> snapshots = new ArrayList<>();
  /** Each generated line, its client's entry (-1 for none) and the day in force (-1 .. 5). */
  private final List<String> lines = new ArrayList<>();
  private final List<String> clients = new ArrayList<>();
  private final List<Integer> entryOf = new ArrayList<>();
  private final List<Integer> inForce = new ArrayList<>();
  /** Entries of each kind, by their first index in {@link #entries} and count. */
  private int addresses6;
  private int blocks;
  private int ranges;
  private int addresses4;
  private int mapped;
  private int top;

  @BeforeEach
  void snapshotsIndexAndLogs() throws Exception {
    Random random = new Random(20260312);
    addresses6 = entries.size();
    for (int i = 1; i <= 120; i++) {
      entries.add("2001:db8::" + Integer.toHexString(i));
    }
    blocks = entries.size();
    for (int i = 0; i < 16; i++) {
      entries.add("2001:db8:1:" + Integer.toHexString(i) + "::/64");
    }
    ranges = entries.size();
    for (int i = 0; i < 6; i++) {
      entries.add("2001:db8:2::" + Integer.toHexString(32 * i) + "-2001:db8:2::"
          + Integer.toHexString(32 * i + 15));
    }
    addresses4 = entries.size();
    for (int i = 1; i <= 60; i++) {
      entries.add("198.51.100." + i);
    }
    mapped = entries.size();
    entries.add("::ffff:203.0.113.9");
    top = entries.size();
    entries.add("ffff:ffff:ffff:ffff::/64");

    Path folder = Files.createDirectories(dir.resolve("snapshots"));
    Map<Integer, String> listed = new HashMap<>();
    for (LocalDate day : DAYS) {
      for (int e = 0; e < entries.size(); e++) {
        if (snapshots.isEmpty() ? random.nextBoolean() : random.nextInt(10) < 3) {
          if (listed.remove(e) == null) {
            listed.put(e, LABELS[random.nextInt(LABELS.length)]);
          }
        } else if (listed.containsKey(e) && random.nextInt(4) == 0) {
          listed.put(e, LABELS[random.nextInt(LABELS.length)]);
        }
      }
      listed.put(top, "top"); // listed every day, so that clients up there match
      snapshots.add(new HashMap<>(listed));
      StringBuilder text = new StringBuilder();
      for (int e = 0; e < entries.size(); e++) {
        if (listed.containsKey(e)) {
          text.append(entries.get(e)).append(listed.get(e).isEmpty() ? "" : "\t" + listed.get(e))
              .append('\n');
        }
      }
      Files.writeString(folder.resolve(day + ".txt"), text);
    }
    history = dir.resolve("history.ipidx");
    IpJoin.buildIndex(new Configuration()).input(folder.toString()).output(history.toString())
        .asOfFromFile("(\\d{4}-\\d{2}-\\d{2})\\.txt").run();

    for (int i = 0; i < 1200; i++) {
      int d = random.nextInt(7) - 1;
      LocalDateTime at = DAYS.get(0).plusDays(d).atStartOfDay()
          .plusSeconds(random.nextInt(86_400));
      String client;
      int entry;
      switch (random.nextInt(8)) {
        case 0 -> {
          entry = addresses6 + random.nextInt(120);
          client = entries.get(entry);
        }
        case 1 -> {
          // The same address in full, upper case: one address, however written.
          entry = addresses6 + random.nextInt(120);
          client = String.format("2001:0DB8:0000:0000:0000:0000:0000:%04X", entry - addresses6 + 1);
        }
        case 2 -> {
          int b = random.nextInt(16);
          entry = blocks + b;
          client = "2001:db8:1:" + Integer.toHexString(b) + ":" + Integer.toHexString(
              random.nextInt(65_536)) + "::" + Integer.toHexString(random.nextInt(65_536));
        }
        case 3 -> {
          int r = random.nextInt(6);
          entry = ranges + r;
          client = "2001:db8:2::" + Integer.toHexString(32 * r + random.nextInt(16));
        }
        case 4 -> {
          int a = random.nextInt(60);
          entry = addresses4 + a;
          client = (random.nextBoolean() ? "::ffff:" : "") + "198.51.100." + (a + 1);
        }
        case 5 -> {
          entry = mapped;
          client = random.nextBoolean() ? "203.0.113.9" : "::ffff:203.0.113.9";
        }
        case 6 -> {
          entry = top;
          client = "ffff:ffff:ffff:ffff:" + Integer.toHexString(random.nextInt(65_536))
              + "::" + Integer.toHexString(random.nextInt(65_536));
        }
        default -> {
          // Never listed: between the ranges, beside the blocks, another prefix.
          entry = -1;
          client = new String[] {"2001:db8:2::" + Integer.toHexString(32 * random.nextInt(6) + 16),
              "2001:db8:1:10::1", "2001:db9::1", "::1"}[random.nextInt(4)];
        }
      }
      lines.add(client + " - - [" + CLF.format(at) + " +0000] \"GET /" + i + " HTTP/1.1\" 200 512"
          + " \"-\" \"probe\"");
      clients.add(client);
      entryOf.add(entry);
      inForce.add(d);
    }
    logs = Files.createDirectories(dir.resolve("logs"));
    Files.write(logs.resolve("access.log"), lines);
  }

  private boolean outside(int record) {
    return inForce.get(record) < 0 || inForce.get(record) >= DAYS.size();
  }

  /** The label record {@code r}'s entry had at its time ("" none); null: not listed or outside. */
  private String label(int record) {
    int e = entryOf.get(record);
    return outside(record) || e < 0 ? null : snapshots.get(inForce.get(record)).get(e);
  }

  /** What tag mode writes: ? outside, 0 not listed, 1 listed without a label, else the label. */
  private String tag(int record) {
    String label = label(record);
    return outside(record) ? "?" : label == null ? "0" : label.isEmpty() ? "1" : label;
  }

  private List<String> expected(IntPredicate keep) {
    List<String> out = new ArrayList<>();
    for (int r = 0; r < lines.size(); r++) {
      if (keep.test(r)) {
        out.add(lines.get(r));
      }
    }
    return sorted(out);
  }

  @ParameterizedTest
  @ValueSource(strings = {"stream", "buffered", "nio", "mmap", "mmap-direct"})
  void tagModeWritesTheLabelInForceOnEveryReadPath(String loader) throws Exception {
    DriverRun r = DriverRun.of("--index", "h=" + history, "--input", logs.toString(), "--output",
        dir.resolve("tag-" + loader).toString(), "--time", "combined", "--mode", "tag",
        "--loader", loader);
    assertEquals(0, r.exitCode(), r.toString());
    List<String> want = new ArrayList<>();
    Set<String> tags = new HashSet<>();
    for (int rec = 0; rec < lines.size(); rec++) {
      want.add(lines.get(rec) + "\t" + tag(rec));
      tags.add(tag(rec));
    }
    assertEquals(sorted(want), sorted(partLines(r.output())));
    // Not vacuous: every kind of answer, the top block's label among them.
    assertEquals(Set.of("?", "0", "1", "scanner", "botnet", "top"), tags);
  }

  @Test
  void matchModeKeepsTheRecordsListedAtTheirTime() throws Exception {
    DriverRun r = DriverRun.of("--index", "h=" + history, "--input", logs.toString(), "--output",
        dir.resolve("match").toString(), "--time", "combined", "--loader", "mmap-direct");
    assertEquals(0, r.exitCode(), r.toString());
    List<String> want = expected(rec -> label(rec) != null);
    assertEquals(want, sorted(partLines(r.output())));
    long v6 = 0;
    for (int rec = 0; rec < lines.size(); rec++) {
      v6 += label(rec) != null && clients.get(rec).contains(":")
          && !clients.get(rec).startsWith("::ffff:") ? 1 : 0;
    }
    assertEquals(v6, r.counter(IpJoinCounter.MATCHED_V6), r.toString());
    assertTrue(v6 > 0 && v6 < want.size(), v6 + " of " + want.size());
  }

  @Test
  void whereWithAPlainIpv6IndexHoldsAsOfEachRecordsTime() throws Exception {
    // Every third IPv6 address and every other block of the pool, listed for good.
    Set<Integer> seen = new HashSet<>();
    StringBuilder text = new StringBuilder();
    for (int e = addresses6; e < ranges; e++) {
      if (e < blocks ? (e - addresses6) % 3 == 0 : (e - blocks) % 2 == 0) {
        seen.add(e);
        text.append(entries.get(e)).append('\n');
      }
    }
    Path list = Files.writeString(dir.resolve("seen.txt"), text);
    Path seenIndex = dir.resolve("seen.ipidx");
    IpJoin.buildIndex(new Configuration()).input(list.toString()).output(seenIndex.toString())
        .run();
    DriverRun r = DriverRun.of("--index", "h=" + history, "--index", "seen=" + seenIndex,
        "--input", logs.toString(), "--output", dir.resolve("where").toString(), "--time",
        "combined", "--where", "h and not seen", "--loader", "buffered");
    assertEquals(0, r.exitCode(), r.toString());
    List<String> want = expected(rec -> label(rec) != null && !seen.contains(entryOf.get(rec)));
    assertEquals(want, sorted(partLines(r.output())));
    assertTrue(expected(rec -> label(rec) != null).size() > want.size(), "seen takes some away");
  }

  @Test
  void countByLabelCountsEachRecordByItsLabelThen() throws Exception {
    DriverRun r = DriverRun.of("--index", "h=" + history, "--input", logs.toString(), "--output",
        dir.resolve("count").toString(), "--time", "combined", "--mode", "count", "--count-by",
        "label", "--loader", "stream");
    assertEquals(0, r.exitCode(), r.toString());
    Map<String, Long> counts = new TreeMap<>();
    for (int rec = 0; rec < lines.size(); rec++) {
      if (label(rec) != null) {
        counts.merge(tag(rec), 1L, Long::sum);
      }
    }
    List<String> want = new ArrayList<>();
    counts.forEach((k, v) -> want.add(k + "\t" + v));
    assertEquals(sorted(want), sorted(partLines(r.output())));
  }
}
