package org.ipjoin.bench;

import java.nio.charset.StandardCharsets;
import java.util.function.IntFunction;

/**
 * A block of text as a parsing benchmark reads it in place: pieces (fields, records) laid one
 * after another in one array, each followed by a separator, as in a block of log lines, with where
 * each piece starts and ends.
 */
final class TextBlock {

  final byte[] bytes;
  /** Where piece i starts in {@link #bytes}. */
  final int[] from;
  /** Where piece i ends (its separator) in {@link #bytes}. */
  final int[] to;

  private TextBlock(byte[] bytes, int[] from, int[] to) {
    this.bytes = bytes;
    this.from = from;
    this.to = to;
  }

  /** {@code count} pieces, {@code piece} asked for each in turn, each followed by {@code separator}. */
  static TextBlock of(int count, IntFunction<String> piece, char separator) {
    StringBuilder text = new StringBuilder();
    int[] from = new int[count];
    int[] to = new int[count];
    for (int i = 0; i < count; i++) {
      String p = piece.apply(i);
      from[i] = text.length();
      text.append(p);
      to[i] = text.length();
      text.append(separator);
    }
    return new TextBlock(text.toString().getBytes(StandardCharsets.UTF_8), from, to);
  }
}
