package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.job.driver.RunSummary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text logs written as a Parquet table ({@code --output-format parquet}) on the local runner:
 * combined and JSON lines generated here (IPv4, IPv6, IPv4-mapped, malformed, no address, a TAB
 * and UTF-8 inside a line, a CRLF line end), joined against a labelled and an unlabelled index in
 * match, nomatch and tag mode, and read back by DuckDB. Each expected row is made from the line
 * the test wrote and a plain map of what the test listed, never by ipjoin's parsing or lookup.
 */
class TextAsParquetJobTest {

  /** What a line's client is. */
  private enum Client { BLOCK, CLOUD, BOTH, UNLISTED, MALFORMED, NONE }

  private static final int LINES = 2400;
  private static final String[] LABELS = {"scanner", "bad bot", "tor exit \u00fc"};

  @TempDir static Path dir;
  private static Path block;
  private static Path cloud;
  /** Per listed address (as the lines hold it, or its IPv4 for a mapped one): its block label. */
  private static final Map<String, String> blockLabels = new HashMap<>();
  private static final Set<String> cloudListed = new HashSet<>();

  @BeforeAll
  static void writeLists() throws Exception {
    List<String> blockList = new ArrayList<>();
    List<String> cloudList = new ArrayList<>();
    for (int i = 0; i < LINES; i++) {
      String address = v4(i);
      switch (client(i)) {
        case BLOCK -> blockLabels.put(address, LABELS[i % LABELS.length]);
        case CLOUD -> cloudListed.add(address);
        case BOTH -> {
          blockLabels.put(address, LABELS[i % LABELS.length]);
          cloudListed.add(address);
        }
        default -> { }
      }
      if (i % 12 == 4) {
        blockLabels.put(v6(i), LABELS[i % LABELS.length]);
      }
    }
    blockLabels.forEach((address, label) -> blockList.add(address + "\t" + label));
    cloudList.addAll(cloudListed);
    block = index("block", blockList);
    cloud = index("cloud", cloudList);
  }

  private static Path index(String name, List<String> lines) throws Exception {
    Path list = Files.write(dir.resolve(name + ".tsv"), lines, StandardCharsets.UTF_8);
    Path index = dir.resolve(name + ".ipidx");
    assertEquals(0, IndexTools.run(new Configuration(), new String[] {"build", "--input",
        list.toString(), "--output", index.toString(), "--quiet"}));
    return index;
  }

  private static String v4(int i) {
    return "10." + (i >> 8 & 255) + "." + (i & 255) + ".7";
  }

  private static String v6(int i) {
    return "2001:db8::" + Integer.toHexString(i);
  }

  /**
   * Line {@code i}'s client, by {@code i % 12}: 0, 8 block; 1, 10 cloud; 2 both; 3, 5, 9
   * unlisted (5 an IPv6 address); 4 an IPv6 address in block; 6 malformed; 7 none; 11 the
   * IPv4-mapped IPv6 form of a block address (which is that IPv4 address).
   */
  private static Client client(int i) {
    return switch (i % 12) {
      case 0, 8, 11 -> Client.BLOCK;
      case 1, 10 -> Client.CLOUD;
      case 2 -> Client.BOTH;
      case 4 -> Client.BLOCK;
      case 6 -> Client.MALFORMED;
      case 7 -> Client.NONE;
      default -> Client.UNLISTED;
    };
  }

  /** Line {@code i}'s client field as the line writes it. */
  private static String field(int i) {
    return switch (i % 12) {
      case 4 -> v6(i);
      case 5 -> "2001:db8:ffff::" + Integer.toHexString(i);
      case 6 -> "not-an-ip";
      case 7 -> "-";
      case 11 -> "::ffff:" + v4(i);
      default -> v4(i);
    };
  }

  /** The block label of line {@code i}'s address, or null when block does not list it. */
  private static String blockLabel(int i) {
    return i % 12 == 4 ? blockLabels.get(v6(i)) : blockLabels.get(v4(i));
  }

  private static String combinedLine(int i) {
    String agent = switch (i % 12) {
      case 8 -> "tab\tinside";
      case 9 -> "Mozilla \u00fc\u4e2d";
      default -> "curl/8." + i;
    };
    return field(i) + " - - [27/Nov/2026:07:05:00 +0000] \"GET /p/" + i + " HTTP/1.1\" 200 512"
        + " \"-\" \"" + agent + "\"";
  }

