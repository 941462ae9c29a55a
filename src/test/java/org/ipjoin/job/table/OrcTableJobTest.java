package org.ipjoin.job.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.ipjoin.job.driver.RunSummary;
import org.ipjoin.job.table.TableJobFixture.Rows;
import org.ipjoin.job.table.TableJobFixture.Status;
import org.ipjoin.testing.CountOutput;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ORC tables in and out of the join, on the local runner: tables written by ClickHouse and Arrow
 * (src/test/resources/tables/orc/README.md: several stripes, IPv4 and IPv6, nulls, a struct
 * column; string, int and binary address columns), joined in every mode and read back with ORC's
 * own file reader. The expected result of each row comes from the formula that made it (the
 * README's, recomputed by {@link TableJobFixture}) and a HashSet of the listed addresses, never
 * from ipjoin's parsing or lookup.
 */
class OrcTableJobTest {

  private static final int ROWS = 8000;
  private static final int BINARY_ROWS = 3000;
  /** a.orc and b.orc. */
  private static final Rows TABLE = TableJobFixture.tenKinds(ROWS, false);
  /** binary.orc. */
  private static final Rows BINARY = TableJobFixture.tenKinds(BINARY_ROWS, true);

  @TempDir static Path dir;
  private static TableJobFixture fixture;
  /** a.orc and b.orc: ids 0 to 7999. */
  private static Path input;
  /** binary.orc: ids 0 to 2999, a binary address column of 4, 16 or 3 bytes. */
  private static Path binary;

  @BeforeAll
  static void copyTablesAndWriteList() throws Exception {
    input = Files.createDirectories(dir.resolve("tables"));
    binary = Files.createDirectories(dir.resolve("binary"));
    copy("a.orc", input);
    copy("b.orc", input);
    copy("binary.orc", binary);
    fixture = TableJobFixture.withList(dir, TABLE.listed());
  }

  private static void copy(String name, Path to) throws IOException {
    TableJobFixture.copy("orc/" + name, to);
  }

  private static IpJoinRun run(String name, Path in, String... extra) throws Exception {
    return fixture.run(name, in, extra);
  }

  /** The rows of an ORC table, read by ORC's file reader: each a list of its values. */
  private record Table(TypeDescription schema, Set<CompressionKind> codecs,
      List<List<Object>> rows) {
    Map<Long, List<Object>> byId() {
      Map<Long, List<Object>> byId = new HashMap<>();
      for (List<Object> row : rows) {
        assertNull(byId.put((Long) row.get(0), row), "row " + row.get(0) + " once");
      }
      return byId;
    }

    Set<Long> ids() {
      return byId().keySet();
    }
  }

  /** The ORC files {@code prefix*} of {@code folder}, read as one table (one schema). */
  private static Table read(Path folder, String prefix) throws IOException {
    List<Path> files;
    try (Stream<Path> list = Files.list(folder)) {
      files = list.filter(p -> p.getFileName().toString().startsWith(prefix)).sorted().toList();
    }
    assertFalse(files.isEmpty(), folder + "/" + prefix + "*");
    TypeDescription schema = null;
    Set<CompressionKind> codecs = new HashSet<>();
    List<List<Object>> rows = new ArrayList<>();
    Configuration conf = new Configuration();
    for (Path file : files) {
      try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
          OrcFile.readerOptions(conf))) {
        if (schema == null) {
          schema = reader.getSchema();
        }
        assertEquals(schema, reader.getSchema(), file.toString());
        codecs.add(reader.getCompressionKind());
        VectorizedRowBatch batch = reader.getSchema().createRowBatch();
        try (RecordReader records = reader.rows()) {
          while (records.nextBatch(batch)) {
            for (int r = 0; r < batch.size; r++) {
              List<Object> row = new ArrayList<>();
              for (int c = 0; c < batch.cols.length; c++) {
                row.add(value(batch.cols[c], r));
              }
              rows.add(row);
            }
          }
        }
      }
    }
    return new Table(schema, codecs, rows);
  }

  /** Row {@code r} of a column: a Long, a String (text), hex (binary), a List (struct) or null. */
  private static Object value(ColumnVector column, int r) {
    int at = column.isRepeating ? 0 : r;
    if (!column.noNulls && column.isNull[at]) {
      return null;
    }
    if (column instanceof LongColumnVector l) {
      return l.vector[at];
    }
    if (column instanceof BytesColumnVector b) {
      return b.toString(at);
    }
    StructColumnVector s = (StructColumnVector) column;
    List<Object> fields = new ArrayList<>();
    for (ColumnVector field : s.fields) {
      fields.add(value(field, r));
    }
    return fields;
  }

  @Test
  void theTablesHoldWhatTheirReadmeSays() throws Exception {
    Table a = read(input, "");
    assertEquals("struct<id:bigint,client:string,num:int,raw:binary,"
        + "http:struct<client_ip:string,status:int>>", a.schema().toString());
    Map<Long, List<Object>> rows = a.byId();
    assertEquals(ROWS, rows.size());
    for (long id = 0; id < ROWS; id++) {
      List<Object> row = rows.get(id);
      String client = TABLE.client(id);
      assertEquals(client, row.get(1), "client " + id);
      assertEquals(Arrays.asList(client, 200L), row.get(4), "http " + id);
    }
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(
        input.resolve("a.orc").toUri()), OrcFile.readerOptions(new Configuration()))) {
      assertTrue(reader.getStripes().size() > 10, "a.orc has several stripes");
    }
  }

  @Test
  void matchWritesTheListedRowsUnchangedSplitByStripes() throws Exception {
    // Small splits: the stripes of one file go to several tasks; each row is read once.
    IpJoinRun run = run("match", input, "-D", "mapreduce.input.fileinputformat.split.maxsize=32768",
        "--format", "orc:http.client_ip");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    Path out = dir.resolve("match");
    Table in = read(input, "");
    Table match = read(out, "part-");
    assertEquals(in.schema(), match.schema());
    assertEquals(TABLE.ids("client", Status.LISTED), match.ids());
    assertEquals(match.ids().size(), match.rows().size(), "each row once");
    // The rows unchanged: every value of the output equals the input's row of that id.
    Map<Long, List<Object>> inRows = in.byId();
    match.rows().forEach(row -> assertEquals(inRows.get((Long) row.get(0)), row));
    try (Stream<Path> parts = Files.list(out)) {
      assertTrue(parts.filter(p -> p.getFileName().toString().startsWith("part-")).count() > 4,
          "several map tasks (splits of stripes) wrote rows");
    }
    Table malformed = read(out.resolve("malformed"), "part-");
    assertEquals(in.schema(), malformed.schema());
    assertEquals(TABLE.ids("client", Status.MALFORMED), malformed.ids());
    malformed.rows().forEach(row -> assertEquals(inRows.get((Long) row.get(0)), row));
    // Compressed as the input is (Arrow wrote these uncompressed).
    assertEquals(Set.of(CompressionKind.NONE), in.codecs());
    assertEquals(in.codecs(), match.codecs());
    RunSummary summary = RunSummary.read(FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(out.toUri()));
    assertEquals("orc:http.client_ip", summary.format());
    assertTrue(summary.schema().contains("http:struct<client_ip:string"), summary.schema());
  }

  @Test
  void severalClientColumnsOfOneRowTagEachColumn() throws Exception {
    IpJoinRun run = run("clients", input, "--mode", "tag", "--client", "n=orc:num", "--client",
        "r=orc:raw");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    Table in = read(input, "");
    Table out = read(dir.resolve("clients"), "part-");
    TypeDescription want = in.schema().clone().addField("n.ips", TypeDescription.createString())
        .addField("r.ips", TypeDescription.createString());
    assertEquals(want, out.schema());
    Map<Long, List<Object>> inRows = in.byId();
    for (List<Object> row : out.rows()) {
      long id = (Long) row.get(0);
      assertEquals(inRows.get(id), row.subList(0, 5), "input columns of " + id);
      assertEquals(TABLE.status("num", id).tag(), row.get(5), "num " + id);
      assertEquals(TABLE.status("raw", id).tag(), row.get(6), "raw " + id);
    }
    assertEquals(ROWS, out.ids().size());
    assertEquals(ROWS, out.rows().size());
  }

  @Test
  void nomatchWritesTheOtherRowsWithNoAddressOnes() throws Exception {
    IpJoinRun run = run("nomatch", input, "--mode", "nomatch", "--format", "orc:client");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    Table out = read(dir.resolve("nomatch"), "part-");
    assertEquals(TABLE.ids("client", Status.UNLISTED, Status.NONE), out.ids());
    assertEquals(out.ids().size(), out.rows().size());
  }

  @Test
  void tagAddsOneStringColumnForEveryColumnType() throws Exception {
    for (String column : List.of("num", "raw", "http.client_ip")) {
      String name = "tag-" + column;
      IpJoinRun run = run(name, input, "--mode", "tag", "--format", "orc:" + column);
      assertEquals(0, run.exitCode(), column + ": " + run.errLines());
      Table out = read(dir.resolve(name), "part-");
      assertEquals(read(input, "").schema().clone().addField("ips",
          TypeDescription.createString()), out.schema(), column);
      String statusColumn = column.startsWith("http") ? "client" : column;
      assertEquals(ROWS, out.rows().size(), column + ": every row tagged once");
      for (List<Object> row : out.rows()) {
        assertEquals(TABLE.status(statusColumn, (Long) row.get(0)).tag(), row.get(5),
            column + " row " + row.get(0));
      }
    }
  }

  @Test
  void binaryColumnsOfFourAndSixteenBytesKeepTheInputsCodec() throws Exception {
    IpJoinRun tagged = run("binary-tag", binary, "--mode", "tag", "--format", "orc:raw");
    assertEquals(0, tagged.exitCode(), tagged.errLines().toString());
    Table out = read(dir.resolve("binary-tag"), "part-");
    assertEquals("struct<id:bigint,raw:binary,ips:string>", out.schema().toString());
    assertEquals(BINARY_ROWS, out.rows().size());
    for (List<Object> row : out.rows()) {
      assertEquals(BINARY.status("raw", (Long) row.get(0)).tag(), row.get(2), "row " + row.get(0));
    }
    IpJoinRun match = run("binary-match", binary, "--format", "orc:raw");
    assertEquals(0, match.exitCode(), match.errLines().toString());
    Table in = read(binary, "");
    Table matched = read(dir.resolve("binary-match"), "part-");
    Table malformed = read(dir.resolve("binary-match").resolve("malformed"), "part-");
    assertEquals(BINARY.ids("raw", Status.LISTED), matched.ids());
    assertEquals(BINARY.ids("raw", Status.MALFORMED), malformed.ids());
    malformed.rows().forEach(row -> assertEquals("010203", HexFormat.of().formatHex(
        ((String) row.get(1)).getBytes(StandardCharsets.ISO_8859_1))));
    // ClickHouse wrote it with ZSTD: the output and the malformed rows are ZSTD too.
    assertEquals(Set.of(CompressionKind.ZSTD), in.codecs());
    assertEquals(in.codecs(), matched.codecs());
    assertEquals(in.codecs(), malformed.codecs());
    assertEquals(in.schema(), malformed.schema());
  }

  @Test
  void countCountsTheListedAddresses() throws Exception {
    IpJoinRun run = run("count", input, "--mode", "count", "--format", "orc:raw");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    assertEquals(TABLE.counts("raw"), CountOutput.read(dir.resolve("count")));
  }

  @Test
  void aMissingOrWrongColumnIsRefusedBeforeSubmissionNamingFileAndColumn() throws Exception {
    for (String[] c : new String[][] {{"http.nope", "not in its schema"},
        {"http", "is a struct, not an address"}, {"client.x", "not in its schema"}}) {
      String name = "refused-" + c[0];
      IpJoinRun run = run(name, input, "--format", "orc:" + c[0]);
      assertEquals(2, run.exitCode(), run.errLines().toString());
      assertFalse(Files.exists(dir.resolve(name)));
      List<String> problems = run.errLines().stream()
          .filter(l -> l.contains("column " + c[0] + " ")).toList();
      assertEquals(2, problems.size(), run.errLines().toString());
      assertTrue(problems.get(0).contains("a.orc") && problems.get(0).contains(c[1]),
          problems.get(0));
    }
  }

  @Test
  void aFileThatIsNotOrcOrOfAnotherSchemaIsRefusedNamingIt() throws Exception {
    Path notOrc = Files.createDirectories(dir.resolve("not-orc"));
    copy("a.orc", notOrc);
    Files.writeString(notOrc.resolve("b.orc"), "not an ORC file\n");
    Files.writeString(notOrc.resolve("c.orc"), "ORC but text\n");
    IpJoinRun run = run("not-orc-out", notOrc, "--format", "orc:client");
    assertEquals(2, run.exitCode(), run.errLines().toString());
    assertTrue(run.errLines().stream().anyMatch(l -> l.contains("b.orc")
        && l.contains("is not an ORC file")), run.errLines().toString());
    assertTrue(run.errLines().stream().anyMatch(l -> l.contains("c.orc")
        && l.contains("its ORC footer cannot be read")), run.errLines().toString());

    Path mixed = Files.createDirectories(dir.resolve("mixed"));
    copy("a.orc", mixed);
    copy("binary.orc", mixed);
    IpJoinRun second = run("mixed-out", mixed, "--format", "orc:raw");
    assertEquals(2, second.exitCode(), second.errLines().toString());
    assertTrue(second.errLines().stream().anyMatch(l -> l.contains("binary.orc")
        && l.contains("has another schema than") && l.contains("a.orc")),
        second.errLines().toString());
    assertFalse(Files.exists(dir.resolve("mixed-out")));

    // The same two files under two --input: one job writes one table, whatever folder a file
    // was found in.
    IpJoinRun inputs = run("inputs-out", binary, "--input", input.resolve("a.orc").toString(),
        "--format", "orc:raw");
    assertEquals(2, inputs.exitCode(), inputs.errLines().toString());
    assertEquals(1, inputs.errLines().stream().filter(l -> l.contains("binary.orc")
        && l.contains("has another schema than") && l.contains("a.orc")).count(),
        inputs.errLines().toString());
    assertFalse(Files.exists(dir.resolve("inputs-out")));
  }

  @Test
  void anOrcFileGivenAsTextIsRefusedNamingTheTableFormat() throws Exception {
    IpJoinRun run = run("as-text", input, "--format", "combined");
    assertEquals(2, run.exitCode(), run.errLines().toString());
    assertTrue(run.errLines().stream().anyMatch(l -> l.contains("a.orc")
        && l.contains("is an ORC file") && l.contains("--format orc:COLUMN")),
        run.errLines().toString());
  }
}
