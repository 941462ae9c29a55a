package org.ipjoin.job.table;

import org.apache.parquet.hadoop.ParquetOutputFormat;

/** Malformed rows under {@code malformed/}: as they were read, with the input's schema. */
public final class MalformedRowsOutputFormat extends ParquetOutputFormat<TableRow> {

  public MalformedRowsOutputFormat() {
    super(new RowWriteSupport(false));
  }
}
