package org.ipjoin.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * {@link BatchLookupBenchmark}'s single and batched lookups measured in alternation, for a machine
 * shared with other work, where one JMH run after another meets a different load. Each round times
 * every variant once, in turn, over {@code calls} invocations ({@value
 * BatchLookupBenchmark#PER_INVOCATION} keys each), by the thread's CPU time (which leaves out the
 * time spent waiting for a core) and by wall time; it prints the medians over the rounds, in ns per
 * key, and the median of the per-round ratios to {@code single}.
 *
 * <pre>
 * java -cp target/bench-build/benchmarks.jar org.ipjoin.bench.BatchLookupPairs \
 *     list=exact column=heap probes=uniform block=256 traffic=none rounds=30 calls=40
 * </pre>
 */
public final class BatchLookupPairs {

  private BatchLookupPairs() {}

  public static void main(String[] args) throws Exception {
    BatchLookupBenchmark b = new BatchLookupBenchmark();
    b.list = "exact";
    b.column = "heap";
    b.probes = "uniform";
    b.block = 256;
    b.traffic = "none";
    int rounds = 30;
    int calls = 40;
    for (String arg : args) {
      String[] kv = arg.split("=", 2);
      switch (kv[0]) {
        case "list" -> b.list = kv[1];
        case "column" -> b.column = kv[1];
        case "probes" -> b.probes = kv[1];
        case "block" -> b.block = Integer.parseInt(kv[1]);
        case "traffic" -> b.traffic = kv[1];
        case "rounds" -> rounds = Integer.parseInt(kv[1]);
        case "calls" -> calls = Integer.parseInt(kv[1]);
        default -> throw new IllegalArgumentException("unknown argument " + arg);
      }
    }
    b.setUp();
    List<String> names = new ArrayList<>(List.of("single", "batched"));
    List<LongSupplier> runs = new ArrayList<>(List.of(b::single, b::batched));
    if (b.traffic.equals("stream")) {
      names.add("trafficOnly");
      runs.add(b::trafficOnly);
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double keys = (double) calls * BatchLookupBenchmark.PER_INVOCATION;
    double[][] cpu = new double[runs.size()][rounds];
    double[][] wall = new double[runs.size()][rounds];
    long sink = 0;
    for (int warm = 0; warm < 5; warm++) {
      for (LongSupplier run : runs) {
        for (int c = 0; c < calls; c++) {
          sink += run.getAsLong();
        }
      }
    }
    for (int r = 0; r < rounds; r++) {
      for (int v = 0; v < runs.size(); v++) {
        LongSupplier run = runs.get(v);
        long c0 = threads.getCurrentThreadCpuTime();
        long w0 = System.nanoTime();
        for (int c = 0; c < calls; c++) {
          sink += run.getAsLong();
        }
        wall[v][r] = (System.nanoTime() - w0) / keys;
        cpu[v][r] = (threads.getCurrentThreadCpuTime() - c0) / keys;
      }
    }
    System.out.printf(Locale.ROOT, "list=%s column=%s probes=%s block=%d traffic=%s rounds=%d"
        + " calls=%d (sink %d)%n", b.list, b.column, b.probes, b.block, b.traffic, rounds, calls,
        sink & 1);
    for (int v = 0; v < runs.size(); v++) {
      double[] ratio = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        ratio[r] = cpu[v][r] / cpu[0][r];
      }
      System.out.printf(Locale.ROOT,
          "%-12s cpu ns/key median %7.1f min %7.1f | wall ns/key median %7.1f | cpu / single %.2f%n",
          names.get(v), median(cpu[v]), Arrays.stream(cpu[v]).min().orElse(0), median(wall[v]),
          median(ratio));
    }
  }

  static double median(double[] values) {
    double[] s = values.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }
}
