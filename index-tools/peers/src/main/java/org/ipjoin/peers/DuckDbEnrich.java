package org.ipjoin.peers;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The enrichment join in DuckDB: every log line against four lists in one query, four LEFT JOINs,
 * as {@code ipjoin --mode tag} with four indexes writes it (the line, then one TAB-separated tag per
 * index in the order given: exact, ranges, geo, mixed). {@code DuckDbEnrich --logs FILE --exact
 * ip.tsv --ranges ranges.tsv --geo geo.csv --mixed mixed.tsv --output FILE [--threads N]}.
 *
 * <ul>
 *   <li>exact: {@code 1} when the IPv4 client is listed, else {@code 0} (a hash join on the number);
 *   <li>ranges: the label of the range holding the client, else {@code 0} (ASOF, end checked after);
 *   <li>geo: {@code country TAB continent} of the range holding it (ASOF), else {@code 0};
 *   <li>mixed: {@code 1} when the client (IPv4 or IPv6) is listed, else {@code 0}: a join on the
 *       lower-cased text, since DuckDB's JDBC driver has no IPv6 type without the inet extension
 *       (the sample data writes an address the same way in the list and the logs);
 * </ul>
 * A client that is no address is tagged {@code -} by every index; an IPv6 client is {@code 0} in
 * the IPv4 lists. Prints {@code peer=duckdb-enrich ... millis=N}, the query's time.
 */
public final class DuckDbEnrich {

  public static void main(String[] args) throws SQLException {
    java.util.Map<String, String> o = new java.util.HashMap<>(java.util.Map.of("--threads", "2"));
    for (int i = 0; i + 1 < args.length; i += 2) {
      o.put(args[i], args[i + 1]);
    }
    for (String required : new String[] {"--logs", "--exact", "--ranges", "--geo", "--mixed", "--output"}) {
      if (!o.containsKey(required)) {
        System.err.println("DuckDbEnrich: missing " + required + " (usage: DuckDbEnrich --logs FILE --exact FILE"
            + " --ranges FILE --geo FILE --mixed FILE --output FILE [--threads N])");
        System.exit(2);
      }
    }
    long started = System.nanoTime();
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
         Statement sql = connection.createStatement()) {
      sql.execute("SET threads = " + Integer.parseInt(o.get("--threads")));
      sql.execute("SET preserve_insertion_order = false");
      sql.execute(DuckDbJoin.IPV4_NUMBER_MACRO);
      sql.execute("CREATE TABLE logs AS SELECT line, split_part(line, ' ', 1) AS client,"
          + " ipv4_number(split_part(line, ' ', 1)) AS ip,"
          + " ip IS NOT NULL OR regexp_full_match(split_part(line, ' ', 1), '[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*') AS is_address"
          + " FROM " + lines(o.get("--logs"), "line"));
      sql.execute("CREATE TABLE exact AS SELECT DISTINCT ipv4_number(split_part(entry, chr(9), 1)) AS ip FROM "
          + lines(o.get("--exact"), "entry"));
      sql.execute("CREATE TABLE ranges AS SELECT ipv4_number(split_part(split_part(entry, chr(9), 1), '-', 1)) AS lo,"
          + " ipv4_number(split_part(split_part(entry, chr(9), 1), '-', 2)) AS hi,"
          + " substr(entry, strpos(entry, chr(9)) + 1) AS label FROM " + lines(o.get("--ranges"), "entry"));
      sql.execute("CREATE TABLE geo AS SELECT ipv4_number(split_part(entry, ',', 1)) AS lo,"
          + " ipv4_number(split_part(entry, ',', 2)) AS hi,"
          + " split_part(entry, ',', 3) || chr(9) || split_part(entry, ',', 4) AS label FROM " + lines(o.get("--geo"), "entry"));
      sql.execute("CREATE TABLE mixed AS SELECT DISTINCT lower(split_part(entry, chr(9), 1)) AS address FROM "
          + lines(o.get("--mixed"), "entry"));
      String query = "SELECT l.line"
          + " || chr(9) || CASE WHEN NOT l.is_address THEN '-' WHEN e.ip IS NULL THEN '0' ELSE '1' END"
          + " || chr(9) || CASE WHEN NOT l.is_address THEN '-' WHEN r.lo IS NULL OR l.ip > r.hi THEN '0' ELSE r.label END"
          // The geo index has two attributes, so two columns: '0' or '-' in each when there is no value.
          + " || chr(9) || CASE WHEN NOT l.is_address THEN '-' || chr(9) || '-'"
          + " WHEN g.lo IS NULL OR l.ip > g.hi THEN '0' || chr(9) || '0' ELSE g.label END"
          + " || chr(9) || CASE WHEN NOT l.is_address THEN '-' WHEN m.address IS NULL THEN '0' ELSE '1' END"
          + " FROM logs l LEFT JOIN exact e ON l.ip = e.ip"
          + " ASOF LEFT JOIN ranges r ON l.ip >= r.lo"
          + " ASOF LEFT JOIN geo g ON l.ip >= g.lo"
          + " LEFT JOIN mixed m ON lower(l.client) = m.address";
      sql.execute("COPY (" + query + ") TO '" + o.get("--output").replace("'", "''")
          + "' (FORMAT csv, HEADER false, QUOTE '', ESCAPE '', DELIMITER '\u0001')");
    }
    System.out.println("peer=duckdb-enrich threads=" + o.get("--threads") + " millis="
        + (System.nanoTime() - started) / 1_000_000);
  }

  /** A text file read as one VARCHAR column per line, nothing unquoted or trimmed. */
  private static String lines(String file, String column) {
    return "read_csv('" + file.replace("'", "''") + "', columns = {'" + column + "': 'VARCHAR'}, header = false,"
        + " delim = '\u0001', quote = '', escape = '', auto_detect = false)";
  }
}
