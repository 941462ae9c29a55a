package org.ipjoin.job.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
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
 * Parquet tables in and out of the join, on the local runner: the committed tables written by
 * DuckDB (another tool's writer, src/test/resources/tables/README.md: several row groups per
 * file, IPv4 and IPv6, nulls, a nested column; string, unsigned INT32 and binary address
 * columns), joined in every mode, and read back by DuckDB. The expected result of each row comes
 * from the formula that made the files and a HashSet of the listed addresses, never from
 * ipjoin's parsing or lookup.
 */
class ParquetTableJobTest {

  private static final int ROWS_A = 5000;
  private static final int ROWS = 8000;
  /** a.parquet (ids 0 to 4999) and b.parquet (5000 to 7999). */
  private static final Rows EXPECTED = TableJobFixture.tenKinds(ROWS, true);

  @TempDir static Path dir;
  private static TableJobFixture fixture;
  private static Path input;

  @BeforeAll
  static void copyTablesAndWriteList() throws Exception {
    fixture = TableJobFixture.withList(dir, EXPECTED.listed());
    input = Files.createDirectories(dir.resolve("tables"));
    TableJobFixture.copy("parquet/a.parquet", input);
    TableJobFixture.copy("parquet/b.parquet", input);
  }

  private static Connection duckdb() throws Exception {
    return DriverManager.getConnection("jdbc:duckdb:");
  }

  private static IpJoinRun run(String name, String... extra) throws Exception {
    return fixture.run(name, input, extra);
  }

  private static Set<Long> ids(String column, Status... statuses) {
    return EXPECTED.ids(column, statuses);
  }

