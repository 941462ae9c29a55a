package org.ipjoin.job.table;

import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * Parquet's own input format (splits by row groups) with a batch of rows, a {@link RowTape}, in a
 * {@link TableRow}: the mapper takes Writables. The whole row is read, as the output writes it back;
 * in count mode only the address columns ({@code parquet.read.schema}, which the read support
 * requests as GroupReadSupport does: {@link ParquetTable#configure}).
 */
public final class ParquetRowsInputFormat extends ParquetInputFormat<TableRow> {

  /**
   * The most rows one map call gets: enough that Hadoop's per-call costs and the batched lookup's
   * set-up are spread thin, few enough that a batch's keys stay in cache for the lookup.
   */
  static final int BATCH_ROWS = 1024;
  /** A batch ends early at this many entries (values, group starts and ends) on its tape. */
  static final int BATCH_ENTRIES = 1 << 16;

  public ParquetRowsInputFormat() {
    super(RowReadSupport.class);
  }

  /**
   * Parquet's record reader, its rows handed over {@link #BATCH_ROWS} at a time on one tape: a map
   * call per batch, as text lines come in blocks (docs/benchmarks/2026-11-27-parquet-tables.md,
   * "Faster rows": Hadoop's per-call input plumbing was paid per row).
   */
  @Override
  public RecordReader<Void, TableRow> createRecordReader(InputSplit split,
      TaskAttemptContext context) throws IOException, InterruptedException {
    return new Batches(super.createRecordReader(split, context));
  }

  /** Up to {@link #BATCH_ROWS} rows of the delegate a call, all on its one tape. */
  private static final class Batches extends TableRowReader<Void, TableRow> {
    private RowTape tape;
    /** Whether the delegate has no row left. */
    private boolean done;

    Batches(RecordReader<Void, TableRow> rows) {
      super(rows, reader -> reader.getCurrentValue().row());
    }

    @Override
    public boolean nextKeyValue() throws IOException, InterruptedException {
      if (tape != null) {
        tape.clear();
      }
      // Each row read goes on the tape after the others (the root converter starts it).
      while (!done && (tape == null || tape.rows() < BATCH_ROWS && tape.size() < BATCH_ENTRIES)) {
        if (!rows.nextKeyValue()) {
          done = true;
        } else if (tape == null) {
          tape = (RowTape) rowOf.row(rows);
        }
      }
      if (tape == null || tape.rows() == 0) {
        return false;
      }
      row.set(tape);
      return true;
    }
  }

  /**
   * Each row's values recorded on one {@link RowTape} by converters made once per schema, the
   * tape handed over in one reused {@link TableRow}: no object per row or value.
   */
  public static final class RowReadSupport extends ReadSupport<TableRow> {

    @Override
    public ReadContext init(InitContext context) {
      // The requested schema: the whole file's, or parquet.read.schema's columns (count).
      return new GroupReadSupport().init(context);
    }

    @Override
    public RecordMaterializer<TableRow> prepareForRead(Configuration conf,
        Map<String, String> metadata, MessageType schema, ReadContext context) {
      RowTape tape = new RowTape(context.getRequestedSchema());
      GroupConverter root = new TapeGroup(tape, RowTape.ROOT);
      TableRow row = new TableRow();
      return new RecordMaterializer<>() {
        @Override
        public TableRow getCurrentRecord() {
          row.set(tape);
          return row;
        }

        @Override
        public GroupConverter getRootConverter() {
          return root;
        }
      };
    }
  }

  /** A group's converter (the root's starts a row): its start and end go on the tape. */
  private static final class TapeGroup extends GroupConverter {
    private final RowTape tape;
    private final int node;
    private final Converter[] fields;

    TapeGroup(RowTape tape, int node) {
      this.tape = tape;
      this.node = node;
      int n = tape.fields(node);
      fields = new Converter[n];
      for (int f = 0; f < n; f++) {
        int child = tape.child(node, f);
        fields[f] = tape.leaf(child) != null ? new TapeLeaf(tape, child) : new TapeGroup(tape, child);
      }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
      return fields[fieldIndex];
    }

    @Override
    public void start() {
      if (node == RowTape.ROOT) {
        tape.startRow();
      } else {
        tape.start(node);
      }
    }

    @Override
    public void end() {
      if (node != RowTape.ROOT) {
        tape.end();
      }
    }
  }

  /** A leaf column's converter: each value goes on the tape as it is. */
  private static final class TapeLeaf extends PrimitiveConverter {
    private final RowTape tape;
    private final int node;

    TapeLeaf(RowTape tape, int node) {
      this.tape = tape;
      this.node = node;
    }

    @Override
    public void addBinary(Binary value) {
      tape.binary(node, value);
    }

    @Override
    public void addBoolean(boolean value) {
      tape.number(node, value ? 1 : 0);
    }

    @Override
    public void addDouble(double value) {
      tape.number(node, Double.doubleToRawLongBits(value));
    }

    @Override
    public void addFloat(float value) {
      tape.number(node, Float.floatToRawIntBits(value));
    }

    @Override
    public void addInt(int value) {
      tape.number(node, value);
    }

    @Override
    public void addLong(long value) {
      tape.number(node, value);
    }
  }
}
