package org.ipjoin.job.task;

import java.io.IOException;

/** A map task ran out of heap loading the index; the message names the heap and the ways out. */
final class TaskOutOfMemoryException extends IOException {
  private static final long serialVersionUID = 1L;

  TaskOutOfMemoryException(String message) {
    super(message);
  }
}
