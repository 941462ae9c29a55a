package org.ipjoin.job.options;

import java.util.ArrayList;
import java.util.List;
import org.ipjoin.job.CountBy;
import org.ipjoin.job.CountColumns;

/**
 * What {@code count} mode counts by ({@code ipjoin.count.by}), decided once: by address, by label
 * ({@link #keyword()}), or by columns of named indexes, {@code NAME[.ATTR],...} ({@link
 * #columns()}, checked against the indexes' attributes once they are read, see {@link
 * CountColumns}).
 *
 * @param keyword {@link CountBy#ADDRESS} or {@link CountBy#LABEL}; null when counting by columns
 * @param text the value as written for columns ({@code ipjoin.count.by}, trimmed), the keyword's
 *     external name otherwise
 */
public record CountChoice(CountBy keyword, String text) {

  /** The default: per listed client address. */
  public static final CountChoice ADDRESS = new CountChoice(CountBy.ADDRESS, "address");

  public CountChoice {
    if (keyword != null) {
      text = keyword.externalName();
    } else if (text == null || !CountColumns.namesIndexes(text)) {
      throw new IllegalArgumentException("count-by columns '" + text + "' is a keyword");
    }
  }

  /** {@code value}: a keyword (any case) or index columns. Never fails: columns are checked later. */
  public static CountChoice of(String value) {
    return CountColumns.namesIndexes(value) ? new CountChoice(null, value)
        : new CountChoice(CountBy.fromName(value), null);
  }

  /** Whether it counts by columns of named indexes. */
  public boolean byColumns() {
    return keyword == null;
  }

  /** The columns, {@code NAME} or {@code NAME.ATTR} each, in order; empty for a keyword. */
  public List<String> columns() {
    List<String> columns = new ArrayList<>();
    if (keyword == null) {
      for (String item : text.split(",", -1)) {
        columns.add(item.trim());
      }
    }
    return columns;
  }
}
