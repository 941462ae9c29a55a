package org.ipjoin.job.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Parquet output is encoded as the input is, column by column: a table written by
 * parquet-hadoop's writer with dictionaries for two columns and none for the others (all of few
 * distinct values, which the writer would dictionary-encode by default), snappy with one column
 * gzip, is joined; each output column has a dictionary exactly where the input's has one and the
 * input's codec, the tag column a dictionary; a user's {@code -D parquet.*} key wins. Rows are
 * read back by DuckDB and compared with the formula that made them ({@link #row}), the listed
 * ones chosen by the formula too.
 */
class ParquetOutputEncodingsTest {

  private static final int ROWS = 4000;
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message access {"
      + " required int64 id; required binary client (STRING); required binary method (STRING);"
      + " required binary agent (STRING); required int32 status; required int64 bytes;"
      + " optional group http { optional binary referer (STRING); } }");
  /** The columns the input holds with a dictionary; the others it holds plain. */
  private static final Set<String> DICTIONARY = Set.of("method", "bytes");

  @TempDir static Path dir;
  private static TableJobFixture fixture;
  private static Path input;

  /** Row {@code id}'s columns as DuckDB reads them (id, client, …, http.referer). */
  private static List<Object> row(long id) {
    int i = (int) id;
    return List.of(id, client(i), i % 3 == 0 ? "GET" : "POST", "agent-" + i % 5, 200 + i % 4,
        (long) (i % 7 * 100), i % 6 == 0 ? "null" : "https://r/" + i % 3);
  }

  private static String client(int i) {
    return "10.0.0." + i % 40;
  }

  /** Row {@code id} is listed when its client's last number is even. */
  private static boolean listed(long id) {
    return id % 40 % 2 == 0;
  }

  @BeforeAll
  static void writeTable() throws Exception {
    Set<String> listed = new HashSet<>();
    for (int k = 0; k < 40; k += 2) {
      listed.add(client(k));
    }
    fixture = TableJobFixture.withList(dir, listed);
    input = Files.createDirectories(dir.resolve("in"));
    ExampleParquetWriter.Builder builder = ExampleParquetWriter.builder(
            new org.apache.hadoop.fs.Path(input.resolve("access.parquet").toUri()))
        .withConf(new Configuration()).withType(SCHEMA)
        .withCompressionCodec(CompressionCodecName.SNAPPY)
        .withCompressionCodec("agent", CompressionCodecName.GZIP)
        .withDictionaryEncoding(false);
    for (String column : DICTIONARY) {
      builder.withDictionaryEncoding(column, true);
    }
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> writer = builder.build()) {
      for (int i = 0; i < ROWS; i++) {
        Group g = groups.newGroup().append("id", (long) i).append("client", client(i))
            .append("method", i % 3 == 0 ? "GET" : "POST").append("agent", "agent-" + i % 5)
            .append("status", 200 + i % 4).append("bytes", (long) (i % 7 * 100));
        Group http = g.addGroup("http");
        if (i % 6 != 0) {
          http.append("referer", "https://r/" + i % 3);
        }
        writer.write(g);
      }
    }
    // The input is what the tests say: dictionaries for those columns only, gzip for agent.
    assertEquals(encodings(Set.of(), CompressionCodecName.SNAPPY, Map.of("agent",
        CompressionCodecName.GZIP)), chunks(input.resolve("access.parquet")));
  }

  /**
   * Per column of the table ({@code http.referer} by its dotted path, then the tag column {@code
   * ips} when {@code tag}), whether it has a dictionary and its codec: {@link #DICTIONARY} and
   * {@code more} with one, {@code codec} unless {@code codecs} names the column.
   */
  private static Map<String, String> encodings(Set<String> more, CompressionCodecName codec,
      Map<String, CompressionCodecName> codecs, String... tag) {
    Map<String, String> want = new TreeMap<>();
    List<String> columns = new ArrayList<>(List.of("id", "client", "method", "agent", "status",
        "bytes", "http.referer"));
    columns.addAll(List.of(tag));
    for (String column : columns) {
      boolean dictionary = DICTIONARY.contains(column) || more.contains(column);
      want.put(column, (dictionary ? "dictionary " : "plain ")
          + codecs.getOrDefault(column, codec));
    }
    return want;
  }

  /** Per column of every row group of {@code file}: dictionary or plain, and its codec. */
  private static Map<String, String> chunks(Path file) throws Exception {
    Map<String, String> seen = new TreeMap<>();
    try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(
        new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
      assertFalse(reader.getFooter().getBlocks().isEmpty(), file + " has rows");
      for (BlockMetaData block : reader.getFooter().getBlocks()) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
          String what = (chunk.hasDictionaryPage() ? "dictionary " : "plain ") + chunk.getCodec();
          String before = seen.put(chunk.getPath().toDotString(), what);
          assertEquals(before == null ? what : before, what, file + " " + chunk.getPath());
        }
      }
    }
    return seen;
  }

  private static List<Path> parts(Path out) throws Exception {
    try (Stream<Path> files = Files.list(out)) {
      List<Path> parts = files.filter(f -> f.getFileName().toString().startsWith("part-"))
          .sorted().toList();
      assertFalse(parts.isEmpty(), "part files in " + out);
      return parts;
    }
  }

  /** The rows of {@code out}'s part files as DuckDB reads them, each as {@link #row} lists. */
  private static List<List<Object>> rows(Path out, String more) throws Exception {
    List<List<Object>> rows = new ArrayList<>();
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT id, client, method, agent, status, bytes,"
            + " coalesce(http.referer, 'null')" + more + " FROM read_parquet('" + out
            + "/part-*') ORDER BY id")) {
      while (r.next()) {
        List<Object> row = new ArrayList<>(List.of(r.getLong(1), r.getString(2),
            r.getString(3), r.getString(4), r.getInt(5), r.getLong(6), r.getString(7)));
        if (!more.isEmpty()) {
          row.add(r.getString(8));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  private static List<List<Object>> expected(boolean tag) {
    List<List<Object>> rows = new ArrayList<>();
    for (long id = 0; id < ROWS; id++) {
      if (tag || listed(id)) {
        List<Object> row = new ArrayList<>(row(id));
        if (tag) {
          row.add(listed(id) ? "1" : "0");
        }
        rows.add(row);
      }
    }
    return rows;
  }

  private static IpJoinRun run(String name, String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of(extra));
    args.addAll(List.of("--format", "parquet:client"));
    return fixture.run(name, input, args.toArray(String[]::new));
  }

  @Test
  void matchWritesEachColumnWithADictionaryWhereTheInputHasOneAndInItsCodec() throws Exception {
    IpJoinRun run = run("match");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    for (Path part : parts(dir.resolve("match"))) {
      assertEquals(encodings(Set.of(), CompressionCodecName.SNAPPY, Map.of("agent",
          CompressionCodecName.GZIP)), chunks(part), part.toString());
    }
    assertEquals(expected(false), rows(dir.resolve("match"), ""));
  }

  @Test
  void tagColumnsHaveADictionaryAndTheInputColumnsKeepTheirs() throws Exception {
    IpJoinRun run = run("tag", "--mode", "tag");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    for (Path part : parts(dir.resolve("tag"))) {
      assertEquals(encodings(Set.of("ips"), CompressionCodecName.SNAPPY, Map.of("agent",
          CompressionCodecName.GZIP), "ips"), chunks(part), part.toString());
    }
    assertEquals(expected(true), rows(dir.resolve("tag"), ", ips"));
  }

  @Test
  void theUsersKeyForEveryColumnWins() throws Exception {
    IpJoinRun run = run("all", "-D", "parquet.enable.dictionary=true", "-D",
        "parquet.compression=zstd");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    // Every column but id, whose values are all distinct: parquet-hadoop's writer drops a
    // dictionary that does not make its first page smaller.
    Set<String> all = Set.of("client", "agent", "status", "http.referer");
    for (Path part : parts(dir.resolve("all"))) {
      assertEquals(encodings(all, CompressionCodecName.ZSTD, Map.of()), chunks(part),
          part.toString());
    }
    assertEquals(expected(false), rows(dir.resolve("all"), ""));
  }

  @Test
  void theUsersKeyForOneColumnWinsForThatColumn() throws Exception {
    IpJoinRun run = run("one", "-D", "parquet.enable.dictionary#agent=true", "-D",
        "parquet.enable.dictionary#method=false", "-D", "parquet.compression#status=gzip");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    for (Path part : parts(dir.resolve("one"))) {
      Map<String, String> want = encodings(Set.of("agent"), CompressionCodecName.SNAPPY,
          Map.of("agent", CompressionCodecName.GZIP, "status", CompressionCodecName.GZIP));
      want.put("method", "plain SNAPPY");
      assertEquals(want, chunks(part), part.toString());
    }
    assertEquals(expected(false), rows(dir.resolve("one"), ""));
  }
}
