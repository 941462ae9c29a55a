package org.ipjoin.peers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The peers section of {@code benchmarks.md}, from the {@code peers.csv} and {@code peers.txt} that
 * {@code index-tools/bench --peers} leaves: {@code PeersReport RESULTS_DIR OUTPUT_MD}. One table per
 * join (wall time of each system, whole process, and the ratio to ipjoin's), whether each output
 * equals ipjoin's, and the index builds apart. A system that did not finish is reported as such.
 */
public final class PeersReport {

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: PeersReport RESULTS_DIR OUTPUT_MD");
      System.exit(2);
    }
    Path results = Path.of(args[0]);
    Map<String, String> facts = facts(results.resolve("peers.txt"));
    List<String[]> rows = new ArrayList<>();
    for (String line : Files.readAllLines(results.resolve("peers.csv"))) {
      if (!line.startsWith("join,")) {
        rows.add(line.split(",", -1));
      }
    }
    Files.writeString(Path.of(args[1]), markdown(facts, rows));
    System.out.println("wrote " + args[1]);
  }

  /**
   * Rows: join, system, wall_ms (empty: did not finish or did not run), cpu_ms (user + system of the
   * whole process), engine_ms (the timeout in seconds when it did not finish), lines, output (same /
   * different / not compared / why it did not run). ipjoin's row comes first per join.
   */
  static String markdown(Map<String, String> facts, List<String[]> rows) {
    StringBuilder md = new StringBuilder();
    md.append("## Peers: the same joins in DuckDB, ClickHouse and Spark (`index-tools/bench --peers`)\n\n");
    md.append("Each system runs the join over the same files with ").append(facts.getOrDefault("threads", "?"))
        .append(" threads (ipjoin: the job on the local runner, `mapreduce.local.map.tasks.maximum`, ")
        .append(facts.getOrDefault("split_mb", "?")).append(" MiB splits; DuckDB ")
        .append(facts.getOrDefault("duckdb", "?")).append(" over JDBC, `SET threads`; ClickHouse ")
        .append(facts.getOrDefault("clickhouse", "(not run)")).append(" in process through chDB's Node binding,")
        .append(" `max_threads`; Spark ")
        .append(facts.getOrDefault("spark", "?")).append(" `local[N]`, broadcast joins). Wall time is the")
        .append(" whole process, JVM (or Node) start included, the index build excluded (below); CPU s is the")
        .append(" process's user + system time, its children included; `x ipjoin` is the")
        .append(" system's wall time over ipjoin's, so 8.0 means ipjoin took an eighth of the time. Every output")
        .append(" is compared with ipjoin's as a sorted multiset of lines (`index-tools/peers/same-output`):")
        .append(" ipjoin writes each split in input order, the others in any order.\n\n");
    if (facts.containsKey("data")) {
      md.append("Data: ").append(facts.get("data")).append("\n\n");
    }
    String join = null;
    double ipjoinMs = Double.NaN;
    for (String[] row : rows) {
      if (!row[0].equals(join)) {
        join = row[0];
        ipjoinMs = Double.NaN;
        md.append("\n**").append(facts.getOrDefault("title." + join, join)).append("**\n\n");
        md.append("| system | wall s | x ipjoin | CPU s | engine s | output lines | output |\n|---|---:|---:|---:|---:|---:|---|\n");
      }
      boolean finished = !row[2].isEmpty();
      double wall = finished ? Double.parseDouble(row[2]) : Double.NaN;
      if (row[1].startsWith("ipjoin")) {
        ipjoinMs = wall;
      }
      String notFinished = row[4].isEmpty() ? "" : "did not finish in " + row[4] + " s";
      md.append("| ").append(row[1])
          .append(" | ").append(finished ? seconds(row[2]) : notFinished)
          .append(" | ").append(finished && !Double.isNaN(ipjoinMs) ? String.format(Locale.ROOT, "%.2f", wall / ipjoinMs) : "")
          .append(" | ").append(finished ? seconds(row[3]) : "")
          .append(" | ").append(finished ? seconds(row[4]) : "")
          .append(" | ").append(row[5].isEmpty() ? "" : String.format(Locale.ROOT, "%,d", Long.parseLong(row[5])))
          .append(" | ").append(row[6]).append(" |\n");
    }
    md.append("\n");
    if (facts.containsKey("builds")) {
      md.append("Index builds, excluded above (`ipindex build`, whole process): ").append(facts.get("builds")).append("\n\n");
    }
    if (facts.containsKey("note")) {
      md.append(facts.get("note")).append("\n\n");
    }
    return md.toString();
  }

  private static String seconds(String millis) {
    return millis.isEmpty() ? "" : String.format(Locale.ROOT, "%.1f", Double.parseDouble(millis) / 1000);
  }

  private static Map<String, String> facts(Path file) throws IOException {
    Map<String, String> facts = new LinkedHashMap<>();
    if (Files.exists(file)) {
      for (String line : Files.readAllLines(file)) {
        int eq = line.indexOf('=');
        if (eq > 0) {
          facts.put(line.substring(0, eq), line.substring(eq + 1));
        }
      }
    }
    return facts;
  }
}
