package org.ipjoin.job.input;

import java.io.IOException;
import org.ipjoin.problem.OneLine;

/**
 * An input file could not be read (a truncated gzip, a corrupt bzip2 block, a file that vanished):
 * the message names the file, which Hadoop's own exceptions from the decompressors do not.
 */
public final class InputReadException extends IOException {
  private static final long serialVersionUID = 1L;

  InputReadException(String file, Throwable cause) {
    super("cannot read input " + file + ": " + what(cause), cause);
  }

  private static String what(Throwable cause) {
    if (cause.getCause() instanceof java.net.URISyntaxException uri) {
      // Hadoop makes a path of every name it opens (for a local file also its .crc): a ':' in a
      // name reads as a URI scheme.
      return "Hadoop cannot open a file whose name holds a ':' (read as a URI scheme); rename it ("
          + OneLine.of(uri.getMessage()) + ")";
    }
    if (cause instanceof RuntimeException) {
      // Hadoop's bzip2 decoder fails on corrupt blocks with an index out of bounds, not an
      // IOException: say what it means.
      return "corrupt data (" + OneLine.reason(cause) + ")";
    }
    return OneLine.reason(cause);
  }
}
