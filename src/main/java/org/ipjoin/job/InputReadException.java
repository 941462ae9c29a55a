package org.ipjoin.job;

import java.io.IOException;

/**
 * An input file could not be read (a truncated gzip, a corrupt bzip2 block, a file that vanished):
 * the message names the file, which Hadoop's own exceptions from the decompressors do not.
 */
final class InputReadException extends IOException {
  private static final long serialVersionUID = 1L;

  InputReadException(String file, Throwable cause) {
    super("cannot read input " + file + ": " + (cause instanceof RuntimeException
        // Hadoop's bzip2 decoder fails on corrupt blocks with an index out of bounds, not an
        // IOException: say what it means.
        ? "corrupt data (" + OneLine.reason(cause) + ")" : OneLine.reason(cause)), cause);
  }
}
