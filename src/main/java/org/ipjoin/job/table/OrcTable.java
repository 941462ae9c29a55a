package org.ipjoin.job.table;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.orc.OrcConf;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.apache.orc.mapred.OrcStruct;
import org.apache.orc.mapreduce.OrcInputFormat;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.problem.OneLine;

/**
 * ORC tables ({@code orc:COLUMN}), through orc-mapreduce: rows read as {@link OrcStruct}s by
 * {@link OrcRowsInputFormat} (ORC's own reader: a split reads the stripes that start in it) and
 * written back with the input's schema by {@link OrcRowsOutputFormat}. An address column is one
 * of: a string or varchar holding any text a log field may hold; int or bigint, the IPv4 address
 * as an unsigned number (ClickHouse writes its IPv4 type as an int); binary of 4 or 16 bytes, an
 * IPv4 or IPv6 address in network order (binary of another length is read as text). A struct's
 * field is named by its dotted path. Null, at the column or at a struct on its path, is no
 * address.
 */
final class OrcTable implements TableFormat {

  static final String KIND = "orc";
  static final OrcTable INSTANCE = new OrcTable();

  private static final byte[] MAGIC = "ORC".getBytes(StandardCharsets.US_ASCII);

  private OrcTable() {}

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String what() {
    return "an ORC file";
  }

  @Override
  public String schema(FileSystem fs, FileStatus file, List<String> columns, Configuration conf)
      throws IOException {
    TypeDescription schema = reader(fs, file, conf).getSchema();
    TableFormat.requireAddressColumns(file, columns, column -> columnProblem(schema, column),
        () -> schema.toString());
    return schema.toString();
  }

  private static Reader reader(FileSystem fs, FileStatus file, Configuration conf)
      throws IOException {
    byte[] head = new byte[MAGIC.length];
    if (file.getLen() > MAGIC.length) {
      try (FSDataInputStream in = fs.open(file.getPath())) {
        in.readFully(0, head);
      }
    }
    if (!Arrays.equals(head, MAGIC)) {
      throw new IllegalArgumentException("input " + file.getPath() + " is not an ORC file (an ORC"
          + " file starts with ORC): give ORC files only with format " + KIND + ":COLUMN");
    }
    try {
      return OrcFile.createReader(file.getPath(), OrcFile.readerOptions(conf).filesystem(fs)
          .maxLength(file.getLen()));
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("input " + file.getPath() + ": its ORC footer cannot be"
          + " read: " + OneLine.fold(String.valueOf(e.getMessage())), e);
    }
  }

  /** Why {@code column} of {@code schema} cannot hold an address, or null when it can. */
  private static String columnProblem(TypeDescription schema, String column) {
    TypeDescription type = schema;
    for (String name : column.split("\\.", -1)) {
      if (type.getCategory() != TypeDescription.Category.STRUCT) {
        return "is not in its schema (" + type.getCategory().getName() + " has no fields)";
      }
      int field = type.getFieldNames().indexOf(name);
      if (field < 0) {
        return "is not in its schema";
      }
      type = type.getChildren().get(field);
    }
    return switch (type.getCategory()) {
      case STRING, VARCHAR, INT, LONG, BINARY -> null;
      case STRUCT -> "is a struct, not an address: name one of its fields (" + column + ".FIELD)";
      case LIST, MAP -> "is a " + type.getCategory().getName() + ": give a column of one address"
          + " per row";
      default -> "is " + type + ", not an address: give a string, varchar, int, bigint or"
          + " binary (4 or 16 bytes)";
    };
  }

  @Override
  public void configure(Job job, String schema, Path first, String malformedOutput, boolean rows)
      throws IOException {
    Configuration conf = job.getConfiguration();
    job.setInputFormatClass(OrcRowsInputFormat.class);
    IpJoinKeys.TABLE_SCHEMA.set(conf, schema);
    if (conf.get(OrcConf.COMPRESS.getAttribute()) == null
        && conf.get(OrcConf.COMPRESS.getHiveConfName()) == null) {
      // The input's codec unless the user chose one (-D orc.compress=SNAPPY).
      FileSystem fs = first.getFileSystem(conf);
      OrcConf.COMPRESS.setString(conf,
          reader(fs, fs.getFileStatus(first), conf).getCompressionKind().name());
    }
    if (rows) {
      LazyOutputFormat.setOutputFormatClass(job, OrcRowsOutputFormat.class);
      job.setOutputValueClass(TableRow.class);
    }
    MultipleOutputs.addNamedOutput(job, malformedOutput, OrcMalformedRowsOutputFormat.class,
        NullWritable.class, TableRow.class);
  }

  @Override
  public List<Class<?>> runtimeClasses() {
    // orc-mapreduce, orc-core, orc-format (its protobuf relocated inside), orc-shims and
    // hive-storage-api (the row batches); aircompressor, lz4-java and zstd-jni read and write
    // compressed streams (snappy comes with Hadoop); threeten-extra and jts-core are loaded with
    // the column statistics, kryo with the reader's options. brotli4j is not shipped: its native
    // part is a jar per platform, and Brotli is the one codec of ORC's that needs it.
    return List.of(OrcInputFormat.class, OrcFile.class, OrcProto.class,
        org.apache.orc.impl.HadoopShims.class, VectorizedRowBatch.class,
        io.airlift.compress.Compressor.class, net.jpountz.lz4.LZ4Factory.class,
        com.github.luben.zstd.Zstd.class, org.threeten.extra.Temporals.class,
        org.locationtech.jts.geom.Geometry.class, com.esotericsoftware.kryo.Kryo.class,
        com.esotericsoftware.minlog.Log.class);
  }

  @Override
  public AddressColumn column(String path) {
    return new StructAddress(path.split("\\.", -1));
  }

  /** One address column of OrcStructs, read along its path of field names. */
  private static final class StructAddress implements AddressColumn {
    private final String[] path;
    private final AddressText text = new AddressText();
    /** The field index of each name of the path, found on the first row (all have one schema). */
    private int[] fields;

    StructAddress(String[] path) {
      this.path = path;
    }

    @Override
    public void read(Object row, Text out) {
      OrcStruct struct = (OrcStruct) row;
      if (fields == null) {
        fields = fieldsOf(struct.getSchema());
      }
      WritableComparable<?> value = struct;
      for (int field : fields) {
        if (!(value instanceof OrcStruct s)) {
          value = null;
          break;
        }
        value = s.getFieldValue(field);
      }
      if (value == null) {
        out.clear();
      } else if (value instanceof Text t) {
        out.set(t);
      } else if (value instanceof IntWritable i) {
        text.ipv4(i.get() & 0xFFFF_FFFFL, out);
      } else if (value instanceof LongWritable l) {
        text.ipv4(l.get(), out);
      } else if (value instanceof BytesWritable b) {
        text.bytes(b.getBytes(), 0, b.getLength(), out);
      } else {
        // A type the driver's check refuses: never reached for a checked job.
        out.set(value.toString());
      }
    }

    private int[] fieldsOf(TypeDescription schema) {
      int[] found = new int[path.length];
      TypeDescription type = schema;
      for (int i = 0; i < path.length; i++) {
        found[i] = type.getFieldNames().indexOf(path[i]);
        type = type.getChildren().get(found[i]);
      }
      return found;
    }
  }
}
