package org.ipjoin.job.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows of every kind of Parquet column go through the join unchanged: a table written by DuckDB
 * with booleans, small integers, floats, doubles, decimals (INT64 and fixed-length), dates,
 * timestamps, UUIDs, blobs, lists (null, empty, with null elements, nested), maps, structs (null,
 * holding a list and a struct) and lists of structs, nulls in every column, in row groups of 1000
 * rows (so a map call's batch of rows spans row groups and pages); match writes the
 * listed rows, tag every row with its tag column, and the malformed rows go under {@code
 * malformed/}, each compared column by column with the input's rows by DuckDB. Which rows are
 * listed comes from the formula that made them (row {@code i}'s client is listed when {@code i %
 * 3 == 0}, malformed when {@code i % 50 == 7}).
 */
class ParquetRowKindsTest {

  private static final int ROWS = 3000;

  @TempDir static Path dir;
  private static Path index;
  private static Path input;

  @BeforeAll
  static void writeTable() throws Exception {
    List<String> listed = new ArrayList<>();
    for (int k = 0; k < 200; k++) {
      listed.add("10.1." + k + ".1");
    }
    Path list = Files.write(dir.resolve("ips.txt"), listed, StandardCharsets.UTF_8);
    index = dir.resolve("ips.ipidx");
    assertEquals(0, IndexTools.run(new Configuration(), new String[] {"build", "--input",
        list.toString(), "--output", index.toString(), "--quiet"}));
    input = Files.createDirectories(dir.resolve("kinds"));
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = db.createStatement()) {
      s.execute("COPY (SELECT i AS id,"
          + " CASE WHEN i % 50 = 7 THEN 'bad' WHEN i % 3 = 0 THEN '10.1.' || (i % 200) || '.1'"
          + " ELSE '192.0.2.' || (i % 200) END AS client,"
          + " CASE WHEN i % 5 = 0 THEN NULL ELSE i % 2 = 0 END AS flag,"
          + " (i % 100)::TINYINT AS tiny,"
          + " CASE WHEN i % 7 = 0 THEN NULL ELSE (i / 7.0)::FLOAT END AS f,"
          + " (i / 3.0)::DOUBLE AS d,"
          + " (i * 1.125)::DECIMAL(18, 3) AS dec18,"
          + " (i * 1.5)::DECIMAL(38, 5) AS dec38,"
          + " DATE '2026-01-01' + (i % 365)::INTEGER AS day,"
          + " TIMESTAMP '2026-11-27 00:00:00' + to_seconds(i) AS ts,"
          + " md5(i::VARCHAR)::UUID AS u,"
          + " CASE WHEN i % 11 = 0 THEN NULL ELSE encode(md5(i::VARCHAR)) END AS b,"
          + " CASE WHEN i % 4 = 0 THEN NULL WHEN i % 4 = 1 THEN []::VARCHAR[]"
          + " ELSE ['x' || i, NULL, 'y'] END AS words,"
          + " [[i, i + 1], [], NULL, [NULL]] AS nested,"
          + " MAP {'k' || (i % 3): i, 'z': NULL} AS m,"
          + " CASE WHEN i % 6 = 0 THEN NULL ELSE struct_pack(a := i, b := ['p', NULL],"
          + " c := struct_pack(x := i / 2.0)) END AS s,"
          + " [struct_pack(k := 'a', v := i), struct_pack(k := NULL, v := NULL)] AS pairs"
          + " FROM range(" + ROWS + ") t(i) ORDER BY i) TO '" + input.resolve("kinds.parquet")
          + "' (FORMAT parquet, ROW_GROUP_SIZE 1000)");
    }
  }

  private static IpJoinRun run(String name, String mode) throws Exception {
    return IpJoinRun.local(Files.createTempDirectory(dir, "_mr-staging").resolve("root"),
        List.of("--index", index.toString(), "--input", input.toString(), "--output",
            dir.resolve(name).toString(), "--format", "parquet:client", "--mode", mode));
  }

  /**
   * How many rows of {@code a} are not in {@code b} and of {@code b} not in {@code a}, as
   * multisets of whole rows (DuckDB compares every column, nested ones included).
   */
  private static long difference(String a, String b) throws Exception {
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT (SELECT count(*) FROM (" + a + " EXCEPT ALL " + b
            + ")) + (SELECT count(*) FROM (" + b + " EXCEPT ALL " + a + "))")) {
      r.next();
      return r.getLong(1);
    }
  }

  private static long rows(String query) throws Exception {
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT count(*) FROM (" + query + ")")) {
      r.next();
      return r.getLong(1);
    }
  }

  private static String in(String where) {
    return "SELECT * FROM read_parquet('" + input + "/*.parquet') WHERE " + where;
  }

  @Test
  void matchWritesTheListedRowsUnchangedAndTheMalformedOnes() throws Exception {
    IpJoinRun run = run("match", "match");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    String out = "SELECT * FROM read_parquet('" + dir.resolve("match") + "/part-*')";
    String listed = "id % 3 = 0 AND id % 50 <> 7";
    assertEquals(rows(in(listed)), rows(out));
    assertEquals(0, difference(out, in(listed)));
    String malformed = "SELECT * FROM read_parquet('" + dir.resolve("match")
        + "/malformed/part-*')";
    assertEquals(ROWS / 50, rows(malformed));
    assertEquals(0, difference(malformed, in("id % 50 = 7")));
  }

  @Test
  void tagWritesEveryRowUnchangedWithItsTagColumn() throws Exception {
    IpJoinRun run = run("tag", "tag");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    String out = "SELECT * FROM read_parquet('" + dir.resolve("tag") + "/part-*')";
    assertEquals(ROWS, rows(out));
    assertEquals(0, difference("SELECT * EXCLUDE (ips) FROM (" + out + ")", in("true")));
    assertEquals(0, rows(out + " WHERE ips IS DISTINCT FROM CASE WHEN id % 50 = 7 THEN '-'"
        + " WHEN id % 3 = 0 THEN '1' ELSE '0' END"));
  }
}
