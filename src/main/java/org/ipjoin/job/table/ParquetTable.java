package org.ipjoin.job.table;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
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
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.ipjoin.job.IpJoinKeys;

/**
 * Parquet tables ({@code parquet:COLUMN}), through parquet-hadoop: rows read onto a {@link
 * RowTape} each by {@link ParquetRowsInputFormat} (split by row groups) and written back with the
 * input's schema by {@link ParquetRowsOutputFormat}. An address column is one of: a string
 * (BINARY annotated as a string, or unannotated BINARY of another length than 4 or 16) holding
 * any text a log field may hold; INT32 or INT64, the IPv4 address as an unsigned number
 * (ClickHouse's IPv4 type); FIXED_LEN_BYTE_ARRAY(4 or 16) or unannotated BINARY of 4 or 16 bytes,
 * an IPv4 or IPv6 address in network order. Null is no address.
 */
final class ParquetTable implements TableFormat {

  static final String KIND = "parquet";
  static final ParquetTable INSTANCE = new ParquetTable();

  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  /** Where parquet-hadoop reads the job-summary switch: no _metadata files beside the output. */
  static final String SUMMARY_LEVEL = "parquet.summary.metadata.level";

  private ParquetTable() {}

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String what() {
    return "a Parquet file";
  }

  @Override
  public String schema(FileSystem fs, FileStatus file, List<String> columns, Configuration conf)
      throws IOException {
    MessageType schema = footer(fs, file, conf).getFileMetaData().getSchema();
    TableFormat.requireAddressColumns(file, columns, column -> columnProblem(schema, column),
        () -> oneLine(schema));
    return schema.toString();
  }

