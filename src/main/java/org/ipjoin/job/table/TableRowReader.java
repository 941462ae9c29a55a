package org.ipjoin.job.table;

import java.io.IOException;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * A format's own record reader with each of its rows handed over in one reused {@link TableRow}:
 * the mapper takes Writables, and no key (a row has no offset the mapper uses). Splitting,
 * progress and closing are the delegate's. A reader of several rows a call (a Parquet batch)
 * overrides {@link #nextKeyValue}.
 *
 * @param <K> the delegate's key type
 * @param <V> the delegate's value type
 */
class TableRowReader<K, V> extends RecordReader<Void, TableRow> {

  /** Where the row is among the delegate's current key and value. */
  interface RowOf<K, V> {
    Object row(RecordReader<K, V> reader) throws IOException, InterruptedException;
  }

  /** The delegate, the row's place in it and the row handed over (a batch reader's too). */
  final RecordReader<K, V> rows;
  final RowOf<K, V> rowOf;
  final TableRow row = new TableRow();

  TableRowReader(RecordReader<K, V> rows, RowOf<K, V> rowOf) {
    this.rows = rows;
    this.rowOf = rowOf;
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context)
      throws IOException, InterruptedException {
    rows.initialize(split, context);
  }

  @Override
  public boolean nextKeyValue() throws IOException, InterruptedException {
    if (!rows.nextKeyValue()) {
      return false;
    }
    row.set(rowOf.row(rows));
    return true;
  }

  @Override
  public Void getCurrentKey() {
    return null;
  }

  @Override
  public TableRow getCurrentValue() {
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
}
