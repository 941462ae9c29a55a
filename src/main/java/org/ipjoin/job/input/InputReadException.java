package org.ipjoin.job.input;

import java.io.IOException;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.ipjoin.job.TaskFailureLog;
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

  /**
   * The failure to read {@code file}, its reason also recorded for the driver ({@link
   * TaskFailureLog}): a reader fails before the mapper runs (a bad gzip header is found when the
   * split is opened), so only the reader can record it.
   */
  static InputReadException recorded(TaskAttemptContext context, String file, Exception e) {
    InputReadException named = new InputReadException(file, e);
    TaskFailureLog.record(context, e, named.getMessage());
    return named;
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
