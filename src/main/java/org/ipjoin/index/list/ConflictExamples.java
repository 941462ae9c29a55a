package org.ipjoin.index.list;

import java.util.ArrayList;
import java.util.List;

/**
 * The label conflicts with the earliest later lines, at most a fixed number, whatever order they
 * are found in (the normaliser finds them in address order; a summary reads best in line order).
 */
final class ConflictExamples {

  private final int capacity;
  private final int[] first;
  private final int[] later;
  /** The range of each, as the normaliser's positions (keys, for IPv4). */
  private final int[] startKeys;
  private final int[] endKeys;
  private int size;

  ConflictExamples(int capacity) {
    this.capacity = capacity;
    first = new int[capacity];
    later = new int[capacity];
    startKeys = new int[capacity];
    endKeys = new int[capacity];
  }

  /** Keeps the conflict of entries {@code kept} and {@code ignored} if among the earliest. */
  void offer(int kept, int ignored, int startKey, int endKey) {
    if (size == capacity && ignored >= later[size - 1]) {
      return;
    }
    int i = size == capacity ? size - 1 : size++;
    while (i > 0 && later[i - 1] > ignored) {
      first[i] = first[i - 1];
      later[i] = later[i - 1];
      startKeys[i] = startKeys[i - 1];
      endKeys[i] = endKeys[i - 1];
      i--;
    }
    first[i] = kept;
    later[i] = ignored;
    startKeys[i] = startKey;
    endKeys[i] = endKey;
  }

  /** The line of an entry by ordinal. */
  interface LineOf {
    long of(int ordinal);
  }

  /** An entry's line for a message, {@code file:line}. */
  interface LineText {
    String of(long line);
  }

  /** The text of a range of positions. */
  interface RangeText {
    String of(int start, int end);
  }

  /** The kept conflicts with lines, label texts and ranges as text, in line order. */
  List<LabelConflict> toList(LineOf lineOf, LineText where, int[] labelIds,
      LabelInterner labels, RangeText rangeText) {
    List<LabelConflict> list = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      long kept = lineOf.of(first[i]);
      long ignored = lineOf.of(later[i]);
      list.add(new LabelConflict(rangeText.of(startKeys[i], endKeys[i]), kept, where.of(kept),
          text(labels, labelIds[first[i]]), ignored, where.of(ignored),
          text(labels, labelIds[later[i]])));
    }
    return list;
  }

  private static String text(LabelInterner labels, int id) {
    return id == LabelInterner.NO_LABEL ? null : labels.label(id);
  }
}
