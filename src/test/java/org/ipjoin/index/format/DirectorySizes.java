package org.ipjoin.index.format;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Test side: index files whose lookup directories have a size other than the writer's rule gives,
 * as files written under another rule hold them (2^16 + 1 entries for every list, before small
 * lists got small directories). Every reader must load them and answer as for any other file.
 */
public final class DirectorySizes {

  /** Before small directories, every list's directory had at least 2^16 + 1 entries. */
  public static final int OLD_MIN_BITS = 16;

  private DirectorySizes() {}

  /** The file {@link IndexWriter} writes for {@code content}, with directories of these bits. */
  public static byte[] write(IndexContent content, int bits, int v6Bits) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      IndexWriter.write(content, out, bits, v6Bits);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /**
   * The directory bits the writer used before small directories, written out from that rule's
   * definition: the largest 2^bits at most count / 40, but at least 2^16 and at most 2^22.
   */
  public static int oldRule(long count) {
    int bits = 0;
    while (bits < 22 && 1L << (bits + 1) <= count / 40) {
      bits++;
    }
    return Math.max(OLD_MIN_BITS, bits);
  }
}
