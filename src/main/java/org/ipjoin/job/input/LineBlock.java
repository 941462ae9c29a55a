package org.ipjoin.job.input;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;

/**
 * A block of whole input lines, the value {@link LineBlockReader} hands to the mapper: each line's
 * bytes exactly as Hadoop's LineRecordReader returned them (its terminator stripped), followed by
 * {@code \n}, one after another in one reusable array, with each line's end recorded. Lines are
 * taken by position, never by searching for {@code \n}, so a line holding any byte value (a lone
 * {@code \r}, NUL, or {@code \n} itself under a custom record delimiter) comes out unchanged.
 */
public final class LineBlock implements Writable {

  private byte[] bytes = new byte[0];
  private int length;
  private int[] ends = new int[0];
  private int lines;

  /** Number of lines in the block. */
  public int lines() {
    return lines;
  }

  /** The backing array: line {@code i} is {@code bytes()[start(i), end(i))}. */
  public byte[] bytes() {
    return bytes;
  }

  /** Bytes in use: every line plus one {@code \n} after each. */
  public int length() {
    return length;
  }

  public int start(int line) {
    return line == 0 ? 0 : ends[line - 1] + 1;
  }

  /** The end of line {@code line}, exclusive (where its {@code \n} is). */
  public int end(int line) {
    return ends[line];
  }

  /** Sets {@code out} to line {@code line}'s bytes. */
  public void line(int line, Text out) {
    int start = start(line);
    out.set(bytes, start, ends[line] - start);
  }

  public void clear() {
    length = 0;
    lines = 0;
  }

  /** Appends {@code line[0, lineLength)} and a {@code \n} after it. */
  public void append(byte[] line, int lineLength) {
    int needed = length + lineLength + 1;
    if (needed > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(needed, (int) Math.min(Integer.MAX_VALUE - 8,
          2L * bytes.length)));
    }
    if (lines == ends.length) {
      ends = Arrays.copyOf(ends, Math.max(16, 2 * ends.length));
    }
    System.arraycopy(line, 0, bytes, length, lineLength);
    length += lineLength;
    ends[lines++] = length;
    bytes[length++] = '\n';
  }

  /**
   * The backing array, grown to exactly {@code capacity} bytes if smaller, with all its bytes kept (also those
   * beyond {@link #length()}, where {@link DirectLineBlockReader} keeps bytes it has read but not
   * yet made lines of).
   */
  byte[] reserve(int capacity) {
    if (capacity > bytes.length) {
      bytes = Arrays.copyOf(bytes, capacity);
    }
    return bytes;
  }

  /**
   * Ends a line written in place: the caller has put the line at {@link #length()} in the backing
   * array and a {@code \n} at {@code end}.
   */
  void endLine(int end) {
    if (lines == ends.length) {
      ends = Arrays.copyOf(ends, Math.max(16, 2 * ends.length));
    }
    ends[lines++] = end;
    length = end + 1;
  }

  /** The line count, each line's end, then the bytes. */
  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(lines);
    for (int i = 0; i < lines; i++) {
      out.writeInt(ends[i]);
    }
    out.writeInt(length);
    out.write(bytes, 0, length);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    lines = in.readInt();
    if (ends.length < lines) {
      ends = new int[lines];
    }
    for (int i = 0; i < lines; i++) {
      ends[i] = in.readInt();
    }
    length = in.readInt();
    if (bytes.length < length) {
      bytes = new byte[length];
    }
    in.readFully(bytes, 0, length);
  }

  @Override
  public String toString() {
    return lines + " lines, " + length + " bytes";
  }
}
