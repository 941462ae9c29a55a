package org.ipjoin.job.table;

import org.apache.parquet.hadoop.ParquetOutputFormat;

/** The job's Parquet output: rows with the input's schema, and the tag columns in tag mode. */
public final class ParquetRowsOutputFormat extends ParquetOutputFormat<TableRow> {

  public ParquetRowsOutputFormat() {
    super(new RowWriteSupport(true));
  }
}
