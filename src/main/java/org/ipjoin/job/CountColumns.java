package org.ipjoin.job;

import java.util.ArrayList;
import java.util.List;
import org.ipjoin.problem.OneLine;

/**
 * What {@code --count-by NAME[.ATTR][,NAME[.ATTR]...]} counts by: per index named, its label (or
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
    List<Column> columns = new ArrayList<>();
    for (String item : value.split(",", -1)) {
      String name = item.trim();
      int dot = name.indexOf('.');
      String index = dot < 0 ? name : name.substring(0, dot);
      int k = names.indexOf(index);
      if (k < 0 && names.size() == 1) {
        // One index: counting by its name is counting by label, so name the keywords only.
        throw new IllegalArgumentException("bad count-by: unknown count-by '" + OneLine.of(value)
            + "'; choose one of " + CountBy.names());
      }
      if (k < 0) {
        throw new IllegalArgumentException("bad count-by: '" + OneLine.of(name) + "' is no index"
            + " of this join; count by " + CountBy.names() + ", or by index names ("
            + String.join(", ", names) + ", NAME.ATTRIBUTE for one attribute)");
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
}
