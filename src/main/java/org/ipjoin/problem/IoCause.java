package org.ipjoin.problem;

import java.io.IOException;
import java.util.concurrent.ExecutionException;

/**
 * The I/O failure behind a wrapper: an {@link java.io.UncheckedIOException} from a stream, an
 * {@link ExecutionException} from a worker thread, Hadoop's {@code FSError} (an Error the local
 * FileSystem throws for a failed write: a full disk, a file size limit) or any other unchecked
 * exception built around an IOException. Its message, not the wrapper's, is what a user needs.
 */
public final class IoCause {

  /** Deep enough for every wrapping seen in practice; bounds a cycle of causes too. */
  private static final int MAX_DEPTH = 16;

  private IoCause() {}

  /**
   * The first IOException in {@code t}'s chain of causes, passing only through unchecked
   * throwables and ExecutionExceptions; null when there is none (a bug, an out-of-memory).
   */
  public static IOException of(Throwable t) {
    Throwable current = t;
    for (int depth = 0; current != null && depth < MAX_DEPTH; depth++) {
      if (current instanceof IOException io) {
        return io;
      }
      if (!(current instanceof RuntimeException || current instanceof Error
          || current instanceof ExecutionException)) {
        return null;
      }
      current = current.getCause();
    }
    return null;
  }

  /**
   * The failure (exit 1) of the I/O error behind an unchecked {@code thrown}, as one line; throws
   * {@code thrown} itself when no I/O error is behind it (a bug should keep its stack trace).
   */
  public static IpJoinException failure(Throwable thrown) {
    IOException io = of(thrown);
    if (io != null) {
      return new IpJoinException(ExitCode.FAILED, OneLine.ioFailure(io));
    }
    if (thrown instanceof RuntimeException r) {
      throw r;
    }
    if (thrown instanceof Error e) {
      throw e;
    }
    throw new IllegalArgumentException("not an unchecked throwable", thrown);
  }
}