  private static String jsonLine(int i) {
    String src = i % 12 == 7 ? "null" : "\"" + field(i) + "\"";
    String line = "{\"src\":" + src + ",\"msg\":\"a\\\"b\\tc " + i + "\"}";
    return switch (i % 12) {
      // Not ending with '}': text tag mode writes it without tag fields, the table with its tags.
      case 8 -> line + "\ttrailer";
      case 9 -> line + " \u00fc";
      default -> line;
    };
  }

  /**
   * Writes the lines of {@code line} into two files (two map tasks), line 10 of each twelve ending
   * with CRLF, the others with LF.
   */
  private static Path input(String name, IntFunction<String> line) throws Exception {
    Path in = Files.createDirectories(dir.resolve(name));
    for (int part = 0; part < 2; part++) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      for (int i = part; i < LINES; i += 2) {
        bytes.writeBytes(line.apply(i).getBytes(StandardCharsets.UTF_8));
        bytes.writeBytes(i % 12 == 10 ? new byte[] {'\r', '\n'} : new byte[] {'\n'});
      }
      Files.write(in.resolve("part" + part + ".log"), bytes.toByteArray());
    }
    return in;
  }

  /** A row as the test compares it: the line and each tag column, null written as such. */
  private static String row(String line, String... tags) {
    return line + (tags.length == 0 ? "" : "\u0001" + String.join("\u0001", tags));
  }

  /** The rows {@code mode} writes, from the lines and the lists the test made. */
  private static List<String> expected(String mode, IntFunction<String> line, String unmatched) {
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < LINES; i++) {
      Client c = client(i);
      boolean listed = c == Client.BLOCK || c == Client.CLOUD || c == Client.BOTH;
      switch (mode) {
        case "match" -> {
          if (listed) {
            rows.add(row(line.apply(i)));
          }
        }
        case "nomatch" -> {
          if (c == Client.UNLISTED || c == Client.NONE) {
            rows.add(row(line.apply(i)));
          }
        }
        default -> {
          String label = blockLabel(i);
          String address = i % 12 == 4 ? v6(i) : v4(i);
          rows.add(c == Client.MALFORMED ? row(line.apply(i), "-", "-")
              : row(line.apply(i), label == null ? unmatched : label,
                  c != Client.NONE && cloudListed.contains(address) ? "1" : unmatched));
        }
      }
    }
    rows.sort(null);
    return rows;
  }

  private static List<String> malformedLines(IntFunction<String> line) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < LINES; i++) {
      if (client(i) == Client.MALFORMED) {
        lines.add(line.apply(i));
      }
    }
    lines.sort(null);
    return lines;
  }

  private static Connection duckdb() throws Exception {
    return DriverManager.getConnection("jdbc:duckdb:");
  }

  /** Every row of the part files in {@code out}, read by DuckDB, sorted. */
  private static List<String> rows(Path out, List<String> columns) throws Exception {
    List<String> rows = new ArrayList<>();
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT " + String.join(", ", columns.stream()
            .map(c -> "\"" + c + "\"").toList()) + " FROM read_parquet('" + out
            + "/part-*.parquet')")) {
      while (r.next()) {
        String[] tags = new String[columns.size() - 1];
        for (int c = 1; c < columns.size(); c++) {
          tags[c - 1] = String.valueOf(r.getString(c + 1));
        }
        rows.add(row(r.getString(1), tags));
      }
    }
    rows.sort(null);
    return rows;
  }

  /** Column name → its repetition and logical type, from the footer of one part file. */
  private static Map<String, String> schema(Path part) throws Exception {
    Map<String, String> columns = new LinkedHashMap<>();
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT name, repetition_type, converted_type FROM"
            + " parquet_schema('" + part + "') WHERE num_children IS NULL OR num_children = 0")) {
      while (r.next()) {
        columns.put(r.getString(1), r.getString(2) + " " + r.getString(3));
      }
    }
    return columns;
  }

  private static Set<String> codecs(Path out) throws Exception {
    Set<String> codecs = new HashSet<>();
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT DISTINCT compression FROM parquet_metadata('" + out
            + "/part-*.parquet')")) {
      while (r.next()) {
        codecs.add(r.getString(1));
      }
    }
    return codecs;
  }

  private static DriverRun run(Path input, String name, String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of(extra));
    args.addAll(List.of("--index", "block=" + block, "--index", "cloud=" + cloud, "--input",
        input.toString(), "--output", dir.resolve(name).toString(), "--output-format", "parquet"));
    return DriverRun.of(args.toArray(new String[0]));
  }

  /** Runs every mode over {@code input} and checks each table row by row. */
  private void everyMode(String name, IntFunction<String> line, String... format) throws Exception {
    Path input = input(name, line);
    for (String mode : List.of("tag", "match", "nomatch")) {
      List<String> args = new ArrayList<>(List.of(format));
      args.addAll(List.of("--mode", mode));
      DriverRun run = run(input, name + "-" + mode, args.toArray(new String[0]));
      assertEquals(0, run.exitCode(), run.toString());
      Path out = run.output();
      List<String> columns = mode.equals("tag") ? List.of("line", "block", "cloud")
          : List.of("line");
      assertEquals(expected(mode, line, "0"), rows(out, columns), name + " " + mode);
      if (mode.equals("tag")) {
        // Optional columns, as a table's tag columns are, but never null: unmatched is a value.
        try (Connection db = duckdb(); Statement s = db.createStatement();
            ResultSet r = s.executeQuery("SELECT count(*) FROM read_parquet('" + out
                + "/part-*.parquet') WHERE block IS NULL OR cloud IS NULL")) {
          r.next();
          assertEquals(0, r.getLong(1));
        }
      }
      List<Path> parts = DriverRun.parts(out);
      // One part file per input file with output: nomatch's lines (3, 5, 7, 9 of each twelve)
      // are all odd, all in part1.log, so the task of part0.log writes no file.
      assertEquals(mode.equals("nomatch") ? 1 : 2, parts.size(), parts.toString());
      for (Path part : parts) {
        assertTrue(part.getFileName().toString().matches("part-m-0000[01]\\.snappy\\.parquet"),
            part.toString());
        Map<String, String> schema = new LinkedHashMap<>();
        schema.put("line", "REQUIRED UTF8");
        if (mode.equals("tag")) {
          schema.put("block", "OPTIONAL UTF8");
          schema.put("cloud", "OPTIONAL UTF8");
        }
        assertEquals(schema, schema(part), part.toString());
      }
      assertEquals(Set.of("SNAPPY"), codecs(out));
      // Malformed records stay text lines, byte for byte, as for text output.
      assertEquals(malformedLines(line), DriverRun.sorted(DriverRun.partLines(
          out.resolve("malformed"))), name + " " + mode);
      RunSummary summary = RunSummary.read(FileSystem.getLocal(new Configuration()),
          new org.apache.hadoop.fs.Path(out.toUri()));
      assertEquals("parquet", summary.outputFormat());
      assertEquals("message lines {\n  required binary line (STRING);\n}", summary.schema());
    }
  }

  @Test
  void combinedLinesInEveryModeAreRowsOfTheirLineAndTags() throws Exception {
    everyMode("combined", TextAsParquetJobTest::combinedLine);
  }

  @Test
  void jsonLinesInEveryModeKeepTheLineAndTagEvenWhatTextCannot() throws Exception {
    everyMode("json", TextAsParquetJobTest::jsonLine, "--format", "json:src");
  }

  @Test
  void theUnmatchedTagAndTheCodecAreTheConfiguredOnes() throws Exception {
    Path input = input("zstd", TextAsParquetJobTest::combinedLine);
    DriverRun run = run(input, "zstd-tag", "-D", "ipjoin.tag.unmatched=none", "-D",
        "parquet.compression=ZSTD", "--mode", "tag");
    assertEquals(0, run.exitCode(), run.toString());
    assertEquals(expected("tag", TextAsParquetJobTest::combinedLine, "none"),
        rows(run.output(), List.of("line", "block", "cloud")));
    assertEquals(Set.of("ZSTD"), codecs(run.output()));
    for (Path part : DriverRun.parts(run.output())) {
      assertTrue(part.getFileName().toString().matches("part-m-0000[01]\\.zstd\\.parquet"),
          part.toString());
    }
  }

  @Test
  void headerLinesOfAHeaderNamedFormatAreNoRows() throws Exception {
    Path in = Files.createDirectories(dir.resolve("csv"));
    List<String> lines = new ArrayList<>(List.of("ts,client,path"));
    List<String> want = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      String line = "2026-11-27T07:05:00Z," + field(i) + ",/p/" + i;
      lines.add(line);
      Client c = client(i);
      if (c == Client.BLOCK || c == Client.CLOUD || c == Client.BOTH) {
        want.add(row(line));
      }
    }
    Files.write(in.resolve("a.csv"), lines, StandardCharsets.UTF_8);
    DriverRun run = run(in, "csv-match", "--format", "csv:client");
    assertEquals(0, run.exitCode(), run.toString());
    want.sort(null);
    assertEquals(want, rows(run.output(), List.of("line")));
  }

  @Test
  void theJavaApiWritesTheSameTable() throws Exception {
    Path input = input("api", TextAsParquetJobTest::combinedLine);
    Path out = dir.resolve("api-match");
    org.ipjoin.api.JoinResult result = org.ipjoin.api.IpJoin.join(
            org.ipjoin.testing.LocalHadoop.conf(Files.createDirectories(dir.resolve("api-conf"))))
        .index("block=" + block).index("cloud=" + cloud).input(input.toString())
        .output(out.toString()).outputFormat("parquet").prepare().run();
    assertEquals(0, result.exitCode());
    assertEquals(expected("match", TextAsParquetJobTest::combinedLine, "0"),
        rows(out, List.of("line")));
  }

  @Test
  void partitionFoldersAreKeptAndABinaryLineIsWrittenByteForByte() throws Exception {
    Path lake = Files.createDirectories(dir.resolve("lake"));
    // A Latin-1 byte, no UTF-8: the line is written as it was read.
    byte[] latin1 = (v4(0) + " - - [27/Nov/2026:07:05:00 +0000] \"GET /caf\u00e9 HTTP/1.1\" 200 1")
        .getBytes(StandardCharsets.ISO_8859_1);
    Map<String, List<byte[]>> want = new LinkedHashMap<>();
    for (String day : List.of("dt=2026-11-27", "dt=2026-11-28")) {
      Path folder = Files.createDirectories(lake.resolve(day));
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      List<byte[]> listed = new ArrayList<>();
      for (int i = day.endsWith("27") ? 0 : 1; i < 240; i += 2) {
        byte[] line = combinedLine(i).getBytes(StandardCharsets.UTF_8);
        bytes.writeBytes(line);
        bytes.write('\n');
        Client c = client(i);
        if (c == Client.BLOCK || c == Client.CLOUD || c == Client.BOTH) {
          listed.add(line);
        }
      }
      if (day.endsWith("27")) {
        bytes.writeBytes(latin1);
        bytes.write('\n');
        listed.add(latin1);
      }
      Files.write(folder.resolve("access.log"), bytes.toByteArray());
      want.put(day, listed);
    }
    DriverRun run = run(lake, "lake-out");
    assertEquals(0, run.exitCode(), run.toString());
    assertEquals(List.of(), DriverRun.parts(run.output()));
    for (Map.Entry<String, List<byte[]>> day : want.entrySet()) {
      List<Path> parts = DriverRun.parts(run.output().resolve(day.getKey()));
      assertEquals(1, parts.size(), parts.toString());
      assertTrue(parts.get(0).getFileName().toString().matches("part-m-0000[01]\\.snappy\\.parquet"),
          parts.toString());
      List<String> got = new ArrayList<>();
      // Read by parquet-hadoop, which hands over the bytes as they are.
      try (org.apache.parquet.hadoop.ParquetReader<org.apache.parquet.example.data.Group> reader =
          org.apache.parquet.hadoop.ParquetReader.builder(
              new org.apache.parquet.hadoop.example.GroupReadSupport(),
              new org.apache.hadoop.fs.Path(parts.get(0).toUri())).build()) {
        for (org.apache.parquet.example.data.Group g = reader.read(); g != null; g = reader.read()) {
          got.add(java.util.HexFormat.of().formatHex(g.getBinary("line", 0).getBytes()));
        }
      }
      List<String> expected = new ArrayList<>(day.getValue().stream()
          .map(b -> java.util.HexFormat.of().formatHex(b)).toList());
      expected.sort(null);
      got.sort(null);
      assertEquals(expected, got, day.getKey());
    }
  }

  @Test
  void parquetOutputOfAnOrcTableIsRefused() throws Exception {
    Path orc = Files.createDirectories(dir.resolve("orc"));
    Files.copy(org.ipjoin.testing.ProjectFiles.root().resolve("src/test/resources/tables/orc/a.orc"),
        orc.resolve("a.orc"));
    DriverRun run = refused("orc-parquet", "--format", "orc:http.client_ip", "--output-format",
        "parquet", "--input", orc.toString());
    assertEquals(List.of("ipjoin: --output-format parquet does not apply to input read with"
        + " --format orc:COLUMN: a table's rows are written in its own format (orc); leave out"
        + " --output-format"), run.errLines());
  }

  @Test
  void aCustomRecordDelimiterIsRefusedWithParquetOutput() throws Exception {
    DriverRun run = refused("delimiter", "-D", "textinputformat.record.delimiter=;",
        "--output-format", "parquet");
    assertEquals(List.of("ipjoin: --output-format parquet needs lines that end at a line end, but"
        + " textinputformat.record.delimiter is set: leave it unset or write text"),
        run.errLines());
  }

  private static DriverRun refused(String name, String... args) throws Exception {
    Path input = Files.isDirectory(dir.resolve("combined")) ? dir.resolve("combined")
        : input("refused-input", TextAsParquetJobTest::combinedLine);
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--index", block.toString(), "--output", dir.resolve(name).toString()));
    if (!all.contains("--input")) {
      all.addAll(List.of("--input", input.toString()));
    }
    DriverRun run = DriverRun.of(all.toArray(new String[0]));
    assertEquals(2, run.exitCode(), run.toString());
    assertFalse(run.submitted(), run.toString());
    assertFalse(Files.exists(run.output()), run.toString());
    return run;
  }

  @Test
  void countWithParquetOutputIsRefusedBeforeSubmission() throws Exception {
    DriverRun run = refused("count", "--mode", "count", "--output-format", "parquet");
    assertEquals(List.of("ipjoin: --output-format parquet does not apply to --mode count: count"
        + " writes text lines (the key, a tab, the count); leave out --output-format"),
        run.errLines());
  }

  @Test
  void anOutputFormatOtherThanTextOrParquetIsRefused() throws Exception {
    DriverRun run = refused("orc-out", "--output-format", "ORC");
    assertEquals(List.of("ipjoin: bad --output-format 'ORC' (ipjoin.output.format): give text or"
        + " parquet"), run.errLines());
  }

  @Test
  void anIndexNamedLineIsRefusedInTagMode() throws Exception {
    DriverRun run = refused("line-index", "--index", "line=" + block, "--mode", "tag",
        "--output-format", "parquet");
    assertEquals(List.of("ipjoin: --output-format parquet: index line's tag column would be named"
        + " line, as the table's column of lines; name the index otherwise (--index OTHER=PATH)"),
        run.errLines());
  }

  @Test
  void textOutputOfAParquetTableIsRefusedAndParquetAccepted() throws Exception {
    Path tables = Files.createDirectories(dir.resolve("tables"));
    try (Connection db = duckdb(); Statement s = db.createStatement()) {
      s.execute("COPY (SELECT '" + v4(0) + "' AS client UNION ALL SELECT '192.0.2.1') TO '"
          + tables.resolve("t.parquet") + "' (FORMAT parquet)");
    }
    DriverRun run = refused("table-text", "--format", "parquet:client", "--output-format", "text",
        "--input", tables.toString());
    assertEquals(List.of("ipjoin: --output-format text does not apply to input read with --format"
        + " parquet:COLUMN: a table's rows are written in its own format (parquet); leave out"
        + " --output-format"), run.errLines());
    DriverRun accepted = DriverRun.of("--format", "parquet:client", "--output-format", "parquet",
        "--index", block.toString(), "--input", tables.toString(), "--output",
        dir.resolve("table-parquet").toString());
    assertEquals(0, accepted.exitCode(), accepted.toString());
    try (Connection db = duckdb(); Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT client FROM read_parquet('"
            + accepted.output() + "/part-*.parquet')")) {
      assertTrue(r.next());
      assertEquals(v4(0), r.getString(1));
      assertFalse(r.next());
    }
  }
}
