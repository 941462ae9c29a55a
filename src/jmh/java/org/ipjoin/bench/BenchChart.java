package org.ipjoin.bench;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;

/**
 * Draws {@code index-tools/bench}'s load results as one PNG:
 * {@code BenchChart RESULTS_DIR out.png [title]}.
 *
 * <ul>
 *   <li>Top: each read path's fresh-JVM load, median and best run (bars, ms, log scale: text and
 *       the mapped paths differ about 100×), with the C floor of the same file measured in the
 *       same run drawn as a line across them ({@code floor}, or {@code compact floor} for the
 *       rows that load the compact layout's file). From {@link BenchResults#loads()}.
 *   <li>Bottom, when step 2 measured layouts ({@link BenchResults#layouts()}): the file bytes per
 *       key of each layout.
 * </ul>
 */
public final class BenchChart {

  static final int WIDTH = 1200;

  private BenchChart() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: BenchChart RESULTS_DIR out.png [title]");
      System.exit(2);
    }
    BenchResults results = BenchResults.in(Path.of(args[0]));
    String title = args.length > 2 ? args[2] : "ipjoin index load, fresh JVM";
    List<CategoryChart> charts = new ArrayList<>();
    charts.add(loads(results.loadMillisByLabel(), title));
    List<BenchResults.LayoutRow> layouts = results.layouts();
    if (!layouts.isEmpty()) {
      charts.add(SizesChart.bytesPerKey(layouts, "index file bytes per key, by layout (same list)"));
    }
    write(charts, Path.of(args[1]));
    System.out.println("wrote " + args[1]);
  }

  /** The charts one below the other, each at its own height (XChart's grid gives every cell the tallest's). */
  static void write(List<CategoryChart> charts, Path out) throws IOException {
    int height = charts.stream().mapToInt(CategoryChart::getHeight).sum();
    BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    int y = 0;
    for (CategoryChart chart : charts) {
      g.drawImage(BitmapEncoder.getBufferedImage(chart), 0, y, null);
      y += chart.getHeight();
    }
    g.dispose();
    ImageIO.write(image, "png", out.toFile());
  }

  private static CategoryChart loads(Map<String, List<Double>> runs, String title) {
    List<String> labels = new ArrayList<>();
    List<Double> medians = new ArrayList<>();
    List<Double> mins = new ArrayList<>();
    List<Double> floors = new ArrayList<>();
    boolean anyFloor = false;
    for (Map.Entry<String, List<Double>> e : runs.entrySet()) {
      if (e.getKey().equals(BenchResults.floorOf(e.getKey()))) {
        continue; // a floor is the line, not a bar
      }
      List<Double> floor = runs.get(BenchResults.floorOf(e.getKey()));
      labels.add(e.getKey());
      Stats s = Stats.of(e.getValue());
      medians.add(s.median());
      mins.add(s.min());
      // XChart draws no point for null: a row without a floor of its file leaves a gap in the line.
      floors.add(floor == null ? null : Stats.of(floor).median());
      anyFloor |= floor != null;
    }
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(700)
        .title(title + (anyFloor ? ": median and best run against the C floor (mmap + memcpy) of the same file" : ""))
        .xAxisTitle("read path").yAxisTitle("milliseconds (log scale)").build();
    chart.getStyler().setYAxisLogarithmic(true);
    // A log axis needs a positive floor (bars otherwise start at 0, which XChart rejects).
    double least = mins.stream().mapToDouble(d -> d).min().orElse(1);
    for (Double f : floors) {
      least = f == null ? least : Math.min(least, f);
    }
    chart.getStyler().setYAxisMin(Math.max(Math.pow(10, Math.floor(Math.log10(least))), 0.1));
    chart.getStyler().setLegendVisible(true);
    chart.getStyler().setLabelsVisible(false);
    chart.getStyler().setChartTitleVisible(true);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
    chart.getStyler().setXAxisLabelRotation(45);
    chart.getStyler().setDecimalPattern("#,##0.#");
    chart.addSeries("median", labels, medians).setFillColor(new Color(0x4c72b0));
    chart.addSeries("best run", labels, mins).setFillColor(new Color(0x9ecae1));
    if (anyFloor) {
      CategorySeries floor = chart.addSeries("C floor, same file (median)", labels, floors);
      floor.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
      floor.setLineColor(new Color(0xc44e52));
      floor.setMarkerColor(new Color(0xc44e52));
    }
    return chart;
  }
}