  @Test
  void theTablesHoldWhatTheirReadmeSays() throws Exception {
    Map<Long, List<Object>> rows = new HashMap<>();
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT id, client, num, hex(raw), http.client_ip, http.status"
            + " FROM read_parquet('" + input + "/*.parquet')")) {
      while (r.next()) {
        List<Object> row = Arrays.asList(r.getString(2), r.getObject(3), r.getString(4),
            r.getString(5), r.getInt(6));
        assertNull(rows.put(r.getLong(1), row), "row " + r.getLong(1) + " once");
      }
    }
    assertEquals(ROWS, rows.size());
    for (long id = 0; id < ROWS; id++) {
      List<Object> row = rows.get(id);
      String client = EXPECTED.client(id);
      assertEquals(client, row.get(0), "client " + id);
      assertEquals(client, row.get(3), "http.client_ip " + id);
      assertEquals(200, row.get(4), "http.status " + id);
      String address = EXPECTED.address(id);
      byte[] bytes = address == null ? null : InetAddress.getByName(address).getAddress();
      assertEquals(bytes != null && bytes.length == 4 ? Long.valueOf(
          Integer.toUnsignedLong(ByteBuffer.wrap(bytes).getInt())) : null,
          row.get(1) == null ? null : ((Number) row.get(1)).longValue(), "num " + id);
      byte[] raw = switch ((int) (id % 10)) {
        case 6 -> new byte[] {1, 2, 3};
        // IPv4-mapped IPv6: the IPv4 address it maps.
        case 7 -> ByteBuffer.allocate(16).putShort(10, (short) -1).put(12, bytes, 0, 4).array();
        default -> bytes;
      };
      assertEquals(raw == null ? null : HexFormat.of().withUpperCase().formatHex(raw), row.get(2),
          "raw " + id);
    }
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT count(DISTINCT row_group_id) FROM parquet_metadata('"
            + input.resolve("a.parquet") + "')")) {
      r.next();
      assertTrue(r.getInt(1) > 1, "a.parquet has several row groups");
    }
  }

  /** The ids of the rows of the Parquet files {@code glob} (a DuckDB glob), read by DuckDB. */
  private static List<Long> readIds(String glob) throws Exception {
    List<Long> ids = new ArrayList<>();
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT id FROM read_parquet('" + glob + "')")) {
      while (r.next()) {
        ids.add(r.getLong(1));
      }
    }
    return ids;
  }

  private static void assertSameIds(Set<Long> want, List<Long> got) {
    assertEquals(want.size(), got.size(), "rows written (each once)");
    assertEquals(want, new HashSet<>(got));
  }

  @Test
  void matchWritesTheListedRowsUnchangedSplitByRowGroups() throws Exception {
    // Small splits: row groups of one file go to several tasks; each row is read once.
    IpJoinRun run = run("match", "-D", "mapreduce.input.fileinputformat.split.maxsize=8192",
        "--format", "parquet:http.client_ip");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    Path out = dir.resolve("match");
    assertSameIds(ids("client", Status.LISTED), readIds(out + "/part-*"));
    // The rows unchanged: every column of the output equals the input's row of that id.
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT count(*) FROM read_parquet('" + out + "/part-*') o"
            + " JOIN read_parquet('" + input + "/*.parquet') i USING (id) WHERE o.client IS NOT"
            + " DISTINCT FROM i.client AND o.num IS NOT DISTINCT FROM i.num AND o.raw IS NOT"
            + " DISTINCT FROM i.raw AND o.http = i.http")) {
      r.next();
      assertEquals(ids("client", Status.LISTED).size(), r.getLong(1));
    }
    assertSameIds(ids("client", Status.MALFORMED), readIds(out + "/malformed/part-*"));
    assertEquals(columns(input + "/a.parquet"), columns(out + "/malformed/part-*"));
    // Compressed as the input is (DuckDB writes snappy by default).
    assertEquals(compressions(input + "/*.parquet"), compressions(out + "/part-*"));
    assertEquals(compressions(input + "/*.parquet"), compressions(out + "/malformed/part-*"));
    RunSummary summary = RunSummary.read(FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(out.toUri()));
    assertEquals("parquet:http.client_ip", summary.format());
    assertTrue(summary.schema().contains("client_ip") && summary.schema().contains("group http"),
        summary.schema());
  }

  @Test
  void severalClientColumnsOfOneRowTagEachColumn() throws Exception {
    IpJoinRun run = run("clients", "--mode", "tag", "--client", "n=parquet:num", "--client",
        "r=parquet:raw");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    Map<String, String> want = new LinkedHashMap<>(columns(input + "/a.parquet"));
    want.put("n.ips", "VARCHAR");
    want.put("r.ips", "VARCHAR");
    assertEquals(want, columns(dir.resolve("clients") + "/part-*"));
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT id, \"n.ips\", \"r.ips\" FROM read_parquet('"
            + dir.resolve("clients") + "/part-*')")) {
      int rows = 0;
      while (r.next()) {
        assertEquals(EXPECTED.status("num", r.getLong(1)).tag(), r.getString(2));
        assertEquals(EXPECTED.status("raw", r.getLong(1)).tag(), r.getString(3));
        rows++;
      }
      // Tag mode writes every row, malformed ones too (tagged '-' in the malformed column).
      assertEquals(ROWS, rows);
    }
  }

  @Test
  void nomatchWritesTheOtherRowsWithNoAddressOnes() throws Exception {
    IpJoinRun run = run("nomatch", "--mode", "nomatch", "--format", "parquet:client");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    assertSameIds(ids("client", Status.UNLISTED, Status.NONE),
        readIds(dir.resolve("nomatch") + "/part-*"));
  }

  @Test
  void tagAddsOneStringColumnPerIndexForEveryColumnType() throws Exception {
    for (String column : List.of("num", "raw", "http.client_ip")) {
      String name = "tag-" + column;
      IpJoinRun run = run(name, "--mode", "tag", "--format", "parquet:" + column);
      assertEquals(0, run.exitCode(), column + ": " + run.errLines());
      Path out = dir.resolve(name);
      Map<String, String> schema = columns(out + "/part-*");
      Map<String, String> want = new LinkedHashMap<>(columns(input + "/a.parquet"));
      want.put("ips", "VARCHAR");
      assertEquals(want, schema, column);
      String statusColumn = column.startsWith("http") ? "client" : column;
      Map<Long, String> tags = new HashMap<>();
      try (Connection db = duckdb(); Statement s = db.createStatement();
          ResultSet r = s.executeQuery("SELECT id, ips FROM read_parquet('" + out + "/part-*')")) {
        while (r.next()) {
          assertTrue(tags.put(r.getLong(1), r.getString(2)) == null, "row once");
        }
      }
      assertEquals(ROWS, tags.size(), column + ": every row tagged");
      for (long id = 0; id < ROWS; id++) {
        assertEquals(EXPECTED.status(statusColumn, id).tag(), tags.get(id), column + " row " + id);
      }
    }
  }

  @Test
  void countCountsTheListedAddresses() throws Exception {
    IpJoinRun run = run("count", "--mode", "count", "--format", "parquet:raw");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    assertEquals(EXPECTED.counts("raw"), CountOutput.read(dir.resolve("count")));
  }

  @Test
  void aMissingColumnIsRefusedBeforeSubmissionNamingFileAndColumn() throws Exception {
    IpJoinRun run = run("missing", "--format", "parquet:http.nope");
    assertEquals(2, run.exitCode(), run.errLines().toString());
    assertFalse(Files.exists(dir.resolve("missing")));
    List<String> problems = run.errLines().stream().filter(l -> l.contains("http.nope")).toList();
    assertEquals(2, problems.size(), run.errLines().toString());
    assertTrue(problems.get(0).contains("a.parquet") && problems.get(0).contains("not in its schema"),
        problems.get(0));
  }

  @Test
  void aTagColumnNamedAsAnInputColumnFailsNamingIt() throws Exception {
    fixture.assertTagColumnNamedAsAnInputColumnFails(input, "parquet:num",
        "tag column client is also a column of the input table");
  }

  @Test
  void aTableColumnBesideATextColumnIsAUsageError() throws Exception {
    IpJoinRun run = run("mixed-clients", "--client", "n=parquet:num", "--client", "c=combined");
    assertEquals(2, run.exitCode(), run.errLines().toString());
    assertEquals(1, run.errLines().stream().filter(l -> l.contains("mixes a table format")).count(),
        run.errLines().toString());
  }

  @Test
  void aFileThatIsNotParquetIsRefusedNamingIt() throws Exception {
    Path mixed = Files.createDirectories(dir.resolve("mixed"));
    Files.copy(input.resolve("a.parquet"), mixed.resolve("a.parquet"));
    Files.writeString(mixed.resolve("b.parquet"), "PAR1 but text\n");
    IpJoinRun run = fixture.run("mixed-out", mixed, "--format", "parquet:client");
    assertEquals(2, run.exitCode(), run.errLines().toString());
    assertTrue(run.errLines().stream().anyMatch(l -> l.contains("b.parquet")
        && l.contains("is not a Parquet file")), run.errLines().toString());
  }

  @Test
  void partitionFoldersOfTheInputAreKeptForRowsAndMalformedRows() throws Exception {
    Path lake = Files.createDirectories(dir.resolve("lake"));
    Files.createDirectories(lake.resolve("dt=2026-11-27"));
    Files.createDirectories(lake.resolve("dt=2026-11-28"));
    Files.copy(input.resolve("a.parquet"), lake.resolve("dt=2026-11-27/a.parquet"));
    Files.copy(input.resolve("b.parquet"), lake.resolve("dt=2026-11-28/b.parquet"));
    Path out = dir.resolve("lake-out");
    IpJoinRun run = fixture.run("lake-out", lake, "--format", "parquet:client");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    // a.parquet holds the ids below ROWS_A, b.parquet the others.
    for (String day : List.of("dt=2026-11-27", "dt=2026-11-28")) {
      boolean first = day.endsWith("27");
      Set<Long> listed = ids("client", Status.LISTED);
      Set<Long> malformed = ids("client", Status.MALFORMED);
      listed.removeIf(id -> (id < ROWS_A) != first);
      malformed.removeIf(id -> (id < ROWS_A) != first);
      assertSameIds(listed, readIds(out + "/" + day + "/part-*"));
      assertSameIds(malformed, readIds(out + "/malformed/" + day + "/part-*"));
    }
    try (Stream<Path> top = Files.list(out)) {
      assertEquals(List.of(), top.filter(p -> p.getFileName().toString().startsWith("part-"))
          .toList());
    }
    RunSummary summary = RunSummary.read(FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(out.toUri()));
    assertEquals(List.of("dt=2026-11-27", "dt=2026-11-28"), summary.partitions());
  }

  /** The codecs of the column chunks of the Parquet files {@code glob}, as DuckDB reads them. */
  private static Set<String> compressions(String glob) throws Exception {
    Set<String> codecs = new HashSet<>();
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT DISTINCT compression FROM parquet_metadata('" + glob
            + "')")) {
      while (r.next()) {
        codecs.add(r.getString(1));
      }
    }
    assertFalse(codecs.isEmpty(), glob);
    return codecs;
  }

  /** Column name → DuckDB type of the Parquet files {@code glob}. */
  private static Map<String, String> columns(String glob) throws Exception {
    Map<String, String> columns = new LinkedHashMap<>();
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("DESCRIBE SELECT * FROM read_parquet('" + glob + "')")) {
      while (r.next()) {
        columns.put(r.getString(1), r.getString(2));
      }
    }
    return columns;
  }
}
