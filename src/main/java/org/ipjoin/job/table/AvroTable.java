package org.ipjoin.job.table;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileConstants;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.mapred.FsInput;
import org.apache.avro.mapreduce.AvroJob;
import org.apache.avro.mapreduce.AvroKeyInputFormat;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.ipjoin.job.IpJoinKeys;

/**
 * Avro data files ({@code avro:COLUMN}), through avro-mapred: rows read as generic records by
 * {@link AvroKeyInputFormat} (split at sync markers, {@link AvroRowsInputFormat}) and written
 * back with the input's writer schema and codec by {@link AvroRowsOutputFormat}. An address
 * column is one of: a string or enum, any text a log field may hold; an int or long, the IPv4
 * address as an unsigned number (ClickHouse writes its UInt32 and IPv4 as Avro ints); fixed(4 or
 * 16), or bytes of 4 or 16, an IPv4 or IPv6 address in network order (bytes of another length
 * are text). A union of null and one of those is nullable; null is no address.
 */
final class AvroTable implements TableFormat {

  static final String KIND = "avro";
  static final AvroTable INSTANCE = new AvroTable();

  /** An Avro object container file starts with these bytes. */
  private static final byte[] MAGIC = {'O', 'b', 'j', 1};

  private AvroTable() {}

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String what() {
    return "an Avro data file";
  }

  @Override
  public String schema(FileSystem fs, FileStatus file, List<String> columns, Configuration conf)
      throws IOException {
    Schema schema;
    try (DataFileReader<Object> reader = header(fs, file)) {
      schema = reader.getSchema();
    }
    TableFormat.requireAddressColumns(file, columns, column -> columnProblem(schema, column),
        () -> schema.toString());
    return schema.toString();
  }

  /** {@code file} opened as an Avro data file, its header read; the caller closes it. */
  private static DataFileReader<Object> header(FileSystem fs, FileStatus file)
      throws IOException {
    byte[] head = new byte[MAGIC.length];
    if (file.getLen() >= MAGIC.length) {
      try (FSDataInputStream in = fs.open(file.getPath())) {
        in.readFully(0, head);
      }
    }
    if (!Arrays.equals(head, MAGIC)) {
      throw new IllegalArgumentException("input " + file.getPath() + " is not an Avro data file"
          + " (an Avro data file starts with Obj and byte 1): give Avro data files only with"
          + " format " + KIND + ":COLUMN");
    }
    FsInput in = new FsInput(file.getPath(), fs);
    try {
      return new DataFileReader<>(in, new GenericDatumReader<>());
    } catch (IOException | RuntimeException e) {
      in.close();
      throw new IllegalArgumentException("input " + file.getPath() + ": its Avro header cannot"
          + " be read: " + String.valueOf(e.getMessage()).replaceAll("\\s+", " ").trim(), e);
    }
  }

  /** Why {@code column} of {@code schema} cannot hold an address, or null when it can. */
  static String columnProblem(Schema schema, String column) {
    Schema type = schema;
    String[] path = column.split("\\.", -1);
    for (int i = 0; i < path.length; i++) {
      Schema record = nonNull(type);
      if (record != null && (record.getType() == Schema.Type.ARRAY
          || record.getType() == Schema.Type.MAP)) {
        return "is inside " + String.join(".", Arrays.copyOf(path, i)) + ", "
            + container(record) + ": give a column of one address per row";
      }
      Schema.Field field = record == null || record.getType() != Schema.Type.RECORD ? null
          : record.getField(path[i]);
      if (field == null) {
        return "is not in its schema";
      }
      type = field.schema();
    }
    Schema t = nonNull(type);
    if (t == null) {
      return "is a union of several types, not an address: give a string, an int or long, or 4"
          + " or 16 bytes (or a union of null and one of those)";
    }
    return switch (t.getType()) {
      case STRING, ENUM, INT, LONG, BYTES -> null;
      case FIXED -> t.getFixedSize() == 4 || t.getFixedSize() == 16 ? null
          : "is fixed(" + t.getFixedSize() + "), not an address (4 or 16 bytes)";
      case RECORD -> "is a record, not an address: name one of its fields (" + column + ".FIELD)";
      case ARRAY, MAP -> "is " + container(t) + ": give a column of one address per row";
      default -> "is " + t.getType().getName() + ", not an address: give a string, an int or"
          + " long, or 4 or 16 bytes";
    };
  }

  private static String container(Schema type) {
    return type.getType() == Schema.Type.ARRAY ? "an array" : "a map";
  }

  /** {@code type} itself, the other type of a union with null, or null for another union. */
  private static Schema nonNull(Schema type) {
    if (type.getType() != Schema.Type.UNION) {
      return type;
    }
    List<Schema> others = type.getTypes().stream()
        .filter(s -> s.getType() != Schema.Type.NULL).toList();
    return others.size() == 1 ? others.get(0) : null;
  }

  @Override
  public void configure(Job job, String schema, Path first, String malformedOutput, boolean rows)
      throws IOException {
    Configuration conf = job.getConfiguration();
    job.setInputFormatClass(AvroRowsInputFormat.class);
    IpJoinKeys.TABLE_SCHEMA.set(conf, schema);
    // The files' own schema as the reader's (no projection: the output writes whole rows), read
    // as generic records (avro-mapred's default model is reflection).
    AvroJob.setInputKeySchema(job, new Schema.Parser().parse(schema));
    AvroJob.setDataModelClass(job, GenericData.class);
    if (conf.get(AvroJob.CONF_OUTPUT_CODEC) == null) {
      // The input's codec unless the user chose one (-D avro.output.codec=zstandard).
      conf.set(AvroJob.CONF_OUTPUT_CODEC, codecOf(first, conf));
    }
    if (rows) {
      LazyOutputFormat.setOutputFormatClass(job, AvroRowsOutputFormat.class);
      job.setOutputValueClass(TableRow.class);
    }
    MultipleOutputs.addNamedOutput(job, malformedOutput, AvroRowsOutputFormat.Malformed.class,
        NullWritable.class, TableRow.class);
  }

