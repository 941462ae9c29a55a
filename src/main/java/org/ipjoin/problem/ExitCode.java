package org.ipjoin.problem;

/**
 * How every ipjoin command ends, the one list of exit codes: the job driver, each {@code ipindex}
 * command, the Java API's {@link IpJoinException#exitCode()} and the docs all use these numbers.
 */
public enum ExitCode {
  /** Success (or {@code --help}). */
  SUCCESS(0),
  /**
   * The command ran and failed: the data (a corrupt index, a malformed list line, a list without
   * addresses, a refused shrink), an I/O failure, or the job itself.
   */
  FAILED(1),
  /** An option or path is wrong, or a check before submission refused: nothing ran. */
  USAGE(2),
  /** The join's input holds no data. */
  EMPTY_INPUT(3);

  private final int code;

  ExitCode(int code) {
    this.code = code;
  }

  /** The process exit status. */
  public int code() {
    return code;
  }
}
