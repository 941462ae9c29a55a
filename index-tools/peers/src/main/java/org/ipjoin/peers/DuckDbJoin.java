package org.ipjoin.peers;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * ipjoin's joins in DuckDB over JDBC, written as a DuckDB user would: the client IP is the first
 * space-separated field of the line ({@code split_part}), turned into an integer with string
 * functions (the inet extension is not bundled with the JDBC driver and would need a download),
 * the exact-address join an {@code IN} subquery (a hash semi join), the range join either the
 * {@code BETWEEN} join ({@code --join between}) or DuckDB's {@code ASOF} join ({@code --join asof}).
 * The result goes to one file through {@code COPY}, lines written as they are (no quoting).
 * Prints {@code peer=duckdb ... millis=N}: the time of the query, JVM start excluded.
 */
public final class DuckDbJoin {

  /** A byte that never occurs in a text log line, so that each line is read as one column. */
  private static final String NO_DELIMITER = "\u0001";

  /** ipv4_number(text): the dotted quad's number, NULL when it is not four numbers 0-255. */
  static final String IPV4_NUMBER_MACRO = "CREATE MACRO ipv4_number(s) AS CASE WHEN len(string_split(s, '.')) = 4 THEN "
      + "try_cast(split_part(s, '.', 1) AS UTINYINT)::BIGINT * 16777216"
      + " + try_cast(split_part(s, '.', 2) AS UTINYINT)::BIGINT * 65536"
      + " + try_cast(split_part(s, '.', 3) AS UTINYINT)::BIGINT * 256"
      + " + try_cast(split_part(s, '.', 4) AS UTINYINT)::BIGINT END";

  public static void main(String[] args) throws SQLException {
    PeerOptions options;
    try {
      options = PeerOptions.parse("DuckDbJoin", args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    long started = System.nanoTime();
    run(options);
    long millis = (System.nanoTime() - started) / 1_000_000;
    System.out.println("peer=duckdb mode=" + options.mode() + " join=" + options.join() + " threads="
        + options.threads() + " millis=" + millis);
  }

  static void run(PeerOptions options) throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
         Statement sql = connection.createStatement()) {
      sql.execute("SET threads = " + options.threads());
      sql.execute("SET preserve_insertion_order = false");
      sql.execute(IPV4_NUMBER_MACRO);
      // The range joins read both sides into tables first, as a DuckDB user loads data: over read_csv
      // directly the optimizer has no row counts, guesses a few dozen rows and runs the ASOF and
      // BETWEEN joins as nested loops (lines x ranges).
      String kind = options.mode().equals("match") ? "VIEW" : "TABLE";
      sql.execute("CREATE " + kind + " logs AS SELECT line, ipv4_number(split_part(line, ' ', 1)) AS ip FROM "
          + lines(options.logs(), "line VARCHAR"));
      if (options.mode().equals("tag")) {
        sql.execute("CREATE TABLE ranges AS " + ranges(options.list()));
      }
      sql.execute("COPY (" + query(options) + ") TO " + literal(options.output())
          + " (FORMAT csv, HEADER false, QUOTE '', ESCAPE '', DELIMITER '" + NO_DELIMITER + "')");
    }
  }

  static String query(PeerOptions options) {
    if (options.mode().equals("match")) {
      return "SELECT line FROM logs WHERE ip IN (SELECT ipv4_number(address) FROM "
          + lines(options.list(), "address VARCHAR") + ")";
    }
    String tag = "CASE WHEN l.ip IS NULL THEN '-' WHEN r.label IS NULL THEN '0' ELSE r.label END";
    if (options.join().equals("asof")) {
      // ASOF takes one inequality: the range starting at or before the client; the end is checked after.
      return "SELECT l.line || chr(9) || (CASE WHEN l.ip IS NOT NULL AND l.ip > r.hi THEN '0' ELSE " + tag + " END)"
          + " FROM logs l ASOF LEFT JOIN ranges r ON l.ip >= r.lo";
    }
    return "SELECT l.line || chr(9) || " + tag + " FROM logs l LEFT JOIN ranges r ON l.ip BETWEEN r.lo AND r.hi";
  }

  private static String ranges(String file) {
    return "SELECT ipv4_number(split_part(range, '-', 1)) AS lo, ipv4_number(split_part(range, '-', 2)) AS hi,"
        + " label FROM read_csv(" + literal(file) + ", columns = {'range': 'VARCHAR', 'label': 'VARCHAR'},"
        + " header = false, delim = '\t', quote = '', escape = '', auto_detect = false)";
  }

  /** A text file read as one VARCHAR column per line, nothing unquoted or trimmed. */
  static String lines(String file, String column) {
    String[] nameType = column.split(" ");
    return "read_csv(" + literal(file) + ", columns = {'" + nameType[0] + "': '" + nameType[1] + "'}, header = false,"
        + " delim = '" + NO_DELIMITER + "', quote = '', escape = '', auto_detect = false)";
  }

  static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
