package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.ipjoin.job.driver.RunSummary;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Log records as they come from the real world, in one local-runner job over one crafted input of
 * four files: truncated lines and a file cut mid-record, escaped quotes, trailing spaces, CRLF,
 * empty and blank lines, IPv6 clients, a UTF-8 BOM at the start of a file and at the start of a
 * concatenated file's first record, binary garbage (NUL, 0xFF, every byte value), and 10 MB lines
 * with and without a client IP. Every record is labelled here with the kind it must be counted as;
 * the job must finish, count exactly, and keep every malformed record byte for byte.
 */
class RealWorldRecordsJobTest {

  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
  private static final int TEN_MB = 10 << 20;

  @TempDir Path dir;

  /** How a record must be counted. */
  private enum Kind { MATCHED, UNMATCHED, IPV6, MALFORMED }

  /** One input record as the mapper sees it (without its line terminator), and its kind. */
  private record Rec(byte[] bytes, Kind kind) {
    String text() {
      return new String(bytes, StandardCharsets.ISO_8859_1);
    }
  }

  private final List<Rec> all = new ArrayList<>();

  private Rec rec(Kind kind, String text) {
    return rec(kind, text.getBytes(StandardCharsets.ISO_8859_1));
  }

  private Rec rec(Kind kind, byte[] bytes) {
    Rec r = new Rec(bytes, kind);
    all.add(r);
    return r;
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Random bytes without line terminators, so that they stay one record. */
  private static byte[] junk(Random random, int length) {
    byte[] b = new byte[length];
    random.nextBytes(b);
    for (int i = 0; i < length; i++) {
      if (b[i] == '\n' || b[i] == '\r') {
        b[i] = 0;
      }
    }
    return b;
  }

  @Test
  void everyRecordIsCountedAsItsKindAndMalformedOnesAreKeptByteForByte() throws Exception {
    Path index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, "10.0.0.1", "10.0.0.3", "10.0.0.5", "10.0.0.7");
    Path inputs = dir.resolve("in");
    Files.createDirectory(inputs);
    String time = " - - [21/Nov/2026:00:00:00 +0000] ";

    // 1. A file that starts with a BOM. LineRecordReader drops a BOM at the start of a file, so the
    //    mapper sees the record without it; the last record is cut off with no newline.
    List<Rec> bomFile = List.of(
        rec(Kind.MATCHED, "10.0.0.1" + time + "\"GET /bom HTTP/1.1\" 200 1"),
        rec(Kind.UNMATCHED, "10.0.0.2" + time + "\"GET /a\\\"b HTTP/1.1\" 200 1 \"-\" \"Mozilla \\\"x\\\"\""),
        rec(Kind.MATCHED, "10.0.0.3" + time + "\"GET / HTTP/1.1\" 200 1   "),
        rec(Kind.MATCHED, "10.0.0.5   "),
        rec(Kind.MALFORMED, ""),
        rec(Kind.MALFORMED, "   "),
        rec(Kind.MATCHED, "10.0.0.7 - - [21/Nov/2026:00:0"),
        rec(Kind.MALFORMED, "10.0.0."),
        rec(Kind.IPV6, "2001:db8::1" + time + "\"GET /v6 HTTP/1.1\" 200 1"),
        // IPv4-mapped: the IPv4 client 10.0.0.1, which is listed.
        rec(Kind.MATCHED, "::ffff:10.0.0.1" + time + "\"GET /mapped HTTP/1.1\" 200 1"),
        rec(Kind.IPV6, "fe80::1%eth0" + time + "\"GET /zone HTTP/1.1\" 200 1"),
        rec(Kind.MATCHED, "10.0.0.1" + time + "\"GET /cut-off-mid-rec"));
    ByteArrayOutputStream f1 = new ByteArrayOutputStream();
    f1.writeBytes(BOM);
    for (int i = 0; i < bomFile.size(); i++) {
      f1.writeBytes(bomFile.get(i).bytes());
      if (i < bomFile.size() - 1) {
        f1.writeBytes(ascii(i == 2 ? "\r\n" : "\n")); // one CRLF line among them
      }
    }
    Files.write(inputs.resolve("bom.log"), f1.toByteArray());

    // 2. Two files concatenated: the second one's BOM starts a record mid-file. The record keeps
    //    its bytes (output is the record unchanged), but the client is found behind the BOM.
    List<Rec> concatFile = List.of(
        rec(Kind.UNMATCHED, "10.0.0.9" + time + "\"GET /first-file HTTP/1.1\" 200 1"),
        rec(Kind.MATCHED, concat(BOM, ascii("10.0.0.5" + time + "\"GET /second-file HTTP/1.1\" 200 1"))),
        rec(Kind.MALFORMED, BOM),
        rec(Kind.MALFORMED, concat(ascii("10.0.0.1"), BOM, ascii(time))));
    writeLines(inputs.resolve("concat.log"), concatFile);

    // 3. Binary garbage.
    Random random = new Random(20261121);
    byte[] everyByte = new byte[254];
    for (int b = 0, i = 0; b < 256; b++) {
      if (b != '\n' && b != '\r') {
        everyByte[i++] = (byte) b; // starts with NUL
      }
    }
    byte[] noise = junk(random, 4096);
    noise[0] = (byte) 0xFF;
    List<Rec> garbageFile = List.of(
        rec(Kind.MALFORMED, everyByte),
        rec(Kind.MALFORMED, noise),
        rec(Kind.MALFORMED, concat(ascii("10.0.0.1"), new byte[] {0}, ascii(time))),
        rec(Kind.MALFORMED, new byte[] {(byte) 0xFF, (byte) 0xFE, 0, 0}),
        rec(Kind.UNMATCHED, "192.0.2.1" + time + "\"GET /after-garbage HTTP/1.1\" 200 1"));
    writeLines(inputs.resolve("garbage.bin"), garbageFile);

    // 4. 10 MB lines: a valid client then 10 MB of junk, and 10 MB of junk with no client.
    List<Rec> hugeFile = List.of(
        rec(Kind.MATCHED, concat(ascii("10.0.0.3 "), junk(random, TEN_MB))),
        rec(Kind.MALFORMED, concat(ascii("x"), junk(random, TEN_MB))),
        rec(Kind.UNMATCHED, "10.0.0.4" + time + "\"GET /after-huge HTTP/1.1\" 200 1"));
    writeLines(inputs.resolve("huge.log"), hugeFile);

    // One job, tag mode: every record is written with its verdict.
    Path output = dir.resolve("out");
    IpJoinRun run = IpJoinRun.local(List.of(
        // One split per file, so each file's malformed records land in one side file.
        "-D", "mapreduce.input.fileinputformat.split.minsize=1073741824",
        "--mode", "tag", "--index", index.toString(), "--input", inputs.toString(),
        "--output", output.toString()));
    assertEquals(0, run.exitCode(), run.err());

    RunSummary summary = RunSummary.read(
        org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration()),
        new org.apache.hadoop.fs.Path(output.toUri()));
    assertEquals(all.size(), summary.counter(IpJoinCounter.RECORDS));
    assertEquals(count(Kind.MATCHED), summary.counter(IpJoinCounter.MATCHED));
    assertEquals(count(Kind.UNMATCHED) + count(Kind.IPV6), summary.counter(IpJoinCounter.UNMATCHED));
    assertEquals(count(Kind.IPV6), summary.counter(IpJoinCounter.IPV6));
    assertEquals(count(Kind.MALFORMED), summary.counter(IpJoinCounter.MALFORMED));
    assertEquals(List.of(8L, 4L, 2L, 10L), List.of(count(Kind.MATCHED), count(Kind.UNMATCHED),
        count(Kind.IPV6), count(Kind.MALFORMED)), "the corpus itself");

