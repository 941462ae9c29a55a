package org.ipjoin.job.table;

import java.io.IOException;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.mapred.AvroKey;
import org.apache.avro.mapreduce.AvroKeyInputFormat;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * avro-mapred's {@link AvroKeyInputFormat}'s reader, on FileInputFormat's splits (by bytes, each task reading the blocks whose
 * sync marker follows its split's start) with each row, a generic record, in a {@link TableRow}:
 * the mapper takes Writables, and no key (a row has no offset the mapper uses).
 */
public final class AvroRowsInputFormat extends FileInputFormat<Void, TableRow> {

  private final AvroKeyInputFormat<GenericRecord> avro = new AvroKeyInputFormat<>();

  @Override
  public RecordReader<Void, TableRow> createRecordReader(InputSplit split,
      TaskAttemptContext context) throws IOException, InterruptedException {
    RecordReader<AvroKey<GenericRecord>, NullWritable> records =
        avro.createRecordReader(split, context);
    return new TableRowReader<>(records, r -> r.getCurrentKey().datum());
  }
}
