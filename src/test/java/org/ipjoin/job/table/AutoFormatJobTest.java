package org.ipjoin.job.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.job.driver.RunSummary;
import org.ipjoin.job.table.TableJobFixture.Rows;
import org.ipjoin.testing.CountOutput;
import org.ipjoin.testing.IpJoinRun;
import org.ipjoin.testing.SequenceFileRecords;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --format auto}, on the local runner, over the committed files of every kind
 * (src/test/resources/tables: Parquet, ORC, Avro, a text log and the same lines in a
 * SequenceFile): a table is joined by the column {@code auto:COLUMN} names in the format its
 * magic says, lines are read as {@code combined} with plain {@code auto} or no {@code --format},
 * and what cannot be told is refused before submission in one line, exit 2. Expected results come
 * from the formulas that made the files (README.md there) and a HashSet of the listed addresses.
 */
class AutoFormatJobTest {

  /** parquet/a.parquet and orc/a.orc: ids 0 to 4999 (only their client column is read here). */
  private static final Rows TEN_KINDS = TableJobFixture.tenKinds(5000, true);
  /** avro-a.avro: ids 0 to 1999. */
  private static final Rows EIGHT_KINDS = TableJobFixture.eightKinds(2000);

  @TempDir static Path dir;
  private static TableJobFixture fixture;
  private static Path parquet;
  private static Path orc;
  private static Path avro;
  private static Path text;
  private static Path sequenceFile;
  /** The lines of lines/access.log whose client is listed (its kinds 0 and 2, README.md). */
  private static List<String> listedLines;

  @BeforeAll
  static void copyFilesAndWriteList() throws Exception {
    parquet = TableJobFixture.copy("parquet/a.parquet", dir.resolve("parquet"));
    orc = TableJobFixture.copy("orc/a.orc", dir.resolve("orc"));
    avro = TableJobFixture.copy("avro-a.avro", dir.resolve("avro"));
    text = TableJobFixture.copy("lines/access.log", dir.resolve("text"));
    sequenceFile = TableJobFixture.copy("lines/access.seq", dir.resolve("seq"));
    List<String> lines = Files.readAllLines(text, StandardCharsets.US_ASCII);
    listedLines = new ArrayList<>();
    Set<String> listed = new HashSet<>(TEN_KINDS.listed());
    listed.addAll(EIGHT_KINDS.listed());
    for (int i = 0; i < lines.size(); i++) {
      if (i % 5 == 0 || i % 5 == 2) {
        listedLines.add(lines.get(i));
        listed.add(lines.get(i).substring(0, lines.get(i).indexOf(' ')));
      }
    }
    fixture = TableJobFixture.withList(dir, listed);
  }

  private static RunSummary summary(String name) throws Exception {
    return RunSummary.read(FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(fixture.output(name).toUri()));
  }

  /** Refused before submission: exactly {@code line} on stderr, exit 2, no output. */
  private static void assertRefused(String name, Path in, String line, String... options)
      throws Exception {
    IpJoinRun run = fixture.run(name, in, options);
    assertEquals(List.of(line), run.errLines());
    assertEquals(2, run.exitCode());
    assertFalse(Files.exists(fixture.output(name)));
  }

  /** The qualified form the driver prints for a local file. */
  private static String qualified(Path p) {
    return "file:" + p.toAbsolutePath();
  }

  @Test
  void aTableIsJoinedByItsColumnInTheFormatItsMagicSays() throws Exception {
    for (Object[] c : new Object[][] {{parquet, "parquet", TEN_KINDS}, {orc, "orc", TEN_KINDS},
        {avro, "avro", EIGHT_KINDS}}) {
      String name = "count-" + c[1];
      IpJoinRun run = fixture.run(name, ((Path) c[0]).getParent(), "--mode", "count",
          "--format", "auto:client");
      assertEquals(0, run.exitCode(), c[1] + ": " + run.errLines());
      assertEquals(((Rows) c[2]).counts("client"), CountOutput.read(fixture.output(name)),
          (String) c[1]);
      // The format found, as the tasks read it.
      assertEquals(c[1] + ":client", summary(name).format());
    }
  }

