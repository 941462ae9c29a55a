package org.ipjoin.job.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.ipjoin.job.IpJoinKeys;

/**
 * Writes {@link TableRow}s of {@link RowTape}s with the input's schema ({@code
 * ipjoin.table.schema}; the requested projection, {@code parquet.read.schema}, when the job read
 * only some columns) and, when {@code tagged}, one optional string column per name of {@code
 * ipjoin.table.tag.columns} after the input's columns, holding the row's tags.
 */
final class RowWriteSupport extends WriteSupport<TableRow> {

  private final boolean tagged;
  private MessageType input;
  private List<String> tagNames;
  private RecordConsumer out;
  /** While a row is replayed: per depth of groups, the field open there, or -1. */
  private int[] open = new int[1];

  RowWriteSupport(boolean tagged) {
    this.tagged = tagged;
  }

  /** The output schema: the input's, and the tag columns (none unless {@code tagged}). */
  static MessageType schema(MessageType input, List<String> tagNames) {
    List<Type> fields = new ArrayList<>(input.getFields());
    for (String name : tagNames) {
      fields.add(Types.optional(PrimitiveType.PrimitiveTypeName.BINARY)
          .as(LogicalTypeAnnotation.stringType()).named(name));
    }
    return new MessageType(input.getName(), fields);
  }

  @Override
  public WriteContext init(Configuration conf) {
    // The rows' own schema: the input's, or the columns read when the job read fewer (count).
    String read = conf.get(ReadSupport.PARQUET_READ_SCHEMA);
    input = MessageTypeParser.parseMessageType(
        read != null ? read : IpJoinKeys.TABLE_SCHEMA.get(conf));
    String names = IpJoinKeys.TABLE_TAG_COLUMNS.get(conf);
    tagNames = !tagged || names == null || names.isEmpty() ? List.of() : List.of(names.split(","));
    for (String name : tagNames) {
      if (input.containsField(name)) {
        throw new IllegalArgumentException("tag column " + name + " is also a column of the input"
            + " table; name the index otherwise (--index OTHER=PATH)");
      }
    }
    return new WriteContext(schema(input, tagNames), Map.of());
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    out = recordConsumer;
  }

  @Override
  public void write(TableRow row) {
    out.startMessage();
    fields((RowTape) row.row());
    List<String> tags = row.tags();
    int base = input.getFieldCount();
    for (int t = 0; t < tagNames.size() && t < tags.size(); t++) {
      String value = tags.get(t);
      if (value != null) {
        out.startField(tagNames.get(t), base + t);
        out.addBinary(Binary.fromString(value));
        out.endField(tagNames.get(t), base + t);
      }
    }
    out.endMessage();
  }

  /**
   * Replays the selected row's entries: a field is started at its first value (or group) in its group and
   * ended at the first entry of another field or at the group's end, so the repeated values of a
   * field, consecutive on the tape, go in one field, as Parquet's record consumer takes them.
   */
  private void fields(RowTape tape) {
    if (open.length <= tape.depth()) {
      open = new int[tape.depth() + 1];
    }
    int depth = 0;
    open[0] = -1;
    for (int i = tape.from(), n = tape.to(); i < n; i++) {
      int node = tape.nodeAt(i);
      if (node == RowTape.END) {
        endField(tape, open[depth]);
        depth--;
        out.endGroup();
        continue;
      }
      if (open[depth] != node) {
        endField(tape, open[depth]);
        out.startField(tape.name(node), tape.index(node));
        open[depth] = node;
      }
      PrimitiveType leaf = tape.leaf(node);
      if (leaf == null) {
        out.startGroup();
        open[++depth] = -1;
        continue;
      }
      switch (leaf.getPrimitiveTypeName()) {
        case INT32 -> out.addInteger((int) tape.numberAt(i));
        case INT64 -> out.addLong(tape.numberAt(i));
        case BOOLEAN -> out.addBoolean(tape.numberAt(i) != 0);
        case FLOAT -> out.addFloat(Float.intBitsToFloat((int) tape.numberAt(i)));
        case DOUBLE -> out.addDouble(Double.longBitsToDouble(tape.numberAt(i)));
        default -> out.addBinary(tape.binaryAt(i));
      }
    }
    endField(tape, open[0]);
  }

  private void endField(RowTape tape, int node) {
    if (node >= 0) {
      out.endField(tape.name(node), tape.index(node));
    }
  }
}
