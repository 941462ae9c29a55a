package org.ipjoin.index.list;

/**
 * Finds an entry's label in the rest of its line, in the column {@link LabelColumn} names: a TAB
 * column, or a comma field read by {@link CommaField}. A label is its bytes trimmed of spaces and
 * tabs; it must be UTF-8 without control bytes; an empty label is no label. The label found is
 * {@code bytes[from, to)}, or {@code bytes} is null; it stays valid until the next line.
 */
final class LabelReader {

  /**
   * The most bytes a label may hold. A list's label names a source or a category; a longer one is
   * almost always a column that swallowed the rest of a file (a stray quote, a missing line break),
   * and would be copied into every task's heap and every tagged record.
   */
  static final int MAX_LABEL_BYTES = 1024;

  private final LabelColumn column;
  private final ListLine line;
  private final CommaField field;

  byte[] bytes;
  int from;
  int to;

  /** With attributes: the columns to read, in order (null until a file's header is known). */
  private int[] attributeColumns;
  /** With attributes: each value of the line, and its length. */
  private byte[][] values;
  private int[] valueLengths;
  /** With attributes: the values joined by TAB, the label. */
  private byte[] joined = new byte[64];

  LabelReader(LabelColumn column, ListLine line, CommaField field) {
    this.column = column;
    this.line = line;
    this.field = field;
  }

  /** Reads the values of {@code columns} (1-based, as written) as a label of attributes. */
  void attributeColumns(int[] columns) {
    attributeColumns = columns.clone();
    values = new byte[columns.length][64];
    valueLengths = new int[columns.length];
  }

  /** Forgets the last line's label. */
  void clear() {
    bytes = null;
    from = 0;
    to = 0;
  }

  /** The line is an entry of {@code kind} ending at {@code entryEnd}; reads its label. */
  LineKind afterEntry(LineKind kind, int entryEnd, int end) {
    line.kind = kind;
    int p = line.skipSpaces(entryEnd, end);
    if (p < end && line.bytes[p] != '\t' && line.bytes[p] != ','
        && !line.isCommentAt(p, entryEnd)) {
      // Text in the entry's own column: another entry would be lost, a word is no label.
      int wordEnd = line.firstTokenEnd(p, end);
      if (CommaField.isAddressLike(line.bytes, p, wordEnd)) {
        return line.fail("several entries on one line (give one entry per line)");
      }
      if (!column.ignored()) {
        line.warn(ListWarning.TEXT_AFTER_SPACE);
      }
    }
    if (column.ignored()) {
      return kind;
    }
    boolean comma = p < end && line.bytes[p] == ',';
    if (attributeColumns != null) {
      int commaAt = p;
      return attributes(c -> comma ? commaLabel(commaAt, end, 1, c) : tabLabel(entryEnd, end, c));
    }
    int want = column.columnAfter(1);
    if (comma) {
      return commaLabel(p, end, 1, want);
    }
    return tabLabel(entryEnd, end, want);
  }

  /**
   * The line is a comma line whose entry of {@code kind} takes {@code entryColumns} fields (1 for
   * {@code a,label}, 2 for {@code start,end}); its second field is the last {@link CommaField}
   * read, ended by {@code line.bytes[terminator]}. Reads the label.
   */
  LineKind afterCommaEntry(LineKind kind, int entryColumns, int terminator, int end) {
    line.kind = kind;
    if (column.ignored()) {
      return kind;
    }
    if (attributeColumns != null) {
      // Column 2 is the field just read: taken first, before reading others overwrites it.
      return attributes(c -> c == 2 ? fromField() : commaLabel(terminator, end, 2, c));
    }
    int want = column.columnAfter(entryColumns);
    return want == 2 ? fromField() : commaLabel(terminator, end, 2, want);
  }

  /** Reads one column's value into {@link #bytes} (null when empty or missing). */
  private interface ColumnValue {
    LineKind read(int column);
  }

