package org.ipjoin.api;

import java.util.List;

/**
 * ipjoin refused or failed: the exit code the command line would have ended with and its one-line
 * problems, word for word what the command line prints (without its {@code ipjoin:} or {@code
 * ipindex <command>:} prefix).
 *
 * <p>Exit codes: {@value #FAILED} the data failed (a corrupt index, a malformed list line, a list
 * without addresses, a refused shrink, an I/O failure); {@value #USAGE} an option or path is wrong,
 * nothing ran; {@value #EMPTY_INPUT} the join's input holds no data.
 */
public final class IpJoinException extends Exception {
  private static final long serialVersionUID = 1L;

  /** The data failed. */
  public static final int FAILED = 1;
  /** An option or path is wrong; nothing ran. */
  public static final int USAGE = 2;
  /** The join's input holds no data. */
  public static final int EMPTY_INPUT = 3;

  private final int exitCode;
  private final List<String> problems;

  IpJoinException(int exitCode, String problem) {
    this(exitCode, List.of(problem));
  }

  IpJoinException(int exitCode, List<String> problems) {
    super(String.join("; ", problems));
    this.exitCode = exitCode;
    this.problems = List.copyOf(problems);
  }

  /** The command line's exit code for this problem: {@link #FAILED}, {@link #USAGE} or {@link #EMPTY_INPUT}. */
  public int exitCode() {
    return exitCode;
  }

  /** Every problem found, one line each; {@link #getMessage()} joins them with {@code "; "}. */
  public List<String> problems() {
    return problems;
  }
}
