package org.ipjoin.index.list;

import java.util.ArrayList;
import java.util.List;

/**
 * Several columns kept as a label of named attributes ({@code --labels 3,4},
 * {@code --labels asn=3,org=4}, {@code --labels asn,org}): each item a column number, a name and a
 * column number, or a name to find in the list's header line. The label of an entry is the
 * items' values, each trimmed, joined by TAB in the order given; the names are stored in the
 * index.
 *
 * <p>A name comes from the option ({@code asn=3}), else from the header line's heading of that
 * column, else it is {@code column3}.
 */
public final class LabelAttributes {

  /**
   * One item: {@code column} from 2 (0 when it is looked up by {@code name} in the header), and
   * the name the option gives it (null when it gives none).
   */
  private record Item(int column, String name) {}

  private final List<Item> items;
  private final String text;

  private LabelAttributes(List<Item> items, String text) {
    this.items = items;
    this.text = text;
  }

  /** Whether an option value is a list of attributes rather than one column or a keyword. */
  static boolean isList(String value) {
    return value.indexOf(',') >= 0 || value.indexOf('=') >= 0;
  }

  /**
   * Reads {@code N,N,...}, {@code name=N,...} or {@code name,...} (mixed freely).
   *
   * @throws IllegalArgumentException with a one-line message naming the bad item
   */
  static LabelAttributes parse(String value) {
    List<Item> items = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (String raw : value.split(",", -1)) {
      String item = raw.trim();
      int eq = item.indexOf('=');
      String name = eq < 0 ? null : item.substring(0, eq).trim();
      String number = eq < 0 ? item : item.substring(eq + 1).trim();
      boolean numbered = !number.isEmpty() && number.chars().allMatch(c -> c >= '0' && c <= '9');
      int column = numbered && number.length() <= 9 ? Integer.parseInt(number) : -1;
      boolean headerName = eq < 0 && !numbered && !number.isEmpty();
      if (!headerName && (column < 2 || (name != null && name.isEmpty()))) {
        throw new IllegalArgumentException("label attributes must be columns (from 2), name=column"
            + " or header names, separated by commas: '" + item + "' in '" + value + "'");
      }
      if (headerName) {
        items.add(new Item(0, number));
        names.add(number);
      } else {
        items.add(new Item(column, name));
        names.add(name != null ? name : "column" + column);
      }
    }
    String problem = AttributeNames.problem(names);
    if (problem != null) {
      throw new IllegalArgumentException("label attributes: " + problem + " in '" + value + "'");
    }
    return new LabelAttributes(List.copyOf(items), value.trim());
  }

  /** Whether some column is known by its heading only: every file then needs a header line. */
  boolean needsHeader() {
    return items.stream().anyMatch(i -> i.column == 0);
  }

  /**
   * The columns and names for a file whose header line has {@code headings} (1-based column
   * {@code i} is {@code headings.get(i - 1)}), or null when it has none.
   *
   * @throws IllegalArgumentException naming the heading that is missing
   */
  public Resolved resolve(List<String> headings) {
    int[] columns = new int[items.size()];
    List<String> names = new ArrayList<>();
    for (int k = 0; k < items.size(); k++) {
      Item item = items.get(k);
      int column = item.column;
      if (column == 0) {
        if (headings == null) {
          throw new IllegalArgumentException("--labels " + text + " selects column '" + item.name
              + "' by its heading, and the file has no header line");
        }
        column = headings.indexOf(item.name) + 1;
        if (column < 2) {
          throw new IllegalArgumentException("--labels " + text + ": the header line has no"
              + " column '" + item.name + "' after the address (it has " + headings + ")");
        }
      }
      columns[k] = column;
      String heading = headings != null && column <= headings.size() ? headings.get(column - 1)
          : "";
      names.add(item.name != null ? item.name : !heading.isEmpty() ? heading : "column" + column);
    }
    String problem = AttributeNames.problem(names);
    if (problem != null) {
      throw new IllegalArgumentException("--labels " + text + ": the header line gives " + problem);
    }
    return new Resolved(columns, List.copyOf(names));
  }

  /** The columns to read (1-based, as written) and the attributes' names, in order. */
  public record Resolved(int[] columns, List<String> names) {}

  @Override
  public String toString() {
    return text;
  }
}
