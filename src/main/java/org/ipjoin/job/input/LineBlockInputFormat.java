package org.ipjoin.job.input;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * {@link InputSetFormat}'s input as {@link LineBlock}s: the same files, the same splits, and in
 * each split the same lines, one block per map call. {@link DirectLineBlockReader} reads them
 * straight from the file (the default record delimiter, no maximum line length, no splittable
 * codec, text); otherwise {@link LineBlockReader} gathers them from the reader InputSetFormat makes
 * (for a SequenceFile: {@link SequenceFileLines}).
 * Either names the file when reading fails.
 */
public class LineBlockInputFormat extends InputFormat<LongWritable, LineBlock> {

  private final InputSetFormat lineFormat = new InputSetFormat();

  @Override
  public List<InputSplit> getSplits(JobContext context) throws IOException {
    return lineFormat.getSplits(context);
  }

  @Override
  public RecordReader<LongWritable, LineBlock> createRecordReader(InputSplit split,
      TaskAttemptContext context) {
    int blockBytes = InputBlocks.of(context.getConfiguration()).blockBytes();
    if (DirectLineBlockReader.applies(split, context.getConfiguration())) {
      return new DirectLineBlockReader(blockBytes);
    }
    return new LineBlockReader(lineFormat.createRecordReader(split, context), blockBytes);
  }
}