    // Main output: every record + TAB + 1/0, or - when malformed, nothing else.
    List<String> expected = new ArrayList<>();
    for (Rec r : all) {
      expected.add(r.text() + "\t"
          + (r.kind() == Kind.MALFORMED ? "-" : r.kind() == Kind.MATCHED ? "1" : "0"));
    }
    expected.sort(null);
    List<String> actual = new ArrayList<>();
    for (Path part : parts(output)) {
      String text = Files.readString(part, StandardCharsets.ISO_8859_1);
      actual.addAll(Arrays.asList(text.substring(0, text.length() - 1).split("\n", -1)));
    }
    actual.sort(null);
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(abbreviate(expected.get(i)), abbreviate(actual.get(i)), "output line " + i);
      assertEquals(expected.get(i), actual.get(i), "output line " + i);
    }

    // Malformed output: per input file (one map task each), its malformed records in input order,
    // each followed by a newline, byte for byte.
    List<String> expectedMalformed = new ArrayList<>();
    for (List<Rec> file : List.of(bomFile, concatFile, garbageFile, hugeFile)) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      file.stream().filter(r -> r.kind() == Kind.MALFORMED).forEach(r -> {
        b.writeBytes(r.bytes());
        b.write('\n');
      });
      if (b.size() > 0) {
        expectedMalformed.add(b.toString(StandardCharsets.ISO_8859_1));
      }
    }
    expectedMalformed.sort(null);
    List<String> actualMalformed = new ArrayList<>();
    for (Path part : parts(output.resolve("malformed"))) {
      actualMalformed.add(new String(Files.readAllBytes(part), StandardCharsets.ISO_8859_1));
    }
    actualMalformed.sort(null);
    assertEquals(expectedMalformed.size(), actualMalformed.size());
    for (int i = 0; i < expectedMalformed.size(); i++) {
      assertEquals(expectedMalformed.get(i), actualMalformed.get(i), "malformed file " + i);
    }
  }

  private long count(Kind kind) {
    return all.stream().filter(r -> r.kind() == kind).count();
  }

  private static void writeLines(Path file, List<Rec> records) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Rec r : records) {
      out.writeBytes(r.bytes());
      out.write('\n');
    }
    Files.write(file, out.toByteArray());
  }

  private static List<Path> parts(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
    }
  }

  /** A readable form of a possibly 10 MB line for assertion messages. */
  private static String abbreviate(String s) {
    return s.length() <= 300 ? s : s.substring(0, 300) + "…(" + s.length() + " chars)";
  }
}
