package org.ipjoin.job.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.job.driver.RunSummary;
import org.ipjoin.job.table.TableJobFixture.Rows;
import org.ipjoin.job.table.TableJobFixture.Status;
import org.ipjoin.testing.CountOutput;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Avro data files in and out of the join, on the local runner: files written by ClickHouse
 * (another tool's writer, src/test/resources/tables/README.md: several sync blocks, deflate, IPv4
 * and IPv6, nulls, a nested record; string, int and fixed(16) address columns), joined in every
 * mode and read back with Avro's DataFileReader. The expected result of each row is recomputed
 * from the formula the files were made with and a HashSet of the listed addresses, never from
 * ipjoin's parsing or lookup.
 */
class AvroTableJobTest {

  private static final int ROWS = 3000;
  private static final List<String> FILES = List.of("avro-a.avro", "avro-b.avro");
  private static final Rows EXPECTED = TableJobFixture.eightKinds(ROWS);

  @TempDir static Path dir;
  private static TableJobFixture fixture;
  private static Path input;
  /** The input's rows by id, as Avro's own reader reads them. */
  private static final Map<Long, GenericRecord> inputRows = new HashMap<>();
  private static Schema inputSchema;

  @BeforeAll
  static void copyTablesAndWriteList() throws Exception {
    fixture = TableJobFixture.withList(dir, EXPECTED.listed());
    input = Files.createDirectories(dir.resolve("tables"));
    for (String name : FILES) {
      TableJobFixture.copy(name, input);
      try (DataFileReader<GenericRecord> reader = reader(input.resolve(name))) {
        inputSchema = reader.getSchema();
        assertEquals("deflate", reader.getMetaString("avro.codec"), name);
        for (GenericRecord r : reader) {
          inputRows.put(id(r), r);
        }
      }
    }
    assertEquals(ROWS, inputRows.size(), "rows of the test files");
  }

  private static long id(GenericRecord r) {
    return (Integer) r.get("id");
  }

  private static DataFileReader<GenericRecord> reader(Path file) throws Exception {
    return new DataFileReader<>(file.toFile(), new GenericDatumReader<>());
  }

  private static IpJoinRun run(String name, String... extra) throws Exception {
    return runOn(input, name, extra);
  }

  private static IpJoinRun runOn(Path in, String name, String... extra) throws Exception {
    return fixture.run(name, in, extra);
  }

