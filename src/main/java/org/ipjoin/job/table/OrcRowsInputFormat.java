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
    return new TableRowReader<>(rows, RecordReader::getCurrentValue);
  }
}