  /** The codec {@code file}'s header names ({@code avro.codec}; none is {@code null}). */
  private static String codecOf(Path file, Configuration conf) throws IOException {
    FileSystem fs = file.getFileSystem(conf);
    try (DataFileReader<Object> reader = header(fs, fs.getFileStatus(file))) {
      String codec = reader.getMetaString(DataFileConstants.CODEC);
      return codec == null ? DataFileConstants.NULL_CODEC : codec;
    }
  }

  @Override
  public List<Class<?>> runtimeClasses() {
    // avro-mapred; Avro itself (a cluster has it with Hadoop, the same version); zstd-jni for
    // zstandard blocks (snappy-java and commons-compress, for bzip2, come with Hadoop; xz's
    // library comes with neither, docs/job.md "Avro data files").
    return List.of(AvroKeyInputFormat.class, Schema.class, com.github.luben.zstd.Zstd.class);
  }

  @Override
  public AddressColumn column(String path) {
    return new RecordAddress(path.split("\\.", -1));
  }

  /**
   * The name of tag column {@code column} as an Avro field: Avro names hold letters, digits and
   * {@code _} and do not start with a digit, so each {@code .} of {@code CLIENT.INDEX.ATTR}
   * becomes {@code __} ({@code CLIENT__INDEX__ATTR}), any other character {@code _}, and a name
   * starting with a digit gets a {@code _} before it.
   */
  static String fieldName(String column) {
    StringBuilder name = new StringBuilder();
    for (int i = 0; i < column.length(); i++) {
      char c = column.charAt(i);
      if (c == '.') {
        name.append("__");
      } else {
        boolean legal = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'
            || (c >= '0' && c <= '9');
        name.append(legal ? c : '_');
      }
    }
    return name.length() == 0 || Character.isDigit(name.charAt(0)) ? "_" + name : name.toString();
  }

  /**
   * The output schema: {@code input}, and one union of null and string per tag column (none
   * unless tagging), named by {@link #fieldName}, after the input's fields.
   *
   * @throws IllegalArgumentException a tag field named as an input field or as another tag's
   */
  static Schema taggedSchema(Schema input, List<String> tagColumns) {
    if (tagColumns.isEmpty()) {
      return input;
    }
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : input.getFields()) {
      fields.add(new Schema.Field(f, f.schema()));
    }
    Schema nullableString = Schema.createUnion(Schema.create(Schema.Type.NULL),
        Schema.create(Schema.Type.STRING));
    for (String column : tagColumns) {
      String name = fieldName(column);
      for (Schema.Field f : fields) {
        if (f.name().equals(name)) {
          throw new IllegalArgumentException("tag column " + column + " (Avro field " + name
              + ") is also " + (input.getField(name) != null ? "a column of the input table"
              : "another tag column's field") + "; name the index otherwise (--index OTHER=PATH)");
        }
      }
      fields.add(new Schema.Field(name, nullableString, "ipjoin tag column " + column,
          Schema.Field.NULL_DEFAULT_VALUE));
    }
    Schema tagged = Schema.createRecord(input.getName(), input.getDoc(), input.getNamespace(),
        input.isError(), fields);
    input.getObjectProps().forEach(tagged::addProp);
    input.getAliases().forEach(tagged::addAlias);
    return tagged;
  }

  /** One address column of generic records, read along its path of record fields. */
  private static final class RecordAddress implements AddressColumn {
    private final String[] path;
    private final AddressText text = new AddressText();

    RecordAddress(String[] path) {
      this.path = path;
    }

    @Override
    public void read(Object row, Text out) {
      Object value = row;
      for (String name : path) {
        value = ((GenericRecord) value).get(name);
        if (value == null) {
          out.clear();
          return;
        }
      }
      if (value instanceof Utf8 s) {
        out.set(s.getBytes(), 0, s.getByteLength());
      } else if (value instanceof Integer i) {
        text.ipv4(i & 0xFFFF_FFFFL, out);
      } else if (value instanceof Long l) {
        text.ipv4(l, out);
      } else if (value instanceof GenericFixed f) {
        text.bytes(f.bytes(), 0, f.bytes().length, out);
      } else if (value instanceof ByteBuffer b) {
        bytes(b, out);
      } else {
        // A String (a string with avro.java.string) or an enum symbol: its text.
        out.set(value.toString());
      }
    }

    /** 4 or 16 bytes as an address, others as text; no copy of a heap buffer (Avro's). */
    private void bytes(ByteBuffer b, Text out) {
      int n = b.remaining();
      byte[] a;
      int offset;
      if (b.hasArray()) {
        a = b.array();
        offset = b.arrayOffset() + b.position();
      } else {
        a = new byte[n];
        b.duplicate().get(a);
        offset = 0;
      }
      if (n == 4 || n == 16) {
        text.bytes(a, offset, n, out);
      } else {
        out.set(a, offset, n);
      }
    }
  }
}
