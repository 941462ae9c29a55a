package org.ipjoin.job.task;

import org.apache.hadoop.io.Text;

/**
 * The output lines of one map call in {@code match}, {@code nomatch} and {@code tag} modes, written
 * with one {@code context.write}: a {@link Text} holding the lines joined by {@code \n}, without
 * one after the last. TextOutputFormat writes a Text value (after a NullWritable key) as its bytes
 * and one {@code \n}, so the file receives exactly the bytes one write per line would give: the
 * same part file, the same compression codec, and no write at all (so, under LazyOutputFormat, no
 * empty part file) when the call has no output line. Lines are copied as bytes, whatever they hold.
 */
final class OutputLines {

  private static final byte[] NEWLINE = {'\n'};

  private final Text text = new Text();
  private int lines;

  /** Starts the next line with {@code bytes[from, to)}; {@link #text} may be appended to after. */
  void add(byte[] bytes, int from, int to) {
    if (lines++ > 0) {
      text.append(NEWLINE, 0, 1);
    }
    text.append(bytes, from, to - from);
  }

  /** The lines so far; its end is the end of the last line. */
  Text text() {
    return text;
  }

  boolean isEmpty() {
    return lines == 0;
  }

  void clear() {
    text.clear();
    lines = 0;
  }
}
