package org.ipjoin.bench;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Draws the peers step's job-level comparison ({@link BenchResults#peerRuns()}):
 * {@code JobsChart RESULTS_DIR out.png [title]}. One group of bars per join (exact and range, plain
 * and gzip logs, the one-line fixed cost), one bar per system: its fastest finished run whose output
 * is ipjoin's, whole-process wall seconds (lower is better). A run with another output is no win and
 * no bar; a system with no such run in the whole step is left out of the legend.
 */
public final class JobsChart {

  /** The joins in the order drawn, with their axis names; joins the step did not run are left out. */
  private static final Map<String, String> JOINS = new LinkedHashMap<>();
  /** The systems in the order drawn, with their colours. */
  private static final Map<String, Color> ENGINES = new LinkedHashMap<>();

  static {
    JOINS.put("exact", "exact");
    JOINS.put("exact-gz", "exact, gzip");
    JOINS.put("range", "range (tag)");
    JOINS.put("range-gz", "range (tag), gzip");
    JOINS.put("fixed", "one-line log");
    ENGINES.put("ipjoin", new Color(0x4c72b0));
    ENGINES.put("DuckDB", new Color(0xdd8452));
    ENGINES.put("ClickHouse", new Color(0x55a868));
    ENGINES.put("Spark", new Color(0xc44e52));
  }

  private JobsChart() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: JobsChart RESULTS_DIR out.png [title]");
      System.exit(2);
    }
    List<BenchResults.PeerRun> runs = BenchResults.in(Path.of(args[0])).peerRuns();
    if (runs.stream().noneMatch(r -> r.wallMillis() != null)) {
      System.out.println("no peer runs in " + args[0] + " (peers step not run): no chart");
      return;
    }
    String title = args.length > 2 ? args[2] : "whole job, wall seconds";
    BenchChart.write(List.of(chart(runs, title)), Path.of(args[1]));
    System.out.println("wrote " + args[1]);
  }

  static CategoryChart chart(List<BenchResults.PeerRun> runs, String title) {
    Map<String, Map<String, Double>> best = fastestSameOutput(runs);
    List<String> joins = new ArrayList<>();
    for (String join : JOINS.keySet()) {
      if (runs.stream().anyMatch(r -> r.join().equals(join))) {
        joins.add(join);
      }
    }
    CategoryChart chart = new CategoryChartBuilder().width(BenchChart.WIDTH).height(600)
        .title(title + ": fastest finished run with ipjoin's output (lower is better)")
        .xAxisTitle("join").yAxisTitle("seconds (log scale)").build();
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    chart.getStyler().setLabelsVisible(true);
    chart.getStyler().setDecimalPattern("#,##0.0");
    double least = best.values().stream().flatMap(m -> m.values().stream()).mapToDouble(d -> d).min().orElse(1);
    chart.getStyler().setYAxisMin(Math.max(Math.pow(10, Math.floor(Math.log10(least))), 0.01));
    List<String> names = joins.stream().map(JOINS::get).toList();
    for (Map.Entry<String, Color> engine : ENGINES.entrySet()) {
      Map<String, Double> byJoin = best.get(engine.getKey());
      if (byJoin == null) {
        continue; // did not run, or never gave ipjoin's output
      }
      List<Double> seconds = new ArrayList<>();
      for (String join : joins) {
        seconds.add(byJoin.get(join)); // XChart draws no bar for null
      }
      chart.addSeries(engine.getKey(), names, seconds).setFillColor(engine.getValue());
    }
    return chart;
  }

  /** Per system, per join: the least wall seconds among its finished runs whose output is ipjoin's. */
  private static Map<String, Map<String, Double>> fastestSameOutput(List<BenchResults.PeerRun> runs) {
    Map<String, Map<String, Double>> best = new LinkedHashMap<>();
    for (BenchResults.PeerRun r : runs) {
      if (r.wallMillis() != null && r.ipjoinsOutput() && ENGINES.containsKey(r.engine())) {
        best.computeIfAbsent(r.engine(), e -> new LinkedHashMap<>())
            .merge(r.join(), r.wallMillis() / 1000, Math::min);
      }
    }
    return best;
  }
}
