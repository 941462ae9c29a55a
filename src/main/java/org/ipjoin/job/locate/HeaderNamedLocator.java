package org.ipjoin.job.locate;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Formats whose client column is named by the file's own header: {@code csv:NAME} and
 * {@code tsv:NAME} (the first line of each file is the header row), {@code w3c:NAME} (W3C
 * extended logs, IIS and CloudFront: the {@code #Fields:} line in force; every other line starting
 * with {@code #} is a header line too) and {@code zeek:NAME} (Zeek TSV logs: the {@code #fields}
 * line and the {@code #separator} in force; every other {@code #} line is a header line).
 *
 * <p>The mapper feeds every line of the file, in order, to {@link #header} before locating
 * anything in it; header lines change the column in force (a W3C or Zeek file may repeat its
 * field line with other columns), and records are split on it. One instance reads one file from
 * its first line: files of these formats are not split ({@link org.ipjoin.job.HeaderNamedFormat}).
 * A record for which no field line names the column (a later {@code #Fields:} line without it)
 * has no client field, so it is malformed. Nothing is allocated per record; header lines, which
 * are few, are parsed with Strings.
 */
public final class HeaderNamedLocator implements ClientIpLocator {

  /** What {@link #header} says a line is: a record. */
  public static final byte RECORD = 0;
  /** A header line that names no columns ({@code #Version}, {@code #separator}, …). */
  public static final byte HEADER = 1;
  /** The line naming the columns: the CSV/TSV header row, {@code #Fields:}, {@code #fields}. */
  public static final byte NAMES = 2;
  /** Zeek's {@code #types} line, one type per column. */
  public static final byte TYPES = 3;

  /** The kinds of header these formats have. */
  public enum Dialect {
    CSV("csv"), TSV("tsv"), W3C("w3c"), ZEEK("zeek");

    private final String keyword;

    Dialect(String keyword) {
      this.keyword = keyword;
    }

    public String keyword() {
      return keyword;
    }
  }

  private static final byte[] W3C_FIELDS = ascii("#Fields:");
  private static final byte[] ZEEK_SEPARATOR = ascii("#separator ");
  private static final byte[] ZEEK_FIELDS = ascii("#fields");
  private static final byte[] ZEEK_TYPES = ascii("#types");

  private final Dialect dialect;
  private final String name;
  private final String spec;
  private DelimitedFields fields;
  private boolean firstLine = true;
  private boolean namesSeen;
  private List<String> names = List.of();
  /** The 0-based column of {@link #name} in force, or -1 when the field line has no such name. */
  private int column = -1;

  public HeaderNamedLocator(Dialect dialect, String name, String spec) {
    this.dialect = dialect;
    this.name = name;
    this.spec = spec;
    this.fields = switch (dialect) {
      case CSV -> DelimitedFields.csv();
      case TSV, ZEEK -> DelimitedFields.on((byte) '\t');
      case W3C -> new DelimitedFields((byte) ' ', (byte) '\t', false);
    };
  }

  public Dialect dialect() {
    return dialect;
  }

  /** The column name the client is in. */
  public String name() {
    return name;
  }

  /**
   * Reads the next line of the file, {@code line[from, to)}: {@link #RECORD}, or the kind of
   * header line it is, after taking the columns from it when it names them.
   */
  public byte header(byte[] line, int from, int to) {
    boolean first = firstLine;
    firstLine = false;
    switch (dialect) {
      case CSV, TSV -> {
        if (!first) {
          return RECORD;
        }
        names(fields.all(line, from, to));
        return NAMES;
      }
      case W3C -> {
        if (to == from || line[from] != '#') {
          return RECORD;
        }
        if (!startsWith(line, from, to, W3C_FIELDS)) {
          return HEADER;
        }
        names(List.of(text(line, from + W3C_FIELDS.length, to).trim().split("[ \t]+")));
        return NAMES;
      }
      default -> {
        if (to == from || line[from] != '#') {
          return RECORD;
        }
        if (startsWith(line, from, to, ZEEK_SEPARATOR)) {
          fields = DelimitedFields.on(zeekSeparator(line, from + ZEEK_SEPARATOR.length, to));
          return HEADER;
        }
        if (startsWith(line, from, to, ZEEK_FIELDS) || startsWith(line, from, to, ZEEK_TYPES)) {
          boolean types = startsWith(line, from, to, ZEEK_TYPES);
          List<String> all = fields.all(line, from, to);
          if (types) {
            return TYPES;
          }
          names(all.subList(1, all.size()));
          return NAMES;
        }
        return HEADER;
      }
    }
  }

  private void names(List<String> found) {
    names = List.copyOf(found);
    namesSeen = true;
    column = names.indexOf(name);
  }

  /** Zeek writes its separator as {@code \x09}; a literal byte is taken as it is. */
  private static byte zeekSeparator(byte[] line, int from, int to) {
    String value = text(line, from, to).strip();
    if (value.length() == 4 && value.startsWith("\\x")) {
      try {
        return (byte) Integer.parseInt(value.substring(2), 16);
      } catch (NumberFormatException e) {
        return '\t';
      }
    }
    return value.isEmpty() ? (byte) '\t' : (byte) value.charAt(0);
  }

  @Override
  public boolean locate(byte[] record, int from, int to, Range range) {
    if (column < 0 || !fields.find(record, from, to, column)) {
      return false;
    }
    range.setField(record, fields.start, fields.end);
    return true;
  }

  /** Whether a line has named the columns yet. */
  public boolean namesSeen() {
    return namesSeen;
  }

  /** The columns the field line in force names (empty before one). */
  public List<String> names() {
    return names;
  }

  /** Whether the field line in force names the client column. */
  public boolean hasColumn() {
    return column >= 0;
  }

  /** What the file's field line is called, for messages. */
  public String namesLine() {
    return switch (dialect) {
      case CSV, TSV -> "header row (its first line)";
      case W3C -> "#Fields: line";
      case ZEEK -> "#fields line";
    };
  }

  @Override
  public String spec() {
    return spec;
  }

  private static boolean startsWith(byte[] line, int from, int to, byte[] prefix) {
    if (to - from < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (line[from + i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  private static String text(byte[] line, int from, int to) {
    return new String(line, from, to - from, StandardCharsets.UTF_8);
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
