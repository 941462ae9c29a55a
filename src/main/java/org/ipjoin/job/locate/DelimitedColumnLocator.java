package org.ipjoin.job.locate;


/**
 * Formats {@code tsv:N} and {@code csv:N}: the client is column N (1-based) of a record split on a
 * single separator byte (TAB or comma).
 *
 * <p>The split is deliberately simple: no quoting, no escapes, every separator counts. A CSV field
 * like {@code "a,b"} therefore spans two columns; put the IP column before any quoted column, or
 * use a {@code regex:} format. Spaces, tabs and CRs around the column are trimmed, as around a line
 * of the IP list ({@code "a, 1.2.3.4 ,b"} has client {@code 1.2.3.4}; a CRLF file's last column
 * loses its CR); then an IPv6 client in brackets, with or without a port, is taken out of them
 * ({@link Range#setField}). A record with fewer than N columns has no client field.
 */
public final class DelimitedColumnLocator implements ClientIpLocator {

  private final byte separator;
  private final int column;
  private final String spec;

  /** @param column 1-based column number */
  public DelimitedColumnLocator(byte separator, int column, String spec) {
    if (column < 1) {
      throw new IllegalArgumentException("column must be 1 or more, got " + column);
    }
    this.separator = separator;
    this.column = column;
    this.spec = spec;
  }

  @Override
  public boolean locate(byte[] record, int start, int end, Range range) {
    int from = start;
    // Skip column - 1 separators.
    for (int skipped = 1; skipped < column; skipped++) {
      int i = from;
      while (i < end && record[i] != separator) {
        i++;
      }
      if (i == end) {
        return false;
      }
      from = i + 1;
    }
    int to = from;
    while (to < end && record[to] != separator) {
      to++;
    }
    // Trimmed like a line of the IP list (ListLineParser): spaces and tabs, and a CR at the end.
    while (to > from && isSpace(record[to - 1])) {
      to--;
    }
    while (from < to && (record[from] == ' ' || record[from] == '\t')) {
      from++;
    }
    range.setField(record, from, to);
    return true;
  }

  private static boolean isSpace(byte b) {
    return b == ' ' || b == '\t' || b == '\r';
  }

  @Override
  public String spec() {
    return spec;
  }
}
