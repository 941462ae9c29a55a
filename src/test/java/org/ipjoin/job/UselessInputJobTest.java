package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.qualified;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Useless input is not reported as success: an input without data exits 3, a job whose records are
 * (nearly) all malformed exits 1 naming the counts, the format and the key, and an empty text IP
 * list is refused before submission as the build refuses it.
 */
class UselessInputJobTest {

  private static final String LOG = "8.8.8.8 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1";

  @TempDir Path dir;
  private Path index;
  private Path out;

  @BeforeEach
  void files() throws IOException {
    index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, "8.8.8.8", "1.1.1.1");
    out = dir.resolve("out");
  }

  private DriverRun run(String... options) throws Exception {
    // Generic options (-D) come first.
    List<String> args = new java.util.ArrayList<>(List.of(options));
    args.addAll(List.of("--index", index.toString(), "--output", out.toString()));
    return DriverRun.of(args.toArray(new String[0]));
  }

  private static String emptyInputLine(String inputs, String holds) {
    return "ipjoin: no input data: --input " + inputs + " holds " + holds + "; an empty input is"
        + " usually an upstream failure (logs that did not land), so nothing was submitted. Pass"
        + " --allow-empty-input (ipjoin.allow.empty.input=true) to run on it anyway.";
  }

  @Test
  void anEmptyInputDirectoryExitsThreeUnlessAllowed() throws Exception {
    Path day = Files.createDirectories(dir.resolve("day"));
    DriverRun r = run("--input", day.toString());
    assertEquals(List.of(emptyInputLine(day.toString(), "no files")), r.errLines());
    assertEquals(3, r.exitCode());
    assertFalse(r.submitted());
    assertFalse(Files.exists(out));

    // Only an empty file, and hidden files that are not read.
    Files.createFile(day.resolve("access.log"));
    Files.writeString(day.resolve("_SUCCESS"), "");
    Files.writeString(day.resolve(".notes"), "not read");
    r = run("--input", day.toString());
    assertEquals(List.of(emptyInputLine(day.toString(), "only empty files (1)")), r.errLines());
    assertEquals(3, r.exitCode());
    assertFalse(r.submitted());

    r = run("--allow-empty-input", "--input", day.toString());
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(List.of(), r.errLines());
    assertEquals(0, r.counter(IpJoinCounter.RECORDS));
    assertTrue(Files.exists(out.resolve("_SUCCESS")));
  }

  @Test
  void aCompressedFileWithoutRecordsExitsThreeAfterTheRun() throws Exception {
    Path gz = dir.resolve("access.log.gz");
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
      o.flush(); // a valid gzip stream holding nothing
    }
    DriverRun r = run("--input", gz.toString());
    assertEquals(List.of("ipjoin: no input data: the input files hold no records; an empty input"
        + " is usually an upstream failure. Pass --allow-empty-input (ipjoin.allow.empty.input=true)"
        + " to accept it; nothing was published to " + qualified(out)), r.errLines());
    assertEquals(3, r.exitCode());
    assertFalse(Files.exists(out), "nothing is published");
  }

  @Test
  void aFormatThatFitsNoRecordFailsNamingTheCountsTheFormatAndTheKey() throws Exception {
    Path log = dir.resolve("access.log");
    Files.writeString(log, LOG + "\n" + LOG + "\n" + LOG.replace("8.8.8.8", "192.0.2.1") + "\n");
    DriverRun r = run("--format", "tsv:999", "--input", log.toString());
    assertEquals(List.of("ipjoin: 3 of 3 records were malformed with --format tsv:999"
        + " (ipjoin.format), more than ipjoin.malformed.max.fraction=1.0 allows (1.0: fail when all"
        + " are); check the format against the input, or"
        + " raise ipjoin.malformed.max.fraction; nothing was published to " + qualified(out)),
        r.errLines());
    assertEquals(1, r.exitCode());
    assertFalse(Files.exists(out), "nothing is published");
  }

  @Test
  void gzipBytesInAFileWithoutGzSuffixFail() throws Exception {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      text.append(LOG).append(" ").append(i).append('\n');
    }
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (OutputStream o = new GZIPOutputStream(gz)) {
      o.write(text.toString().getBytes(StandardCharsets.US_ASCII));
    }
    Path log = dir.resolve("access.log");
    Files.write(log, gz.toByteArray());
    // Hadoop's line reader ends a line at LF, CR or CRLF.
    String bytes = new String(gz.toByteArray(), StandardCharsets.ISO_8859_1);
    int records = bytes.split("\r\n|\r|\n", -1).length - (bytes.matches("(?s).*(\r|\n)") ? 1 : 0);

    DriverRun r = run("--no-malformed-output", "--input", log.toString());
    assertEquals(List.of(String.format("ipjoin: %d of %d records were malformed with --format"
        + " combined (ipjoin.format), more than ipjoin.malformed.max.fraction=1.0 allows (1.0: fail"
        + " when all are); check the format against the input, or raise"
        + " ipjoin.malformed.max.fraction; nothing was published to %s", records, records,
        qualified(out))), r.errLines());
    assertEquals(1, r.exitCode());
  }

  @Test
  void aMaximumShareFailsWhenMoreThanItAreMalformed() throws Exception {
    // Two records of ten whose second column holds no well-formed address.
    StringBuilder csv = new StringBuilder();
    for (int i = 0; i < 8; i++) {
      csv.append("2015-05-17,8.8.8.").append(i).append(",GET /\n");
    }
    csv.append("2015-05-17,8.8.8.256,GET /\n");
    csv.append("2015-05-17,Sunday,GET /\n");
    Path log = dir.resolve("access.csv");
    Files.writeString(log, csv);

    DriverRun r = run("-D", "ipjoin.malformed.max.fraction=0.1", "--format", "csv:2",
        "--input", log.toString());
    assertEquals(List.of("ipjoin: 2 of 10 records were malformed with --format csv:2"
        + " (ipjoin.format), more than ipjoin.malformed.max.fraction=0.1 allows; check the format"
        + " against the input, or raise"
        + " ipjoin.malformed.max.fraction; nothing was published to " + qualified(out)),
        r.errLines());
    assertEquals(1, r.exitCode());

    // 2 of 10 is exactly 0.2: not more than 0.2, so the job succeeds.
    out = dir.resolve("out-0.2");
    r = run("-D", "ipjoin.malformed.max.fraction=0.2", "--format", "csv:2", "--input", log.toString());
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(List.of(), r.errLines());
    assertTrue(Files.exists(out.resolve("_SUCCESS")));
  }

  @Test
  void aBadMaximumShareIsAUsageError() throws Exception {
    Path log = dir.resolve("access.log");
    Files.writeString(log, LOG + "\n");
    DriverRun r = run("-D", "ipjoin.malformed.max.fraction=10%", "--input", log.toString());
    assertEquals(List.of("ipjoin: ipjoin.malformed.max.fraction must be a number from 0 to 1, got"
        + " '10%'"), r.errLines());
    assertEquals(2, r.exitCode());
    assertFalse(r.submitted());
  }

  @Test
  void anEmptyTextListIsRefusedLikeTheBuildRefusesIt() throws Exception {
    Path log = dir.resolve("access.log");
    Files.writeString(log, LOG + "\n");
    Path list = dir.resolve("ip.tsv");
    Files.writeString(list, "# nothing today\n\n; still nothing\n");
    DriverRun r = DriverRun.of("--loader", "text", "--index", list.toString(),
        "--input", log.toString(), "--output", out.toString());
    assertEquals(List.of("ipjoin: no addresses in " + qualified(list) + ": 3 lines, all"
        + " blank/comments/skipped (1 blank, 2 comments, 0 skipped as invalid); an empty list is"
        + " usually an upstream failure, so nothing was submitted. To join against an empty list"
        + " on purpose, build an empty index with ipindex build --allow-empty and pass it with a"
        + " binary --loader."), r.errLines());
    assertEquals(2, r.exitCode());
    assertFalse(r.submitted());
  }
}
