package org.ipjoin.testing;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The hand-made history of attributes in src/test/resources/history-attributes read by plain Java,
 * without ipjoin's parsers: the dated snapshots of {@code snapshots/} (TAB columns {@code
 * network<TAB>asn<TAB>org}) and the validity table {@code networks-scd.csv} that tells the same
 * history row by row. The expectations of the tests of history indexes of attributes: what is in
 * force at a time, and the values an address has then.
 */
public final class AttributeHistoryReference {

  /** What {@code --as-of-from-file} reads the snapshot files' names with. */
  public static final String DATED = "(.+)\\.txt";
  private static final long DAY = 86_400_000L;

  /** Addresses of the snapshots, inside their block and range, at their edges and beside them. */
  public static final String[] PROBES = {"192.0.2.6", "192.0.2.7", "192.0.2.8", "192.0.2.9",
      "192.0.2.63", "192.0.2.64", "192.0.2.100", "192.0.2.127", "192.0.2.128", "198.51.100.5",
      "198.51.100.77", "203.0.113.0", "203.0.113.4", "203.0.113.9", "203.0.113.10", "10.0.0.1"};

  /** An entry of a snapshot or a row of the table: its addresses and its values (none: empty). */
  private record Entry(long first, long last, List<String> values, long from, long to) {}

  private final List<Long> days = new ArrayList<>();
  private final List<List<Entry>> snapshots = new ArrayList<>();
  private final List<Entry> rows = new ArrayList<>();

  private AttributeHistoryReference() {}

  /** The folder of dated snapshots on the test classpath. */
  public static Path snapshots() {
    return resource("snapshots");
  }

  /** The validity table on the test classpath. */
  public static Path table() {
    return resource("networks-scd.csv");
  }

  private static Path resource(String name) {
    try {
      return Path.of(AttributeHistoryReference.class.getResource("/history-attributes/" + name)
          .toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Reads both files. */
  public static AttributeHistoryReference read() throws IOException {
    AttributeHistoryReference ref = new AttributeHistoryReference();
    List<Path> files;
    try (Stream<Path> list = Files.list(snapshots())) {
      files = list.sorted().toList();
    }
    for (Path file : files) {
      String day = file.getFileName().toString().replace(".txt", "");
      ref.days.add(LocalDate.parse(day).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli());
      List<Entry> entries = new ArrayList<>();
      List<String> lines = Files.readAllLines(file);
      for (String line : lines.subList(1, lines.size())) { // after the header line
        String[] columns = line.split("\t", -1);
        long[] entry = ValidityReference.entry(columns[0]);
        entries.add(new Entry(entry[0], entry[1], values(Arrays.asList(columns).subList(1,
            columns.length)), 0, 0));
      }
      ref.snapshots.add(entries);
    }
    List<String> lines = Files.readAllLines(table());
    for (String line : lines.subList(1, lines.size())) {
      // network,valid_from,valid_to,org,asn: the values in the order asn, org.
      List<String> f = ValidityReference.csv(line);
      long[] entry = ValidityReference.entry(f.get(0));
      ref.rows.add(new Entry(entry[0], entry[1], values(List.of(f.get(4), f.get(3))),
          ValidityReference.time(f.get(1)), ValidityReference.time(f.get(2))));
    }
    return ref;
  }

  /** The values as a label holds them: none when every one is empty, \N or NULL. */
  private static List<String> values(List<String> raw) {
    List<String> values = raw.stream().map(v -> v.equals("\\N") || v.equals("NULL") ? "" : v)
        .toList();
    return values.stream().allMatch(String::isEmpty) ? List.of() : values;
  }

  /** The snapshots' days, midnight UTC, in order. */
  public List<Long> days() {
    return days;
  }

  /**
   * The snapshot in force at {@code millis}: the last whose day began at or before it, the last
   * one for one day (the gap between the daily files); -1 before the first, {@code days().size()}
   * from the end of the last one's day on.
   */
  public int inForce(long millis) {
    if (millis < days.get(0)) {
      return -1;
    }
    int s = 0;
    while (s + 1 < days.size() && days.get(s + 1) <= millis) {
      s++;
    }
    return millis < days.get(days.size() - 1) + DAY ? s : days.size();
  }

  /**
   * What snapshot {@code s} says of {@code address}: null when no entry holds it, an empty list
   * for an entry without values, else its values (asn, org).
   */
  public List<String> values(String address, int s) {
    long a = ValidityReference.address(address);
    for (Entry e : snapshots.get(s)) {
      if (e.first() <= a && a <= e.last()) {
        return e.values();
      }
    }
    return null;
  }

  /** What the table's rows valid at {@code millis} say of {@code address}, as {@link #values}. */
  public List<String> tableValues(String address, long millis) {
    long a = ValidityReference.address(address);
    for (Entry r : rows) {
      if (r.from() <= millis && millis < r.to() && r.first() <= a && a <= r.last()) {
        return r.values();
      }
    }
    return null;
  }
}
