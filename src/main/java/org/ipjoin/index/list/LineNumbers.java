package org.ipjoin.index.list;

import java.util.Arrays;

/**
 * The source line of each entry, stored as runs of consecutive lines: a list with few comments
 * costs a few runs, not a number per entry. Entries are added in order, lines increasing.
 */
final class LineNumbers {

  private int[] runFirstEntry = new int[16];
  private long[] runFirstLine = new long[16];
  private int runs;
  private int entries;
  private long lastLine = Long.MIN_VALUE;

  void add(long line) {
    if (runs == 0 || line != lastLine + 1) {
      if (runs == runFirstEntry.length) {
        runFirstEntry = Arrays.copyOf(runFirstEntry, runs * 2);
        runFirstLine = Arrays.copyOf(runFirstLine, runs * 2);
      }
      runFirstEntry[runs] = entries;
      runFirstLine[runs] = line;
      runs++;
    }
    lastLine = line;
    entries++;
  }

  /** The line of entry {@code ordinal} (0-based, in the order added). */
  long lineOf(int ordinal) {
    int run = Arrays.binarySearch(runFirstEntry, 0, runs, ordinal);
    if (run < 0) {
      run = -run - 2;
    }
    return runFirstLine[run] + (ordinal - runFirstEntry[run]);
  }
}
