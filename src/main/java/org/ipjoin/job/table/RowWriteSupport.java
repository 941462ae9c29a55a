package org.ipjoin.job.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.ipjoin.job.IpJoinKeys;

/**
 * Writes {@link TableRow}s of example Groups with the input's schema ({@code
 * ipjoin.table.schema}; the requested projection, {@code parquet.read.schema}, when the job read
 * only some columns) and, when {@code tagged}, one optional string column per name of {@code
 * ipjoin.table.tag.columns} after the input's columns, holding the row's tags.
 */
final class RowWriteSupport extends WriteSupport<TableRow> {

  private final boolean tagged;
  private MessageType input;
  private List<String> tagNames;
  private RecordConsumer out;

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
    fields((Group) row.row(), input);
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

  /** Writes every present field of {@code group} (of type {@code type}), nested groups too. */
  private void fields(Group group, GroupType type) {
    for (int f = 0; f < type.getFieldCount(); f++) {
      int n = group.getFieldRepetitionCount(f);
      if (n == 0) {
        continue;
      }
      Type field = type.getType(f);
      out.startField(field.getName(), f);
      for (int i = 0; i < n; i++) {
        if (field.isPrimitive()) {
          group.writeValue(f, i, out);
        } else {
          out.startGroup();
          fields(group.getGroup(f, i), field.asGroupType());
          out.endGroup();
        }
      }
      out.endField(field.getName(), f);
    }
  }
}