  private static ParquetMetadata footer(FileSystem fs, FileStatus file, Configuration conf)
      throws IOException {
    byte[] head = new byte[MAGIC.length];
    byte[] tail = new byte[MAGIC.length];
    if (file.getLen() >= 2L * MAGIC.length + 4) {
      try (FSDataInputStream in = fs.open(file.getPath())) {
        in.readFully(0, head);
        in.readFully(file.getLen() - MAGIC.length, tail);
      }
    }
    if (!Arrays.equals(head, MAGIC) || !Arrays.equals(tail, MAGIC)) {
      throw new IllegalArgumentException("input " + file.getPath() + " is not a Parquet file (a"
          + " Parquet file starts and ends with PAR1): give Parquet files only with format "
          + KIND + ":COLUMN");
    }
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromStatus(file, conf))) {
      return reader.getFooter();
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("input " + file.getPath() + ": its Parquet footer cannot"
          + " be read: " + oneLine(String.valueOf(e.getMessage())), e);
    }
  }

  /** Why {@code column} of {@code schema} cannot hold an address, or null when it can. */
  private static String columnProblem(MessageType schema, String column) {
    String[] path = column.split("\\.", -1);
    if (!schema.containsPath(path)) {
      return "is not in its schema";
    }
    for (int i = 1; i <= path.length; i++) {
      if (schema.getType(Arrays.copyOf(path, i)).isRepetition(Type.Repetition.REPEATED)) {
        return "is repeated (a list): give a column of one address per row";
      }
    }
    Type type = schema.getType(path);
    if (!type.isPrimitive()) {
      return "is a group, not an address: name one of its fields (" + column + ".FIELD)";
    }
    PrimitiveType p = type.asPrimitiveType();
    return switch (p.getPrimitiveTypeName()) {
      case BINARY, INT32, INT64 -> null;
      case FIXED_LEN_BYTE_ARRAY -> p.getTypeLength() == 4 || p.getTypeLength() == 16 ? null
          : "is FIXED_LEN_BYTE_ARRAY(" + p.getTypeLength() + "), not an address (4 or 16 bytes)";
      default -> "is " + p.getPrimitiveTypeName() + ", not an address: give a string, INT32,"
          + " or 4 or 16 bytes";
    };
  }

  @Override
  public void configure(Job job, String schema, Path first, String malformedOutput, boolean rows)
      throws IOException {
    Configuration conf = job.getConfiguration();
    job.setInputFormatClass(ParquetRowsInputFormat.class);
    IpJoinKeys.TABLE_SCHEMA.set(conf, schema);
    conf.set(SUMMARY_LEVEL, "NONE");
    // The input's codec and dictionaries, column by column, unless the user chose them (-D
    // parquet.compression=ZSTD, -D parquet.enable.dictionary=true, KEY#column.path for one).
    FileSystem fs = first.getFileSystem(conf);
    ParquetEncodings.follow(footer(fs, fs.getFileStatus(first), conf), conf);
    if (rows) {
      LazyOutputFormat.setOutputFormatClass(job, ParquetRowsOutputFormat.class);
      job.setOutputValueClass(TableRow.class);
    } else {
      // count writes no row: only the address columns are read (Parquet's requested projection),
      // so no other column chunk is fetched or decoded. malformed/ then holds these columns.
      List<String> columns = TableColumn.paths(TableColumn.ofJob(conf));
      if (!columns.isEmpty()) {
        conf.set(ReadSupport.PARQUET_READ_SCHEMA,
            projection(MessageTypeParser.parseMessageType(schema), columns).toString());
      }
    }
    MultipleOutputs.addNamedOutput(job, malformedOutput, MalformedRowsOutputFormat.class,
        NullWritable.class, TableRow.class);
  }

  /** {@code schema} cut down to the dotted paths {@code columns} (and the groups they are in). */
  static MessageType projection(MessageType schema, List<String> columns) {
    MessageType projected = null;
    for (String column : columns) {
      String[] path = column.split("\\.", -1);
      Type type = schema.getType(path);
      for (int i = path.length - 1; i > 0; i--) {
        type = schema.getType(Arrays.copyOf(path, i)).asGroupType().withNewFields(type);
      }
      MessageType one = new MessageType(schema.getName(), type);
      projected = projected == null ? one : projected.union(one);
    }
    return projected;
  }

  @Override
  public List<Class<?>> runtimeClasses() {
    // parquet-hadoop, -column, -encoding, -common, -format-structures, -jackson (ParquetMetadata
    // makes an ObjectMapper when loaded); zstd-jni and commons-pool read and write ZSTD pages
    // (snappy comes with Hadoop).
    return List.of(ParquetFileReader.class, MessageType.class,
        shaded.parquet.com.fasterxml.jackson.databind.ObjectMapper.class,
        org.apache.parquet.column.values.bitpacking.BytePacker.class,
        org.apache.parquet.bytes.BytesInput.class, FileMetaData.class,
        com.github.luben.zstd.Zstd.class, org.apache.commons.pool.ObjectPool.class);
  }

  @Override
  public AddressColumn column(String path) {
    return new TapeAddress(path.split("\\.", -1));
  }

  private static String oneLine(Object o) {
    return o.toString().replaceAll("\\s+", " ").trim();
  }

  /**
   * One address column of {@link RowTape}s, read along its path: its node is found once per tape
   * (a task reads one file's rows through one), not by name row after row.
   */
  private static final class TapeAddress implements AddressColumn {
    private final String[] path;
    private final AddressText text = new AddressText();
    /** The tape {@link #node} is of. */
    private RowTape tape;
    private int node;
    private PrimitiveType.PrimitiveTypeName leafType;
    /** Whether a BINARY value is text whatever its length (annotated as a string). */
    private boolean binaryIsText;

    TapeAddress(String[] path) {
      this.path = path;
    }

    /** The entry of the row's value, or -1 when it has none (null, or a group on the path is). */
    private int entry(RowTape row) {
      if (row != tape) {
        node = row.node(path);
        PrimitiveType leaf = row.leaf(node);
        leafType = leaf.getPrimitiveTypeName();
        LogicalTypeAnnotation a = leaf.getLogicalTypeAnnotation();
        binaryIsText = a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
            || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
        tape = row;
      }
      return row.valueOf(node);
    }

    @Override
    public void read(Object row, Text out) {
      RowTape t = (RowTape) row;
      int e = entry(t);
      if (e < 0) {
        out.clear();
        return;
      }
      switch (leafType) {
        case INT32 -> text.ipv4(t.numberAt(e) & 0xFFFF_FFFFL, out);
        case INT64 -> text.ipv4(t.numberAt(e), out);
        case FIXED_LEN_BYTE_ARRAY -> bytes(t.binaryAt(e), out);
        default -> {
          Binary b = t.binaryAt(e);
          if (binaryIsText || (b.length() != 4 && b.length() != 16)) {
            out.set(b.getBytesUnsafe(), 0, b.length());
          } else {
            bytes(b, out);
          }
        }
      }
    }

    /**
     * As {@link #read(Object, Text)} gives it, but a number or 4 or 16 bytes go in as the address
     * they are, and a string as the bytes Parquet read it into (no copy).
     */
    @Override
    public void read(Object row, AddressSink sink, Text scratch) {
      RowTape t = (RowTape) row;
      int e = entry(t);
      if (e < 0) {
        sink.absent();
        return;
      }
      switch (leafType) {
        case INT32 -> sink.ipv4(t.numberAt(e) & 0xFFFF_FFFFL);
        case INT64 -> {
          long value = t.numberAt(e);
          if (value < 0 || value > 0xFFFF_FFFFL) {
            // Not an address: its number, which the parsers call malformed.
            text.ipv4(value, scratch);
            sink.text(scratch.getBytes(), 0, scratch.getLength());
          } else {
            sink.ipv4(value);
          }
        }
        default -> {
          Binary b = t.binaryAt(e);
          int n = b.length();
          if (leafType == PrimitiveType.PrimitiveTypeName.BINARY && binaryIsText
              || n != 4 && n != 16) {
            ByteBuffer buffer = b.toByteBuffer();
            if (buffer.hasArray()) {
              int from = buffer.arrayOffset() + buffer.position();
              sink.text(buffer.array(), from, from + n);
            } else {
              byte[] a = b.getBytesUnsafe();
              sink.text(a, 0, a.length);
            }
          } else if (n == 4) {
            sink.ipv4(Integer.toUnsignedLong(b.toByteBuffer().getInt()));
          } else {
            ByteBuffer buffer = b.toByteBuffer();
            sink.ipv6(buffer.getLong(), buffer.getLong());
          }
        }
      }
    }

    private void bytes(Binary b, Text out) {
      text.bytes(b.getBytesUnsafe(), 0, b.length(), out);
    }
  }
}