  /**
   * The label of attributes: each column's value (trimmed and checked as a label; empty when
   * missing) joined by TAB in the order given; no label when every value is empty.
   */
  private LineKind attributes(ColumnValue value) {
    boolean any = false;
    for (int pass = 0; pass < 2; pass++) {
      for (int k = 0; k < attributeColumns.length; k++) {
        if ((attributeColumns[k] == 2) != (pass == 0)) {
          continue;
        }
        clear();
        if (value.read(attributeColumns[k]) == LineKind.MALFORMED) {
          return LineKind.MALFORMED;
        }
        int length = bytes == null ? 0 : to - from;
        if (values[k].length < length) {
          values[k] = new byte[Math.max(length, 2 * values[k].length)];
        }
        if (length > 0) {
          System.arraycopy(bytes, from, values[k], 0, length);
        }
        valueLengths[k] = length;
        any |= length > 0;
      }
    }
    clear();
    if (!any) {
      return line.kind;
    }
    int length = attributeColumns.length - 1;
    for (int n : valueLengths) {
      length += n;
    }
    if (joined.length < length) {
      joined = new byte[Math.max(length, 2 * joined.length)];
    }
    int at = 0;
    for (int k = 0; k < attributeColumns.length; k++) {
      if (k > 0) {
        joined[at++] = AttributeNames.SEPARATOR;
      }
      System.arraycopy(values[k], 0, joined, at, valueLengths[k]);
      at += valueLengths[k];
    }
    bytes = joined;
    from = 0;
    to = at;
    return line.kind;
  }

  /** The label in TAB column {@code want} (column 1 holds the entry, which ends at entryEnd). */
  private LineKind tabLabel(int entryEnd, int end, int want) {
    byte[] b = line.bytes;
    int tabColumn = 1;
    int columnStart = -1;
    for (int i = entryEnd; i <= end; i++) {
      boolean last = i == end || line.isCommentAt(i, entryEnd);
      if (last || b[i] == '\t') {
        if (tabColumn == want) {
          return label(b, columnStart, i);
        }
        if (last) {
          return noColumn();
        }
        tabColumn++;
        columnStart = i + 1;
      }
    }
    return line.kind;
  }

  /**
   * Walks comma fields: {@code line.bytes[comma]} is the comma ending field {@code fieldColumn};
   * reads fields up to {@code want} and takes it as the label.
   */
  private LineKind commaLabel(int comma, int end, int fieldColumn, int want) {
    byte[] b = line.bytes;
    int terminator = comma;
    while (terminator < end && b[terminator] == ',') {
      fieldColumn++;
      terminator = field.read(terminator + 1, end);
      if (terminator < 0) {
        return line.kind;
      }
      if (fieldColumn == want) {
        return fromField();
      }
    }
    return noColumn();
  }

  /** The line ends before the label column: no label, which only a named column makes suspect. */
  private LineKind noColumn() {
    if (column.named()) {
      line.warn(ListWarning.NO_LABEL_COLUMN);
    }
    return line.kind;
  }

  private LineKind fromField() {
    return label(field.bytes, field.from, field.to);
  }

  /** Takes {@code b[from, to)}, trimmed, as the label (none if empty); checks UTF-8. */
  private LineKind label(byte[] b, int from, int to) {
    while (from < to && ListLine.isBlank(b[from])) {
      from++;
    }
    to = ListLine.trimEnd(b, from, to);
    if (from == to) {
      return line.kind;
    }
    if (to - from > MAX_LABEL_BYTES) {
      return line.fail(String.format("label: %,d bytes, more than the %,d a label may hold",
          to - from, MAX_LABEL_BYTES));
    }
    if (attributeColumns == null && to - from == 1
        && (b[from] == '0' || b[from] == '1' || b[from] == '-')) {
      line.warn(ListWarning.TAG_VALUE_LABEL);
    }
    for (int i = from; i < to; i++) {
      if (b[i] >= 0 && b[i] < 0x20 || b[i] == 0x7F) {
        // The job writes a label as one TAB-separated column of its output, and export as one
        // column of a list line: a TAB, CR or LF inside (possible in a quoted CSV field) would
        // split them, so every control byte is refused rather than passed on.
        return line.fail(String.format("label: control byte \\x%02X not allowed (a label is"
            + " written as one TAB-separated column)", b[i]));
      }
    }
    for (int i = from; i < to; i++) {
      if (b[i] < 0) {
        if (!Utf8Text.isValid(b, i, to)) {
          return line.fail("label: not valid UTF-8");
        }
        break;
      }
    }
    bytes = b;
    this.from = from;
    this.to = to;
    return line.kind;
  }
}
