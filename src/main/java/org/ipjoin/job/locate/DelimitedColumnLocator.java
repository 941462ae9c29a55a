package org.ipjoin.job.locate;


/**
 * Formats {@code tsv:N} and {@code csv:N}: the client is column N (1-based) of a record split on a
 * single separator byte (TAB or comma), every separator counting.
 *
 * <p>{@code csv:N} follows RFC 4180's quoting ({@link DelimitedFields}): a field in double quotes
 * may hold commas and doubled quotes ({@code "a,""b"""}), and a quoted client field is read
 * without its quotes. A record is one line: a quoted field cannot span lines. {@code tsv:N} has no
 * quoting. Spaces, tabs and CRs around the column are trimmed, as around a line of the IP list
 * ({@code "a, 1.2.3.4 ,b"} has client {@code 1.2.3.4}; a CRLF file's last column loses its CR);
 * then an IPv6 client in brackets, with or without a port, is taken out of them
 * ({@link Range#setField}). A record with fewer than N columns, or with an unclosed quote at or
 * before column N, has no client field.
 */
public final class DelimitedColumnLocator implements ClientIpLocator {

  private final DelimitedFields fields;
  private final int column;
  private final String spec;

  /** @param column 1-based column number */
  public DelimitedColumnLocator(byte separator, int column, String spec) {
    if (column < 1) {
      throw new IllegalArgumentException("column must be 1 or more, got " + column);
    }
    this.fields = separator == ',' ? DelimitedFields.csv() : DelimitedFields.on(separator);
    this.column = column;
    this.spec = spec;
  }

  @Override
  public boolean locate(byte[] record, int start, int end, Range range) {
    if (!fields.find(record, start, end, column - 1)) {
      return false;
    }
    range.setField(record, fields.start, fields.end);
    return true;
  }

  @Override
  public String spec() {
    return spec;
  }
}
