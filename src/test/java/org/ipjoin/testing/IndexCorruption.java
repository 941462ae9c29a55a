package org.ipjoin.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.load.IndexBytes;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.testing.IndexReaders.Reader;

/**
 * Damaged index files through a read path: each file (bytes flipped or cut with {@link IndexBytes})
 * is written to the test's directory as {@code NAME.READER.ipidx}, read, and deleted again with
 * Hadoop's {@code .crc} beside it; or through {@code ipindex verify}, as {@code NAME.ipidx}.
 */
public final class IndexCorruption {

  private final Path dir;

  public IndexCorruption(Path dir) {
    this.dir = dir;
  }

  /**
   * Asserts that {@code path} rejects {@code bytes} with {@code check} and a message that starts
   * with the file name and the check's description; returns the exception.
   */
  public CorruptIndexException rejects(Reader path, IndexBytes bytes, String name, Check check,
      boolean verifyChecksum) {
    Path file = bytes.writeTo(dir.resolve(name + "." + path.name() + ".ipidx"));
    try {
      CorruptIndexException e = assertThrows(CorruptIndexException.class,
          () -> path.load(file, verifyChecksum), name);
      assertEquals(check, e.check(), () -> name + ": " + e.getMessage());
      assertTrue(e.getMessage().startsWith(file + ": " + check.description + " check failed: "),
          e.getMessage());
      return e;
    } finally {
      delete(file);
    }
  }

  /** {@link #rejects(Reader, IndexBytes, String, Check, boolean)} with checksums verified. */
  public CorruptIndexException rejects(Reader path, IndexBytes bytes, String name, Check check) {
    return rejects(path, bytes, name, check, true);
  }

  /** As {@link #rejects(Reader, IndexBytes, String, Check, boolean)}; the message contains {@code fragment}. */
  public CorruptIndexException rejects(Reader path, IndexBytes bytes, String name, Check check,
      String fragment, boolean verifyChecksum) {
    CorruptIndexException e = rejects(path, bytes, name, check, verifyChecksum);
    assertTrue(e.getMessage().contains(fragment),
        () -> name + ": no '" + fragment + "' in " + e.getMessage());
    return e;
  }

  /** {@link #rejects(Reader, IndexBytes, String, Check, String, boolean)} with checksums verified. */
  public CorruptIndexException rejects(Reader path, IndexBytes bytes, String name, Check check,
      String fragment) {
    return rejects(path, bytes, name, check, fragment, true);
  }

  /** The whole message after the file name and check must be {@code detail}. */
  public void rejectsExactly(Reader path, IndexBytes bytes, String name, Check check,
      String detail) {
    CorruptIndexException e = rejects(path, bytes, name, check, detail);
    assertTrue(e.getMessage().endsWith("check failed: " + detail), e.getMessage());
  }

  /** What {@code path} loads from {@code bytes}. */
  public LoadedIndex loads(Reader path, IndexBytes bytes, String name, boolean verifyChecksum)
      throws IOException {
    Path file = bytes.writeTo(dir.resolve(name + "." + path.name() + ".ipidx"));
    try {
      return path.load(file, verifyChecksum);
    } finally {
      delete(file);
    }
  }

  /**
   * Runs {@code ipindex verify} as users run it on {@code bytes} written as {@code NAME.ipidx}:
   * asserts exit 1 and one line on stderr naming the file and {@code check}.
   */
  public void ipindexVerifyFails(IndexBytes bytes, String name, Check check) throws Exception {
    Path file = bytes.writeTo(dir.resolve(name + ".ipidx"));
    try {
      PrintStream oldErr = System.err;
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int exit;
      try {
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        exit = IndexTools.run(new Configuration(), new String[] {"verify", file.toString()});
      } finally {
        System.setErr(oldErr);
      }
      String lines = err.toString(StandardCharsets.UTF_8);
      assertEquals(1, exit, name + ": " + lines);
      assertEquals(1, lines.lines().count(), lines);
      assertTrue(lines.startsWith("ipindex verify: " + file + ": " + check.description
          + " check failed: "), name + ": " + lines);
    } finally {
      delete(file);
    }
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
      Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
