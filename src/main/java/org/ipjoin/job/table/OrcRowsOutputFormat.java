package org.ipjoin.job.table;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.ipjoin.job.IpJoinKeys;

/**
 * The job's ORC output: rows with the input's schema ({@code ipjoin.table.schema}) through ORC's
 * writer, compressed as {@code orc.compress} says (the input's codec, set by the driver) and, in
 * tag mode, one string column per name of {@code ipjoin.table.tag.columns} after the input's
 * columns, holding the row's tags. Each row written, the selected row of an {@link OrcBatch},
 * is copied vector by vector into the writer's batch, which goes to the file when full: no row
 * object on the way.
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
    Writer writer = OrcFile.createWriter(file, OrcFile.writerOptions(conf).setSchema(schema));
    return new RecordWriter<>() {
      private final VectorizedRowBatch out = schema.createRowBatch();
      private final int inputFields = input.getFieldNames().size();

      @Override
      public void write(NullWritable key, TableRow row) throws IOException {
        OrcBatch in = (OrcBatch) row.row();
        int r = in.row();
        int o = out.size++;
        // The input's values as they are (each vector copies its own kind: strings and binary
        // by their bytes, structs, lists and maps by their children's), then the tags.
        for (int f = 0; f < inputFields; f++) {
          out.cols[f].setElement(o, r, in.batch().cols[f]);
        }
        List<String> values = row.tags();
        for (int t = inputFields; t < out.cols.length; t++) {
          BytesColumnVector tag = (BytesColumnVector) out.cols[t];
          String value = t - inputFields < values.size() ? values.get(t - inputFields) : null;
          if (value == null) {
            tag.noNulls = false;
            tag.isNull[o] = true;
          } else {
            tag.setVal(o, value.getBytes(StandardCharsets.UTF_8));
          }
        }
        if (out.size == out.getMaxSize()) {
          flush();
        }
      }

      private void flush() throws IOException {
        writer.addRowBatch(out);
        out.reset();
      }

      @Override
      public void close(TaskAttemptContext c) throws IOException {
        try {
          if (out.size > 0) {
            flush();
          }
        } finally {
          writer.close();
        }
      }
    };
  }
}
