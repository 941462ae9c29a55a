package org.ipjoin.job.table;

/**
 * The rows of one map call when a format reads several at once (a Parquet {@link RowTape}, an
 * {@link OrcBatch}): one of them selected, the one the address columns read and the output
 * formats write.
 */
interface RowBatch {

  /** How many rows the batch holds. */
  int rows();

  /** Makes row {@code r} (from 0) the selected one. */
  void select(int r);
}
