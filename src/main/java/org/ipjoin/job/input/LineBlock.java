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
 *
 * <p>Lines of a SequenceFile's values also carry the serialized key of the record they came from
 * ({@link #key}), which the SequenceFile output writes with each of them; lines of text have none.
 */
public final class LineBlock implements Writable {

  private byte[] bytes = new byte[0];
  private int length;
  private int[] ends = new int[0];
  private int lines;
  /** The keys of the lines' records, each once, one after another; none for text. */
  private byte[] keyBytes = new byte[0];
  private int keyLength;
  /** Per line, where its record's key starts and ends in {@link #keyBytes}. */
  private int[] keyStarts = new int[0];
  private int[] keyEnds = new int[0];
  /** Lines appended from now on carry a key: {@code [keyStart, keyEnd)}. */
  private boolean keyed;
  private int keyStart;
  private int keyEnd;

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
    keyLength = 0;
    keyed = false;
  }

  /**
   * Lines appended from now on came from a record of key {@code key[0, length)} (serialized),
   * until the next call.
   */
  public void key(byte[] key, int length) {
    if (keyLength + length > keyBytes.length) {
      keyBytes = Arrays.copyOf(keyBytes, Math.max(keyLength + length, 2 * keyBytes.length));
    }
    System.arraycopy(key, 0, keyBytes, keyLength, length);
    keyed = true;
    keyStart = keyLength;
    keyLength += length;
    keyEnd = keyLength;
  }

  /** Whether the lines carry their records' keys (a SequenceFile's lines do). */
  public boolean keyed() {
    return keyed;
  }

  /** The keys' backing array: line {@code i}'s is {@code keyBytes()[keyStart(i), keyEnd(i))}. */
  public byte[] keyBytes() {
    return keyBytes;
  }

  public int keyStart(int line) {
    return keyStarts[line];
  }

  public int keyEnd(int line) {
    return keyEnds[line];
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
    if (keyed) {
      keyLine();
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

  /** Gives line {@link #lines} the current key. */
  private void keyLine() {
    if (lines >= keyStarts.length) {
      keyStarts = Arrays.copyOf(keyStarts, Math.max(16, 2 * keyStarts.length));
      keyEnds = Arrays.copyOf(keyEnds, keyStarts.length);
    }
    keyStarts[lines] = keyStart;
    keyEnds[lines] = keyEnd;
  }

  /**
   * The line count, each line's end, then the bytes; then whether the lines are keyed and, if so,
   * each line's key bounds and the keys' bytes.
   */
  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(lines);
    for (int i = 0; i < lines; i++) {
      out.writeInt(ends[i]);
    }
    out.writeInt(length);
    out.write(bytes, 0, length);
    out.writeBoolean(keyed);
    if (keyed) {
      for (int i = 0; i < lines; i++) {
        out.writeInt(keyStarts[i]);
        out.writeInt(keyEnds[i]);
      }
      out.writeInt(keyLength);
      out.write(keyBytes, 0, keyLength);
    }
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
    keyed = in.readBoolean();
    keyLength = 0;
    if (keyed) {
      if (keyStarts.length < lines) {
        keyStarts = new int[lines];
        keyEnds = new int[lines];
      }
      for (int i = 0; i < lines; i++) {
        keyStarts[i] = in.readInt();
        keyEnds[i] = in.readInt();
      }
      keyLength = in.readInt();
      if (keyBytes.length < keyLength) {
        keyBytes = new byte[keyLength];
      }
      in.readFully(keyBytes, 0, keyLength);
    }
  }

  @Override
  public String toString() {
    return lines + " lines, " + length + " bytes";
  }
}
