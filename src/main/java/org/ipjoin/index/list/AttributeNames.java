package org.ipjoin.index.list;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules for the names of a label's attributes: a label of several attributes is their values
 * joined by TAB, and the index stores the names joined by TAB too. So a name is non-empty UTF-8
 * without control bytes (a TAB would split it), and no two names are equal. The builder refuses
 * names that break these rules, and every reader refuses a file whose names do, with the same
 * words.
 */
public final class AttributeNames {

  /** The separator of names and of a label's values. */
  public static final char SEPARATOR = '\t';

  private AttributeNames() {}

  /** The first rule {@code names} breaks, as a phrase for a message, or null when none. */
  public static String problem(List<String> names) {
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      if (name.isEmpty()) {
        return "attribute name " + (i + 1) + " is empty";
      }
      for (int c = 0; c < name.length(); c++) {
        if (name.charAt(c) < 0x20 || name.charAt(c) == 0x7F) {
          return String.format("attribute name %d ('%s') holds the control byte \\x%02X", i + 1,
              name.replaceAll("\\p{Cntrl}", "?"), (int) name.charAt(c));
        }
      }
      Integer before = seen.putIfAbsent(name, i + 1);
      if (before != null) {
        return "attribute name " + (i + 1) + " ('" + name + "') repeats attribute name " + before;
      }
    }
    return null;
  }

  /** The names as stored: UTF-8, joined by TAB. */
  public static byte[] encode(List<String> names) {
    return String.join(String.valueOf(SEPARATOR), names).getBytes(StandardCharsets.UTF_8);
  }

  /** The names of {@link #encode}'d text (already known to be UTF-8). */
  public static List<String> split(String joined) {
    List<String> names = new ArrayList<>();
    int from = 0;
    for (int i = 0; i <= joined.length(); i++) {
      if (i == joined.length() || joined.charAt(i) == SEPARATOR) {
        names.add(joined.substring(from, i));
        from = i + 1;
      }
    }
    return names;
  }

  /** How many TAB-separated values {@code b[from, to)} holds: its TABs plus one. */
  public static int valueCount(byte[] b, int from, int to) {
    int n = 1;
    for (int i = from; i < to; i++) {
      if (b[i] == SEPARATOR) {
        n++;
      }
    }
    return n;
  }
}
