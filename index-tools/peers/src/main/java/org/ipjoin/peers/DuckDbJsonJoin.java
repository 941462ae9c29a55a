package org.ipjoin.peers;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ipjoin's exact-address join over JSON logs in DuckDB, as a DuckDB user writes it: the logs read
 * with {@code read_json} (one object a line, the columns the first object's keys, every one
 * VARCHAR), the client the string at the field given, the list an {@code IN} subquery (a hash semi
 * join), and the rows kept written back with {@code COPY … (FORMAT json)}: a flat object of strings
 * comes out byte for byte as it went in, so the output is the log lines, as ipjoin's is.
 *
 * <pre>DuckDbJsonJoin --field NAME --list FILE --logs FILE --output FILE [--threads N]</pre>
 *
 * Prints {@code peer=duckdb ... millis=N}: the time of the query, JVM start excluded.
 */
public final class DuckDbJsonJoin {

  private static final Pattern KEY = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"\\s*:");

  public static void main(String[] args) throws SQLException, IOException {
    if (args.length % 2 != 0) {
      usage("every option takes a value");
    }
    String field = null, list = null, logs = null, output = null;
    int threads = 2;
    for (int i = 0; i < args.length; i += 2) {
      switch (args[i]) {
        case "--field" -> field = args[i + 1];
        case "--list" -> list = args[i + 1];
        case "--logs" -> logs = args[i + 1];
        case "--output" -> output = args[i + 1];
        case "--threads" -> threads = Integer.parseInt(args[i + 1]);
        default -> usage("unknown option '" + args[i] + "'");
      }
    }
    if (field == null || list == null || logs == null || output == null) {
      usage("--field, --list, --logs and --output are required");
    }
    List<String> columns = firstKeys(Path.of(logs));
    if (!columns.contains(field)) {
      System.err.println("DuckDbJsonJoin: " + logs + ": the first object has no key '" + field + "'");
      System.exit(1);
    }
    long started = System.nanoTime();
    run(field, list, logs, output, threads, columns);
    long millis = (System.nanoTime() - started) / 1_000_000;
    System.out.println("peer=duckdb mode=match json=" + field + " threads=" + threads + " millis=" + millis);
  }

  static void run(String field, String list, String logs, String output, int threads, List<String> columns)
      throws SQLException {
    StringBuilder types = new StringBuilder();
    for (String column : columns) {
      types.append(types.length() == 0 ? "" : ", ").append(literal(column)).append(": 'VARCHAR'");
    }
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
         Statement sql = connection.createStatement()) {
      sql.execute("SET threads = " + threads);
      sql.execute("SET preserve_insertion_order = false");
      sql.execute(DuckDbJoin.IPV4_NUMBER_MACRO);
      String client = "\"" + field.replace("\"", "\"\"") + "\"";
      sql.execute("COPY (SELECT * FROM read_json(" + literal(logs) + ", format = 'newline_delimited',"
          + " columns = {" + types + "}) WHERE ipv4_number(" + client + ") IN (SELECT ipv4_number(address) FROM"
          + " read_csv(" + literal(list) + ", columns = {'address': 'VARCHAR'}, header = false, delim = '\t',"
          + " quote = '', escape = '', auto_detect = false))) TO " + literal(output) + " (FORMAT json)");
    }
  }

  /** The keys of the file's first object, in order (a flat object: one key per string before a colon). */
  static List<String> firstKeys(Path logs) throws IOException {
    String first;
    try (BufferedReader reader = Files.newBufferedReader(logs, StandardCharsets.UTF_8)) {
      first = reader.readLine();
    }
    List<String> keys = new ArrayList<>();
    if (first != null) {
      Matcher m = KEY.matcher(first);
      while (m.find()) {
        keys.add(m.group(1));
      }
    }
    return keys;
  }

  private static void usage(String what) {
    System.err.println("DuckDbJsonJoin: " + what
        + " (usage: DuckDbJsonJoin --field NAME --list FILE --logs FILE --output FILE [--threads N])");
    System.exit(2);
  }

  private static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
