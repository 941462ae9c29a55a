package org.ipjoin.index.builder;

import java.io.IOException;

/**
 * The inputs or the output given to a build cannot be right (a directory as a list, the same list
 * twice, the output being one of the lists): a usage error, found before anything is read.
 */
public class InvalidBuildInputException extends IOException {
  private static final long serialVersionUID = 1L;

  public InvalidBuildInputException(String message) {
    super(message);
  }
}
