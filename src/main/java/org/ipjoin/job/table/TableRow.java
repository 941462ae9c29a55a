package org.ipjoin.job.table;

import java.io.DataInput;
import java.io.DataOutput;
import java.util.List;
import org.apache.hadoop.io.Writable;

/**
 * One row of a table on its way through the mapper: the format's own record (a Parquet {@link
 * RowTape}, an {@link OrcBatch}, an Avro {@code GenericRecord}) and, in tag mode, the values of
 * its tag columns. A Writable only because the mapper
 * takes Writables: rows go from the table's input format to its output format in the same task
 * and are never serialised.
 */
public final class TableRow implements Writable {

  private Object row;
  private List<String> tags = List.of();

  public Object row() {
    return row;
  }

  public void set(Object row) {
    this.row = row;
    this.tags = List.of();
  }

  /**
   * How many rows the record holds: one, or a batch of a format that reads several at once (a
   * {@link RowBatch}: Parquet's, ORC's), one of them selected ({@link #select}).
   */
  public int rows() {
    return row instanceof RowBatch batch ? batch.rows() : 1;
  }

  /**
   * Makes row {@code i} of a batch the one the address columns read and the output formats write
   * (with the tags set after); nothing for a record of one row.
   */
  public void select(int i) {
    if (row instanceof RowBatch batch) {
      batch.select(i);
    }
  }

  /** The tag columns' values, in the order of {@code ipjoin.table.tag.columns}; none by default. */
  public List<String> tags() {
    return tags;
  }

  public void setTags(List<String> tags) {
    this.tags = tags;
  }

  @Override
  public void write(DataOutput out) {
    throw new UnsupportedOperationException("a table row is written by its table's output format");
  }

  @Override
  public void readFields(DataInput in) {
    throw new UnsupportedOperationException("a table row is read by its table's input format");
  }
}
