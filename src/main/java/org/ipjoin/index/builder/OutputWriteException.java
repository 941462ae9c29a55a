package org.ipjoin.index.builder;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.ipjoin.problem.OneLine;

/**
 * Writing an output failed (a full disk, a file size limit, a FileSystem gone), in its creation,
 * its writes or its final flush and close; nothing was published. Names the output the user asked
 * for, since the I/O error itself names no file.
 */
public final class OutputWriteException extends IOException {
  private static final long serialVersionUID = 1L;

  OutputWriteException(Path target, IOException cause) {
    super("cannot write " + target + ": " + OneLine.ioFailure(cause) + "; nothing was published",
        cause);
  }
}
