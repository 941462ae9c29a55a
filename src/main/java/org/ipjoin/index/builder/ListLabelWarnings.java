package org.ipjoin.index.builder;

import java.util.ArrayList;
import java.util.List;

/**
 * Warnings about a whole list's labels, which no single line shows, one line each for stderr:
 *
 * <ul>
 *   <li>a list whose labels, read from the default column, are all small numbers: the column
 *       most likely counts something (ipsum's {@code address<TAB>count}, the number of block lists
 *       an address is on), and {@code --mode tag} writes the label {@code 1} as it writes a match
 *       without a label;
 *   <li>a list of a labelled folder ({@code --label-from-file}) without any entry: its label is in
 *       the user's mind but no record can ever take it.
 * </ul>
 */
final class ListLabelWarnings {

  /** Labels of at most this many digits are small numbers, counts rather than names. */
  private static final int SMALL_NUMBER_DIGITS = 3;

  /** Whether labels come from the default column, which the user did not choose. */
  private final boolean defaultColumn;
  private final List<String> lines = new ArrayList<>();
  private long labelled;
  private boolean allSmallNumbers;
  private int smallest;
  private int largest;

  ListLabelWarnings(boolean defaultColumn) {
    this.defaultColumn = defaultColumn;
  }

  /** A new list starts. */
  void beginFile() {
    labelled = 0;
    allSmallNumbers = true;
    smallest = Integer.MAX_VALUE;
    largest = -1;
  }

  /** An entry of the current list has the label {@code b[from, to)}. */
  void label(byte[] b, int from, int to) {
    labelled++;
    if (!allSmallNumbers) {
      return;
    }
    if (to - from > SMALL_NUMBER_DIGITS) {
      allSmallNumbers = false;
      return;
    }
    int value = 0;
    for (int i = from; i < to; i++) {
      if (b[i] < '0' || b[i] > '9') {
        allSmallNumbers = false;
        return;
      }
      value = value * 10 + b[i] - '0';
    }
    smallest = Math.min(smallest, value);
    largest = Math.max(largest, value);
  }

  /** The list {@code file} ends; its labels from the default column are judged. */
  void endFile(String file) {
    if (defaultColumn && labelled > 0 && allSmallNumbers) {
      lines.add(String.format("every label of %s is a number (%d to %d): a count, such as"
          + " ipsum's second column, rather than a name? --mode tag writes 1 both for the label"
          + " '1' and for a match without a label; build with --labels none to leave the numbers"
          + " out, or give their column (--labels N) to keep them", file, smallest, largest));
    }
  }

  /** The list {@code file}, labelled {@code label} by its name, has no entry. */
  void noEntryForFileLabel(String file, String label) {
    lines.add("input " + file + " has no entry, so its label '" + label + "' (from"
        + " --label-from-file) will tag nothing");
  }

  /** The warnings so far, in the order of the lists. */
  List<String> lines() {
    return List.copyOf(lines);
  }
}
