package org.ipjoin;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.ipjoin.index.format.HeaderCodec;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.format.SectionKind;

/** Test helper: where the sections of an index file are, for tests that damage one on purpose. */
public final class IndexFiles {

  private IndexFiles() {}

  /** The starts section (the keys of an exact-address list), from the file's checked header. */
  public static Section starts(Path file) throws IOException {
    return section(file, SectionKind.V4_STARTS);
  }

  /** The section of {@code kind}, from the file's checked header; null when it has none. */
  public static Section section(Path file, SectionKind kind) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    return HeaderCodec.decode(ByteBuffer.wrap(bytes), bytes.length, file.toString())
        .section(kind);
  }

  /** Where the starts begin in the file. */
  public static int startsOffset(Path file) throws IOException {
    return (int) starts(file).offset();
  }
}
