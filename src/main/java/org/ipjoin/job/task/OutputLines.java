package org.ipjoin.job.task;

import java.util.Arrays;
import org.apache.hadoop.io.Text;

/**
 * The output lines of one map call in {@code match}, {@code nomatch} and {@code tag} modes, written
 * with one {@code context.write}: a {@link Text} holding the lines joined by {@code \n}, without
 * one after the last. TextOutputFormat writes a Text value (after a NullWritable key) as its bytes
 * and one {@code \n}, so the file receives exactly the bytes one write per line would give: the
 * same part file, the same compression codec, and no write at all (so, under LazyOutputFormat, no
 * empty part file) when the call has no output line. Lines are copied as bytes, whatever they hold.
 *
 * <p>Each line's start and the input line it was made from are kept too, for the SequenceFile
 * output, which writes each line as a record with its input record's key ({@link KeyedLines}).
 */
final class OutputLines {

  private static final byte[] NEWLINE = {'\n'};

  private final Text text = new Text();
  private int lines;
  /** Per line, where it starts in {@link #text}. */
  private int[] starts = new int[16];
  /** Per line, the input line it was made from; -1 for a line of no record (a header). */
  private int[] sources = new int[16];

  /** Starts the next line with {@code bytes[from, to)}; {@link #text} may be appended to after. */
  void add(byte[] bytes, int from, int to) {
    add(bytes, from, to, -1);
  }

  /** As {@link #add(byte[], int, int)}, the line made from input line {@code source}. */
  void add(byte[] bytes, int from, int to, int source) {
    if (lines == starts.length) {
      starts = Arrays.copyOf(starts, 2 * lines);
      sources = Arrays.copyOf(sources, 2 * lines);
    }
    if (lines > 0) {
      text.append(NEWLINE, 0, 1);
    }
    starts[lines] = text.getLength();
    sources[lines++] = source;
    text.append(bytes, from, to - from);
  }

  /** The lines so far; its end is the end of the last line. */
  Text text() {
    return text;
  }

  int lines() {
    return lines;
  }

  int start(int line) {
    return starts[line];
  }

  /** The end of line {@code line}, exclusive. */
  int end(int line) {
    return line + 1 < lines ? starts[line + 1] - 1 : text.getLength();
  }

  /** The input line line {@code line} was made from, or -1. */
  int source(int line) {
    return sources[line];
  }

  boolean isEmpty() {
    return lines == 0;
  }

  void clear() {
    text.clear();
    lines = 0;
  }
}
