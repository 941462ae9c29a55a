package org.ipjoin.cli;

/** A command line that does not follow the convention: one line saying what is wrong; exit 2. */
public final class CommandLineException extends Exception {
  private static final long serialVersionUID = 1L;

  public CommandLineException(String message) {
    super(message);
  }
}
