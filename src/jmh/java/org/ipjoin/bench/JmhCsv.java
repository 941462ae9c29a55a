package org.ipjoin.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * Runs JMH with its usual command line and also writes every measurement iteration to a CSV:
 * {@code JmhCsv OUT.csv [JMH options and benchmark regexps]}. Columns: {@link BenchResults#JMH_COLUMNS}
 * (params as {@code k=v;...}; {@link BenchResults} reads them). On a shared machine the best (min) iteration is
 * the one least disturbed by other processes, so the report shows it next to JMH's mean.
 */
public final class JmhCsv {

  private JmhCsv() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: JmhCsv OUT.csv [JMH options]");
      System.exit(2);
    }
    Path out = Path.of(args[0]);
    CommandLineOptions options = new CommandLineOptions(Arrays.copyOfRange(args, 1, args.length));
    Collection<RunResult> results = new Runner(options).run();
    write(out, results);
    System.out.println("wrote " + out);
  }

  private static void write(Path out, Collection<RunResult> results) throws IOException {
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out))) {
      w.println(BenchResults.JMH_COLUMNS);
      for (RunResult run : results) {
        String bench = run.getParams().getBenchmark();
        bench = bench.substring(bench.lastIndexOf('.') + 1);
        List<String> params = new ArrayList<>();
        for (String key : run.getParams().getParamsKeys()) {
          params.add(key + "=" + run.getParams().getParam(key));
        }
        List<Double> scores = new ArrayList<>();
        for (BenchmarkResult fork : run.getBenchmarkResults()) {
          for (IterationResult it : fork.getIterationResults()) {
            scores.add(it.getPrimaryResult().getScore());
          }
        }
        double min = scores.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        double max = scores.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        w.printf(Locale.ROOT, "%s,%s,%.3f,%.3f,%.3f,%d,%s%n", bench, String.join(";", params),
            run.getPrimaryResult().getScore(), min, max, scores.size(),
            run.getPrimaryResult().getScoreUnit());
      }
    }
  }
}
