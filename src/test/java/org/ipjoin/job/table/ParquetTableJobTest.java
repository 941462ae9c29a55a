package org.ipjoin.job.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.job.driver.RunSummary;
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

  /** What a row's address column holds. */
  private enum Status { LISTED, UNLISTED, NONE, MALFORMED }

  private static final int ROWS_A = 5000;
  private static final int ROWS_B = 3000;

  @TempDir static Path dir;
  private static Path index;
  private static Path input;
  /** Per row id, per address column ({@code client}, {@code num}, {@code raw}): its status. */
  private static final Map<Long, Map<String, Status>> expected = new TreeMap<>();
  /** Per row id, the address its columns hold (null when none), as InetAddress bytes. */
  private static final Map<Long, InetAddress> addresses = new HashMap<>();
  /** Per row id, its client, num and raw as the README's formula makes them. */
  private static final Map<Long, Object[]> rows = new HashMap<>();

  @BeforeAll
  static void copyTablesAndWriteList() throws Exception {
    Set<String> listed = new HashSet<>();
    for (long id = 0; id < ROWS_A + ROWS_B; id++) {
      int kind = (int) (id % 10);
      int i = (int) id;
      String v4 = "10." + (i >> 8 & 255) + "." + (i & 255) + "." + (1 + i / 65536);
      String v4Unlisted = "192.0." + (i >> 8 & 255) + "." + (i & 255);
      // i (below 65536) as ClickHouse's hex writes a UInt16: the ORC README's formula.
      String hex = String.format(i < 256 ? "%02x" : "%04x", i);
      String v6 = "2001:db8::" + hex;
      String v6Unlisted = "2001:db8:ffff::" + hex;
      String text;
      InetAddress address;
      Status client;
      Long num = null;
      byte[] raw;
      switch (kind) {
        case 0, 1 -> {
          listed.add(v4);
          text = v4;
          address = InetAddress.getByName(v4);
          client = Status.LISTED;
        }
        case 2 -> {
          text = v4Unlisted;
          address = InetAddress.getByName(v4Unlisted);
          client = Status.UNLISTED;
        }
        case 3 -> {
          listed.add(v6);
          text = v6;
          address = InetAddress.getByName(v6);
          client = Status.LISTED;
        }
        case 4 -> {
          text = v6Unlisted;
          address = InetAddress.getByName(v6Unlisted);
          client = Status.UNLISTED;
        }
        case 5 -> {
          text = null;
          address = null;
          client = Status.NONE;
        }
        case 6 -> {
          text = "not-an-ip";
          address = null;
          client = Status.MALFORMED;
        }
        case 7 -> {
          listed.add(v4);
          text = v4 + ":8080";
          address = InetAddress.getByName(v4);
          client = Status.LISTED;
        }
        case 8 -> {
          listed.add(v6);
          text = "[" + v6 + "]:443";
          address = InetAddress.getByName(v6);
          client = Status.LISTED;
        }
        default -> {
          listed.add(v6);
          text = v6 + "%eth0";
          address = InetAddress.getByName(v6);
          client = Status.LISTED;
        }
      }
      Status numStatus = Status.NONE;
      if (address != null && address.getAddress().length == 4) {
        byte[] b = address.getAddress();
        num = ((b[0] & 0xFFL) << 24) | ((b[1] & 0xFFL) << 16) | ((b[2] & 0xFFL) << 8) | (b[3] & 0xFFL);
        numStatus = client;
      }
      Status rawStatus = client;
      if (kind == 6) {
        raw = new byte[] {1, 2, 3};
      } else if (kind == 7) {
        // An IPv4-mapped IPv6 address: the IPv4 address it maps.
        raw = new byte[16];
        raw[10] = (byte) 0xFF;
        raw[11] = (byte) 0xFF;
        System.arraycopy(address.getAddress(), 0, raw, 12, 4);
      } else {
        raw = address == null ? null : address.getAddress();
      }
      Map<String, Status> statuses = new LinkedHashMap<>();
      statuses.put("client", client);
      statuses.put("num", numStatus);
      statuses.put("raw", rawStatus);
      expected.put(id, statuses);
      addresses.put(id, address);
      rows.put(id, new Object[] {text, num, raw});
    }
    // Listed addresses no row holds, too: the index is more than the rows' addresses.
    listed.add("203.0.113.9");
    listed.add("2001:db8:1::1");
    Path list = Files.write(dir.resolve("ips.txt"), listed, StandardCharsets.UTF_8);
    index = dir.resolve("ips.ipidx");
    assertEquals(0, IndexTools.run(new Configuration(), new String[] {"build", "--input",
        list.toString(), "--output", index.toString(), "--quiet"}));

    input = Files.createDirectories(dir.resolve("tables"));
    for (String name : List.of("a.parquet", "b.parquet")) {
      try (InputStream in = ParquetTableJobTest.class.getResourceAsStream("/tables/parquet/"
          + name)) {
        Files.copy(in, input.resolve(name));
      }
    }
  }

  @Test
  void theTablesHoldWhatTheirReadmeSays() throws Exception {
    int read = 0;
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT id, client, num, hex(raw), http.client_ip,"
            + " http.status FROM read_parquet('" + input + "/*.parquet')")) {
      while (r.next()) {
        Object[] row = rows.get(r.getLong(1));
        assertEquals(row[0], r.getString(2), "client " + r.getLong(1));
        assertEquals(row[1], r.getObject(3) == null ? null : ((Number) r.getObject(3)).longValue(),
            "num " + r.getLong(1));
        assertEquals(row[2] == null ? null : HexFormat.of().withUpperCase().formatHex(
            (byte[]) row[2]), r.getString(4), "raw " + r.getLong(1));
        assertEquals(row[0], r.getString(5), "http.client_ip " + r.getLong(1));
        assertEquals(200, r.getInt(6), "http.status " + r.getLong(1));
        read++;
      }
    }
    assertEquals(ROWS_A + ROWS_B, read, "rows, each once");
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT count(DISTINCT row_group_id) FROM parquet_metadata('"
            + input.resolve("a.parquet") + "')")) {
      r.next();
      assertTrue(r.getInt(1) > 1, "a.parquet has several row groups");
    }
  }

  private static Connection duckdb() throws Exception {
    return DriverManager.getConnection("jdbc:duckdb:");
  }

  private static IpJoinRun run(String name, String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of(extra));
    args.addAll(List.of("--index", index.toString(), "--input", input.toString(), "--output",
        dir.resolve(name).toString()));
    Path staging = Files.createTempDirectory(dir, "_mr-staging").resolve("root");
    return IpJoinRun.local(staging, args);
  }

  private static Set<Long> ids(String column, Status... statuses) {
    Set<Long> ids = new HashSet<>();
    expected.forEach((id, s) -> {
      if (List.of(statuses).contains(s.get(column))) {
        ids.add(id);
      }
    });
    return ids;
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
        Map<String, Status> statuses = expected.get(r.getLong(1));
        assertEquals(tag(statuses.get("num")), r.getString(2));
        assertEquals(tag(statuses.get("raw")), r.getString(3));
        rows++;
      }
      // Tag mode writes every row, malformed ones too (tagged '-' in the malformed column).
      assertEquals(expected.size(), rows);
    }
  }

  private static String tag(Status status) {
    return switch (status) {
      case LISTED -> "1";
      case UNLISTED, NONE -> "0";
      case MALFORMED -> "-";
    };
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
      assertEquals(expected.size(), tags.size(), column + ": every row tagged");
      expected.forEach((id, s) -> assertEquals(tag(s.get(statusColumn)), tags.get(id),
          column + " row " + id));
    }
  }

  @Test
  void countCountsTheListedAddresses() throws Exception {
    IpJoinRun run = run("count", "--mode", "count", "--format", "parquet:raw");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    Map<InetAddress, Long> want = new HashMap<>();
    expected.forEach((id, s) -> {
      if (s.get("raw") == Status.LISTED) {
        want.merge(addresses.get(id), 1L, Long::sum);
      }
    });
    assertEquals(want, CountOutput.read(dir.resolve("count")));
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
    IpJoinRun run = IpJoinRun.local(Files.createTempDirectory(dir, "_mr-staging").resolve("root"),
        List.of("--mode", "tag", "--format", "parquet:num", "--index", "client=" + index,
            "--input", input.toString(), "--output", dir.resolve("collision").toString()));
    assertEquals(1, run.exitCode(), run.errLines().toString());
    assertTrue(run.errLines().get(run.errLines().size() - 1).contains(
        "tag column client is also a column of the input table"), run.errLines().toString());
    assertFalse(Files.exists(dir.resolve("collision")));
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
    List<String> args = List.of("--format", "parquet:client", "--index", index.toString(),
        "--input", mixed.toString(), "--output", dir.resolve("mixed-out").toString());
    IpJoinRun run = IpJoinRun.local(Files.createTempDirectory(dir, "_mr-staging").resolve("root"),
        args);
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
    Path staging = Files.createTempDirectory(dir, "_mr-staging").resolve("root");
    IpJoinRun run = IpJoinRun.local(staging, List.of("--index", index.toString(), "--input",
        lake.toString(), "--output", out.toString(), "--format", "parquet:client"));
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
