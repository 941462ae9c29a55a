package org.ipjoin.job.table;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.orc.OrcConf;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.apache.orc.mapred.OrcInputFormat;

/**
 * ORC's vectorized reader with each batch of rows, an {@link OrcBatch}, in a {@link TableRow}: a
 * map call per batch (at most {@code orc.row.batch.size} rows, 1,024 by default), as Parquet's
 * rows come ({@link ParquetRowsInputFormat}), and no row object: orc-mapreduce's own input format
 * copied every value of every row into an {@code OrcStruct} of Writables.
 * Splits are byte ranges of each file; the reader reads the stripes that start in its range, so
 * each stripe is read once, with the options orc-mapreduce's input format reads it with ({@link
 * OrcInputFormat#buildOptions}). The whole row is read: the output writes it back.
 */
public final class OrcRowsInputFormat extends FileInputFormat<Void, TableRow> {

  @Override
  public RecordReader<Void, TableRow> createRecordReader(InputSplit split,
      TaskAttemptContext context) {
    return new TableRowReader<>(new Batches(), RecordReader::getCurrentValue);
  }

  /** The batches of the stripes that start in the split, read into one reused batch. */
  private static final class Batches extends RecordReader<Void, OrcBatch> {
    private Reader file;
    private org.apache.orc.RecordReader rows;
    private OrcBatch batch;

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
      FileSplit range = (FileSplit) split;
      Configuration conf = context.getConfiguration();
      file = OrcFile.createReader(range.getPath(), OrcFile.readerOptions(conf)
          .maxLength(OrcConf.MAX_FILE_LENGTH.getLong(conf)));
      Reader.Options options = OrcInputFormat.buildOptions(conf, file, range.getStart(),
          range.getLength()).useSelected(true);
      rows = file.rows(options);
      TypeDescription schema = options.getSchema() != null ? options.getSchema()
          : file.getSchema();
      batch = new OrcBatch(schema, schema.createRowBatch(options.getRowBatchSize()));
    }

    @Override
    public boolean nextKeyValue() throws IOException {
      // A batch of no rows (all filtered out) is skipped, not handed to the mapper.
      do {
        if (!rows.nextBatch(batch.batch())) {
          return false;
        }
      } while (batch.rows() == 0);
      return true;
    }

    @Override
    public Void getCurrentKey() {
      return null;
    }

    @Override
    public OrcBatch getCurrentValue() {
      return batch;
    }

    @Override
    public float getProgress() throws IOException {
      return rows == null ? 0 : rows.getProgress();
    }

    @Override
    public void close() throws IOException {
      try (Reader open = file) {
        if (rows != null) {
          rows.close();
        }
      }
    }
  }
}
