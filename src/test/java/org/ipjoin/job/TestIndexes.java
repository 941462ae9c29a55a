package org.ipjoin.job;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.ip.Ipv4Codec;

/** Writes real index files for the job tests. */
public final class TestIndexes {

  private TestIndexes() {}

  /** An index of {@code ips} (any order, duplicates allowed) at {@code file}; returns its identity. */
  public static IndexIdentity write(Path file, String... ips) throws IOException {
    int[] keys = Arrays.stream(ips).mapToInt(Ipv4Codec::parseKey).sorted().distinct().toArray();
    return write(file, keys);
  }

  /** An index of sorted unique {@code keys}; returns its identity. */
  public static IndexIdentity write(Path file, int[] keys) throws IOException {
    IndexHeader header;
    try (OutputStream out = Files.newOutputStream(file)) {
      header = IndexWriter.write(IndexContent.exact(keys, keys.length, 0, 0), out);
    }
    return header.identity(Files.size(file));
  }
}
