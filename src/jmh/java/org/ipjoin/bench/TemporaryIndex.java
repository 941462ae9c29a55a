package org.ipjoin.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.lookup.Ipv4Lookup;

/**
 * A benchmark's list as a map task meets it: written as an index file in a temporary file (deleted
 * on exit), then loaded through a read path with checksums verified.
 */
final class TemporaryIndex {

  private TemporaryIndex() {}

  /** Writes {@code content} in {@code layout} to a new temporary file named from {@code prefix}. */
  static Path write(String prefix, IndexContent content, KeyLayout layout) throws IOException {
    Path file = Files.createTempFile(prefix, ".ipidx");
    file.toFile().deleteOnExit();
    try (OutputStream out = Files.newOutputStream(file)) {
      IndexWriter.write(content, layout, out);
    }
    return file;
  }

  /** The lookup {@code path} loads from {@code file}, checksums verified. */
  static Ipv4Lookup load(Path file, ReadPath path) throws IOException {
    return path.loader().load(file, true).index();
  }

  /**
   * The read path a benchmark's storage parameter {@code name} names: {@code heap} copies the
   * columns onto the heap ({@code nio}), {@code mapped} serves them from the mapping ({@code
   * mmap-direct}).
   */
  static ReadPath storage(String name, String value) {
    return switch (value) {
      case "heap" -> ReadPath.NIO;
      case "mapped" -> ReadPath.MMAP_DIRECT;
      default -> throw new IllegalArgumentException(name + ": heap or mapped, not " + value);
    };
  }
}
