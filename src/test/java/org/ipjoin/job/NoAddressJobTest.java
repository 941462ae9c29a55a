package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.partLines;
import static org.ipjoin.job.DriverRun.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record whose client field is there but holds no address ({@code -}, empty, JSON {@code null})
 * is counted apart from malformed records in every mode: {@code NO_ADDRESS}, never under {@code
 * malformed/}, kept by {@code nomatch}, tagged as listed nowhere by {@code tag}, never counted by
 * {@code count}, and named in the result line. The expected lines are built from the kind each
 * record was made with, not read back by ipjoin's code.
 */
class NoAddressJobTest {

  /** What the client field of a made-up record holds. */
  private enum Kind { LISTED, UNLISTED, NO_ADDRESS, MALFORMED }

  private record Line(String text, Kind kind, String client) {}

  private static final String LISTED_A = "203.0.113.7";
  private static final String LISTED_B = "198.51.100.20";

  @TempDir Path dir;
  private Path index;
  private Path logs;
  private final List<Line> lines = new ArrayList<>();

  @BeforeEach
  void writeIndexAndLog() throws Exception {
    index = dir.resolve("block.ipidx");
    TestIndexes.write(index, LISTED_A, LISTED_B);
    // JSON lines as nginx writes them with escape=json: the client in "remote_addr".
    add("\"" + LISTED_A + "\"", Kind.LISTED, LISTED_A);
    add("\"" + LISTED_B + ":443\"", Kind.LISTED, LISTED_B);
    add("\"192.0.2.1\"", Kind.UNLISTED, "192.0.2.1");
    add("\"-\"", Kind.NO_ADDRESS, null);
    add("\"\"", Kind.NO_ADDRESS, null);
    add("null", Kind.NO_ADDRESS, null);
    add("\"" + LISTED_A + "\"", Kind.LISTED, LISTED_A);
    add("\"not an address\"", Kind.MALFORMED, null);
    add("\"-\"", Kind.NO_ADDRESS, null);
    add("\"1.2.3.256\"", Kind.MALFORMED, null);
    lines.add(new Line("{\"status\":200}", Kind.MALFORMED, null));
    logs = dir.resolve("logs");
    Files.createDirectories(logs);
    StringBuilder text = new StringBuilder();
    for (Line line : lines) {
      text.append(line.text()).append('\n');
    }
    Files.writeString(logs.resolve("access.json"), text, StandardCharsets.UTF_8);
  }

  private void add(String clientValue, Kind kind, String client) {
    int n = lines.size();
    lines.add(new Line("{\"time\":\"2026-11-27T08:0" + (n % 10) + ":00Z\", \"remote_addr\": "
        + clientValue + ", \"request\":\"GET /" + n + " HTTP/1.1\", \"status\": \"200\"}", kind,
        client));
  }

  private List<String> of(Kind... kinds) {
    List<Kind> wanted = List.of(kinds);
    return lines.stream().filter(l -> wanted.contains(l.kind())).map(Line::text).toList();
  }

  private long count(Kind kind) {
    return lines.stream().filter(l -> l.kind() == kind).count();
  }

  private DriverRun run(String mode, Path out) throws Exception {
    return DriverRun.of("--index", index.toString(), "--input", logs.toString(), "--output",
        out.toString(), "--format", "json:remote_addr", "--mode", mode);
  }

  private void assertCounters(DriverRun r) throws Exception {
    assertEquals(lines.size(), r.counter(IpJoinCounter.RECORDS), r.toString());
    assertEquals(count(Kind.LISTED), r.counter(IpJoinCounter.MATCHED));
    assertEquals(count(Kind.UNLISTED), r.counter(IpJoinCounter.UNMATCHED));
    assertEquals(count(Kind.MALFORMED), r.counter(IpJoinCounter.MALFORMED));
    assertEquals(count(Kind.NO_ADDRESS), r.counter(IpJoinCounter.NO_ADDRESS));
    // Only the malformed records are set aside.
    assertEquals(sorted(of(Kind.MALFORMED)), sorted(partLines(r.output().resolve("malformed"))));
  }

  @Test
  void matchKeepsNeitherRecordsWithoutAnAddressNorMalformedOnes() throws Exception {
    DriverRun r = run("match", dir.resolve("match"));
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(sorted(of(Kind.LISTED)), sorted(partLines(r.output())));
    assertCounters(r);
  }

  @Test
  void nomatchKeepsRecordsWithoutAnAddress() throws Exception {
    DriverRun r = run("nomatch", dir.resolve("nomatch"));
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(sorted(of(Kind.UNLISTED, Kind.NO_ADDRESS)), sorted(partLines(r.output())));
    assertCounters(r);
  }

  @Test
  void tagWritesTheUnmatchedTagForARecordWithoutAnAddress() throws Exception {
    // Every output line is still one JSON object: tag adds its column as a field.
    DriverRun r = run("tag", dir.resolve("tag"));
    assertEquals(0, r.exitCode(), r.toString());
    List<String> expected = new ArrayList<>();
    for (Line line : lines) {
      String tag = switch (line.kind()) {
        case LISTED -> "1";
        case UNLISTED, NO_ADDRESS -> "0";
        case MALFORMED -> "-";
      };
      // tag on json: input adds the tag as a field of the object, named after the index.
      String text = line.text();
      expected.add(text.substring(0, text.lastIndexOf('}')) + ",\"block\":\"" + tag + "\"}");
    }
    assertEquals(sorted(expected), sorted(partLines(r.output())));
    assertCounters(r);
  }

  @Test
  void countCountsOnlyListedAddresses() throws Exception {
    DriverRun r = run("count", dir.resolve("count"));
    assertEquals(0, r.exitCode(), r.toString());
    Map<String, Integer> perAddress = new TreeMap<>();
    for (Line line : lines) {
      if (line.kind() == Kind.LISTED) {
        perAddress.merge(line.client(), 1, Integer::sum);
      }
    }
    List<String> expected = new ArrayList<>();
    perAddress.forEach((address, n) -> expected.add(address + "\t" + n));
    assertEquals(sorted(expected), sorted(partLines(r.output())));
    assertEquals(count(Kind.NO_ADDRESS), r.counter(IpJoinCounter.NO_ADDRESS));
  }

  @Test
  void theResultLineSaysHowManyRecordsHadNoAddressOnlyWhenSomeHad() throws Exception {
    org.ipjoin.testing.IpJoinRun run = org.ipjoin.testing.IpJoinRun.local(List.of("--index",
        index.toString(), "--input", logs.toString(), "--output", dir.resolve("line").toString(),
        "--format", "json:remote_addr"));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains(", " + count(Kind.MALFORMED) + " malformed (in "), run.out());
    assertTrue(run.out().contains(", " + count(Kind.NO_ADDRESS) + " without an address; output "),
        run.out());

    Path plain = dir.resolve("plain");
    Files.createDirectories(plain);
    Files.writeString(plain.resolve("access.log"), LISTED_A + " - - [27/Nov/2026:08:00:00 +0000]"
        + " \"GET / HTTP/1.1\" 200 5\n");
    org.ipjoin.testing.IpJoinRun without = org.ipjoin.testing.IpJoinRun.local(List.of("--index",
        index.toString(), "--input", plain.toString(), "--output",
        dir.resolve("line2").toString()));
    assertEquals(0, without.exitCode(), without.err());
    assertFalse(without.out().contains("without an address"), without.out());
  }
}