  /** The Avro files {@code part-*} of {@code folder}, read by Avro's DataFileReader. */
  private static Output read(Path folder) throws Exception {
    Output out = new Output();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path f : files.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
        assertTrue(f.getFileName().toString().endsWith(".avro"), f.toString());
        out.files++;
        try (DataFileReader<GenericRecord> reader = reader(f)) {
          out.schemas.add(reader.getSchema());
          out.codecs.add(reader.getMetaString("avro.codec"));
          for (GenericRecord r : reader) {
            out.rows.add(r);
          }
        }
      }
    }
    return out;
  }

  private static final class Output {
    int files;
    final Set<Schema> schemas = new HashSet<>();
    final Set<String> codecs = new HashSet<>();
    final List<GenericRecord> rows = new ArrayList<>();

    Set<Long> ids() {
      Set<Long> ids = new HashSet<>();
      for (GenericRecord r : rows) {
        assertTrue(ids.add(id(r)), "row " + r.get("id") + " once");
      }
      return ids;
    }
  }

  /**
   * Asserts {@code out} holds exactly rows {@code ids}, unchanged, in the input's schema, and
   * compressed as the input is (deflate).
   */
  private static void assertUnchangedRows(Set<Long> ids, Output out) {
    assertUnchangedRows(ids, out, "deflate");
  }

  private static void assertUnchangedRows(Set<Long> ids, Output out, String codec) {
    assertEquals(Set.of(inputSchema), out.schemas);
    assertEquals(Set.of(codec), out.codecs);
    assertEquals(ids, out.ids());
    for (GenericRecord r : out.rows) {
      assertEquals(inputRows.get(id(r)), r, "row " + r.get("id"));
    }
  }

  @Test
  void matchWritesTheListedRowsUnchangedSplitBySyncBlocks() throws Exception {
    // Small splits: the sync blocks of one file go to several tasks; each row is read once.
    IpJoinRun run = run("match", "-D", "mapreduce.input.fileinputformat.split.maxsize=4096",
        "--format", "avro:http.client_ip");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    Path out = dir.resolve("match");
    Output match = read(out);
    assertTrue(match.files > FILES.size(), match.files + " part files: several tasks wrote rows");
    assertUnchangedRows(EXPECTED.ids("client", Status.LISTED), match);
    assertUnchangedRows(EXPECTED.ids("client", Status.MALFORMED), read(out.resolve("malformed")));
    RunSummary summary = RunSummary.read(FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(out.toUri()));
    assertEquals("avro:http.client_ip", summary.format());
    assertEquals(inputSchema, new Schema.Parser().parse(summary.schema()));
  }

  @Test
  void nomatchWritesTheOtherRowsWithNoAddressOnesInTheCodecNamed() throws Exception {
    // Another codec than the input's when the user names one.
    IpJoinRun run = run("nomatch", "-D", "avro.output.codec=snappy", "--mode", "nomatch",
        "--format", "avro:client");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    assertUnchangedRows(EXPECTED.ids("client", Status.UNLISTED, Status.NONE),
        read(dir.resolve("nomatch")), "snappy");
  }

  /** The input's fields, then one union of null and string per name of {@code tags}. */
  private static void assertTaggedSchema(Schema schema, String... tags) {
    List<String> want = new ArrayList<>();
    inputSchema.getFields().forEach(f -> want.add(f.name()));
    want.addAll(List.of(tags));
    assertEquals(want, schema.getFields().stream().map(Schema.Field::name).toList());
    for (int f = 0; f < inputSchema.getFields().size(); f++) {
      assertEquals(inputSchema.getFields().get(f).schema(), schema.getFields().get(f).schema());
    }
    Schema nullableString = Schema.createUnion(Schema.create(Schema.Type.NULL),
        Schema.create(Schema.Type.STRING));
    for (String tag : tags) {
      assertEquals(nullableString, schema.getField(tag).schema(), tag);
    }
  }

  @Test
  void tagAddsOneNullableStringFieldPerIndexForEveryColumnType() throws Exception {
    for (String column : List.of("num", "raw", "http.client_ip")) {
      String name = "tag-" + column;
      IpJoinRun run = run(name, "--mode", "tag", "--format", "avro:" + column);
      assertEquals(0, run.exitCode(), column + ": " + run.errLines());
      Output out = read(dir.resolve(name));
      assertEquals(1, out.schemas.size(), column);
      assertTaggedSchema(out.schemas.iterator().next(), "ips");
      assertEquals(Set.of("deflate"), out.codecs);
      String statusColumn = column.startsWith("http") ? "client" : column;
      assertEquals(EXPECTED.ids("client", Status.values()), out.ids(),
          column + ": every row tagged, once");
      for (GenericRecord r : out.rows) {
        long id = id(r);
        assertEquals(EXPECTED.status(statusColumn, id).tag(), String.valueOf(r.get("ips")),
            column + " row " + id);
        for (Schema.Field f : inputSchema.getFields()) {
          assertEquals(inputRows.get(id).get(f.name()), r.get(f.name()), "row " + id);
        }
      }
    }
  }

  @Test
  void severalClientColumnsGetAvroNamesForTheirDottedTagColumns() throws Exception {
    IpJoinRun run = run("clients", "--mode", "tag", "--client", "n=avro:num", "--client",
        "r=avro:raw");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    Output out = read(dir.resolve("clients"));
    // n.ips and r.ips: Avro names hold no dots.
    assertTaggedSchema(out.schemas.iterator().next(), "n__ips", "r__ips");
    assertEquals(EXPECTED.ids("client", Status.values()), out.ids());
    for (GenericRecord r : out.rows) {
      assertEquals(EXPECTED.status("num", id(r)).tag(), String.valueOf(r.get("n__ips")));
      assertEquals(EXPECTED.status("raw", id(r)).tag(), String.valueOf(r.get("r__ips")));
    }
  }

  @Test
  void countCountsTheListedAddresses() throws Exception {
    IpJoinRun run = run("count", "--mode", "count", "--format", "avro:raw");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    assertEquals(EXPECTED.counts("raw"), CountOutput.read(dir.resolve("count")));
  }

  /** The lines of {@code run}'s errors naming {@code what}. */
  private static List<String> linesNaming(IpJoinRun run, String what) {
    return run.errLines().stream().filter(l -> l.contains(what)).toList();
  }

  @Test
  void aMissingOrWrongColumnIsRefusedBeforeSubmissionNamingFileAndColumn() throws Exception {
    for (String column : List.of("http.nope", "http", "raw.x")) {
      String name = "bad-" + column;
      IpJoinRun run = run(name, "--format", "avro:" + column);
      assertEquals(2, run.exitCode(), run.errLines().toString());
      assertFalse(Files.exists(dir.resolve(name)));
      List<String> problems = linesNaming(run, "column " + column + " ");
      assertEquals(FILES.size(), problems.size(), run.errLines().toString());
      String want = switch (column) {
        case "http" -> "is a record, not an address: name one of its fields (http.FIELD)";
        default -> "is not in its schema";
      };
      assertTrue(problems.get(0).contains("avro-a.avro") && problems.get(0).contains(want),
          problems.get(0));
    }
  }

  @Test
  void aTagColumnNamedAsAnInputFieldFailsNamingIt() throws Exception {
    fixture.assertTagColumnNamedAsAnInputColumnFails(input, "avro:num",
        "tag column client (Avro field client) is also a column of the input table");
  }

  @Test
  void aFileThatIsNotAvroIsRefusedNamingIt() throws Exception {
    Path mixed = Files.createDirectories(dir.resolve("mixed"));
    Files.copy(input.resolve("avro-a.avro"), mixed.resolve("a.avro"));
    Files.writeString(mixed.resolve("b.avro"), "Obj but text\n");
    IpJoinRun run = runOn(mixed, "mixed-out", "--format", "avro:client");
    assertEquals(2, run.exitCode(), run.errLines().toString());
    assertEquals(1, linesNaming(run, "b.avro is not an Avro data file").size(),
        run.errLines().toString());
    assertFalse(Files.exists(dir.resolve("mixed-out")));
  }

  @Test
  void aFileOfAnotherSchemaIsRefusedNamingBoth() throws Exception {
    Path two = Files.createDirectories(dir.resolve("two-schemas"));
    Files.copy(input.resolve("avro-a.avro"), two.resolve("a.avro"));
    // Another schema that also has the column: the output is one table, so it is refused.
    Schema other = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"row\",\"fields\":["
        + "{\"name\":\"client\",\"type\":\"string\"}]}");
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(other))) {
      w.create(other, two.resolve("b.avro").toFile());
      GenericRecord r = new GenericData.Record(other);
      r.put("client", "10.0.0.1");
      w.append(r);
    }
    IpJoinRun run = runOn(two, "two-out", "--format", "avro:client");
    assertEquals(2, run.exitCode(), run.errLines().toString());
    assertEquals(1, linesNaming(run, "b.avro has another schema than").size(),
        run.errLines().toString());
    assertFalse(Files.exists(dir.resolve("two-out")));
  }
}
