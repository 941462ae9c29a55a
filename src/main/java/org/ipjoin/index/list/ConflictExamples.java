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

  /** The kept conflicts with lines and label texts, in line order. */
  List<LabelConflict> toList(ListEntries entries, int[] labelIds) {
    LabelDictionary labels = entries.labels();
    List<LabelConflict> list = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      list.add(new LabelConflict(startKeys[i], endKeys[i], entries.lineOf(first[i]),
          text(labels, labelIds[first[i]]), entries.lineOf(later[i]),
          text(labels, labelIds[later[i]])));
    }
    return list;
  }

  private static String text(LabelDictionary labels, int id) {
    return id == LabelDictionary.NO_LABEL ? null : labels.label(id);
  }
}
