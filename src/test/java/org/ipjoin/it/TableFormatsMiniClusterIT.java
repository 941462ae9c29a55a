package org.ipjoin.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.util.ToolRunner;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.ipjoin.cli.IpJoinDriver;
import org.ipjoin.job.table.TableJobFixture;
import org.ipjoin.job.table.TableJobFixture.Rows;
import org.ipjoin.testkit.IpJoinMiniCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet, ORC and Avro tables joined on YARN (MiniDFS + MiniYARN, one cluster for the class): each
 * map task runs in its own container JVM and needs the format's jars there, which the driver ships
 * with the job ({@code tmpjars}). One {@code tag} job per format on a small table; every output
 * row's tag is checked against the formula the table was made with and a HashSet of the listed
 * addresses, the output is read back from HDFS with the format's own reader (schema: the input's
 * columns, then {@code ips}), and the format's jars must be among the node managers' localised
 * libjars: the minicluster's containers also inherit the test JVM's classpath (which has every
 * format's jar), so the job succeeding alone would not show that a real cluster's tasks get them.
 *
 * <p>The tables are the committed files of src/test/resources/tables (README.md there: written
 * by DuckDB, ClickHouse and Arrow), their rows as {@link TableJobFixture} recomputes them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TableFormatsMiniClusterIT {

  @RegisterExtension
  static final IpJoinMiniCluster CLUSTER = new IpJoinMiniCluster(
      Path.of(System.getProperty("ipjoin.test.dir", "target/test-work")));

  @TempDir Path local;

  /** orc/a.orc and parquet/a.parquet: the ORC README's formula, ids 0 to 4999. */
  private static final Rows TEN_KINDS = TableJobFixture.tenKinds(5000, false);
  /** avro-a.avro and avro-b.avro: the Avro README's formula, ids 0 to 2999. */
  private static final Rows EIGHT_KINDS = TableJobFixture.eightKinds(3000);

  // ---- The jobs ----

  /**
   * Writes the list of {@code rows} (with two listed addresses no row holds), builds its index
   * into HDFS and runs a tag job of {@code format} over {@code input}; fails with the driver's
   * ipjoin: lines (a task's ClassNotFoundException among them when a format's jar did not reach
   * the tasks).
   */
  private void tagJob(String name, Rows rows, String input, String format,
      Class<?>... formatClasses) throws Exception {
    // The tag column is named after the index: ips.
    String index = "/lists/" + name + "/ips.ipidx";
    CLUSTER.writeLines("/lists/" + name + "/ips.txt", TableJobFixture.list(rows.listed()));
    CLUSTER.buildIndex("/lists/" + name + "/ips.txt", index);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldErr = System.err;
    int rc;
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      rc = ToolRunner.run(CLUSTER.conf(), new IpJoinDriver(), new String[] {"--mode", "tag",
          "--format", format, "--index", index, "--input", input,
          "--output", "/out/" + name});
    } finally {
      System.setErr(oldErr);
    }
    List<String> lines = Arrays.stream(err.toString(StandardCharsets.UTF_8).split("\n"))
        .filter(l -> l.startsWith("ipjoin: ")).toList();
    assertEquals(0, rc, name + " tag job on YARN failed (did its format's jars reach the task"
        + " JVMs?): " + lines);
    for (Class<?> c : formatClasses) {
      String jar = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI())
          .getFileName().toString();
      assertTrue(shippedJars().contains(jar), name + ": " + jar + " (of " + c.getName()
          + ") was not shipped to the tasks (tmpjars); the node managers localised "
          + shippedJars());
    }
  }

  /**
   * The jar files the node managers localised as a job's libjars (what {@code tmpjars} ships): the
   * containers here also inherit the test JVM's classpath, which has every format's jar, so a job
   * succeeding alone would not show that the jars were shipped.
   */
  private static Set<String> shippedJars() throws Exception {
    Set<String> jars = new HashSet<>();
    try (var walk = Files.walk(CLUSTER.workDir())) {
      walk.filter(p -> p.getParent() != null && p.getParent().getFileName().toString()
          .equals("libjars") && p.getFileName().toString().endsWith(".jar"))
          .forEach(p -> jars.add(p.getFileName().toString()));
    }
    return jars;
  }

  private static List<org.apache.hadoop.fs.Path> parts(String dir) throws Exception {
    FileStatus[] parts = CLUSTER.fs().listStatus(new org.apache.hadoop.fs.Path(dir),
        p -> p.getName().startsWith("part-"));
    List<org.apache.hadoop.fs.Path> paths = new ArrayList<>();
    for (FileStatus s : parts) {
      paths.add(s.getPath());
    }
    paths.sort(null);
    assertTrue(!paths.isEmpty(), "no part files in " + dir);
    return paths;
  }

  private static void put(Map<Integer, String> tags, long id, String tag) {
    assertEquals(null, tags.put((int) id, tag), "row " + id + " written twice");
  }

  @Test
  void parquetTagJobRunsOnYarn() throws Exception {
    CLUSTER.copyFromLocal(TableJobFixture.copy("parquet/a.parquet", local),
        "/tables/parquet/t.parquet");
    tagJob("parquet", TEN_KINDS, "/tables/parquet", "parquet:client",
        ParquetFileReader.class, org.apache.parquet.column.ColumnReader.class);

    Configuration conf = CLUSTER.conf();
    MessageType in;
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(
        new org.apache.hadoop.fs.Path("/tables/parquet/t.parquet"), conf))) {
      in = reader.getFooter().getFileMetaData().getSchema();
    }
    Map<Integer, String> tags = new TreeMap<>();
    for (org.apache.hadoop.fs.Path part : parts("/out/parquet")) {
      MessageType out;
      try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(part, conf))) {
        out = reader.getFooter().getFileMetaData().getSchema();
      }
      assertEquals(in.getFields(), out.getFields().subList(0, in.getFieldCount()), part.toString());
      assertEquals(in.getFieldCount() + 1, out.getFieldCount(), out.toString());
      Type ips = out.getType(in.getFieldCount());
      assertEquals("ips", ips.getName());
      assertEquals(PrimitiveTypeName.BINARY, ips.asPrimitiveType().getPrimitiveTypeName());
      assertEquals(LogicalTypeAnnotation.stringType(), ips.getLogicalTypeAnnotation());
      try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(), part)
          .withConf(conf).build()) {
        for (Group g = reader.read(); g != null; g = reader.read()) {
          put(tags, g.getLong("id", 0), g.getString("ips", 0));
        }
      }
    }
    assertTags(TEN_KINDS, tags);
  }

  /** Every row of {@code rows} tagged once, as its {@code client}'s status says. */
  private static void assertTags(Rows rows, Map<Integer, String> tags) {
    assertEquals(rows.count(), tags.size(), "every row tagged");
    tags.forEach((id, tag) -> assertEquals(rows.status("client", id).tag(), tag, "row " + id));
  }

  @Test
  void orcTagJobRunsOnYarn() throws Exception {
    CLUSTER.copyFromLocal(TableJobFixture.copy("orc/a.orc", local), "/tables/orc/a.orc");
    tagJob("orc", TEN_KINDS, "/tables/orc", "orc:client", OrcFile.class,
        org.apache.orc.mapreduce.OrcInputFormat.class);

    Configuration conf = CLUSTER.conf();
    FileSystem fs = CLUSTER.fs();
    TypeDescription want;
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path("/tables/orc/a.orc"),
        OrcFile.readerOptions(conf).filesystem(fs))) {
      want = reader.getSchema().clone().addField("ips", TypeDescription.createString());
    }
    Map<Integer, String> tags = new TreeMap<>();
    for (org.apache.hadoop.fs.Path part : parts("/out/orc")) {
      try (Reader reader = OrcFile.createReader(part, OrcFile.readerOptions(conf).filesystem(fs))) {
        assertEquals(want, reader.getSchema(), part.toString());
        int last = want.getChildren().size() - 1;
        VectorizedRowBatch batch = reader.getSchema().createRowBatch();
        try (RecordReader records = reader.rows()) {
          while (records.nextBatch(batch)) {
            LongColumnVector id = (LongColumnVector) batch.cols[0];
            BytesColumnVector ips = (BytesColumnVector) batch.cols[last];
            for (int r = 0; r < batch.size; r++) {
              put(tags, id.vector[r], ips.toString(r));
            }
          }
        }
      }
    }
    assertTags(TEN_KINDS, tags);
  }

  @Test
  void avroTagJobRunsOnYarn() throws Exception {
    Schema in = null;
    for (String name : List.of("avro-a.avro", "avro-b.avro")) {
      TableJobFixture.copy(name, local);
      try (DataFileStream<GenericRecord> reader = new DataFileStream<>(
          Files.newInputStream(local.resolve(name)), new GenericDatumReader<>())) {
        in = reader.getSchema();
      }
      CLUSTER.copyFromLocal(local.resolve(name), "/tables/avro/" + name);
    }
    tagJob("avro", EIGHT_KINDS, "/tables/avro", "avro:client",
        org.apache.avro.mapreduce.AvroKeyInputFormat.class);

    Schema nullableString = Schema.createUnion(Schema.create(Schema.Type.NULL),
        Schema.create(Schema.Type.STRING));
    Map<Integer, String> tags = new TreeMap<>();
    for (org.apache.hadoop.fs.Path part : parts("/out/avro")) {
      try (DataFileStream<GenericRecord> reader = new DataFileStream<>(CLUSTER.fs().open(part),
          new GenericDatumReader<>())) {
        Schema out = reader.getSchema();
        List<String> names = new ArrayList<>();
        in.getFields().forEach(f -> names.add(f.name()));
        names.add("ips");
        List<String> got = new ArrayList<>();
        out.getFields().forEach(f -> got.add(f.name()));
        assertEquals(names, got, part.toString());
        for (Schema.Field f : in.getFields()) {
          assertEquals(f.schema(), out.getField(f.name()).schema(), f.name());
        }
        assertEquals(nullableString, out.getField("ips").schema());
        for (GenericRecord r : reader) {
          put(tags, (Integer) r.get("id"), String.valueOf(r.get("ips")));
        }
      }
    }
    assertTags(EIGHT_KINDS, tags);
  }
}
