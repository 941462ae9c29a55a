package org.ipjoin.job.task;

import java.util.Arrays;
import org.apache.hadoop.io.Text;
import org.ipjoin.job.locate.HeaderNamedLocator;

/**
 * The header lines of a file read with a header-named format ({@link HeaderNamedLocator}) on
 * their way to {@code match}, {@code nomatch} and {@code tag} output, so that each part file is a
 * valid log of its kind: the header lines read since the last output record are written just
 * before the next one (the first output record is preceded by every header line before it, so the
 * one in force too; a header change mid-file comes before the records it applies to), and the
 * header lines after the last output record (Zeek's {@code #close}) at the task's end when it wrote
 * any. A task without output records writes no header either, so an empty result still leaves no
 * part file. Header lines are not records: they are neither counted nor written under
 * {@code malformed/}.
 *
 * <p>In {@code tag} mode the line naming the columns gets the tag columns' names (separated as the
 * format separates them, {@link TagLayout#appendNames}) and Zeek's {@code #types} line gets
 * {@code string} for each of them, so the header describes the tagged records.
 */
final class HeaderOutput {

  private static final byte[] STRING = {'s', 't', 'r', 'i', 'n', 'g'};

  private final HeaderNamedLocator.Dialect dialect;
  /** The tag columns' layout in tag mode, else null (lines are kept as they are). */
  private final TagLayout tags;
  private final int tagColumns;
  /** The pending lines, each followed by {@code \n}. */
  private byte[] pending = new byte[256];
  private int length;
  private boolean wroteRecords;
  private final Text line = new Text();

  HeaderOutput(HeaderNamedLocator.Dialect dialect, TagLayout tags, int tagColumns) {
    this.dialect = dialect;
    this.tags = tags;
    this.tagColumns = tagColumns;
  }

  /**
   * Keeps the header line {@code bytes[from, to)} of kind {@code kind}
   * ({@link HeaderNamedLocator#header}) for the output.
   */
  void add(byte[] bytes, int from, int to, byte kind) {
    line.set(bytes, from, to - from);
    if (tags != null && kind == HeaderNamedLocator.NAMES) {
      tags.separator(separator(bytes, from, to));
      tags.appendNames(line);
    } else if (tags != null && kind == HeaderNamedLocator.TYPES) {
      for (int c = 0; c < tagColumns; c++) {
        line.append(new byte[] {tags.separator()}, 0, 1);
        line.append(STRING, 0, STRING.length);
      }
    }
    int needed = length + line.getLength() + 1;
    if (needed > pending.length) {
      pending = Arrays.copyOf(pending, Math.max(needed, 2 * pending.length));
    }
    System.arraycopy(line.getBytes(), 0, pending, length, line.getLength());
    length += line.getLength();
    pending[length++] = '\n';
  }

  /** Writes the pending header lines to {@code out}: an output record follows. */
  void beforeRecord(OutputLines out) {
    wroteRecords = true;
    flush(out);
  }

  /** At the task's end: the header lines after the last output record, if it wrote any. */
  void atEnd(OutputLines out) {
    if (wroteRecords) {
      flush(out);
    }
  }

  private void flush(OutputLines out) {
    int start = 0;
    for (int i = 0; i < length; i++) {
      if (pending[i] == '\n') {
        out.add(pending, start, i);
        start = i + 1;
      }
    }
    length = 0;
  }

  /**
   * How the field line {@code line[from, to)} separates its names: Zeek's byte after
   * {@code #fields}, W3C's first blank between two names; CSV and TSV have one separator.
   */
  private byte separator(byte[] bytes, int from, int to) {
    switch (dialect) {
      case ZEEK -> {
        int at = from + "#fields".length();
        return at < to ? bytes[at] : (byte) '\t';
      }
      case W3C -> {
        int i = from + "#Fields:".length();
        while (i < to && (bytes[i] == ' ' || bytes[i] == '\t')) {
          i++;
        }
        while (i < to && bytes[i] != ' ' && bytes[i] != '\t') {
          i++;
        }
        boolean another = false;
        for (int j = i; j < to; j++) {
          another |= bytes[j] != ' ' && bytes[j] != '\t' && bytes[j] != '\r';
        }
        return i < to && another ? bytes[i] : (byte) ' ';
      }
      case CSV -> {
        return ',';
      }
      default -> {
        return '\t';
      }
    }
  }
}
