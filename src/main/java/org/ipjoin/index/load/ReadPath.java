package org.ipjoin.index.load;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The switchable read paths, by the name users give in {@code ipjoin.index.loader} or
 * {@code --loader}. The first four reproduce the seed article's comparison; {@code nio} is the
 * default.
 */
public enum ReadPath {
  /** The seed's baseline: BufferedReader over the text list, line by line, then sort. */
  TEXT(new TextListLoader()),
  /** DataInputStream.readInt over the binary index, unbuffered: one read(2) per byte. */
  STREAM(new StreamLoader(false)),
  /** DataInputStream over a 64 KiB BufferedInputStream. */
  BUFFERED(new StreamLoader(true)),
  /** FileChannel reads into a direct ByteBuffer, bulk get into int[]. */
  NIO(new ChannelLoader()),
  /** FileChannel.map and a bulk copy into int[]. */
  MMAP(new MappedLoader());

  private final IndexLoader loader;

  ReadPath(IndexLoader loader) {
    this.loader = loader;
  }

  public IndexLoader loader() {
    return loader;
  }

  /** The name users write: lower case. */
  public String externalName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** True for the paths that read the text list rather than a binary index. */
  public boolean readsText() {
    return this == TEXT;
  }

  /** @throws IllegalArgumentException naming the valid choices */
  public static ReadPath fromName(String name) {
    for (ReadPath p : values()) {
      if (p.externalName().equals(name.trim().toLowerCase(Locale.ROOT))) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown loader '" + name + "'; choose one of " + names());
  }

  public static String names() {
    return Arrays.stream(values()).map(ReadPath::externalName).collect(Collectors.joining(", "));
  }
}
