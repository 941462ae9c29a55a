package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --output} paths that cannot simply be renamed onto (real files, real LocalJobRunner): an
 * output the user may not replace, a symbolic link to nothing, and a symbolic link to an earlier
 * output. Each is decided before submission; none ends in a stack trace after the job ran.
 */
class OutputReplacementJobTest {

  @TempDir Path dir;
  private Path index;
  private Path first;
  private Path second;
  private Path output;
  /** Paths made immutable by a test, made mutable again so that the temp folder can go. */
  private final List<Path> immutable = new ArrayList<>();

  @BeforeEach
  void files() throws IOException {
    index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, "10.0.0.1", "10.0.0.2");
    first = dir.resolve("first.log");
    Files.writeString(first, "10.0.0.1 - - [x] \"GET /a\" 200 1\n10.0.0.9 - - [x] \"GET /b\" 200 1\n");
    second = dir.resolve("second.log");
    Files.writeString(second, "10.0.0.2 - - [x] \"GET /c\" 200 1\n");
    output = dir.resolve("out");
  }

  @AfterEach
  void mutableAgain() throws Exception {
    for (Path p : immutable) {
      new ProcessBuilder("chattr", "-i", p.toString()).inheritIO().start().waitFor();
    }
  }

  private IpJoinRun run(Path out, Path input, String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of(extra));
    args.addAll(List.of("--index", index.toString(), "--input", input.toString(), "--output",
        out.toString()));
    return IpJoinRun.local(args);
  }

  /**
   * The old output is immutable ({@code chattr +i}), which even root may not rename or empty: the
   * tests run as root, which permissions alone would not stop. Skipped where the file system has no
   * immutable flag.
   */
  @Test
  void overwriteRefusesAnOutputTheUserMayNotRemoveBeforeTheJobRuns() throws Exception {
    assertEquals(0, run(output, first).exitCode());
    Map<String, String> before = tree(output);
    assumeTrue(new ProcessBuilder("chattr", "+i", output.toString()).start().waitFor() == 0,
        "no immutable flag here");
    immutable.add(output);
    IpJoinRun r = run(output, second, "--overwrite");
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(List.of("ipjoin: --overwrite cannot replace output file:" + output + ": you may not"
        + " remove entries of file:" + output + " (no write permission, or it is immutable)"),
        r.errLines());
    assertEquals(before, tree(output));
  }

  /**
   * The parent becomes immutable while the job runs (after the check before submission passed):
   * the job's map task waits on a {@code .block} input ({@link BlockingTestCodec}) until the flag is
   * set. Publishing fails in one line, exit 1, and the old output stays as it was.
   */
  @Test
  void anOutputThatCannotBeReplacedAfterTheRunFailsInOneLineAndKeepsTheOldOutput()
      throws Exception {
    Path parent = Files.createDirectories(dir.resolve("published"));
    Path out = parent.resolve("out");
    assertEquals(0, run(out, first).exitCode());
    Map<String, String> before = tree(out);
    Path waiting = Files.writeString(dir.resolve("waiting.block"), Files.readString(second));
    Path marker = dir.resolve("marker");
    Path release = dir.resolve("release");
    ExecutorService job = Executors.newSingleThreadExecutor();
    try {
      Future<IpJoinRun> running = job.submit(() -> run(out, waiting,
          "-D", "io.compression.codecs=" + BlockingTestCodec.class.getName(),
          "-D", BlockingTestCodec.MARKER + "=" + marker, "-D", BlockingTestCodec.RELEASE + "=" + release,
          "--overwrite"));
      while (!Files.exists(marker)) {
        if (running.isDone()) {
          fail("the job ended before blocking: " + running.get().err());
        }
        Thread.sleep(20); // polling interval for the marker file
      }
      boolean flagged = new ProcessBuilder("chattr", "+i", parent.toString()).start().waitFor() == 0;
      if (flagged) {
        immutable.add(parent);
      }
      Files.createFile(release);
      IpJoinRun r = running.get(5, TimeUnit.MINUTES);
      assumeTrue(flagged, "no immutable flag here");
      assertEquals(1, r.exitCode(), r.err());
      List<String> lines = r.errLines();
      assertEquals(1, lines.size(), r.err());
      assertTrue(lines.get(0).startsWith("ipjoin: output file:" + out + " was not published: cannot"
          + " move file:" + out + " to file:" + parent + "/.out.ipjoin-"), lines.get(0));
      assertTrue(lines.get(0).endsWith(".replaced: Operation not permitted; the old output is kept"),
          lines.get(0));
      assertEquals(before, tree(out));
    } finally {
      job.shutdownNow();
    }
  }

  @Test
  void aDanglingSymbolicLinkAsOutputIsRefusedBeforeTheJobRuns() throws Exception {
    Path link = Files.createSymbolicLink(dir.resolve("current"), dir.resolve("gone"));
    IpJoinRun r = run(link, first);
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(List.of("ipjoin: output file:" + link + " is a symbolic link to a missing target ("
        + dir.resolve("gone") + "); remove the link or make its target first"), r.errLines());
    assertTrue(Files.isSymbolicLink(link));
    assertEquals(List.of("current", "first.log", "ips.ipidx", "second.log"), names(dir));
  }

  /** {@code current -> out}: --overwrite replaces what the link points to and keeps the link. */
  @Test
  void overwriteThroughASymbolicLinkReplacesItsTargetAndKeepsTheLink() throws Exception {
    assertEquals(0, run(output, first).exitCode());
    Path link = Files.createSymbolicLink(dir.resolve("current"), output);

    IpJoinRun refused = run(link, second);
    assertEquals(2, refused.exitCode(), refused.err());
    assertEquals(List.of("ipjoin: output directory file:" + output + " already exists; remove it,"
        + " choose another or pass --overwrite"), refused.errLines());

    IpJoinRun r = run(link, second, "--overwrite");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(Files.isSymbolicLink(link), "the link stays a link");
    assertEquals(output, Files.readSymbolicLink(link));
    assertEquals(List.of("10.0.0.2 - - [x] \"GET /c\" 200 1"),
        Files.readAllLines(output.resolve("part-m-00000")));
    assertEquals(List.of("current", "first.log", "ips.ipidx", "out", "second.log"), names(dir),
        "no staging or set-aside directory left");
  }

  private static List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static Map<String, String> tree(Path root) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        files.put(root.relativize(p).toString(), Files.readString(p, StandardCharsets.ISO_8859_1));
      }
    }
    return files;
  }
}
