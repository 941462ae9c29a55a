package org.ipjoin.job.task;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.io.WritableUtils;
import org.ipjoin.job.input.LineBlock;

/**
 * Output lines of a SequenceFile's records, each with the serialized key of the record it was made
 * from: what the mapper hands {@link SequenceLinesOutputFormat} in one write per map call (the
 * call's output lines) or per malformed record. It refers to the arrays of the call's {@link
 * OutputLines} and {@link LineBlock} (no line or key is copied), so it is written out before the
 * next call changes them.
 */
public final class KeyedLines implements org.apache.hadoop.io.Writable {

  private byte[] bytes = new byte[0];
  private byte[] keys = new byte[0];
  private int lines;
  private int[] starts = new int[1];
  private int[] ends = new int[1];
  private int[] keyStarts = new int[1];
  private int[] keyEnds = new int[1];

  /** The lines of {@code out}, each with the key of the line of {@code block} it was made from. */
  void set(OutputLines out, LineBlock block) {
    reserve(out.lines());
    bytes = out.text().getBytes();
    keys = block.keyBytes();
    lines = out.lines();
    for (int i = 0; i < lines; i++) {
      int source = out.source(i);
      starts[i] = out.start(i);
      ends[i] = out.end(i);
      keyStarts[i] = block.keyStart(source);
      keyEnds[i] = block.keyEnd(source);
    }
  }

  /** Line {@code line} of {@code block} alone, with its key (a malformed record). */
  void set(LineBlock block, int line) {
    reserve(1);
    bytes = block.bytes();
    keys = block.keyBytes();
    lines = 1;
    starts[0] = block.start(line);
    ends[0] = block.end(line);
    keyStarts[0] = block.keyStart(line);
    keyEnds[0] = block.keyEnd(line);
  }

  private void reserve(int n) {
    if (n > starts.length) {
      starts = new int[n];
      ends = new int[n];
      keyStarts = new int[n];
      keyEnds = new int[n];
    }
  }

  public int lines() {
    return lines;
  }

  /** The lines' backing array: line {@code i} is {@code bytes()[start(i), end(i))}. */
  public byte[] bytes() {
    return bytes;
  }

  public int start(int line) {
    return starts[line];
  }

  public int end(int line) {
    return ends[line];
  }

  /** The keys' backing array: line {@code i}'s key is {@code keys()[keyStart(i), keyEnd(i))}. */
  public byte[] keys() {
    return keys;
  }

  public int keyStart(int line) {
    return keyStarts[line];
  }

  public int keyEnd(int line) {
    return keyEnds[line];
  }

  /** The line count, then per line its key and its bytes, each after its length. */
  @Override
  public void write(DataOutput out) throws IOException {
    WritableUtils.writeVInt(out, lines);
    for (int i = 0; i < lines; i++) {
      WritableUtils.writeVInt(out, keyEnds[i] - keyStarts[i]);
      out.write(keys, keyStarts[i], keyEnds[i] - keyStarts[i]);
      WritableUtils.writeVInt(out, ends[i] - starts[i]);
      out.write(bytes, starts[i], ends[i] - starts[i]);
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    lines = WritableUtils.readVInt(in);
    reserve(lines);
    byte[] readKeys = new byte[0];
    byte[] readBytes = new byte[0];
    int keyLength = 0;
    int length = 0;
    for (int i = 0; i < lines; i++) {
      int k = WritableUtils.readVInt(in);
      readKeys = Arrays.copyOf(readKeys, Math.max(readKeys.length, keyLength + k));
      in.readFully(readKeys, keyLength, k);
      keyStarts[i] = keyLength;
      keyEnds[i] = keyLength += k;
      int n = WritableUtils.readVInt(in);
      readBytes = Arrays.copyOf(readBytes, Math.max(readBytes.length, length + n));
      in.readFully(readBytes, length, n);
      starts[i] = length;
      ends[i] = length += n;
    }
    keys = readKeys;
    bytes = readBytes;
  }
}
