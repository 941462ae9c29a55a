package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every ipindex command ends an I/O failure with one {@code ipindex <command>: ...} line naming
 * the file, exit 1 (2 for a path whose scheme has no FileSystem), and no stack trace; nothing is
 * published and no temporary file stays. Real causes: a file size limit ({@code ulimit -f} on a
 * child JVM), a full disk (/dev/full), a missing connector.
 */
class IoFailureLinesTest {

  private static final String DEV_FULL = "fs." + DevFullFileSystem.SCHEME + ".impl="
      + DevFullFileSystem.class.getName();
  /** What the kernel says for ENOSPC. */
  private static final String NO_SPACE = "IOException: No space left on device";

  @TempDir Path dir;
  private Path index;

  @BeforeEach
  void buildAnIndexAndItsList() throws Exception {
    Path list = dir.resolve("list.tsv");
    Files.writeString(list, "1.2.3.4\n10.0.0.1\n");
    index = dir.resolve("good.ipidx");
    IndexToolsTest.Run built = IndexToolsTest.ipindex("build", "--input", list.toString(),
        "--output", index.toString(), "--quiet");
    assertEquals(0, built.exit(), built.err());
  }

  @Test
  void aFullDiskFailsEachWritingCommandInOneLineAndLeavesNothing() throws Exception {
    String out = DevFullFileSystem.SCHEME + "://" + dir.resolve("out");
    assertFailsInOneLine(1, "ipindex build: cannot write " + hadoopPath(out + ".ipidx") + ": "
        + NO_SPACE + "; nothing was published", "build", "-D", DEV_FULL,
        "--input", dir.resolve("list.tsv").toString(), "--output", out + ".ipidx");
    assertFailsInOneLine(1, "ipindex sample: cannot write " + hadoopPath(out + ".tsv") + ": "
        + NO_SPACE + "; nothing was published", "sample", "-D", DEV_FULL,
        "--ips", "1000", "--output", out + ".tsv");
    assertFailsInOneLine(1, "ipindex export: cannot write " + hadoopPath(out + ".txt") + ": "
        + NO_SPACE + "; nothing was published", "export", "-D", DEV_FULL,
        index.toString(), "--output", out + ".txt");
    assertOnlyTheInputsAreLeft();
  }

