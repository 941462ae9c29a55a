package org.ipjoin.problem;

import java.util.List;

/**
 * ipjoin refused or failed: the exit code the command line ends with and its one-line problems,
 * word for word what the command line prints (without its {@code ipjoin:} or {@code ipindex
 * <command>:} prefix). The one problem type of every layer: the command lines, the Java API and the
 * job's checks before submission all throw it, so that a problem found once is reported the same
 * way everywhere.
 *
 * <p>Exit codes ({@link ExitCode}): 1 the data failed (a corrupt index, a malformed list line, a
 * list without addresses, a refused shrink, an I/O failure); 2 an option or path is wrong, nothing
 * ran; 3 the join's input holds no data.
 */
public final class IpJoinException extends Exception {
  private static final long serialVersionUID = 1L;

  private final ExitCode exit;
  private final List<String> problems;

  public IpJoinException(ExitCode exit, String problem) {
    this(exit, List.of(problem));
  }

  /** Every problem in {@code problems} is folded to one printable line ({@link OneLine#fold}). */
  public IpJoinException(ExitCode exit, List<String> problems) {
    super(String.join("; ", problems.stream().map(OneLine::fold).toList()));
    this.exit = exit;
    this.problems = problems.stream().map(OneLine::fold).toList();
  }

  /** A wrong option, argument or path: exit 2, nothing ran. */
  public static IpJoinException usage(String problem) {
    return new IpJoinException(ExitCode.USAGE, problem);
  }

  /** Several wrong options or paths, reported at once: exit 2, nothing ran. */
  public static IpJoinException usage(List<String> problems) {
    return new IpJoinException(ExitCode.USAGE, problems);
  }

  /** The exit code this problem stands for. */
  public ExitCode exit() {
    return exit;
  }

  /** The command line's exit status for this problem: 1, 2 or 3 ({@link ExitCode#code()}). */
  public int exitCode() {
    return exit.code();
  }

  /** Every problem found, one line each; {@link #getMessage()} joins them with {@code "; "}. */
  public List<String> problems() {
    return problems;
  }
}
