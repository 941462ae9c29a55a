package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.ipjoin.api.JoinJob;
import org.ipjoin.api.JoinResult;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.testing.LocalHadoop;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the output goes is checked before anything is submitted (exit 2, one line naming the
 * path): a parent that is a file, a parent the user may not write in, and an {@code --overwrite}
 * of a directory that is not an earlier ipjoin output. Real files, real local runner.
 */
class OutputLocationTest {

  @TempDir Path dir;
  private Configuration conf;
  private String index;
  private Path logs;

  @BeforeEach
  void listAndLogs() throws Exception {
    conf = LocalHadoop.conf(dir);
    Path list = Files.write(dir.resolve("list.txt"), List.of("10.0.0.1"));
    logs = Files.write(dir.resolve("access.log"),
        List.of("10.0.0.1 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1"));
    index = dir.resolve("list.ipidx").toString();
    IpJoin.buildIndex(conf).input(list.toString()).output(index).run();
  }

  private JoinJob join(Path output) {
    return IpJoin.join(conf).index(index).input(logs.toString()).output(output.toString())
        .warnings(new PrintStream(OutputStream.nullOutputStream()));
  }

  private IpJoinException refused(JoinJob join) {
    IpJoinException e = assertThrows(IpJoinException.class, join::prepare);
    assertEquals(ExitCode.USAGE, e.exit());
    return e;
  }

  @Test
  void anOutputUnderAFileIsRefusedBeforeSubmission() throws IOException {
    Path file = Files.writeString(dir.resolve("notes.txt"), "not a directory");
    Path output = file.resolve("day/out");
    IpJoinException e = refused(join(output));
    assertEquals(List.of("output file:" + output + " cannot be made: file:" + file
        + " is a file, not a directory"), e.problems());
    assertEquals("not a directory", Files.readString(file));
  }

  @Test
  void anOutputInADirectoryWithoutWritePermissionIsRefusedBeforeSubmission() throws IOException {
    Path locked = Files.createDirectory(dir.resolve("locked"));
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      IpJoinException e = refused(join(locked.resolve("out")));
      assertEquals(1, e.problems().size());
      assertTrue(e.problems().get(0).startsWith("output file:" + locked.resolve("out")
          + " cannot be written: no permission to write in file:" + locked + " ("),
          e.problems().toString());
    } finally {
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void overwriteRefusesADirectoryNoIpjoinRunWrote() throws IOException {
    Path output = Files.createDirectory(dir.resolve("photos"));
    Path precious = Files.writeString(output.resolve("holiday.jpg"), "not ipjoin's");
    IpJoinException e = refused(join(output).overwrite(true));
    assertEquals(List.of("--overwrite replaces only an earlier ipjoin output (a directory with"
        + " _ipjoin.json) or an empty directory; file:" + output + " is neither: remove it"
        + " yourself or choose another --output"), e.problems());
    assertTrue(Files.exists(precious));
  }

  @Test
  void overwriteReplacesAnEmptyDirectoryAndAnEarlierOutput() throws Exception {
    Path output = Files.createDirectory(dir.resolve("out"));
    JoinResult first = join(output).overwrite(true).prepare().run();
    assertEquals(0, first.exitCode());
    String firstJob = jobId(output);
    // Left in the first output: gone after the second run only if that replaced the directory.
    Path leftover = Files.writeString(output.resolve("notes-after-the-first-run.txt"), "first");
    JoinResult again = join(output).overwrite(true).prepare().run();
    assertEquals(0, again.exitCode());
    assertFalse(Files.exists(leftover), "the second run replaced the first run's directory");
    assertFalse(firstJob.equals(jobId(output)), "_ipjoin.json is the second run's");
    assertEquals(List.of("10.0.0.1 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1"),
        Files.readAllLines(output.resolve("part-m-00000")));
  }

  /** The {@code "jobId"} value of the output's {@code _ipjoin.json}, read as plain text. */
  private static String jobId(Path output) throws IOException {
    String json = Files.readString(output.resolve("_ipjoin.json"));
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"jobId\" *: *\"([^\"]+)\"")
        .matcher(json);
    assertTrue(m.find(), json);
    return m.group(1);
  }
}
