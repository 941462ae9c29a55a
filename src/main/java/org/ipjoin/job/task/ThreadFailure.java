package org.ipjoin.job.task;

/** A failure caught on one thread and thrown on another, as the type it was thrown as. */
final class ThreadFailure {

  private ThreadFailure() {}

  /** Throws {@code failure} if it is unchecked (a RuntimeException or an Error); else returns. */
  static void throwIfUnchecked(Throwable failure) {
    if (failure instanceof RuntimeException e) {
      throw e;
    }
    if (failure instanceof Error e) {
      throw e;
    }
  }
}
