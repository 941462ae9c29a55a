package org.ipjoin.index.load;

import java.io.IOException;
import java.nio.file.Path;
import org.ipjoin.index.format.LoadTrust;

/**
 * One way of reading an index from a local file into memory. Every implementation validates what it
 * reads (see {@link org.ipjoin.index.format.IndexByteMap}) and throws
 * {@link org.ipjoin.index.format.CorruptIndexException} on the first failed check; none falls back to
 * anything silently.
 */
public interface IndexLoader {

  /**
   * Loads {@code file} with every check.
   *
   * @param verifyChecksum whether to compute and compare the payload CRC32C (the other checks always
   *     run)
   */
  default LoadedIndex load(Path file, boolean verifyChecksum) throws IOException {
    return load(file, verifyChecksum, LoadTrust.FULL);
  }

  /**
   * Loads {@code file}, checking what {@code trust} asks for ({@link LoadTrust#FULL}: everything;
   * a map task of a job whose driver verified the whole index: header, section directory, pinned
   * identity and section CRCs).
   *
   * @param verifyChecksum whether to compute and compare each section's CRC32C
   */
  LoadedIndex load(Path file, boolean verifyChecksum, LoadTrust trust) throws IOException;
}
