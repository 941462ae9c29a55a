package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.partLines;
import static org.ipjoin.job.DriverRun.qualified;
import static org.ipjoin.job.DriverRun.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every input file is read exactly once: directories recursively (so one ipjoin job reads another's
 * output, {@code malformed/} included), hidden names skipped, a file named several times read once,
 * a file reached through symbolic links read once under its first name, a link to nothing refused,
 * and an output inside an input refused. Real files, the LocalJobRunner, expectations from plain
 * String code.
 */
class InputSetJobTest {

  private static final Pattern IPV4 = Pattern.compile(
      "((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])");
  private static final Set<String> LISTED = Set.of("8.8.8.8", "1.1.1.1");

  @TempDir Path dir;
  private Path index;
  private Path in;
  /** The records of the files that must be read (not the hidden ones). */
  private final List<String> visible = new ArrayList<>();

  @BeforeEach
  void files() throws IOException {
    index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, LISTED.toArray(new String[0]));
    in = dir.resolve("in");
    write(in.resolve("a.log"), true, "8.8.8.8 - - a1", "192.0.2.1 - - a2", "garbage a3");
    write(in.resolve("b.log"), true, "1.1.1.1 - - b1", "192.0.2.2 - - b2");
    write(in.resolve("sub/c.log"), true, "8.8.8.8 - - c1", "::1 - - c2");
    // A name with glob characters, found by listing: read as itself, once.
    write(in.resolve("w[1].log"), true, "1.1.1.1 - - w1");
    // Hidden: never read.
    write(in.resolve("_SUCCESS"), false);
    write(in.resolve(".hidden.log"), false, "8.8.8.8 - - hidden file");
    write(in.resolve("_logs/x.log"), false, "8.8.8.8 - - hidden directory");
  }

  private void write(Path file, boolean read, String... lines) throws IOException {
    Files.createDirectories(file.getParent());
    StringBuilder s = new StringBuilder();
    for (String line : lines) {
      s.append(line).append('\n');
      if (read) {
        visible.add(line);
      }
    }
    Files.writeString(file, s, StandardCharsets.ISO_8859_1);
  }

  // ---- the independent expectation: client = text before the first space ----

  private static String client(String line) {
    int space = line.indexOf(' ');
    return space < 0 ? line : line.substring(0, space);
  }

  private static boolean malformed(String line) {
    String c = client(line);
    return !IPV4.matcher(c).matches() && !c.contains(":");
  }

  private static String tagged(String line) {
    return line + "\t" + (malformed(line) ? "-" : LISTED.contains(client(line)) ? "1" : "0");
  }

  @Test
  void aDirectoryIsReadRecursivelyAndAFileNamedSeveralTimesIsReadOnce() throws Exception {
    Path out = dir.resolve("out");
    DriverRun run = DriverRun.of("--mode", "tag", "--index", index.toString(),
        "--input", in.toString(), in.resolve("a.log").toString(), in + "/*.log",
        "--output", out.toString());
    assertEquals(0, run.exitCode(), run.toString());
    // in: a, b, sub/c, w[1]; in/a.log: a again; in/*.log: a, b, w[1] again.
    assertEquals(List.of("ipjoin: 4 input files were named more than once (e.g. "
        + qualified(in.resolve("a.log")) + "); each file is read once"), run.errLines());
    assertEachReadOnce(run, out, visible);
  }

  /** The tag job's output, malformed folder and RECORDS are those of reading each record once. */
  private static void assertEachReadOnce(DriverRun run, Path out, List<String> records)
      throws IOException {
    assertEquals(sorted(records.stream().map(InputSetJobTest::tagged).toList()),
        sorted(partLines(out)));
    assertEquals(records.size(), run.counter(IpJoinCounter.RECORDS));
    assertEquals(records.stream().filter(InputSetJobTest::malformed).toList(),
        partLines(out.resolve("malformed")));
  }

  @Test
  void oneJobReadsAnotherJobsOutputWithItsMalformedFolder() throws Exception {
    Path first = dir.resolve("first");
    DriverRun a = DriverRun.of("--mode", "nomatch", "--index", index.toString(),
        "--input", in.toString(), "--output", first.toString());
    assertEquals(0, a.exitCode(), a.toString());
    assertTrue(Files.exists(first.resolve("_SUCCESS")));
    assertTrue(Files.isDirectory(first.resolve("malformed")));

    Path second = dir.resolve("second");
    DriverRun b = DriverRun.of("--mode", "tag", "--index", index.toString(),
        "--input", first.toString(), "--output", second.toString());
    assertEquals(0, b.exitCode(), b.toString());
    assertEquals(List.of(), b.errLines());
    // The first job wrote the unlisted well-formed records and, under malformed/, the malformed
    // ones: the second job reads both, once each, and neither _SUCCESS nor the .crc files.
    List<String> expected = visible.stream()
        .filter(l -> malformed(l) || !LISTED.contains(client(l)))
        .map(InputSetJobTest::tagged).toList();
    assertEquals(sorted(expected), sorted(partLines(second)));
    assertEquals(List.of("garbage a3"), partLines(second.resolve("malformed")));
  }

  @Test
  void anOutputInsideAnInputIsRefusedBeforeSubmission() throws Exception {
    Path out = in.resolve("sub/out");
    DriverRun run = DriverRun.of("--index", index.toString(), "--input", in.toString(),
        "--output", out.toString());
    assertEquals(List.of("ipjoin: output directory " + qualified(out) + " is inside the input "
        + qualified(in) + " (--input " + in + "): the job would read its own output; choose an"
        + " output outside every input"), run.errLines());
    assertEquals(2, run.exitCode());
    assertFalse(run.submitted());
    assertFalse(Files.exists(out));

    // Through a glob: the match that holds the output is named.
    run = DriverRun.of("--index", index.toString(), "--input", in + "/*", "--output", out.toString());
    assertEquals(List.of("ipjoin: output directory " + qualified(out) + " is inside the input "
        + qualified(in.resolve("sub")) + " (--input " + in + "/*): the job would read its own"
        + " output; choose an output outside every input"), run.errLines());
    assertEquals(2, run.exitCode());
    assertFalse(run.submitted());
  }

  @Test
  void aLogReachedThroughSymbolicLinksIsReadOnceAndTheSecondNameIsReported() throws Exception {
    // Logrotate style: access.log is the current day's file under a second name.
    Path rotated = dir.resolve("rotated");
    Path day = rotated.resolve("access.log.2026-11-21");
    List<String> records = List.of("8.8.8.8 - - r1", "192.0.2.9 - - r2", "1.1.1.1 - - r3",
        "garbage r4");
    Files.createDirectories(rotated);
    Files.write(day, records, StandardCharsets.ISO_8859_1);
    Files.createSymbolicLink(rotated.resolve("access.log"), Path.of("access.log.2026-11-21"));
    // Another folder reaching it by a link to the link, and by a link to the whole folder.
    Path other = dir.resolve("other");
    Files.createDirectories(other);
    Files.createSymbolicLink(other.resolve("link.log"), Path.of("../rotated/access.log"));
    Files.createSymbolicLink(other.resolve("current"), rotated);

    Path out = dir.resolve("out");
    DriverRun run = DriverRun.of("--mode", "tag", "--index", index.toString(),
        "--input", rotated.toString(), other + "/", "--output", out.toString());
    assertEquals(0, run.exitCode(), run.toString());
    // rotated/access.log is read; its target, other/link.log and both files under other/current
    // are the same file.
    assertEquals(List.of("ipjoin: 4 input files were named more than once (e.g. "
        + qualified(day) + ", also as " + qualified(rotated.resolve("access.log"))
        + "); each file is read once"), run.errLines());
    assertEachReadOnce(run, out, records);
  }

  @Test
  void aSymbolicLinkToNothingAmongTheInputsIsRefusedNamingIt() throws Exception {
    // The current log's target was rotated away: the folder must not look like a short day.
    Path rotated = dir.resolve("rotated");
    Files.createDirectories(rotated);
    Files.writeString(rotated.resolve("access.log.2026-11-20"), "8.8.8.8 - - old\n");
    Path link = rotated.resolve("access.log");
    Files.createSymbolicLink(link, Path.of("access.log.2026-11-21"));
    Path out = dir.resolve("out");
    String line = "ipjoin: input " + qualified(link) + " is a symbolic link to"
        + " access.log.2026-11-21, which does not exist";
    for (String input : List.of(rotated.toString(), rotated + "/access.*", link.toString())) {
      DriverRun run = DriverRun.of("--index", index.toString(), "--input", input,
          "--output", out.toString());
      assertEquals(List.of(line), run.errLines(), input);
      assertEquals(2, run.exitCode(), input);
      assertFalse(run.submitted(), input);
      assertFalse(Files.exists(out), input);
    }
  }
}
