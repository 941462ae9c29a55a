package org.ipjoin.job.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.ipjoin.api.IpJoin;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Count mode reads the address column alone: a wide table written by DuckDB whose {@code
 * payload} column chunks are overwritten with bytes that are no Parquet page (in every row group,
 * after DuckDB wrote the file), so any job that reads {@code payload} fails. The count job reads
 * only {@code client} and gives the counts computed here from the formula that made the rows; a
 * match job over the same file, which writes whole rows and so reads every column, fails, which
 * shows the damage is real.
 */
class ParquetProjectionTest {

  private static final int ROWS = 20_000;

  @TempDir static Path dir;
  private static Path index;
  private static Path input;
  /** Listed address → rows holding it, from the formula of the rows. */
  private static final Map<String, Long> expected = new HashMap<>();

  /** Row {@code i}'s client: a malformed value every 1000th row, else one of 55 addresses. */
  private static String client(int i) {
    return i % 1000 == 999 ? "not-an-ip" : "10." + (i % 5) + "." + (i % 11) + ".1";
  }

  @BeforeAll
  static void writeWideTableWithDamagedColumn() throws Exception {
    // Listed: the addresses whose second number is even (0, 2, 4).
    List<String> listed = new ArrayList<>();
    for (int a = 0; a < 5; a += 2) {
      for (int b = 0; b < 11; b++) {
        listed.add("10." + a + "." + b + ".1");
      }
    }
    for (int i = 0; i < ROWS; i++) {
      if (listed.contains(client(i))) {
        expected.merge(client(i), 1L, Long::sum);
      }
    }
    Path list = Files.write(dir.resolve("ips.txt"), listed, StandardCharsets.UTF_8);
    index = dir.resolve("ips.ipidx");
    assertEquals(0, IndexTools.run(new Configuration(), new String[] {"build", "--input",
        list.toString(), "--output", index.toString(), "--quiet"}));

    input = Files.createDirectories(dir.resolve("wide"));
    Path file = input.resolve("wide.parquet");
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = db.createStatement()) {
      StringBuilder wide = new StringBuilder();
      for (int c = 0; c < 10; c++) {
        wide.append(", md5((i * ").append(c + 7).append(")::VARCHAR) AS c").append(c);
      }
      s.execute("COPY (SELECT i AS id, CASE WHEN i % 1000 = 999 THEN 'not-an-ip' ELSE '10.' ||"
          + " (i % 5) || '.' || (i % 11) || '.1' END AS client, repeat(md5(i::VARCHAR), 4) AS"
          + " payload" + wide + " FROM range(" + ROWS + ") t(i) ORDER BY i) TO '" + file
          + "' (FORMAT parquet, ROW_GROUP_SIZE 4096)");
      List<long[]> chunks = new ArrayList<>();
      try (ResultSet r = s.executeQuery("SELECT coalesce(least(dictionary_page_offset,"
          + " data_page_offset), data_page_offset), total_compressed_size FROM parquet_metadata('"
          + file + "') WHERE path_in_schema = 'payload'")) {
        while (r.next()) {
          chunks.add(new long[] {r.getLong(1), r.getLong(2)});
        }
      }
      assertTrue(chunks.size() > 1, "several row groups");
      try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
        for (long[] chunk : chunks) {
          byte[] junk = new byte[(int) chunk[1]];
          Arrays.fill(junk, (byte) 0xFF);
          f.seek(chunk[0]);
          f.write(junk);
        }
      }
    }
  }

  private static IpJoinRun run(String name, String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of(extra));
    args.addAll(List.of("--index", index.toString(), "--input", input.toString(), "--output",
        dir.resolve(name).toString(), "--format", "parquet:client"));
    return IpJoinRun.local(Files.createTempDirectory(dir, "_mr-staging").resolve("root"), args);
  }

  @Test
  void countReadsTheAddressColumnAloneAndCountsAsBefore() throws Exception {
    IpJoinRun run = run("count", "--mode", "count");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    Map<String, Long> got = new HashMap<>();
    try (Stream<Path> parts = Files.list(dir.resolve("count"))) {
      for (Path part : parts.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
        for (String line : Files.readAllLines(part)) {
          String[] f = line.split("\t");
          assertTrue(got.put(f[0], Long.parseLong(f[1])) == null, "each address once: " + line);
        }
      }
    }
    assertEquals(expected, got);
    // The malformed rows are written with the columns read: the address column alone.
    Map<String, Long> malformed = new LinkedHashMap<>();
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT client, count(*) FROM read_parquet('"
            + dir.resolve("count") + "/malformed/part-*') GROUP BY client")) {
      while (r.next()) {
        malformed.put(r.getString(1), r.getLong(2));
      }
    }
    assertEquals(Map.of("not-an-ip", (long) ROWS / 1000), malformed);
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = db.createStatement();
        ResultSet r = s.executeQuery("DESCRIBE SELECT * FROM read_parquet('"
            + dir.resolve("count") + "/malformed/part-*')")) {
      TreeSet<String> names = new TreeSet<>();
      while (r.next()) {
        names.add(r.getString(1));
      }
      assertEquals(new TreeSet<>(List.of("client")), names);
    }
  }

  @Test
  void countWritesOnePairPerAddressAndTaskNotPerRow() throws Exception {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.jobtracker.staging.root.dir",
        Files.createTempDirectory(dir, "_mr-staging").resolve("root").toString());
    Job job = IpJoin.join(conf).index(index.toString()).input(input.toString())
        .output(dir.resolve("count-pairs").toString()).format("parquet:client").mode("count")
        .prepare().job();
    assertTrue(job.waitForCompletion(false));
    long pairs = job.getCounters().findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue();
    long listedRows = expected.values().stream().mapToLong(Long::longValue).sum();
    // The file is one split (smaller than a split), so one map task: it sums per address and
    // writes one pair per listed address, where one (address, 1) pair per listed row would be
    // listedRows.
    assertEquals(expected.size(), pairs);
    assertTrue(listedRows > 10L * expected.size(), "rows repeat their addresses");
  }

  @Test
  void matchReadsWholeRowsSoTheDamagedColumnFailsIt() throws Exception {
    IpJoinRun run = run("match", "--mode", "match");
    assertEquals(1, run.exitCode(), run.errLines().toString());
  }
}
