package org.ipjoin.job.locate;

import org.ipjoin.ip.Utf8Bom;

/**
 * Format {@code ws:N}: the client is field N (1-based) of a record split on runs of blanks (space,
 * TAB, CR), as awk splits it, where a quoted or bracketed field is one field even with blanks
 * inside. It reads AWS ALB and classic ELB access logs, S3 server access logs
 * ({@code [06/Feb/2019:00:00:38 +0000]} is one field), VPC flow logs, Squid's padded columns and
 * HAProxy's log lines.
 *
 * <ul>
 *   <li>Blanks before the first field are skipped, so are runs of them between fields (a CR at the
 *       end of a CRLF line is a blank too).
 *   <li>A field that starts with {@code "} runs to the next {@code "} not escaped by a backslash
 *       ({@code \"} and {@code \\} inside); the field is the text between the quotes, as it is
 *       (escapes are not decoded: an address never has any). The closing quote ends the field:
 *       {@code "a"b} is two fields.
 *   <li>A field that starts with {@code [} runs to the next {@code ]} and then to the next blank,
 *       brackets included ({@code [2001:db8::1]:443} is one field, whose brackets
 *       {@link Range#setField} then takes off).
 *   <li>Quotes and brackets inside a field (not at its start) are ordinary bytes.
 * </ul>
 *
 * A record with fewer than N fields, or whose quote or bracket before or at field N is not closed,
 * has no client field (malformed); fields after N are not read. A UTF-8 byte order mark at the
 * start of the record is skipped, as in {@link CombinedLogLocator}.
 */
public final class WhitespaceFieldLocator implements ClientIpLocator {

  private final int column;
  private final String spec;

  /** @param column 1-based field number */
  public WhitespaceFieldLocator(int column, String spec) {
    if (column < 1) {
      throw new IllegalArgumentException("field must be 1 or more, got " + column);
    }
    this.column = column;
    this.spec = spec;
  }

  @Override
  public boolean locate(byte[] record, int from, int to, Range range) {
    int i = from + Utf8Bom.length(record, from, to);
    for (int field = 1; ; field++) {
      while (i < to && isBlank(record[i])) {
        i++;
      }
      if (i == to) {
        return false;
      }
      int start = i;
      int end;
      if (record[i] == '"') {
        i++;
        while (i < to && record[i] != '"') {
          i += record[i] == '\\' ? 2 : 1;
        }
        if (i >= to) {
          return false;
        }
        start++;
        end = i++;
      } else {
        if (record[i] == '[') {
          while (i < to && record[i] != ']') {
            i++;
          }
          if (i == to) {
            return false;
          }
        }
        while (i < to && !isBlank(record[i])) {
          i++;
        }
        end = i;
      }
      if (field == column) {
        range.setField(record, start, end);
        return true;
      }
    }
  }

  private static boolean isBlank(byte b) {
    return b == ' ' || b == '\t' || b == '\r';
  }

  @Override
  public String spec() {
    return spec;
  }
}
