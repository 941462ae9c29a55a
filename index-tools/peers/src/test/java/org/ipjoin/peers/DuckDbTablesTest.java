package org.ipjoin.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DuckDbTablesTest {

  @TempDir
  Path dir;

  @Test
  void theLogBecomesATableAndTheJoinsKeepTheListedRows() throws Exception {
    Path logs = TinyJoin.write(dir, "access.log", TinyJoin.LOGS);
    String table = dir.resolve("access.parquet").toString();
    String list = TinyJoin.write(dir, "list.txt", TinyJoin.LIST).toString();
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:"); Statement sql = db.createStatement()) {
      DuckDbTables.write(sql, logs.toString(), table);
      // Every line a row, its fields as the log holds them (the escaped quotes of an agent kept).
      List<String> rows = new ArrayList<>();
      try (ResultSet r = sql.executeQuery("SELECT client_ip, method, path, status, bytes, user_agent FROM read_parquet('"
          + table + "')")) {
        while (r.next()) {
          rows.add(r.getString(1) + "|" + r.getString(2) + "|" + r.getString(3) + "|" + r.getInt(4) + "|"
              + r.getLong(5) + "|" + r.getString(6));
        }
      }
      assertEquals(TinyJoin.LOGS.size(), rows.size());
      assertEquals("10.0.0.1|GET|/|200|1|curl, with \\\"quotes\\\"", rows.get(0));
      assertEquals("10.0.0.10|GET|/a|404|2|x", rows.get(1));
      DuckDbTables.join(sql, "match", list, table, dir.resolve("match.parquet").toString());
      List<String> matched = new ArrayList<>();
      try (ResultSet r = sql.executeQuery("SELECT client_ip FROM read_parquet('" + dir.resolve("match.parquet")
          + "') ORDER BY bytes")) {
        while (r.next()) {
          matched.add(r.getString(1));
        }
      }
      List<String> want = new ArrayList<>();
      for (String line : TinyJoin.expectedMatch()) {
        want.add(line.substring(0, line.indexOf(' ')));
      }
      assertEquals(want.stream().sorted().toList(), matched.stream().sorted().toList());
    }
    assertEquals(0, DuckDbTables.same(table, table));
    assertEquals(1, DuckDbTables.same(table, dir.resolve("match.parquet").toString()));
  }
}
