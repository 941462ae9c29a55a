package org.ipjoin.index.list;

/**
 * A list line that reads as an entry but perhaps not as its writer meant. The line is kept as
 * read; the build counts it and names the first such line, so that nothing changes silently.
 */
public enum ListWarning {

  /** {@code 1.2.3.4,5.6.7.8} alone is a range of 67 M addresses, perhaps meant as two addresses. */
  COMMA_RANGE("comma range", "two comma-separated addresses read as the range start,end"),
  /** {@code 1.2.3.4 botnet}: a label follows a TAB or a comma, so the word is no label. */
  TEXT_AFTER_SPACE("text after a space",
      "text after the entry and a space is no label (a label follows a TAB or a comma)"),
  /** {@code --labels N} on a line with fewer columns: the entry has no label. */
  NO_LABEL_COLUMN("no label column", "the line has no column --labels names: no label"),
  /**
   * {@code --mode tag} writes {@code 0} for no match, {@code 1} for a match without a label and
   * {@code -} for a malformed record: a label that is one of these cannot be told from them.
   */
  TAG_VALUE_LABEL("label 0, 1 or -", "--mode tag writes this label as it writes no match (0),"
      + " a match without a label (1) or a malformed record (-)");

  private final String title;
  private final String meaning;

  ListWarning(String title, String meaning) {
    this.title = title;
    this.meaning = meaning;
  }

  /** A few words, e.g. {@code comma range}. */
  public String title() {
    return title;
  }

  /** What the line was read as, and why that may not be what was meant. */
  public String meaning() {
    return meaning;
  }

  int bit() {
    return 1 << ordinal();
  }
}
