package org.ipjoin.testing;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The hand-made validity table src/test/resources/validity/blocklist-scd.csv read by plain Java,
 * without ipjoin's parsers: its rows, and what a list of the rows valid at a time answers for an
 * address (the narrowest entry holding it). The expectations of the validity-history tests.
 */
public final class ValidityReference {

  /** A row: its entry as two addresses (unsigned, in a long), label ("" for none), validity. */
  public record Row(long first, long last, String label, long from, long to) {
    boolean validAt(long millis) {
      return from <= millis && millis < to;
    }
  }

  /** Addresses of the table, inside its blocks and range, and beside them. */
  public static final String[] PROBES = {"192.0.2.10", "192.0.2.11", "192.0.2.12", "192.0.2.13",
      "192.0.2.14", "192.0.2.15", "192.0.2.99", "198.51.100.5", "198.51.100.200", "198.51.101.0",
      "203.0.113.0", "203.0.113.8", "203.0.113.15", "203.0.113.16", "10.0.0.1", "10.1.2.3",
      "10.255.255.255", "11.0.0.0"};

  private final List<Row> rows = new ArrayList<>();

  private ValidityReference() {}

  /** The table on the test classpath. */
  public static Path table() {
    try {
      return Path.of(ValidityReference.class.getResource("/validity/blocklist-scd.csv").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Reads {@code network,category,valid_from,valid_to} lines after '#' lines and the header. */
  public static ValidityReference read() throws IOException {
    ValidityReference ref = new ValidityReference();
    boolean header = true;
    for (String line : Files.readAllLines(table())) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      if (header) {
        header = false;
        continue;
      }
      List<String> f = csv(line);
      long[] entry = entry(f.get(0));
      String to = f.get(3);
      ref.rows.add(new Row(entry[0], entry[1], f.get(1), time(f.get(2)),
          to.isEmpty() || to.equals("\\N") || to.equals("NULL") ? Long.MAX_VALUE : time(to)));
    }
    return ref;
  }

  public List<Row> rows() {
    return rows;
  }

  /** Every distinct from and (finite) to, in order. */
  public List<Long> boundaries() {
    TreeSet<Long> times = new TreeSet<>();
    for (Row r : rows) {
      times.add(r.from());
      if (r.to() != Long.MAX_VALUE) {
        times.add(r.to());
      }
    }
    return new ArrayList<>(times);
  }

  /**
   * What the rows valid at {@code millis} answer for {@code address}: the label of the narrowest
   * row holding it ("" when it has none), or null when no valid row holds it.
   */
  public String labelAt(String address, long millis) {
    long a = address(address);
    Row best = null;
    for (Row r : rows) {
      if (r.validAt(millis) && r.first() <= a && a <= r.last()
          && (best == null || r.last() - r.first() < best.last() - best.first())) {
        best = r;
      }
    }
    return best == null ? null : best.label();
  }

  /** The time as the table writes it: a date, an ISO timestamp, epoch seconds. */
  static long time(String text) {
    if (text.chars().allMatch(Character::isDigit)) {
      return Long.parseLong(text) * 1000;
    }
    if (text.length() == 10) {
      return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    }
    String t = text.replace(' ', 'T');
    if (t.endsWith("Z") || t.matches(".*[+-]\\d\\d:\\d\\d")) {
      return OffsetDateTime.parse(t).toInstant().toEpochMilli();
    }
    return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  /** A time as a history prints it: the date at midnight UTC, else the instant. */
  public static String format(long millis) {
    Instant i = Instant.ofEpochMilli(millis);
    return millis % 86_400_000L == 0 ? LocalDate.ofInstant(i, ZoneOffset.UTC).toString()
        : i.toString();
  }

  static long[] entry(String text) {
    int slash = text.indexOf('/');
    if (slash >= 0) {
      long base = address(text.substring(0, slash));
      int bits = Integer.parseInt(text.substring(slash + 1));
      return new long[] {base, base + (1L << (32 - bits)) - 1};
    }
    int dash = text.indexOf('-');
    if (dash >= 0) {
      return new long[] {address(text.substring(0, dash)), address(text.substring(dash + 1))};
    }
    return new long[] {address(text), address(text)};
  }

  public static long address(String text) {
    long a = 0;
    for (String octet : text.split("\\.")) {
      a = a * 256 + Integer.parseInt(octet);
    }
    return a;
  }

  /** Comma fields, a field in double quotes holding commas. */
  static List<String> csv(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (char c : line.toCharArray()) {
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        fields.add(field.toString());
        field.setLength(0);
      } else {
        field.append(c);
      }
    }
    fields.add(field.toString());
    return fields;
  }
}
