package org.ipjoin.cli.ipindex;

/**
 * A progress line on stderr, at most once a second: bytes done of the total, percent, and rate.
 * Plain lines rather than a redrawn bar, because these tools mostly run under schedulers (Oozie,
 * Airflow, cron) whose logs keep every carriage return.
 */
final class ProgressLine {

  private final String label;
  private final long total;
  private final boolean enabled;
  private final long start = System.nanoTime();
  private long lastPrinted = start;

  ProgressLine(String label, long total, boolean enabled) {
    this.label = label;
    this.total = total;
    this.enabled = enabled;
  }

  void update(long done) {
    if (!enabled) {
      return;
    }
    long now = System.nanoTime();
    if (now - lastPrinted < 1_000_000_000L) {
      return;
    }
    lastPrinted = now;
    double seconds = (now - start) / 1e9;
    System.err.printf("%s %,d of %,d MB (%d%%), %.0f MB/s%n", label, done >> 20, total >> 20,
        total == 0 ? 100 : done * 100 / total, done / 1e6 / seconds);
  }

  void done() {
    if (enabled && lastPrinted != start) {
      System.err.printf("%s done%n", label);
    }
  }
}
