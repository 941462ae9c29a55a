package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.IndexWriter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index replaced ({@code ipindex build --overwrite}: a rename over it) between {@link
 * VerifyReader}'s status call and its open is read again, not reported as corrupt: the status says
 * the old file's length, the open gets the new file's bytes, which fail the length check. The
 * interleaving is driven by a real local file system that renames the new index into place on the
 * first open of the path, just before opening it, so it happens exactly once, at that point.
 */
class ReplacedWhileReadTest {

  @TempDir java.nio.file.Path dir;
  private java.nio.file.Path index;
  private java.nio.file.Path replacement;
  private IndexIdentity newIdentity;

  /** Renames {@link #replacement} over {@link #index} when {@link #index} is first opened. */
  private final class ReplacingOnFirstOpen extends RawLocalFileSystem {
    int opens;

    ReplacingOnFirstOpen() throws IOException {
      initialize(URI.create("file:///"), new Configuration());
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
      if (pathToFile(f).toPath().equals(index) && opens++ == 0) {
        Files.move(replacement, index, StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
      }
      return super.open(f, bufferSize);
    }
  }

  @BeforeEach
  void twoIndexesOfDifferentLengths() throws IOException {
    index = dir.resolve("ips.ipidx");
    replacement = dir.resolve(".ips.ipidx.tmp-1");
    IndexIdentity old = write(index, 10);
    newIdentity = write(replacement, 5_000);
    assertNotEquals(old.fileLength(), newIdentity.fileLength());
  }

  private static IndexIdentity write(java.nio.file.Path file, int count) throws IOException {
    int[] keys = IntStream.range(0, count).map(i -> Integer.MIN_VALUE + 7 * i).toArray();
    try (OutputStream out = Files.newOutputStream(file)) {
      return IndexWriter.write(IndexContent.exact(keys, count, 0, 0), out)
          .identity(Files.size(file));
    }
  }

  private Path path() {
    return new Path(index.toUri());
  }

  @Test
  void theHeaderIsReadAgainFromTheNewFile() throws IOException {
    ReplacingOnFirstOpen fs = new ReplacingOnFirstOpen();
    assertEquals(newIdentity, VerifyReader.readHeader(fs, path()).identity());
    assertEquals(2, fs.opens, "read once more after the replacement");
  }

  @Test
  void theWholeIndexCheckIsRunAgainOnTheNewFile() throws IOException {
    ReplacingOnFirstOpen fs = new ReplacingOnFirstOpen();
    assertEquals(newIdentity, VerifyReader.check(fs, path(), true).identity());
    assertEquals(2, fs.opens, "read once more after the replacement");
  }

  @Test
  void theLoadIsRunAgainOnTheNewFile() throws IOException {
    ReplacingOnFirstOpen fs = new ReplacingOnFirstOpen();
    assertEquals(newIdentity, VerifyReader.load(fs, path(), true).identity());
    assertEquals(2, fs.opens, "read once more after the replacement");
  }

  /** The same bytes renamed into place read right the first time: nothing is read twice. */
  @Test
  void aReplacementByTheSameBytesIsReadOnce() throws IOException {
    ReplacingOnFirstOpen fs = new ReplacingOnFirstOpen();
    Files.copy(index, replacement, StandardCopyOption.REPLACE_EXISTING);
    assertNotEquals(newIdentity, VerifyReader.check(fs, path(), true).identity());
    assertEquals(1, fs.opens);
  }
}
