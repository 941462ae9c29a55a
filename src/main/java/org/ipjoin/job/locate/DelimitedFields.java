package org.ipjoin.job.locate;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a record on a separator byte (two bytes for W3C logs, which separate by space or TAB),
 * every separator counting, optionally with RFC 4180 quoting: a field whose first byte (after
 * spaces) is {@code "} runs to the closing {@code "}, separators inside it are text and {@code ""}
 * is one quote. Spaces, tabs and a CR around a field are trimmed, as around a line of the IP list;
 * the quotes of a quoted field are not part of its content. Nothing is allocated per record.
 */
final class DelimitedFields {

  private final byte separator;
  private final byte otherSeparator;
  private final boolean quoted;

  /** The content of the field {@link #find} found: {@code [start, end)}. */
  int start;
  int end;

  DelimitedFields(byte separator, byte otherSeparator, boolean quoted) {
    this.separator = separator;
    this.otherSeparator = otherSeparator;
    this.quoted = quoted;
  }

  static DelimitedFields csv() {
    return new DelimitedFields((byte) ',', (byte) ',', true);
  }

  static DelimitedFields on(byte separator) {
    return new DelimitedFields(separator, separator, false);
  }

  private boolean isSeparator(byte b) {
    return b == separator || b == otherSeparator;
  }

  /**
   * Finds field {@code index} (0-based) of {@code record[from, to)}: false when the record has
   * fewer fields, or a quote at or before it is not closed.
   */
  boolean find(byte[] record, int from, int to, int index) {
    int i = from;
    for (int field = 0; ; field++) {
      int fieldStart = i;
      int contentStart = i;
      int contentEnd;
      while (i < to && isBlank(record[i]) && !isSeparator(record[i])) {
        i++;
      }
      if (quoted && i < to && record[i] == '"') {
        contentStart = i + 1;
        i++;
        while (true) {
          if (i >= to) {
            return false;
          }
          if (record[i] == '"') {
            if (i + 1 < to && record[i + 1] == '"') {
              i += 2;
              continue;
            }
            break;
          }
          i++;
        }
        contentEnd = i++;
        // Text after the closing quote up to the separator: kept out of the content (only blanks
        // belong there in RFC 4180).
        while (i < to && !isSeparator(record[i])) {
          i++;
        }
        if (field == index) {
          start = contentStart;
          end = contentEnd;
          return true;
        }
      } else {
        i = fieldStart;
        while (i < to && !isSeparator(record[i])) {
          i++;
        }
        if (field == index) {
          int s = fieldStart;
          int e = i;
          while (e > s && isBlank(record[e - 1])) {
            e--;
          }
          while (s < e && isBlank(record[s])) {
            s++;
          }
          start = s;
          end = e;
          return true;
        }
      }
      if (i >= to) {
        return false;
      }
      i++; // the separator
    }
  }

  /** Every field of a header row, quotes taken off and {@code ""} made one quote. */
  List<String> all(byte[] record, int from, int to) {
    List<String> fields = new ArrayList<>();
    for (int k = 0; find(record, from, to, k); k++) {
      String field = new String(record, start, end - start, StandardCharsets.UTF_8);
      fields.add(quoted ? field.replace("\"\"", "\"") : field);
    }
    return fields;
  }

  private static boolean isBlank(byte b) {
    return b == ' ' || b == '\t' || b == '\r';
  }
}
