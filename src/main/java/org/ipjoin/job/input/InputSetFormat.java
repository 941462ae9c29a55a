package org.ipjoin.job.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.ipjoin.job.HeaderNamedFormat;
import org.ipjoin.job.IpJoinKeys;


/**
 * TextInputFormat over exactly the files the driver (its {@code InputSet}) resolved. FileInputFormat would glob
 * every input path again and list directories one level deep (failing on a subdirectory); here each
 * path is one file, taken literally, so a file whose name holds glob characters ({@code [}, {@code
 * *}, {@code {}) is read as itself and nothing is read twice. A file that disappeared since the
 * driver resolved it fails the submission with its name.
 *
 * <p>A file read with a format that names its client column in the file's header ({@code csv:NAME},
 * {@code w3c:NAME}, {@code zeek:NAME}, …) is not split: its one task reads the header before the
 * records (the header is per file, and a split in the middle would not know it).
 *
 * <p>With {@code ipjoin.input.kind=sequencefile} ({@link InputKind}) the same files and splits are
 * Hadoop SequenceFiles, whose values' lines are the records ({@link SequenceFileLines}).
 */
public class InputSetFormat extends FileNamingTextInputFormat {

  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    if (HeaderNamedFormat.inJob(context.getConfiguration())) {
      return false;
    }
    // A SequenceFile is split at its sync markers whatever codec compresses it inside.
    return InputKind.of(context.getConfiguration()) == InputKind.SEQUENCE_FILE
        || super.isSplitable(context, file);
  }

  /**
   * The lines of a split: Hadoop's LineRecordReader for text, each value's lines for a
   * SequenceFile ({@link SequenceFileLines}); either names the file when reading fails.
   */
  @Override
  public RecordReader<LongWritable, Text> createRecordReader(InputSplit split,
      TaskAttemptContext context) {
    if (InputKind.of(context.getConfiguration()) == InputKind.SEQUENCE_FILE) {
      return new SequenceFileLines();
    }
    return super.createRecordReader(split, context);
  }

  @Override
  protected List<FileStatus> listStatus(JobContext job) throws IOException {
    List<FileStatus> files = new ArrayList<>();
    for (Path p : FileInputFormat.getInputPaths(job)) {
      files.add(p.getFileSystem(job.getConfiguration()).getFileStatus(p));
    }
    return files;
  }
}
