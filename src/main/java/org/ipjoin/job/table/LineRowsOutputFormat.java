package org.ipjoin.job.table;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Types;
import org.ipjoin.job.IpJoinKeys;

/**
 * Text input written as a Parquet table ({@code --output-format parquet}): one row per output line,
 * its column {@value #LINE} the input line as read (without its line end) and, in tag mode, one
 * optional string column per tag column. It takes what the mapper writes for text output, the
 * lines of a map call joined by {@code \n} with each line's tag columns after a TAB each (in
 * MatchTags' form: the mapper leaves them unchanged for this output), and hands each line as a
 * {@link TableRow} to the table output's own writer ({@link ParquetRowsOutputFormat}): the same
 * tag columns, file names, codec choice and committer as a Parquet table's output. Tag values hold
 * no TAB, so a line's tag columns are the fields after its last TABs, whatever the line holds.
 */
public final class LineRowsOutputFormat extends FileOutputFormat<Writable, Text> {

  /** The column holding each line. */
  public static final String LINE = "line";

  /** The rows' schema before tag columns: one line each. */
  static final MessageType LINES = Types.buildMessage()
      .required(PrimitiveType.PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
      .named(LINE).named("lines");

  private final ParquetRowsOutputFormat rows = new ParquetRowsOutputFormat();

  /**
   * Driver side: the job's output is this format's (lazily made, so a task without output writes
   * no file), with {@link #LINES} as the table's schema (the run summary's {@code schema}), and
   * snappy pages unless {@code parquet.compression} or Hadoop's output compression chose a codec
   * (text has no codec of its own to keep, as a Parquet table's output keeps its input's).
   */
  public static void configure(Job job) {
    Configuration conf = job.getConfiguration();
    IpJoinKeys.TABLE_SCHEMA.set(conf, LINES.toString());
    conf.set(ParquetTable.SUMMARY_LEVEL, "NONE");
    if (conf.get(ParquetOutputFormat.COMPRESSION) == null
        && !FileOutputFormat.getCompressOutput(job)) {
      ParquetOutputFormat.setCompression(job, CompressionCodecName.SNAPPY);
    }
    LazyOutputFormat.setOutputFormatClass(job, LineRowsOutputFormat.class);
  }

  @Override
  public RecordWriter<Writable, Text> getRecordWriter(TaskAttemptContext context)
      throws IOException, InterruptedException {
    String names = IpJoinKeys.TABLE_TAG_COLUMNS.get(context.getConfiguration());
    int tagColumns = names == null || names.isEmpty() ? 0 : names.split(",").length;
    return new Lines(rows.getRecordWriter(context), tagColumns);
  }

  @Override
  public synchronized OutputCommitter getOutputCommitter(TaskAttemptContext context)
      throws IOException {
    // The Parquet writer's committer: its work path is where the writer puts the part file.
    return rows.getOutputCommitter(context);
  }

  /** Splits a map call's text into lines, each a row of {@link #LINES} and its tag columns. */
  private static final class Lines extends RecordWriter<Writable, Text> {

    private final RecordWriter<Void, TableRow> rows;
    private final int tagColumns;
    private final TableRow row = new TableRow();
    /** One row at a time: the {@code line} value on a tape, as table rows reach the writer. */
    private final RowTape tape = new RowTape(LINES);
    private final int lineNode = tape.node(new String[] {LINE});
    private final List<String> tags = new ArrayList<>();

    Lines(RecordWriter<Void, TableRow> rows, int tagColumns) {
      this.rows = rows;
      this.tagColumns = tagColumns;
    }

    @Override
    public void write(Writable key, Text lines) throws IOException, InterruptedException {
      byte[] bytes = lines.getBytes();
      int length = lines.getLength();
      int start = 0;
      for (int i = 0; i <= length; i++) {
        if (i == length || bytes[i] == '\n') {
          line(bytes, start, i);
          start = i + 1;
        }
      }
    }

    private void line(byte[] bytes, int from, int to) throws IOException, InterruptedException {
      tags.clear();
      int end = to;
      for (int t = 0; t < tagColumns; t++) {
        int tab = end - 1;
        while (tab >= from && bytes[tab] != '\t') {
          tab--;
        }
        if (tab < from) {
          throw new IllegalStateException("an output line has fewer than " + tagColumns
              + " tag columns");
        }
        tags.add(0, new String(bytes, tab + 1, end - tab - 1, StandardCharsets.UTF_8));
        end = tab;
      }
      tape.clear();
      tape.startRow();
      // The map call's text is reused by the next call: the tape copies a reused array's bytes.
      tape.binary(lineNode, Binary.fromReusedByteArray(bytes, from, end - from));
      row.set(tape);
      row.setTags(tags);
      rows.write(null, row);
    }

    @Override
    public void close(TaskAttemptContext context) throws IOException, InterruptedException {
      rows.close(context);
    }
  }
}
