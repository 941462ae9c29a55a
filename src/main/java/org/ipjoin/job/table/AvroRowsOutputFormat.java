package org.ipjoin.job.table;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileConstants;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.mapred.AvroKey;
import org.apache.avro.mapreduce.AvroJob;
import org.apache.avro.mapreduce.AvroKeyRecordWriter;
import org.apache.avro.mapreduce.AvroOutputFormatBase;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.ipjoin.job.IpJoinKeys;

/**
 * The job's Avro output: rows with the input's writer schema ({@code ipjoin.table.schema}) and,
 * in tag mode, one nullable string field per tag column ({@link AvroTable#taggedSchema}), written
 * by avro-mapred's {@link AvroKeyRecordWriter} (what its AvroKeyOutputFormat writes with) in the
 * codec {@code avro.output.codec} names. Not AvroKeyOutputFormat itself: the tag columns are
 * known in the task only, and its file name ignores the base name MultipleOutputs gives the
 * malformed rows ({@code malformed/part}), which {@link #getDefaultWorkFile} keeps.
 */
public class AvroRowsOutputFormat extends AvroOutputFormatBase<Void, TableRow> {

  private final boolean tagged;

  public AvroRowsOutputFormat() {
    this(true);
  }

  private AvroRowsOutputFormat(boolean tagged) {
    this.tagged = tagged;
  }

  /** Malformed rows under {@code malformed/}: as they were read, with the input's schema. */
  public static final class Malformed extends AvroRowsOutputFormat {
    public Malformed() {
      super(false);
    }
  }

  @Override
  public RecordWriter<Void, TableRow> getRecordWriter(TaskAttemptContext context)
      throws IOException {
    Configuration conf = context.getConfiguration();
    Schema input = new Schema.Parser().parse(IpJoinKeys.TABLE_SCHEMA.get(conf));
    String names = IpJoinKeys.TABLE_TAG_COLUMNS.get(conf);
    List<String> tags = !tagged || names == null || names.isEmpty() ? List.of()
        : List.of(names.split(","));
    Schema schema = AvroTable.taggedSchema(input, tags);
    CodecFactory codec = CodecFactory.fromString(
        conf.get(AvroJob.CONF_OUTPUT_CODEC, DataFileConstants.NULL_CODEC));
    Path file = getDefaultWorkFile(context, ".avro");
    OutputStream out = file.getFileSystem(conf).create(file, false);
    AvroKeyRecordWriter<GenericRecord> records = new AvroKeyRecordWriter<>(schema,
        GenericData.get(), codec, out, getSyncInterval(context));
    int inputFields = input.getFields().size();
    return new RecordWriter<>() {
      private final AvroKey<GenericRecord> key = new AvroKey<>();

      @Override
      public void write(Void ignored, TableRow row) throws IOException {
        GenericRecord record = (GenericRecord) row.row();
        if (!tags.isEmpty()) {
          GenericData.Record withTags = new GenericData.Record(schema);
          for (int f = 0; f < inputFields; f++) {
            withTags.put(f, record.get(f));
          }
          List<String> values = row.tags();
          for (int t = 0; t < tags.size() && t < values.size(); t++) {
            withTags.put(inputFields + t, values.get(t));
          }
          record = withTags;
        }
        key.datum(record);
        records.write(key, NullWritable.get());
      }

      @Override
      public void close(TaskAttemptContext c) throws IOException {
        records.close(c);
      }
    };
  }
}
