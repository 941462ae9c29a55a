package org.ipjoin.index.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.util.Progressable;
import org.ipjoin.index.format.CorruptIndexException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex build} reads its temporary file back with every check before it renames it into
 * place: a file damaged between the writer and the disk (here by a real local file system that
 * flips the last byte of the hidden temporary file when it is closed, a byte of the last section
 * that no header check reads) is refused on its checksum, and nothing is published.
 */
class TemporaryFileCheckTest {

  @TempDir java.nio.file.Path dir;

  /** Flips the last byte of every hidden temporary file ({@code .NAME.tmp-…}) once it is closed. */
  private static final class DamagingTemporaryFiles extends RawLocalFileSystem {
    final List<Path> damaged = new ArrayList<>();

    DamagingTemporaryFiles() throws IOException {
      initialize(URI.create("file:///"), new Configuration());
    }

    @Override
    public FSDataOutputStream create(Path f, boolean overwrite, int bufferSize, short replication,
        long blockSize, Progressable progress) throws IOException {
      FSDataOutputStream out = super.create(f, overwrite, bufferSize, replication, blockSize,
          progress);
      if (!f.getName().startsWith(".") || !f.getName().contains(".tmp-")) {
        return out;
      }
      java.io.File file = pathToFile(f);
      return new FSDataOutputStream(new FilterOutputStream(out) {
        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
          super.close();
          try (RandomAccessFile raf = new RandomAccessFile(file, "rw")) {
            raf.seek(raf.length() - 1);
            int last = raf.read();
            raf.seek(raf.length() - 1);
            raf.write(last ^ 0x01);
          }
          damaged.add(f);
        }
      }, null);
    }
  }

  @Test
  void aTemporaryFileDamagedAfterWritingIsRefusedAndNothingIsPublished() throws IOException {
    List<String> addresses = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      addresses.add("10." + (i >> 8) + "." + (i & 0xFF) + ".7");
    }
    java.nio.file.Path list = Files.write(dir.resolve("list.txt"), addresses);
    java.nio.file.Path index = dir.resolve("list.ipidx");
    DamagingTemporaryFiles fs = new DamagingTemporaryFiles();

    CorruptIndexException e = assertThrows(CorruptIndexException.class,
        () -> new IndexBuilder(false, false).build(fs, new Path(list.toUri()), fs,
            new Path(index.toUri()), n -> { }));

    assertEquals(1, fs.damaged.size(), "one temporary file written");
    assertEquals(CorruptIndexException.Check.SECTION_CHECKSUM, e.check(), e.getMessage());
    assertTrue(e.getMessage().contains(fs.damaged.get(0).getName()), e.getMessage());
    try (Stream<java.nio.file.Path> left = Files.list(dir)) {
      assertEquals(List.of(list), left.toList(), "no index and no temporary file");
    }
  }
}
