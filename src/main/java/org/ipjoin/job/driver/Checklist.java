package org.ipjoin.job.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.ipjoin.problem.IpJoinException;

/**
 * The checks before submission, run one after another: a failed check notes its problems and the
 * next one runs all the same, so that one run names every typo instead of the first only. A failed
 * check leaves null in place of its value; {@link #passOrThrow()} then reports all problems at
 * once.
 */
final class Checklist {

  /** A check that reports its problems as an {@link IpJoinException}. */
  @FunctionalInterface
  interface Check<T> {
    T run() throws IpJoinException;
  }

  /** A check with nothing to hand on, only problems to report. */
  @FunctionalInterface
  interface Refusal {
    void run() throws IpJoinException;
  }

  private final List<String> problems = new ArrayList<>();

  /** Runs {@code check}; its value, or null when it failed and its problems are noted. */
  <T> T check(Check<T> check) {
    try {
      return check.run();
    } catch (IpJoinException e) {
      problems.addAll(e.problems());
      return null;
    }
  }

  /** Runs {@code refusal}; when it refuses, its problems are noted. */
  void check(Refusal refusal) {
    try {
      refusal.run();
    } catch (IpJoinException e) {
      problems.addAll(e.problems());
    }
  }

  /** Reads a setting; a bad value is noted with the reader's own message. */
  <T> T setting(Supplier<T> read) {
    return setting(read, "");
  }

  /** Reads a setting; a bad value is noted as {@code what} followed by the reader's message. */
  <T> T setting(Supplier<T> read, String what) {
    try {
      return read.get();
    } catch (IllegalArgumentException e) {
      problems.add(what + e.getMessage());
      return null;
    }
  }

  /** Returns when every check passed, else throws every problem noted, in the order found. */
  void passOrThrow() throws IpJoinException {
    if (!problems.isEmpty()) {
      throw IpJoinException.usage(problems);
    }
  }
}
