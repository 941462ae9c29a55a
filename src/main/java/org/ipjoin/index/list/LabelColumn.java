package org.ipjoin.index.list;

/**
 * Which column of a list line holds the entry's label.
 *
 * <ul>
 *   <li>{@link #DEFAULT}: the column right after the entry. For a line with TAB columns that is the
 *       second TAB column ({@code 10.0.0.0/8<TAB>internal}); for a comma line the first field after
 *       the entry: the third of {@code start,end,name,url}, the second of {@code 1.2.3.4,spam} or
 *       {@code 10.0.0.0/8,internal}.
 *   <li>{@link #NONE}: labels are ignored; every entry is unlabelled.
 *   <li>{@link #column(int)}: the n-th column (1-based) as written, the entry's own columns
 *       included: TAB columns for a TAB line, comma fields for a comma line. Column 1 is always
 *       (part of) the entry, so n starts at 2.
 *   <li>{@link #attributes()}: several columns kept as one label of named attributes, their
 *       values joined by TAB ({@link LabelAttributes}).
 * </ul>
 */
public final class LabelColumn {

  /** The column after the entry. */
  public static final LabelColumn DEFAULT = new LabelColumn(0);
  /** No labels. */
  public static final LabelColumn NONE = new LabelColumn(-1);

  /** 0 for {@link #DEFAULT}, -1 for {@link #NONE}, else the 1-based column; 0 with attributes. */
  private final int column;
  /** Several columns as named attributes, or null. */
  private final LabelAttributes attributes;

  private LabelColumn(int column) {
    this.column = column;
    this.attributes = null;
  }

  private LabelColumn(LabelAttributes attributes) {
    this.column = 0;
    this.attributes = attributes;
  }

  /**
   * The n-th column, 1-based.
   *
   * @throws IllegalArgumentException if {@code n < 2} (column 1 is the entry)
   */
  public static LabelColumn column(int n) {
    if (n < 2) {
      throw new IllegalArgumentException(
          "label column must be 2 or more (column 1 is the address): " + n);
    }
    return new LabelColumn(n);
  }

  /**
   * Reads an option value: {@code none}, {@code default} (in any case, as every option keyword of
   * ipjoin), a column number from 2, or a list of attributes ({@link LabelAttributes}: a value
   * with a comma or {@code =}, such as {@code 3,4}, {@code asn=3,org=4} or {@code asn,org}).
   *
   * @throws IllegalArgumentException with a one-line message naming the value
   */
  public static LabelColumn parse(String value) {
    if (LabelAttributes.isList(value)) {
      return new LabelColumn(LabelAttributes.parse(value));
    }
    if ("none".equalsIgnoreCase(value.trim())) {
      return NONE;
    }
    if ("default".equalsIgnoreCase(value.trim())) {
      return DEFAULT;
    }
    try {
      int n = Integer.parseInt(value);
      if (n >= 2) {
        return new LabelColumn(n);
      }
    } catch (NumberFormatException e) {
      // falls through to the one message for every bad value, which names every form: a single
      // heading (--labels region) is no form, since a misspelt keyword would read as one
    }
    throw new IllegalArgumentException("label column must be 'none', 'default', a column number from 2 (column 1 is the"
        + " address), or attributes: column numbers (3,4), name=N (region=3, or asn=3,org=4) or"
        + " two or more headings of the lists' header line (asn,org): '" + value + "'");
  }

  /** Whether a column number was given: a line without that column is then suspect. */
  public boolean named() {
    return column > 0 || attributes != null;
  }

  /** The attributes kept as a label, or null when a label is one unnamed column (or none). */
  public LabelAttributes attributes() {
    return attributes;
  }

  boolean ignored() {
    return column < 0;
  }

  /**
   * The 1-based column to read, given how many columns the entry itself takes (1, or 2 for
   * {@code start,end}).
   */
  int columnAfter(int entryColumns) {
    return column == 0 ? entryColumns + 1 : column;
  }

  @Override
  public String toString() {
    return attributes != null ? attributes.toString()
        : column == 0 ? "default" : column < 0 ? "none" : Integer.toString(column);
  }
}
