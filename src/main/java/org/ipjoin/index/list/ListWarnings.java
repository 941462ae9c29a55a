package org.ipjoin.index.list;

import java.util.ArrayList;
import java.util.List;

/**
 * The warnings of the lines read so far: how many lines had each {@link ListWarning}, and the
 * first of them as {@code file:line} with its text. Noting a warning allocates only for the first
 * line of each kind, so a list that warns on every line costs a counter increment per line.
 */
public final class ListWarnings {

  private static final ListWarning[] KINDS = ListWarning.values();

  private final long[] counts = new long[KINDS.length];
  private final String[] firstFile = new String[KINDS.length];
  private final long[] firstLine = new long[KINDS.length];
  private final String[] firstText = new String[KINDS.length];

  /** Notes the warnings of the line {@code parser} just read, line {@code line} of {@code file}. */
  public void note(ListLineParser parser, String file, long line) {
    int warnings = parser.warnings();
    for (ListWarning kind : KINDS) {
      if ((warnings & kind.bit()) != 0) {
        note(kind, file, line, parser.lineBytes(), parser.lineFrom(), parser.lineTo());
      }
    }
  }

  /** Notes {@code kind} for the line {@code bytes[from, to)}, line {@code line} of {@code file}. */
  public void note(ListWarning kind, String file, long line, byte[] bytes, int from, int to) {
    int k = kind.ordinal();
    if (counts[k]++ == 0) {
      firstFile[k] = file;
      firstLine[k] = line;
      firstText[k] = Utf8Text.echo(bytes, from, to);
    }
  }

  /**
   * Adds the warnings of {@code later}, read after everything noted here; its lines are numbered
   * from 1 after {@code linesBefore} lines of the same file.
   */
  public void absorb(ListWarnings later, long linesBefore) {
    for (int k = 0; k < counts.length; k++) {
      if (later.counts[k] == 0) {
        continue;
      }
      if (counts[k] == 0) {
        firstFile[k] = later.firstFile[k];
        firstLine[k] = linesBefore + later.firstLine[k];
        firstText[k] = later.firstText[k];
      }
      counts[k] += later.counts[k];
    }
  }

  /** Lines with warning {@code kind}. */
  public long count(ListWarning kind) {
    return counts[kind.ordinal()];
  }

  /** Warnings of every kind. */
  public long total() {
    long total = 0;
    for (long count : counts) {
      total += count;
    }
    return total;
  }

  /**
   * One line per kind that occurred: {@code title: N lines, first file:line: 'text' (meaning)}.
   */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (ListWarning kind : KINDS) {
      int k = kind.ordinal();
      if (counts[k] > 0) {
        lines.add(String.format("%s: %,d line%s, first %s:%d: '%s' (%s)", kind.title(), counts[k],
            counts[k] == 1 ? "" : "s", firstFile[k], firstLine[k], firstText[k], kind.meaning()));
      }
    }
    return lines;
  }
}
