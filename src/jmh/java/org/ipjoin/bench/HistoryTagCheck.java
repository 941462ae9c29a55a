package org.ipjoin.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The history step's check of a tag join's output (index-tools/lib/history.sh), computed from the
 * snapshot files, not from any index: {@code HistoryTagCheck SNAPSHOTS OUTPUT}.
 *
 * <p>OUTPUT is the job's output folder (its {@code part-*} files; {@code malformed/} and hidden
 * files are not output), one combined-format record a line with a TAB and its tag after it.
 * SNAPSHOTS is either the folder of {@code YYYY-MM-DD.txt} snapshot files, each record then
 * expected {@code 1} when its address is in the file of its own day (the {@code [dd/MMM/yyyy:...]}
 * time, written in UTC) and {@code 0} when not, or one list file, which answers every record.
 * A record whose day has no snapshot is expected {@code ?} (outside the history). Every record is
 * checked: exit 0 and one line with the counts, or exit 1 and the first records that differ.
 */
public final class HistoryTagCheck {

  private static final List<String> MONTHS = List.of("Jan", "Feb", "Mar", "Apr", "May", "Jun",
      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec");

  private HistoryTagCheck() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: HistoryTagCheck SNAPSHOTS(folder or list file) OUTPUT(folder)");
      System.exit(2);
    }
    Path snapshots = Path.of(args[0]);
    boolean oneList = !Files.isDirectory(snapshots);
    Records records = new Records();
    List<Path> parts;
    try (Stream<Path> files = Files.list(Path.of(args[1]))) {
      parts = files.filter(f -> f.getFileName().toString().startsWith("part-")).sorted().toList();
    }
    for (Path part : parts) {
      try (BufferedReader in = Files.newBufferedReader(part, StandardCharsets.ISO_8859_1)) {
        for (String line; (line = in.readLine()) != null; ) {
          records.add(line, oneList ? "" : day(line));
        }
      }
    }
    long listed = 0;
    long wrong = 0;
    List<String> firstWrong = new ArrayList<>();
    int files = 0;
    int[][] byDay = records.byDay();
    for (int d = 0; d < byDay.length; d++) {
      Path file = oneList ? snapshots : snapshots.resolve(records.days.get(d) + ".txt");
      int[] list = Files.exists(file) ? sortedAddresses(file) : null;
      files += list == null ? 0 : 1;
      for (int r : byDay[d]) {
        char expected = list == null ? '?'
            : Arrays.binarySearch(list, records.addresses[r]) >= 0 ? '1' : '0';
        listed += expected == '1' ? 1 : 0;
        if (expected != records.tags[r] && ++wrong <= 5) {
          firstWrong.add("record " + (r + 1) + " (" + (file.getFileName()) + "): tagged '"
              + (records.tags[r] == 0 ? "(not one character)" : String.valueOf(records.tags[r]))
              + "', the snapshot says '" + expected + "'");
        }
      }
    }
    if (records.count == 0) {
      System.out.println("no records in " + args[1]);
      System.exit(1);
    }
    if (wrong > 0) {
      System.out.printf("%,d of %,d records tagged otherwise than the snapshot files say; first: %s%n",
          wrong, records.count, String.join("; ", firstWrong));
      System.exit(1);
    }
    System.out.printf("all %,d records tagged as %s says (%,d listed)%n", records.count,
        oneList ? snapshots.getFileName() : "the snapshot file of their day (" + files + " files)",
        listed);
  }

  /** The record's day, YYYY-MM-DD, from its {@code [dd/MMM/yyyy:HH:mm:ss +0000]} time. */
  private static String day(String line) {
    int open = line.indexOf('[');
    if (open < 0 || line.length() < open + 12 || !line.startsWith(" +0000]", open + 21)) {
      throw new IllegalArgumentException("no [dd/MMM/yyyy:HH:mm:ss +0000] time in: " + line);
    }
    int month = MONTHS.indexOf(line.substring(open + 4, open + 7)) + 1;
    return line.substring(open + 8, open + 12) + "-" + (month < 10 ? "0" : "") + month + "-"
        + line.substring(open + 1, open + 3);
  }

  /** A dotted quad's 32 bits, from the start of the text up to the first byte that is no part of it. */
  private static int address(byte[] text, int from, int to) {
    int address = 0;
    int octet = 0;
    for (int i = from; i < to; i++) {
      byte b = text[i];
      if (b == '.') {
        address = address << 8 | octet;
        octet = 0;
      } else {
        octet = octet * 10 + (b - '0');
      }
    }
    return address << 8 | octet;
  }

  private static int[] sortedAddresses(Path file) throws IOException {
    byte[] text = Files.readAllBytes(file);
    int[] list = new int[1024];
    int n = 0;
    for (int start = 0, i = 0; i <= text.length; i++) {
      if (i == text.length || text[i] == '\n') {
        int end = i > start && text[i - 1] == '\r' ? i - 1 : i;
        if (end > start) {
          if (n == list.length) {
            list = Arrays.copyOf(list, n * 2);
          }
          list[n++] = address(text, start, end);
        }
        start = i + 1;
      }
    }
    list = Arrays.copyOf(list, n);
    Arrays.sort(list);
    return list;
  }

  /** The output's records in order: each one's address, one-character tag (0 if longer) and day. */
  private static final class Records {
    final Map<String, Integer> dayIndex = new HashMap<>();
    final List<String> days = new ArrayList<>();
    int[] addresses = new int[1024];
    char[] tags = new char[1024];
    int[] dayOf = new int[1024];
    int count;

    void add(String line, String day) {
      int tab = line.lastIndexOf('\t');
      int space = line.indexOf(' ');
      if (tab < 0 || space < 0) {
        throw new IllegalArgumentException("not a record and its tag: " + line);
      }
      if (count == addresses.length) {
        addresses = Arrays.copyOf(addresses, count * 2);
        tags = Arrays.copyOf(tags, count * 2);
        dayOf = Arrays.copyOf(dayOf, count * 2);
      }
      byte[] client = line.substring(0, space).getBytes(StandardCharsets.ISO_8859_1);
      addresses[count] = address(client, 0, client.length);
      tags[count] = line.length() == tab + 2 ? line.charAt(tab + 1) : 0;
      dayOf[count] = dayIndex.computeIfAbsent(day, d -> {
        days.add(d);
        return days.size() - 1;
      });
      count++;
    }

    /** The records' numbers of each day (a counting sort: one pass, not one per day). */
    int[][] byDay() {
      int[][] groups = new int[days.size()][];
      int[] sizes = new int[days.size()];
      for (int r = 0; r < count; r++) {
        sizes[dayOf[r]]++;
      }
      for (int d = 0; d < groups.length; d++) {
        groups[d] = new int[sizes[d]];
        sizes[d] = 0;
      }
      for (int r = 0; r < count; r++) {
        groups[dayOf[r]][sizes[dayOf[r]]++] = r;
      }
      return groups;
    }
  }
}
