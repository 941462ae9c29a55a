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
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.orc.OrcConf;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.apache.orc.mapred.OrcInputFormat;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.problem.OneLine;

/**
 * ORC tables ({@code orc:COLUMN}), through orc-core's vectorized reader and writer: rows read in
 * batches of column vectors ({@link OrcBatch}) by {@link OrcRowsInputFormat} (a split reads the
 * stripes that start in it, as orc-mapreduce's input format does) and written back with the
 * input's schema by {@link OrcRowsOutputFormat}. An address column is one
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
    // The input's codec and string encodings unless the user chose them (-D orc.compress=SNAPPY,
    // -D orc.dictionary.key.threshold=0, -D orc.column.encoding.direct=COLUMNS).
    boolean codec = unset(conf, OrcConf.COMPRESS);
    boolean encodings = unset(conf, OrcConf.DIRECT_ENCODING_COLUMNS)
        && unset(conf, OrcConf.DICTIONARY_KEY_SIZE_THRESHOLD);
    if (codec || encodings) {
      FileSystem fs = first.getFileSystem(conf);
      try (Reader reader = reader(fs, fs.getFileStatus(first), conf)) {
        if (codec) {
          OrcConf.COMPRESS.setString(conf, reader.getCompressionKind().name());
        }
        String direct = encodings ? directColumns(first, reader) : null;
        if (direct != null) {
          OrcConf.DIRECT_ENCODING_COLUMNS.setString(conf, direct);
        }
      }
    }
    if (rows) {
      LazyOutputFormat.setOutputFormatClass(job, OrcRowsOutputFormat.class);
      job.setOutputValueClass(TableRow.class);
    }
    MultipleOutputs.addNamedOutput(job, malformedOutput, OrcMalformedRowsOutputFormat.class,
        NullWritable.class, TableRow.class);
  }

  /**
   * {@link OrcEncodings#directColumns} of {@code file}, whose first stripe's footer is read for
   * it: one that cannot be read is refused here, naming the file, as a footer is.
   */
  private static String directColumns(Path file, Reader reader) {
    try {
      return OrcEncodings.directColumns(reader);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("input " + file + ": its first stripe cannot be read: "
          + OneLine.fold(String.valueOf(e.getMessage())), e);
    }
  }

  private static boolean unset(Configuration conf, OrcConf key) {
    return conf.get(key.getAttribute()) == null
        && (key.getHiveConfName() == null || conf.get(key.getHiveConfName()) == null);
  }

  @Override
  public List<Class<?>> runtimeClasses() {
    // orc-mapreduce (the reader's options: OrcInputFormat.buildOptions), orc-core, orc-format
    // (its protobuf relocated inside), orc-shims and hive-storage-api (the row batches);
    // aircompressor, lz4-java and zstd-jni read and write compressed streams (snappy comes with
    // Hadoop); threeten-extra and jts-core are loaded with the column statistics, kryo with the
    // reader's options. brotli4j is not shipped: its native part is a jar per platform, and
    // Brotli is the one codec of ORC's that needs it.
    return List.of(OrcInputFormat.class, OrcFile.class, OrcProto.class,
        org.apache.orc.impl.HadoopShims.class, VectorizedRowBatch.class,
        io.airlift.compress.Compressor.class, net.jpountz.lz4.LZ4Factory.class,
        com.github.luben.zstd.Zstd.class, org.threeten.extra.Temporals.class,
        org.locationtech.jts.geom.Geometry.class, com.esotericsoftware.kryo.Kryo.class,
        com.esotericsoftware.minlog.Log.class);
  }

  @Override
  public AddressColumn column(String path) {
    return new VectorAddress(path.split("\\.", -1));
  }

  /**
   * One address column of {@link OrcBatch}es, read along its path of field names: its vectors
   * (the column's, and each struct's on the way, whose nulls hide it) are found once per batch
   * object (a task reads its split into one) and read at the selected row.
   */
  private static final class VectorAddress implements AddressColumn {
    private final String[] path;
    private final AddressText text = new AddressText();
    /** The batch {@link #vectors} are of. */
    private VectorizedRowBatch batch;
    /** The vectors along the path: each struct's, then the column's. */
    private ColumnVector[] vectors;
    private TypeDescription.Category leaf;

    VectorAddress(String[] path) {
      this.path = path;
    }

    /** The column's vector at the selected row of {@code rows}, or null when its value is null. */
    private ColumnVector vector(OrcBatch rows, int row) {
      if (rows.batch() != batch) {
        batch = rows.batch();
        vectors = new ColumnVector[path.length];
        TypeDescription type = rows.schema();
        ColumnVector[] fields = batch.cols;
        for (int i = 0; i < path.length; i++) {
          int field = type.getFieldNames().indexOf(path[i]);
          type = type.getChildren().get(field);
          vectors[i] = fields[field];
          if (vectors[i] instanceof StructColumnVector struct) {
            fields = struct.fields;
          }
        }
        leaf = type.getCategory();
      }
      for (ColumnVector v : vectors) {
        if (!v.noNulls && v.isNull[v.isRepeating ? 0 : row]) {
          return null;
        }
      }
      return vectors[vectors.length - 1];
    }

    @Override
    public void read(Object row, Text out) {
      OrcBatch rows = (OrcBatch) row;
      int r = rows.row();
      ColumnVector v = vector(rows, r);
      if (v == null) {
        out.clear();
        return;
      }
      int at = v.isRepeating ? 0 : r;
      switch (leaf) {
        case INT -> text.ipv4(((LongColumnVector) v).vector[at] & 0xFFFF_FFFFL, out);
        case LONG -> text.ipv4(((LongColumnVector) v).vector[at], out);
        case BINARY -> {
          BytesColumnVector b = (BytesColumnVector) v;
          text.bytes(b.vector[at], b.start[at], b.length[at], out);
        }
        case STRING, VARCHAR -> {
          BytesColumnVector b = (BytesColumnVector) v;
          out.set(b.vector[at], b.start[at], b.length[at]);
        }
        // A type the driver's check refuses: never reached for a checked job.
        default -> out.clear();
      }
    }

    /**
     * As {@link #read(Object, Text)} gives it, but a number or 4 or 16 bytes go in as the address
     * they are, and a string as the bytes ORC read it into (no copy).
     */
    @Override
    public void read(Object row, AddressSink sink, Text scratch) {
      OrcBatch rows = (OrcBatch) row;
      int r = rows.row();
      ColumnVector v = vector(rows, r);
      if (v == null) {
        sink.absent();
        return;
      }
      int at = v.isRepeating ? 0 : r;
      switch (leaf) {
        case INT -> sink.ipv4(((LongColumnVector) v).vector[at] & 0xFFFF_FFFFL);
        case LONG -> {
          long value = ((LongColumnVector) v).vector[at];
          if (value < 0 || value > 0xFFFF_FFFFL) {
            // Not an address: its number, which the parsers call malformed.
            text.ipv4(value, scratch);
            sink.text(scratch.getBytes(), 0, scratch.getLength());
          } else {
            sink.ipv4(value);
          }
        }
        case BINARY -> {
          BytesColumnVector b = (BytesColumnVector) v;
          byte[] a = b.vector[at];
          int from = b.start[at];
          int n = b.length[at];
          if (n == 4) {
            sink.ipv4(Integer.toUnsignedLong(ipv4(a, from)));
          } else if (n == 16) {
            sink.ipv6(Integer.toUnsignedLong(ipv4(a, from)) << 32
                | Integer.toUnsignedLong(ipv4(a, from + 4)),
                Integer.toUnsignedLong(ipv4(a, from + 8)) << 32
                | Integer.toUnsignedLong(ipv4(a, from + 12)));
          } else {
            sink.text(a, from, from + n);
          }
        }
        case STRING, VARCHAR -> {
          BytesColumnVector b = (BytesColumnVector) v;
          sink.text(b.vector[at], b.start[at], b.start[at] + b.length[at]);
        }
        default -> sink.absent();
      }
    }

    /** The 4 bytes of {@code a} from {@code from} as a big-endian (network order) number. */
    private static int ipv4(byte[] a, int from) {
      return (a[from] & 0xFF) << 24 | (a[from + 1] & 0xFF) << 16 | (a[from + 2] & 0xFF) << 8
          | (a[from + 3] & 0xFF);
    }
  }
}
