package org.ipjoin.job.table;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * Parquet's own input format (splits by row groups) with each row, an example {@link Group}, in a
 * {@link TableRow}: the mapper takes Writables. The whole row is read, as the output writes it back;
 * in count mode only the address columns ({@code parquet.read.schema}, which GroupReadSupport
 * requests: {@link ParquetTable#configure}).
 */
public final class ParquetRowsInputFormat extends ParquetInputFormat<TableRow> {

  public ParquetRowsInputFormat() {
    super(RowReadSupport.class);
  }

  /** {@link GroupReadSupport}, each Group handed over in one reused {@link TableRow}. */
  public static final class RowReadSupport extends ReadSupport<TableRow> {
    private final GroupReadSupport groups = new GroupReadSupport();

    @Override
    public ReadContext init(InitContext context) {
      return groups.init(context);
    }

    @Override
    public RecordMaterializer<TableRow> prepareForRead(Configuration conf,
        Map<String, String> metadata, MessageType schema, ReadContext context) {
      RecordMaterializer<Group> rows = groups.prepareForRead(conf, metadata, schema, context);
      TableRow row = new TableRow();
      return new RecordMaterializer<>() {
        @Override
        public TableRow getCurrentRecord() {
          row.set(rows.getCurrentRecord());
          return row;
        }

        @Override
        public void skipCurrentRecord() {
          rows.skipCurrentRecord();
        }

        @Override
        public GroupConverter getRootConverter() {
          return rows.getRootConverter();
        }
      };
    }
  }
}
