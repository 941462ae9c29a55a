package org.ipjoin.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntSupplier;

/**
 * {@link DirectoryWidthBenchmark} at two directory widths measured in alternation, for a machine
 * shared with other work, where one JMH fork after another meets a different load (as
 * {@link BatchLookupPairs}). Each round times {@code match} and {@code matchAll} at each width once,
 * in turn, over {@code calls} invocations of {@value DirectoryWidthBenchmark#BATCH} probes, by the
 * thread's CPU time (which leaves out the time spent waiting for a core); it prints the medians
 * over the rounds in ns per probe and the median of the per-round ratios of the second width to
 * the first.
 *
 * <pre>
 * java -cp target/bench-build/benchmarks.jar org.ipjoin.bench.DirectoryWidthPairs \
 *     keys=287570 layout=uniform bits=16,12 rounds=30 calls=200
 * </pre>
 */
public final class DirectoryWidthPairs {

  private DirectoryWidthPairs() {}

  public static void main(String[] args) {
    int keys = 287_570;
    String layout = "uniform";
    int[] bits = {16, 12};
    int rounds = 30;
    int calls = 200;
    for (String arg : args) {
      String[] kv = arg.split("=", 2);
      switch (kv[0]) {
        case "keys" -> keys = Integer.parseInt(kv[1]);
        case "layout" -> layout = kv[1];
        case "bits" -> bits = Arrays.stream(kv[1].split(",")).mapToInt(Integer::parseInt).toArray();
        case "rounds" -> rounds = Integer.parseInt(kv[1]);
        case "calls" -> calls = Integer.parseInt(kv[1]);
        default -> throw new IllegalArgumentException("unknown argument " + arg);
      }
    }
    DirectoryWidthBenchmark[] widths = new DirectoryWidthBenchmark[2];
    for (int w = 0; w < 2; w++) {
      widths[w] = new DirectoryWidthBenchmark();
      widths[w].keys = keys;
      widths[w].layout = layout;
      widths[w].bits = bits[w];
      widths[w].setUp();
    }
    List<String> names = List.of("match /" + bits[0], "match /" + bits[1],
        "matchAll /" + bits[0], "matchAll /" + bits[1]);
    List<IntSupplier> runs = List.of(widths[0]::match, widths[1]::match, widths[0]::matchAll,
        widths[1]::matchAll);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double probes = (double) calls * DirectoryWidthBenchmark.BATCH;
    double[][] cpu = new double[runs.size()][rounds];
    long sink = 0;
    for (int warm = 0; warm < 5; warm++) {
      for (IntSupplier run : runs) {
        for (int c = 0; c < calls; c++) {
          sink += run.getAsInt();
        }
      }
    }
    for (int r = 0; r < rounds; r++) {
      for (int v = 0; v < runs.size(); v++) {
        IntSupplier run = runs.get(v);
        long c0 = threads.getCurrentThreadCpuTime();
        for (int c = 0; c < calls; c++) {
          sink += run.getAsInt();
        }
        cpu[v][r] = (threads.getCurrentThreadCpuTime() - c0) / probes;
      }
    }
    System.out.printf(Locale.ROOT, "keys=%d layout=%s bits=%d,%d rounds=%d calls=%d (sink %d)%n",
        keys, layout, bits[0], bits[1], rounds, calls, sink & 1);
    for (int v = 0; v < runs.size(); v++) {
      double[] ratio = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        ratio[r] = cpu[v | 1][r] / cpu[v & ~1][r];
      }
      System.out.printf(Locale.ROOT, "%-14s cpu ns/probe median %7.1f min %7.1f%s%n", names.get(v),
          BatchLookupPairs.median(cpu[v]), Arrays.stream(cpu[v]).min().orElse(0),
          v % 2 == 1 ? String.format(Locale.ROOT, " | /%d over /%d median %.2f", bits[1], bits[0],
              BatchLookupPairs.median(ratio)) : "");
    }
  }
}