  @Test
  void clientColumnsTellTheirTableFormatToo() throws Exception {
    IpJoinRun run = fixture.run("clients", parquet.getParent(), "--mode", "tag", "--client",
        "c=auto:client", "--client", "n=auto:num");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    assertEquals(List.of("parquet:client", "parquet:num"),
        summary("clients").clients().stream().map(RunSummary.Client::format).toList());
    int rows = 0;
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT id, \"c.ips\", \"n.ips\" FROM read_parquet('"
            + fixture.output("clients") + "/part-*')")) {
      while (r.next()) {
        assertEquals(TEN_KINDS.status("client", r.getLong(1)).tag(), r.getString(2));
        assertEquals(TEN_KINDS.status("num", r.getLong(1)).tag(), r.getString(3));
        rows++;
      }
    }
    assertEquals(TEN_KINDS.count(), rows);
  }

  @Test
  void linesAreReadAsCombinedWithPlainAutoOrWithoutFormat() throws Exception {
    for (Path in : List.of(text, sequenceFile)) {
      for (List<String> format : List.of(List.of("--format", "auto"), List.<String>of())) {
        String name = "lines-" + in.getFileName() + "-" + format.size();
        IpJoinRun run = fixture.run(name, in, format.toArray(new String[0]));
        assertEquals(0, run.exitCode(), name + ": " + run.errLines());
        assertEquals(sorted(listedLines), sorted(partLines(fixture.output(name))), name);
        assertEquals("combined", summary(name).format(), name);
      }
    }
  }

  @Test
  void aTableWithoutAColumnIsRefusedSayingToNameIt() throws Exception {
    assertRefused("plain-auto", parquet.getParent(), "ipjoin: input " + qualified(parquet)
        + " is a Parquet file, a table: name its address column to join it, --format"
        + " auto:COLUMN (e.g. auto:client_ip)", "--format", "auto");
    assertRefused("no-format", orc.getParent(), "ipjoin: input " + qualified(orc)
        + " is an ORC file, a table: name its address column to join it, --format auto:COLUMN"
        + " (e.g. auto:client_ip)");
    assertRefused("client-auto", avro.getParent(), "ipjoin: input " + qualified(avro)
        + " is an Avro data file, a table: name its address column to join it, --client"
        + " NAME=auto:COLUMN", "--client", "c=auto");
  }

  @Test
  void aColumnOfLinesIsRefusedNamingTheFile() throws Exception {
    assertRefused("column-of-text", text.getParent(), "ipjoin: input " + qualified(text)
        + " is a text file, not a table, but auto:client names a table's column (Parquet, ORC,"
        + " Avro); give a text format for logs (combined, tsv:N, json:PATH, ...)",
        "--format", "auto:client");
    assertRefused("column-of-seq", sequenceFile.getParent(), "ipjoin: input "
        + qualified(sequenceFile) + " is a Hadoop SequenceFile, not a table, but auto:client"
        + " names a table's column (Parquet, ORC, Avro); give a text format for logs (combined,"
        + " tsv:N, json:PATH, ...)", "--format", "auto:client");
  }

  @Test
  void filesOfTwoKindsAreRefusedNamingOneOfEach() throws Exception {
    assertTwoKindsRefused("parquet-and-text", parquet, "a Parquet file", text, "a text file");
    assertTwoKindsRefused("orc-and-parquet", orc, "an ORC file", parquet, "a Parquet file");
  }

  /** {@code first} and {@code second} in one folder, met in this order: refused naming both. */
  private static void assertTwoKindsRefused(String name, Path first, String firstIs, Path second,
      String secondIs) throws Exception {
    Path folder = Files.createDirectories(dir.resolve(name + "-in"));
    Path a = Files.copy(first, folder.resolve("1-" + first.getFileName()));
    Path b = Files.copy(second, folder.resolve("2-" + second.getFileName()));
    assertRefused(name, folder, "ipjoin: inputs mix kinds of file: " + qualified(a) + " is "
        + firstIs + ", " + qualified(b) + " is " + secondIs + "; one job reads one kind, so run"
        + " one job per kind", "--format", "auto:client");
  }

  @Test
  void badAutoFormatsAreRefusedInOneLine() throws Exception {
    assertRefused("auto-and-json", text.getParent(), "ipjoin: bad --client: c=auto:client,"
        + "j=json:ip mixes a table format with another format; every address column of a table"
        + " row is KIND:COLUMN of one kind (e.g. src=parquet:src_ip,dst=parquet:dst_ip)",
        "--client", "c=auto:client", "--client", "j=json:ip");
    assertRefused("auto-without-column", text.getParent(), "ipjoin: bad format 'auto:': name"
        + " the column, e.g. auto:client_ip or auto:http.client_ip", "--format", "auto:");
  }

  private static List<String> partLines(Path folder) throws Exception {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> parts = Files.list(folder)) {
      for (Path part : parts.filter(p -> p.getFileName().toString().startsWith("part-"))
          .toList()) {
        lines.addAll(isSequenceFile(part) ? sequenceFileValues(part)
            : Files.readAllLines(part, StandardCharsets.US_ASCII));
      }
    }
    return lines;
  }

  private static boolean isSequenceFile(Path part) throws IOException {
    try (InputStream in = Files.newInputStream(part)) {
      return Arrays.equals(new byte[] {'S', 'E', 'Q'}, in.readNBytes(3));
    }
  }

  /** The values of a SequenceFile output (SequenceFile input is written back as SequenceFiles). */
  private static List<String> sequenceFileValues(Path part) throws IOException {
    return SequenceFileRecords.read(part).values().stream()
        .map(v -> new String(v, StandardCharsets.UTF_8)).toList();
  }

  private static List<String> sorted(List<String> lines) {
    List<String> copy = new ArrayList<>(lines);
    copy.sort(null);
    return copy;
  }
}
