package org.ipjoin.peers;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * The bench's Parquet tables in DuckDB, as a DuckDB user writes them:
 *
 * <pre>
 * DuckDbTables write --logs FILE --output FILE.parquet [--threads N]
 * DuckDbTables join --mode match|tag|count --list FILE --table FILE.parquet --output PATH [--threads N]
 * DuckDbTables same A B
 * DuckDbTables rows A
 * </pre>
 *
 * {@code write}: the combined log as a zstd Parquet table of columns client_ip, time, method,
 * path, status (INTEGER), bytes (BIGINT, null for {@code -}), referer, user_agent, one row a line
 * in the log's order (a line the combined pattern misses is left out: the rows and lines are
 * counted on stderr). {@code join}: ipjoin's exact-address join over
 * the table, the list an {@code IN} subquery (a hash semi join) of IPv4 numbers ({@link
 * DuckDbJoin#IPV4_NUMBER_MACRO}): match writes the listed rows, tag every row and a column {@code
 * ips} ({@code 1} listed, {@code 0} not, {@code -} a client that is no IPv4 address), both as zstd
 * Parquet; count writes {@code address TAB rows} lines for the listed addresses, as ipjoin's count
 * does. {@code same}: whether two Parquet outputs (files or folders of part files; {@code _} and
 * {@code .} names and {@code malformed/} are not output) hold the same rows as multisets, every
 * column compared as text; exit 0 and {@code same: N rows}, or 1 and the counts that differ.
 * {@code rows}: the rows of one such output.
 * Prints {@code peer=duckdb … millis=N}: the time of the statement, JVM start excluded.
 */
public final class DuckDbTables {

  /**
   * The combined log format: client, identity, user, [time], "method path protocol", status,
   * bytes, "referer", "agent" (quoted strings may hold backslash-escaped quotes, kept as written).
   */
  private static final String COMBINED =
      "^(\\S+) \\S+ \\S+ \\[([^\\]]*)\\] \"(\\S*) ?(\\S*)[^\"]*\" (\\d{3}) (\\S+) \"((?:[^\"\\\\]|\\\\.)*)\""
      + " \"((?:[^\"\\\\]|\\\\.)*)\"";

  public static void main(String[] args) throws SQLException {
    if (args.length == 3 && args[0].equals("same")) {
      System.exit(same(args[1], args[2]));
    }
    if (args.length == 2 && args[0].equals("rows")) {
      try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
          Statement sql = connection.createStatement();
          ResultSet r = sql.executeQuery("SELECT count(*) FROM (" + rows(args[1]) + ")")) {
        r.next();
        System.out.println(r.getLong(1));
      }
      return;
    }
    if (args.length < 1 || args.length % 2 != 1) {
      usage("a command and options, each with a value");
    }
    Map<String, String> o = new HashMap<>();
    o.put("--threads", "2");
    for (int i = 1; i < args.length; i += 2) {
      o.put(args[i], args[i + 1]);
    }
    long started = System.nanoTime();
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement sql = connection.createStatement()) {
      sql.execute("SET threads = " + Integer.parseInt(o.get("--threads")));
      switch (args[0]) {
        case "write" -> write(sql, required(o, "--logs"), required(o, "--output"));
        case "join" -> join(sql, required(o, "--mode"), required(o, "--list"), required(o, "--table"),
            required(o, "--output"));
        default -> usage("unknown command '" + args[0] + "'");
      }
    }
    long millis = (System.nanoTime() - started) / 1_000_000;
    System.out.println("peer=duckdb command=" + args[0] + " mode=" + o.getOrDefault("--mode", "")
        + " threads=" + o.get("--threads") + " millis=" + millis);
  }

  private static String required(Map<String, String> o, String name) {
    String value = o.get(name);
    if (value == null) {
      usage("missing " + name);
    }
    return value;
  }

  static void write(Statement sql, String logs, String output) throws SQLException {
    // In the log's order: the table's rows are the log's lines.
    sql.execute("SET preserve_insertion_order = true");
    String p = DuckDbJoin.literal(COMBINED);
    StringBuilder columns = new StringBuilder();
    String[][] names = {{"client_ip", "1", "VARCHAR"}, {"time", "2", "VARCHAR"},
        {"method", "3", "VARCHAR"}, {"path", "4", "VARCHAR"}, {"status", "5", "INTEGER"},
        {"bytes", "6", "BIGINT"}, {"referer", "7", "VARCHAR"}, {"user_agent", "8", "VARCHAR"}};
    for (String[] c : names) {
      String value = "regexp_extract(line, " + p + ", " + c[1] + ")";
      columns.append(columns.length() == 0 ? "" : ", ").append(c[2].equals("VARCHAR") ? value
          : "try_cast(" + value + " AS " + c[2] + ")").append(" AS ").append(c[0]);
    }
    sql.execute("COPY (SELECT " + columns + " FROM " + DuckDbJoin.lines(logs, "line VARCHAR")
        + " WHERE regexp_matches(line, " + p + ")) TO " + DuckDbJoin.literal(output)
        + " (FORMAT parquet, COMPRESSION zstd)");
    try (ResultSet r = sql.executeQuery("SELECT (SELECT count(*) FROM "
        + DuckDbJoin.lines(logs, "line VARCHAR") + "), (SELECT count(*) FROM read_parquet("
        + DuckDbJoin.literal(output) + "))")) {
      r.next();
      System.err.println("DuckDbTables: " + r.getLong(2) + " rows of " + r.getLong(1) + " lines");
    }
  }

  static void join(Statement sql, String mode, String list, String table, String output)
      throws SQLException {
    sql.execute("SET preserve_insertion_order = false");
    sql.execute(DuckDbJoin.IPV4_NUMBER_MACRO);
    String rows = "read_parquet(" + DuckDbJoin.literal(table) + ")";
    String listed = "ipv4_number(client_ip) IN (SELECT ipv4_number(address) FROM "
        + DuckDbJoin.lines(list, "address VARCHAR") + ")";
    String parquet = " (FORMAT parquet, COMPRESSION zstd)";
    switch (mode) {
      case "match" -> sql.execute("COPY (SELECT * FROM " + rows + " WHERE " + listed + ") TO "
          + DuckDbJoin.literal(output) + parquet);
      case "tag" -> sql.execute("COPY (SELECT *, CASE WHEN " + listed + " THEN '1' WHEN"
          + " client_ip IS NULL OR client_ip IN ('', '-') THEN '0' WHEN ipv4_number(client_ip) IS"
          + " NULL THEN '-' ELSE '0' END AS ips FROM " + rows + ") TO " + DuckDbJoin.literal(output)
          + parquet);
      case "count" -> sql.execute("COPY (SELECT client_ip, count(*) FROM " + rows + " WHERE "
          + listed + " GROUP BY client_ip) TO " + DuckDbJoin.literal(output)
          + " (FORMAT csv, HEADER false, QUOTE '', ESCAPE '', DELIMITER '\t')");
      default -> usage("--mode must be match, tag or count, not '" + mode + "'");
    }
  }

  /** The rows of the Parquet output {@code path} (a file, or a folder's part files). */
  private static String rows(String path) {
    String glob = path.endsWith(".parquet") ? path : path + "/part-*";
    return "SELECT COLUMNS(*)::VARCHAR FROM read_parquet(" + DuckDbJoin.literal(glob) + ")";
  }

  static int same(String a, String b) throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement sql = connection.createStatement();
        ResultSet r = sql.executeQuery("SELECT (SELECT count(*) FROM (" + rows(a) + ")),"
            + " (SELECT count(*) FROM (" + rows(b) + ")),"
            + " (SELECT count(*) FROM (" + rows(a) + " EXCEPT ALL " + rows(b) + ")),"
            + " (SELECT count(*) FROM (" + rows(b) + " EXCEPT ALL " + rows(a) + "))")) {
      r.next();
      if (r.getLong(3) == 0 && r.getLong(4) == 0) {
        System.out.println("same: " + r.getLong(1) + " rows");
        return 0;
      }
      System.out.println("different: " + a + " has " + r.getLong(1) + " rows, " + b + " has "
          + r.getLong(2) + "; " + r.getLong(3) + " only in A, " + r.getLong(4) + " only in B");
      return 1;
    }
  }

  private static void usage(String what) {
    System.err.println("DuckDbTables: " + what + " (usage: DuckDbTables write --logs FILE --output"
        + " FILE.parquet | join --mode match|tag|count --list FILE --table FILE.parquet --output PATH"
        + " [--threads N] | same A B | rows A)");
    System.exit(2);
  }
}
