package org.ipjoin.job.input;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.ipjoin.job.TaskFailureLog;

/**
 * TextInputFormat whose reader names the file when reading fails. Opening a split (where a bad
 * gzip header is found) happens before the mapper runs, so only the reader can record that
 * reason for the driver ({@link TaskFailureLog}); and a decompressor's own message ("Unexpected
 * end of input stream") never says which of a thousand input files was truncated.
 */
public class FileNamingTextInputFormat extends TextInputFormat {

  @Override
  public RecordReader<LongWritable, Text> createRecordReader(InputSplit split,
      TaskAttemptContext context) {
    return new FileNamingReader(super.createRecordReader(split, context));
  }

  /** Delegates every call; failures become an {@link InputReadException} naming the file. */
  static final class FileNamingReader extends RecordReader<LongWritable, Text> {
    private final RecordReader<LongWritable, Text> reader;
    private TaskAttemptContext context;
    private String file = "(unknown file)";

    FileNamingReader(RecordReader<LongWritable, Text> reader) {
      this.reader = reader;
    }

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context)
        throws IOException, InterruptedException {
      this.context = context;
      if (split instanceof FileSplit fileSplit) {
        file = fileSplit.getPath().toString();
      }
      try {
        reader.initialize(split, context);
      } catch (IOException | RuntimeException e) {
        throw failed(e);
      }
    }

    @Override
    public boolean nextKeyValue() throws IOException, InterruptedException {
      try {
        return reader.nextKeyValue();
      } catch (IOException | RuntimeException e) {
        throw failed(e);
      }
    }

    private InputReadException failed(Exception e) {
      return InputReadException.recorded(context, file, e);
    }

    @Override
    public LongWritable getCurrentKey() throws IOException, InterruptedException {
      return reader.getCurrentKey();
    }

    @Override
    public Text getCurrentValue() throws IOException, InterruptedException {
      return reader.getCurrentValue();
    }

    @Override
    public float getProgress() throws IOException, InterruptedException {
      return reader.getProgress();
    }

    @Override
    public void close() throws IOException {
      reader.close();
    }
  }
}
