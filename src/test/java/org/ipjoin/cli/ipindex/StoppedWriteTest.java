package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scheduler's timeout stops {@code ipindex build} or {@code ipindex sample} with SIGTERM while
 * it writes: the command's JVM deletes the hidden temporary file it was writing, and what was
 * published before (the index it was replacing, the list written before the logs) stays byte for
 * byte. The child JVM signals on stdout that it is inside a write ({@link BlockingFileSystem}),
 * and stays there until the test sends SIGTERM.
 */
class StoppedWriteTest {

  @TempDir Path dir;

  @Test
  void aBuildStoppedWhileWritingLeavesNoTemporaryFileAndTheOldIndexWhole() throws Exception {
    Path list = dir.resolve("list.tsv");
    Files.writeString(list, "1.2.3.4\n10.0.0.0/8\tten\n");
    Path index = dir.resolve("ips.ipidx");
    IndexToolsTest.Run built = IndexToolsTest.ipindex("build", "--input", list.toString(),
        "--output", index.toString(), "--quiet");
    assertEquals(0, built.exit(), built.err());
    byte[] published = Files.readAllBytes(index);

    String written = stopWhileWriting("ips.ipidx", "build", "--input", list.toString(),
        "--output", BlockingFileSystem.SCHEME + "://" + index, "--overwrite", "--quiet");

    assertTrue(written.startsWith(dir.resolve(".ips.ipidx.tmp-").toString()), written);
    assertEquals(List.of("ips.ipidx", "list.tsv", "stderr.txt"), names());
    assertArrayEquals(published, Files.readAllBytes(index));
  }

  @Test
  void aSampleStoppedWhileWritingTheLogsLeavesTheListAndNoTemporaryFile() throws Exception {
    Path list = dir.resolve("list.tsv");
    String written = stopWhileWriting("access.log", "sample", "--ips", "1000",
        "--output", BlockingFileSystem.SCHEME + "://" + list,
        "--logs", BlockingFileSystem.SCHEME + "://" + dir.resolve("access.log"));

    assertTrue(written.startsWith(dir.resolve(".access.log.tmp-").toString()), written);
    assertEquals(List.of("list.tsv", "stderr.txt"), names());
    assertEquals(1000, Files.readAllLines(list).size());
  }

  /**
   * Runs ipindex in a child JVM until it writes to a file named like {@code blockedName}, sends
   * it SIGTERM, and returns the path it was writing.
   */
  private String stopWhileWriting(String blockedName, String command, String... args)
      throws Exception {
    List<String> line = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
        "-cp", System.getProperty("java.class.path"), IndexTools.class.getName(), command,
        "-D", "fs." + BlockingFileSystem.SCHEME + ".impl=" + BlockingFileSystem.class.getName(),
        "-D", BlockingFileSystem.NAME + "=" + blockedName));
    line.addAll(List.of(args));
    Path err = dir.resolve("stderr.txt");
    Process child = new ProcessBuilder(line).redirectError(err.toFile()).start();
    String written = null;
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String l;
      while (written == null && (l = out.readLine()) != null) {
        if (l.startsWith(BlockingFileSystem.WRITING)) {
          written = l.substring(BlockingFileSystem.WRITING.length());
        }
      }
      if (written == null) {
        child.waitFor();
        fail("the child ended (exit " + child.exitValue() + ") before it wrote: "
            + Files.readString(err));
      }
      child.destroy(); // SIGTERM
      assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the child did not stop on SIGTERM");
    }
    assertEquals(143, child.exitValue(), Files.readString(err));
    return written;
  }

  private List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
