package org.ipjoin.api;

import java.io.IOException;

/** How an unexpected I/O failure becomes one line. */
final class Problems {

  private Problems() {}

  /** {@code IOException: message}, line breaks folded: a permission denied or a FileSystem down. */
  static String ioFailure(IOException e) {
    return e.getClass().getSimpleName() + ": "
        + String.valueOf(e.getMessage()).replaceAll("\\s*[\\r\\n]+\\s*", " ");
  }
}