  @Test
  void aFullDiskUnderStandardOutputFailsTheExportInsteadOfCuttingItShort() throws Exception {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit;
    try (PrintStream full = new PrintStream(new FileOutputStream("/dev/full"), true)) {
      System.setOut(full);
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      exit = IndexTools.run(new Configuration(), new String[] {"export", index.toString()});
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    assertEquals("ipindex export: could not write to standard output (a full disk or a closed"
        + " pipe?); what it received is incomplete\n", err.toString(StandardCharsets.UTF_8));
    assertEquals(1, exit);
  }

  /**
   * {@code ipindex build ... | head}: the index is published before the summary is written, so
   * a reader that has gone is no failure. The child JVM's standard output is a real pipe whose
   * reading end is closed before the JVM starts (bash's process substitution, waited for), so
   * every write to it fails with EPIPE, as after {@code head} has read its lines.
   */
  @Test
  void aBuildWhoseStandardOutputIsAClosedPipeExitsZeroWithItsIndexPublished() throws Exception {
    Path out = dir.resolve("piped.ipidx");
    String command = "exec 5> >(exit 0); wait $!; exec '"
        + Path.of(System.getProperty("java.home"), "bin", "java") + "' -Xmx256m -cp '"
        + System.getProperty("java.class.path") + "' " + IndexTools.class.getName()
        + " build --input '" + dir.resolve("list.tsv") + "' --output '" + out + "' >&5";
    Path err = dir.resolve("stderr.txt");
    Process child = new ProcessBuilder("bash", "-c", command)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
    assertTrue(child.waitFor(5, TimeUnit.MINUTES), "the child JVM did not finish");
    String stderr = Files.readString(err, StandardCharsets.UTF_8);
    Files.delete(err);
    assertEquals("", stderr);
    assertEquals(0, child.exitValue());
    assertTrue(Files.exists(out));
    IndexToolsTest.Run verify = IndexToolsTest.ipindex("verify", out.toString());
    assertEquals(0, verify.exit(), verify.err());
  }

  @ParameterizedTest
  @ValueSource(strings = {"s3a", "nosuchscheme"})
  void aSchemeWithoutItsConnectorIsAUsageErrorNamingThePathAndTheScheme(String scheme)
      throws Exception {
    String remote = scheme + "://bucket/list";
    String why = scheme.equals("s3a")
        ? "the connector for scheme 's3a' is not on the classpath (Class"
            + " org.apache.hadoop.fs.s3a.S3AFileSystem not found)"
        : "No FileSystem for scheme \"" + scheme + "\"";
    String list = dir.resolve("list.tsv").toString();
    String local = dir.resolve("local").toString();
    List<List<String>> commands = List.of(
        List.of("build", "--input", remote, "--output", local),
        List.of("build", "--input", list, "--output", remote),
        List.of("verify", remote),
        List.of("inspect", remote),
        List.of("export", remote),
        List.of("export", index.toString(), "--output", remote),
        List.of("sample", "--ips", "10", "--output", remote),
        List.of("sample", "--ips", "10", "--output", local, "--logs", remote));
    for (List<String> args : commands) {
      assertFailsInOneLine(2, "ipindex " + args.get(0) + ": no FileSystem for " + remote + ": " + why,
          args.toArray(String[]::new));
    }
    assertOnlyTheInputsAreLeft();
  }

  /** {@code ulimit -f} makes write(2) fail with EFBIG; Hadoop's local FileSystem throws FSError. */
  @Test
  void aFileSizeLimitFailsEachWritingCommandInOneLineAndLeavesNothing() throws Exception {
    Path big = dir.resolve("big.tsv");
    try (PrintStream out = new PrintStream(Files.newOutputStream(big), false, StandardCharsets.UTF_8)) {
      for (int i = 0; i < 100_000; i++) {
        out.println("10." + (i >> 16 & 255) + "." + (i >> 8 & 255) + "." + (i & 255));
      }
    }
    String out = dir.resolve("out").toString();
    String tooLarge = ": IOException: File too large; nothing was published";
    assertChildFailsInOneLine("ipindex build: cannot write " + out + ".ipidx" + tooLarge,
        "build", "--input", big.toString(), "--output", out + ".ipidx");
    assertChildFailsInOneLine("ipindex sample: cannot write " + out + ".tsv" + tooLarge,
        "sample", "--ips", "100000", "--output", out + ".tsv");
    assertChildFailsInOneLine("ipindex sample: cannot write " + out + ".log" + tooLarge,
        "sample", "--ips", "10", "--output", out + ".tsv", "--logs", out + ".log");
    assertEquals(10, Files.readAllLines(Path.of(out + ".tsv")).size(), "the list was published");
    Files.delete(Path.of(out + ".tsv"));
    assertOnlyTheInputsAreLeft(big.getFileName().toString());
  }

  private void assertFailsInOneLine(int exit, String line, String... args) throws Exception {
    IndexToolsTest.Run run = IndexToolsTest.ipindex(args);
    assertEquals(line + "\n", run.err(), String.join(" ", args));
    assertFalse(run.err().contains("\tat "), run.err());
    assertEquals(exit, run.exit(), run.err());
  }

  /** Runs ipindex in a child JVM under a 100 KiB file size limit (tests run on Linux). */
  private void assertChildFailsInOneLine(String line, String... args) throws Exception {
    StringBuilder command = new StringBuilder("ulimit -f 100; exec '")
        .append(Path.of(System.getProperty("java.home"), "bin", "java")).append("' -Xmx256m -cp '")
        .append(System.getProperty("java.class.path")).append("' ")
        .append(IndexTools.class.getName());
    for (String arg : args) {
      command.append(" '").append(arg).append('\'');
    }
    Path err = dir.resolve("stderr.txt");
    Process child = new ProcessBuilder("bash", "-c", command.toString())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
    assertTrue(child.waitFor(5, TimeUnit.MINUTES), "the child JVM did not finish");
    String stderr = Files.readString(err, StandardCharsets.UTF_8);
    Files.delete(err);
    assertEquals(line + "\n", stderr, String.join(" ", args));
    assertEquals(1, child.exitValue(), stderr);
  }

  private void assertOnlyTheInputsAreLeft(String... more) throws IOException {
    List<String> expected = new ArrayList<>(List.of("good.ipidx", "list.tsv"));
    expected.addAll(List.of(more));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(expected.stream().sorted().toList(),
          files.map(p -> p.getFileName().toString()).sorted().toList());
    }
  }

  private static String hadoopPath(String uri) {
    return new org.apache.hadoop.fs.Path(uri).toString();
  }
}
