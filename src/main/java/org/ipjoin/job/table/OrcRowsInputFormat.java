package org.ipjoin.job.table;

import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.orc.mapred.OrcStruct;
import org.apache.orc.mapreduce.OrcInputFormat;

/**
 * ORC's own input format with each row, an {@link OrcStruct}, in a {@link TableRow}: the mapper
 * takes Writables, and a TableRow is no WritableComparable, which OrcInputFormat's values must
 * be.
 * Splits are byte ranges of each file; ORC's reader reads the stripes that start in its range, so
 * each stripe is read once. The whole row is read: the output writes it back.
 */
public final class OrcRowsInputFormat extends FileInputFormat<Void, TableRow> {

  @Override
  public RecordReader<Void, TableRow> createRecordReader(InputSplit split,
      TaskAttemptContext context) throws IOException, InterruptedException {
    RecordReader<NullWritable, OrcStruct> rows =
        new OrcInputFormat<OrcStruct>().createRecordReader(split, context);
    TableRow row = new TableRow();
    return new RecordReader<>() {
      @Override
      public void initialize(InputSplit s, TaskAttemptContext c)
          throws IOException, InterruptedException {
        rows.initialize(s, c);
      }

      @Override
      public boolean nextKeyValue() throws IOException, InterruptedException {
        return rows.nextKeyValue();
      }

      @Override
      public Void getCurrentKey() {
        // No key, as Parquet's input format: the mapper reads the row alone.
        return null;
      }

      @Override
      public TableRow getCurrentValue() throws IOException, InterruptedException {
        row.set(rows.getCurrentValue());
        return row;
      }

      @Override
      public float getProgress() throws IOException, InterruptedException {
        return rows.getProgress();
      }

      @Override
      public void close() throws IOException {
        rows.close();
      }
    };
  }
}
