package org.ipjoin.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;

/**
 * {@link AsOfJoinBenchmark}'s methods timed by the thread's CPU time instead of the wall clock:
 * on a machine shared with other work, time spent waiting for a core is not counted.
 * {@code AsOfJoinCpu [DAYS [ENTRIES [ROUNDS]]]} (defaults 60, 300,000, 9) prints, for each method
 * the benchmark has, the least CPU nanoseconds per record over the rounds, each round running
 * every method over all the records in turn. Methods are found by name, so a benchmark jar of an
 * earlier commit, which lacks the newer ones, is measured with the same loop.
 */
public final class AsOfJoinCpu {

  private static final String[] METHODS = {"plain", "asOf", "asOfLabels", "readTimes"};
  private static final int RECORDS = 1 << 18;

  private AsOfJoinCpu() {}

  public static void main(String[] args) throws Exception {
    AsOfJoinBenchmark bench = new AsOfJoinBenchmark();
    bench.days = args.length > 0 ? Integer.parseInt(args[0]) : 60;
    bench.entries = args.length > 1 ? Integer.parseInt(args[1]) : 300_000;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 9;
    bench.setUp();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Method[] methods = new Method[METHODS.length];
    long[] best = new long[METHODS.length];
    for (int m = 0; m < METHODS.length; m++) {
      try {
        methods[m] = AsOfJoinBenchmark.class.getMethod(METHODS[m]);
      } catch (NoSuchMethodException e) {
        methods[m] = null;
      }
      best[m] = Long.MAX_VALUE;
    }
    long sink = 0;
    for (int r = 0; r < rounds; r++) {
      for (int m = 0; m < METHODS.length; m++) {
        if (methods[m] == null) {
          continue;
        }
        long start = threads.getCurrentThreadCpuTime();
        for (int block = 0; block < RECORDS / AsOfJoinBenchmark.BLOCK; block++) {
          sink += ((Number) methods[m].invoke(bench)).longValue();
        }
        best[m] = Math.min(best[m], threads.getCurrentThreadCpuTime() - start);
      }
    }
    StringBuilder line = new StringBuilder();
    for (int m = 0; m < METHODS.length; m++) {
      if (methods[m] != null) {
        line.append(String.format("%s %.1f ns  ", METHODS[m], (double) best[m] / RECORDS));
      }
    }
    System.out.println(line + "(least thread CPU per record of " + rounds + " rounds, "
        + bench.days + " days; " + (sink & 1) + ")");
  }
}
