package org.ipjoin.problem;

/**
 * How every ipjoin command ends, the one list of exit codes: the job driver, each {@code ipindex}
 * command, the Java API's {@link IpJoinException#exitCode()} and the docs all use these numbers.
 */
public enum ExitCode {
  /** Success (or {@code --help}). */
  SUCCESS(0, "success"),
  /**
   * The command ran and failed: the data (a corrupt index, a malformed list line, a list without
   * addresses, a refused shrink), an I/O failure, or the job itself.
   */
  FAILED(1, "the data or the job failed"),
  /** An option or path is wrong, or a check before submission refused: nothing ran. */
  USAGE(2, "usage or validation error"),
  /** The join's input holds no data. */
  EMPTY_INPUT(3, "the input held no data");

  private final int code;
  private final String meaning;

  ExitCode(int code, String meaning) {
    this.code = code;
    this.meaning = meaning;
  }

  /** What the code means, in a few words, for help texts. */
  public String meaning() {
    return meaning;
  }

  /** The help line of a command that ends with {@code codes}: {@code Exit codes: 0 success, ...}. */
  public static String helpLine(ExitCode... codes) {
    StringBuilder s = new StringBuilder("Exit codes:");
    for (int i = 0; i < codes.length; i++) {
      s.append(i == 0 ? " " : ", ").append(codes[i].code).append(' ').append(codes[i].meaning);
    }
    return s.append('.').toString();
  }

  /** The process exit status. */
  public int code() {
    return code;
  }
}
