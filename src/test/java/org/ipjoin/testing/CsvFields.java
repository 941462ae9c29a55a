package org.ipjoin.testing;

import java.util.ArrayList;
import java.util.List;

/** The fields of a CSV line, split by plain String code (no ipjoin parser). */
public final class CsvFields {

  private CsvFields() {}

  /** Splits a CSV line on commas outside double quotes; "" inside quotes is a quote; fields trimmed. */
  public static List<String> split(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
        field.append('"');
        i++;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        fields.add(field.toString().trim());
        field.setLength(0);
      } else {
        field.append(c);
      }
    }
    fields.add(field.toString().trim());
    return fields;
  }
}
