package org.ipjoin.index.load;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One way of reading an index from a local file into memory. Every implementation validates what it
 * reads (see {@link org.ipjoin.index.format.IndexLayout}) and throws
 * {@link org.ipjoin.index.format.CorruptIndexException} on the first failed check; none falls back to
 * anything silently.
 */
public interface IndexLoader {

  /**
   * Loads {@code file}.
   *
   * @param verifyChecksum whether to compute and compare the payload CRC32C (the other checks always
   *     run)
   */
  LoadedIndex load(Path file, boolean verifyChecksum) throws IOException;
}
