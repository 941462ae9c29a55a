package org.ipjoin.job;

import java.util.ArrayList;
import java.util.List;
import org.ipjoin.problem.OneLine;

/**
 * What {@code --count-by NAME[.ATTR][,NAME[.ATTR]...]} counts by: per index named (with several
 * address columns, per {@code CLIENT.INDEX} named: {@link JoinColumns}), its label (or
 * the one attribute named), in the order given; each count line is these values TAB-joined, then
 * the records. Parsed the same way in the driver (against the indexes' attribute names, before
 * submission) and in each task (against the loaded dictionaries).
 */
public final class CountColumns {

  /** One column: index {@code index} of the join, its whole label or attribute {@code attribute}. */
  public record Column(int index, String attribute) {}

  private CountColumns() {}

  /** Whether {@code value} names indexes rather than one of {@link CountBy}'s keywords. */
  public static boolean namesIndexes(String value) {
    try {
      CountBy.fromName(value);
      return false;
    } catch (IllegalArgumentException e) {
      return true;
    }
  }

  /**
   * The columns {@code value} names.
   *
   * @param names the join's index names, in order
   * @param attributes each index's attribute names, in the same order
   * @throws IllegalArgumentException one line naming an unknown index or attribute
   */
  public static List<Column> parse(String value, List<String> names, List<List<String>> attributes) {
    return parse(List.of(value.split(",", -1)), names, attributes);
  }

  /**
   * The columns {@code items} name, {@code NAME} or {@code NAME.ATTR} each.
   *
   * @see #parse(String, List, List)
   */
  public static List<Column> parse(List<String> items, List<String> names,
      List<List<String>> attributes) {
    List<Column> columns = new ArrayList<>();
    for (String item : items) {
      String name = item.trim();
      int dot = name.indexOf('.');
      String index = dot < 0 ? name : name.substring(0, dot);
      if (dot >= 0 && !names.contains(index)) {
        // With several address columns the lookups are CLIENT.INDEX: the attribute follows them.
        dot = name.indexOf('.', dot + 1);
        index = dot < 0 ? name : name.substring(0, dot);
      }
      int k = names.indexOf(index);
      if (k < 0) {
        throw new IllegalArgumentException("bad count-by: '" + OneLine.of(name) + "' is no index"
            + " of this join; count by " + choices(names, attributes));
      }
      String attribute = dot < 0 ? null : name.substring(dot + 1);
      if (attribute != null) {
        try {
          AttributeSelection.positions(index, attributes.get(k), List.of(attribute));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("bad count-by: " + e.getMessage(), e);
        }
      }
      if (columns.contains(new Column(k, attribute))) {
        throw new IllegalArgumentException("bad count-by: '" + OneLine.of(name) + "' is named twice");
      }
      columns.add(new Column(k, attribute));
    }
    return columns;
  }

  /**
   * Every value {@code --count-by} accepts for these indexes: {@code address}, {@code label} when
   * there is one index, and each index's name and {@code NAME.ATTR} for each of its attributes.
   */
  static String choices(List<String> names, List<List<String>> attributes) {
    List<String> forms = new ArrayList<>();
    for (int k = 0; k < names.size(); k++) {
      forms.add(names.get(k));
      for (String attribute : attributes.get(k)) {
        forms.add(names.get(k) + "." + attribute);
      }
    }
    return CountBy.ADDRESS.externalName() + (names.size() == 1 ? ", " + CountBy.LABEL.externalName()
        : "") + ", or index names, several comma-separated: " + String.join(", ", forms);
  }
}
