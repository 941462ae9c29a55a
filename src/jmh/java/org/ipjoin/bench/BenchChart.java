package org.ipjoin.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Draws the fresh-JVM load times as a bar chart (log scale: text and nio differ ~100×).
 * {@code BenchChart loads.csv out.png "title"}; the CSV is {@code index-tools/bench}'s
 * {@code label,run,millis} (one row per run; the median and the best run per label are plotted).
 */
public final class BenchChart {

  private BenchChart() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: BenchChart loads.csv out.png [title]");
      System.exit(2);
    }
    Map<String, List<Double>> runs = new LinkedHashMap<>();
    for (String line : Files.readAllLines(Path.of(args[0]))) {
      String[] f = line.split(",");
      if (f.length < 3 || f[0].equals("label")) {
        continue;
      }
      runs.computeIfAbsent(f[0], k -> new ArrayList<>()).add(Double.parseDouble(f[2]));
    }
    List<String> labels = new ArrayList<>();
    List<Double> medians = new ArrayList<>();
    List<Double> mins = new ArrayList<>();
    for (Map.Entry<String, List<Double>> e : runs.entrySet()) {
      List<Double> v = new ArrayList<>(e.getValue());
      v.sort(null);
      double median = v.size() % 2 == 1 ? v.get(v.size() / 2)
          : (v.get(v.size() / 2 - 1) + v.get(v.size() / 2)) / 2;
      labels.add(e.getKey());
      medians.add(median);
      mins.add(v.get(0));
    }
    String title = args.length > 2 ? args[2] : "ipjoin index load, fresh JVM (median ms)";
    CategoryChart chart = new CategoryChartBuilder().width(1000).height(560).title(title)
        .xAxisTitle("read path").yAxisTitle("milliseconds (log scale)").build();
    chart.getStyler().setYAxisLogarithmic(true);
    // A log axis needs a positive floor (bars otherwise start at 0, which XChart rejects).
    double floor = Math.pow(10, Math.floor(Math.log10(mins.stream().mapToDouble(d -> d).min().orElse(1))));
    chart.getStyler().setYAxisMin(Math.max(floor, 0.1));
    chart.getStyler().setLegendVisible(true);
    chart.getStyler().setLabelsVisible(true);
    chart.getStyler().setLabelsPosition(0.9);
    chart.getStyler().setChartTitleVisible(true);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
    chart.getStyler().setXAxisLabelRotation(20);
    chart.getStyler().setDecimalPattern("#,##0.#");
    chart.addSeries("median", labels, medians);
    chart.addSeries("best run", labels, mins);
    BitmapEncoder.saveBitmap(chart, args[1], BitmapEncoder.BitmapFormat.PNG);
    System.out.println("wrote " + args[1]);
  }
}
