package org.ipjoin.job;

import java.util.List;

/**
 * Bad command line or a check before submission failed: the driver prints each problem as one line
 * on stderr and exits with 2. Carries one or more problems so that the user sees them all at once.
 */
final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  UsageException(String problem) {
    this(List.of(problem));
  }

  UsageException(List<String> problems) {
    super(String.join("; ", problems));
    this.problems = List.copyOf(problems);
  }

  /** One line each: newlines in underlying messages are flattened. */
  List<String> problems() {
    return problems.stream().map(p -> p.replaceAll("\\s*[\\r\\n]+\\s*", " ")).toList();
  }
}
