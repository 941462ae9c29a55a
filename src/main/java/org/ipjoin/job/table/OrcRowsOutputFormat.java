package org.ipjoin.job.table;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.mapred.OrcStruct;
import org.apache.orc.mapreduce.OrcMapreduceRecordWriter;
import org.ipjoin.job.IpJoinKeys;

/**
 * The job's ORC output: rows with the input's schema ({@code ipjoin.table.schema}) through ORC's
 * own record writer, compressed as {@code orc.compress} says (the input's codec, set by the
 * driver) and, in tag mode, one string column per name of {@code ipjoin.table.tag.columns} after
 * the input's columns, holding the row's tags.
 */
public class OrcRowsOutputFormat extends FileOutputFormat<NullWritable, TableRow> {

  private final boolean tagged;

  public OrcRowsOutputFormat() {
    this(true);
  }

  OrcRowsOutputFormat(boolean tagged) {
    this.tagged = tagged;
  }

  /** The output schema: the input's, and a string column per tag name. */
  static TypeDescription schema(TypeDescription input, List<String> tagNames) {
    TypeDescription out = input.clone();
    for (String name : tagNames) {
      out.addField(name, TypeDescription.createString());
    }
    return out;
  }

  @Override
  public RecordWriter<NullWritable, TableRow> getRecordWriter(TaskAttemptContext context)
      throws IOException {
    Configuration conf = context.getConfiguration();
    TypeDescription input = TypeDescription.fromString(IpJoinKeys.TABLE_SCHEMA.get(conf));
    String names = IpJoinKeys.TABLE_TAG_COLUMNS.get(conf);
    List<String> tagNames = !tagged || names == null || names.isEmpty() ? List.of()
        : List.of(names.split(","));
    for (String name : tagNames) {
      if (input.getFieldNames().contains(name)) {
        throw new IllegalArgumentException("tag column " + name + " is also a column of the input"
            + " table; name the index otherwise (--index OTHER=PATH)");
      }
    }
    TypeDescription schema = schema(input, tagNames);
    Path file = getDefaultWorkFile(context, ".orc");
    OrcMapreduceRecordWriter<OrcStruct> rows = new OrcMapreduceRecordWriter<>(OrcFile.createWriter(
        file, OrcFile.writerOptions(conf).setSchema(schema)));
    int inputFields = input.getFieldNames().size();
    OrcStruct tagged = new OrcStruct(schema);
    Text[] tags = new Text[tagNames.size()];
    for (int t = 0; t < tags.length; t++) {
      tags[t] = new Text();
    }
    return new RecordWriter<>() {
      @Override
      public void write(NullWritable key, TableRow row) throws IOException {
        OrcStruct struct = (OrcStruct) row.row();
        if (tags.length == 0) {
          rows.write(NullWritable.get(), struct);
          return;
        }
        // The input's values as they are, then the tags: the writer copies them into its batch.
        for (int f = 0; f < inputFields; f++) {
          tagged.setFieldValue(f, struct.getFieldValue(f));
        }
        List<String> values = row.tags();
        for (int t = 0; t < tags.length; t++) {
          String value = t < values.size() ? values.get(t) : null;
          if (value == null) {
            tagged.setFieldValue(inputFields + t, null);
          } else {
            tags[t].set(value);
            tagged.setFieldValue(inputFields + t, tags[t]);
          }
        }
        rows.write(NullWritable.get(), tagged);
      }

      @Override
      public void close(TaskAttemptContext c) throws IOException {
        rows.close(c);
      }
    };
  }
}
