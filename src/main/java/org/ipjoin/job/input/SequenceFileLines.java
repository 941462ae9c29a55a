package org.ipjoin.job.input;

import java.io.EOFException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Reads a split of a Hadoop SequenceFile as lines: each value's bytes ({@code Text} or {@code
 * BytesWritable}) split into lines as a text file holding them would be
 * ({@code \n}, {@code \r\n} or {@code \r}; a value ending with a line end has no empty line after
 * it; an empty value is one empty line, so no value is dropped without being counted). Every line
 * of a value is then a record of the job, whatever its {@code --format}.
 *
 * <p>Records and split boundaries are Hadoop's own ({@link SequenceFile.Reader}, as
 * SequenceFileInputFormat's reader uses it): a split that does not start at 0 begins at the first
 * sync marker after its start, and reads records until it has passed a sync marker at or after its
 * end, so each record is read by exactly one split, compressed or not (record or block
 * compression, any codec Hadoop has). Keys and values are read raw and values decoded here: a key
 * is never deserialized, its bytes are handed on with each line of its record ({@link #rawKey},
 * {@link LineBlockReader} puts them in the block), for the SequenceFile output to write again.
 *
 * <p>A block-compressed file cut inside a block fails the task naming the file: Hadoop's reader
 * would end there as if the file had ended.
 *
 * <p>The key of each line is the byte offset of its record (for block compression, of its block),
 * which is where a failure message points. {@link LineBlockReader} gathers the lines into blocks.
 */
final class SequenceFileLines extends RecordReader<LongWritable, Text> {

  private TaskAttemptContext context;
  private String file = "(unknown file)";
  private Path path;
  private SequenceFile.Reader in;
  private long start;
  private long end;
  /** The split may have more records. */
  private boolean more;
  private boolean textValues;

  private final LongWritable key = new LongWritable();
  private final Text line = new Text();
  private final DataOutputBuffer rawKey = new DataOutputBuffer();
  private final DataOutputBuffer rawValue = new DataOutputBuffer();
  private final DataInputBuffer valueIn = new DataInputBuffer();
  private final Text text = new Text();
  private final BytesWritable binary = new BytesWritable();
  private SequenceFile.ValueBytes valueBytes;
  /** Counts the records read: lines of one record share a number. */
  private long record;

  /** The current value's bytes: its lines not yet returned start at {@link #at}. */
  private byte[] bytes = new byte[0];
  private int length;
  /** Past {@link #length}: the value has no more lines. */
  private int at = 1;

  @Override
  public void initialize(InputSplit genericSplit, TaskAttemptContext context) throws IOException {
    this.context = context;
    FileSplit split = (FileSplit) genericSplit;
    path = split.getPath();
    file = path.toString();
    try {
      in = new SequenceFile.Reader(context.getConfiguration(),
          SequenceFile.Reader.file(split.getPath()));
      String valueClass = in.getValueClassName();
      textValues = valueClass.equals(Text.class.getName());
      if (!textValues && !valueClass.equals(BytesWritable.class.getName())) {
        // The driver refuses such files; a file replaced since is refused here.
        throw new IOException("its values are " + valueClass + ", not " + Text.class.getName()
            + " or " + BytesWritable.class.getName());
      }
      valueBytes = in.createValueBytes();
      end = split.getStart() + split.getLength();
      if (split.getStart() > in.getPosition()) {
        in.sync(split.getStart());
      }
      start = in.getPosition();
      more = start < end;
    } catch (IOException | RuntimeException e) {
      close();
      throw InputReadException.recorded(context, file, e);
    }
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    try {
      while (!nextLineOfValue()) {
        if (!nextValue()) {
          return false;
        }
      }
      return true;
    } catch (IOException | RuntimeException e) {
      throw InputReadException.recorded(context, file, e);
    }
  }

  /** Reads the split's next record's value into {@link #bytes}; false after the last. */
  private boolean nextValue() throws IOException {
    if (!more) {
      return false;
    }
    long pos = in.getPosition();
    rawKey.reset();
    int read = in.nextRaw(rawKey, valueBytes);
    if (read < 0 && pos < length(context.getConfiguration())) {
      // Hadoop's reader takes a block cut short for the end of the file: its records would be
      // lost without a word.
      throw new EOFException("it ends inside a block of compressed records that starts at byte "
          + pos + " (a truncated SequenceFile)");
    }
    if (read < 0 || (pos >= end && in.syncSeen())) {
      more = false;
      return false;
    }
    rawValue.reset();
    valueBytes.writeUncompressedBytes(rawValue);
    valueIn.reset(rawValue.getData(), rawValue.getLength());
    if (textValues) {
      text.readFields(valueIn);
      bytes = text.getBytes();
      length = text.getLength();
    } else {
      binary.readFields(valueIn);
      bytes = binary.getBytes();
      length = binary.getLength();
    }
    at = 0;
    key.set(pos);
    record++;
    return true;
  }

  /** The file's length now: asked once per file, by the split that reads to its end. */
  private long length(Configuration conf) throws IOException {
    return path.getFileSystem(conf).getFileStatus(path).getLen();
  }

  /** Sets {@link #line} to the current value's next line; false when it has none left. */
  private boolean nextLineOfValue() {
    if (at > length || (at == length && at > 0)) {
      return false;
    }
    int i = at;
    while (i < length && bytes[i] != '\n' && bytes[i] != '\r') {
      i++;
    }
    line.set(bytes, at, i - at);
    if (i + 1 < length && bytes[i] == '\r' && bytes[i + 1] == '\n') {
      i++;
    }
    at = i + 1;
    return true;
  }

  /** The number of the current line's record in this split: lines of one record share it. */
  long record() {
    return record;
  }

  /** The current line's record's key, serialized: {@code getData()[0, getLength())}. */
  DataOutputBuffer rawKey() {
    return rawKey;
  }

  @Override
  public LongWritable getCurrentKey() {
    return key;
  }

  @Override
  public Text getCurrentValue() {
    return line;
  }

  @Override
  public float getProgress() throws IOException {
    if (end == start || in == null) {
      return 0.0f;
    }
    return Math.min(1.0f, (in.getPosition() - start) / (float) (end - start));
  }

  @Override
  public void close() throws IOException {
    if (in != null) {
      try {
        in.close();
      } finally {
        in = null;
      }
    }
  }
}
