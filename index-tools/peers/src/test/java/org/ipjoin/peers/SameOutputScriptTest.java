package org.ipjoin.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code same-output} script the bench compares the systems' outputs with. */
class SameOutputScriptTest {

  @TempDir
  Path dir;

  @Test
  void sameLinesInAnotherOrderAndOtherPartFilesAreTheSame() throws Exception {
    Path file = write("duckdb.txt", "b 2\na 1\nb 2\nc\t3\n");
    Path parts = Files.createDirectories(dir.resolve("ipjoin"));
    write("ipjoin/part-m-00001", "c\t3\nb 2\n");
    write("ipjoin/part-m-00000", "b 2\na 1\n");
    write("ipjoin/_SUCCESS", "");
    write("ipjoin/.part-m-00000.crc", "junk\n");
    Files.createDirectories(parts.resolve("malformed"));
    write("ipjoin/malformed/part-m-00000", "not output\n");
    Result r = run(file, parts);
    assertEquals(0, r.code, r.out);
    assertEquals("same: 4 lines, 16 bytes\n", r.out);
  }

  @Test
  void aLineThatOccursOnceLessIsADifference() throws Exception {
    Result r = run(write("a.txt", "b 2\na 1\nb 2\n"), write("b.txt", "a 1\nb 2\n"));
    assertEquals(1, r.code);
    assertTrue(r.out.startsWith("different: "), r.out);
    assertTrue(r.out.contains("  only in A: b 2\n"), r.out);
  }

  @Test
  void oneDifferentByteIsADifference() throws Exception {
    Result r = run(write("a.txt", "x\ty\n"), write("b.txt", "x\tz\n"));
    assertEquals(1, r.code);
    assertTrue(r.out.contains("  only in A: x\ty\n") && r.out.contains("  only in B: x\tz\n"), r.out);
  }

  @Test
  void aMissingOutputIsAUsageError() throws Exception {
    Result r = run(write("a.txt", "x\n"), dir.resolve("none"));
    assertEquals(2, r.code);
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
  }

  private record Result(int code, String out) {
  }

  private Result run(Path a, Path b) throws Exception {
    Path script = Path.of(System.getProperty("peers.scripts", "."), "same-output");
    Process p = new ProcessBuilder("bash", script.toString(), a.toString(), b.toString())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(p.waitFor(), out);
  }
}
