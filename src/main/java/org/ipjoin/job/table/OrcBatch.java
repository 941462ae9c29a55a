package org.ipjoin.job.table;

import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.TypeDescription;

/**
 * The rows of one map call of an ORC table: a batch of column vectors as ORC's reader fills it
 * ({@link OrcRowsInputFormat}), reused batch after batch, and the row selected. Address columns
 * read their vectors at the selected row and {@link OrcRowsOutputFormat} copies its values from
 * them: no object per row or value (the {@code OrcStruct}s it replaces made a row object and a
 * Writable per value, docs/benchmarks/2026-11-27-parquet-tables.md, "ORC rows in batches").
 */
final class OrcBatch implements RowBatch {

  private final TypeDescription schema;
  private final VectorizedRowBatch batch;
  private int current;

  OrcBatch(TypeDescription schema, VectorizedRowBatch batch) {
    this.schema = schema;
    this.batch = batch;
  }

  /** The schema of the batch's rows: the file's. */
  TypeDescription schema() {
    return schema;
  }

  VectorizedRowBatch batch() {
    return batch;
  }

  @Override
  public int rows() {
    return batch.size;
  }

  @Override
  public void select(int r) {
    current = r;
  }

  /** The selected row's index in the vectors (the reader may have left rows out: selected). */
  int row() {
    return batch.selectedInUse ? batch.selected[current] : current;
  }
}
