package org.ipjoin.bench;

import java.io.IOException;
import java.util.Optional;

/**
 * One of the project's performance targets: what is measured, the bound and its limit, and how a
 * run's results measure it. The list is {@link TargetsSection#TARGETS}.
 */
record Target(String what, Bound bound, double limit, String unit, Measure measure) {

  /** Which side of the limit meets the target. */
  enum Bound {
    AT_MOST("≤") {
      @Override
      boolean meets(double value, double limit) {
        return value <= limit;
      }
    },
    AT_LEAST("≥") {
      @Override
      boolean meets(double value, double limit) {
        return value >= limit;
      }
    };

    final String sign;

    Bound(String sign) {
      this.sign = sign;
    }

    abstract boolean meets(double value, double limit);
  }

  /** A run's figure for a target: the typical value, the best one (null if none) and the text. */
  record Measured(double typical, Double best, String text) {}

  /** Reads a target's figure from a run's results; empty when the step behind it did not run. */
  interface Measure {
    Optional<Measured> of(BenchResults results) throws IOException;
  }

  /** The target as the table states it, e.g. "nio load …: ≤ 110 ms". */
  String goal() {
    return what + ": " + bound.sign + " " + limitText() + unit;
  }

  /** "yes", "only in the best runs" or "no". */
  String verdict(Measured m) {
    if (bound.meets(m.typical(), limit)) {
      return "yes";
    }
    return m.best() != null && bound.meets(m.best(), limit) ? "only in the best runs" : "no";
  }

  private String limitText() {
    return limit == Math.rint(limit) ? Long.toString((long) limit) : Double.toString(limit);
  }
}
