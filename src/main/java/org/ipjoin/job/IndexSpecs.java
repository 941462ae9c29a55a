package org.ipjoin.job;

import java.util.ArrayList;
import java.util.List;

/**
 * The list syntax of {@code ipjoin.index.path} and {@code ipjoin.index.loader}: items separated by
 * commas, a comma inside an item written {@code \,} and a backslash {@code \\}, as Hadoop's
 * FileInputFormat writes its input paths. Other escapes ({@code \:}) are kept for the item's own
 * parser.
 */
public final class IndexSpecs {

  private IndexSpecs() {}

  /** The items of {@code value}, commas and backslashes unescaped; none for null or blank. */
  public static List<String> split(String value) {
    List<String> items = new ArrayList<>();
    if (value == null || value.isBlank()) {
      return items;
    }
    StringBuilder item = new StringBuilder();
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '\\' && i + 1 < value.length()
          && (value.charAt(i + 1) == ',' || value.charAt(i + 1) == '\\')) {
        item.append(value.charAt(++i));
      } else if (c == ',') {
        items.add(item.toString().trim());
        item.setLength(0);
      } else {
        item.append(c);
      }
    }
    items.add(item.toString().trim());
    return items;
  }

  /** The items joined so that {@link #split} gives them back. */
  public static String join(List<String> items) {
    StringBuilder s = new StringBuilder();
    for (String item : items) {
      if (s.length() > 0) {
        s.append(',');
      }
      s.append(item.replace("\\", "\\\\").replace(",", "\\,"));
    }
    return s.toString();
  }
}
