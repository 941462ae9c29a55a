package org.ipjoin.job.input;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Reads a split as {@link LineBlock}s by gathering the lines of a line reader: the one
 * TextInputFormat makes (LineRecordReader with the job's record delimiter and maximum line length,
 * wrapped to name the file on failure), so which lines a split holds, CR/LF handling,
 * compression and split boundaries are Hadoop's own, unchanged. A block takes lines while they fit
 * in the block size (each line counted with one byte for its end); a line that does not fit starts
 * the next block, and a line longer than the block size is a block of its own.
 *
 * <p>The key is the first line's key (its byte offset, as LineRecordReader gives it); the progress
 * is the line reader's. The lines of a SequenceFile ({@link SequenceFileLines}) carry their
 * record's key in the block ({@link LineBlock#key}). A block returned stays unchanged until the
 * call after the next one (two blocks are filled in turn), which lets a mapper join it while the
 * next is read.
 *
 * <p>{@link LineBlockInputFormat} uses it where {@link DirectLineBlockReader}, which reads the
 * same lines straight from the file, does not apply: a custom record delimiter, a maximum line
 * length or a splittable codec (bzip2).
 */
final class LineBlockReader extends AlternatingBlocks {

  private final RecordReader<LongWritable, Text> lines;
  private final int blockBytes;
  /** The line reader's current line did not fit in the last block: it starts the next one. */
  private boolean pending;
  /** The line reader returned false: never ask it again. */
  private boolean exhausted;
  /** The SequenceFile reader whose records' keys the lines carry; null for text. */
  private final SequenceFileLines keyed;
  /** The record whose key the block's last line carries. */
  private long keyRecord = -1;

  LineBlockReader(RecordReader<LongWritable, Text> lines, int blockBytes) {
    this.lines = lines;
    this.blockBytes = blockBytes;
    this.keyed = lines instanceof SequenceFileLines sequenceFile ? sequenceFile : null;
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context)
      throws IOException, InterruptedException {
    lines.initialize(split, context);
  }

  @Override
  public boolean nextKeyValue() throws IOException, InterruptedException {
    LineBlock block = nextBlock();
    if (!pending && !nextLine()) {
      return false;
    }
    pending = false;
    key.set(lines.getCurrentKey().get());
    do {
      Text line = lines.getCurrentValue();
      if (block.lines() > 0 && (long) block.length() + line.getLength() + 1 > blockBytes) {
        pending = true;
        return true;
      }
      if (keyed != null && (block.lines() == 0 || keyed.record() != keyRecord)) {
        keyRecord = keyed.record();
        block.key(keyed.rawKey().getData(), keyed.rawKey().getLength());
      }
      block.append(line.getBytes(), line.getLength());
    } while (nextLine());
    return true;
  }

  private boolean nextLine() throws IOException, InterruptedException {
    if (exhausted) {
      return false;
    }
    exhausted = !lines.nextKeyValue();
    return !exhausted;
  }

  @Override
  public float getProgress() throws IOException, InterruptedException {
    return lines.getProgress();
  }

  @Override
  public void close() throws IOException {
    lines.close();
  }
}
