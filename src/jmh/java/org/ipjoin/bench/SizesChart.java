package org.ipjoin.bench;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * Draws the index file bytes per key (or per interval) of every index the bench built and measured
 * ({@link BenchResults#indexSizes()}: step 2's layouts, the peers' range index, the enrichment's
 * indexes): {@code SizesChart RESULTS_DIR out.png}. Only the indexes of this run's steps appear.
 */
public final class SizesChart {

  private SizesChart() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: SizesChart RESULTS_DIR out.png");
      System.exit(2);
    }
    List<BenchResults.LayoutRow> rows = BenchResults.in(Path.of(args[0])).indexSizes();
    if (rows.isEmpty()) {
      System.out.println("no index sizes in " + args[0] + " (steps 2, peers, enrich not run): no chart");
      return;
    }
    BenchChart.write(List.of(bytesPerKey(rows, "index file bytes per key (exact lists) or interval (ranges)")),
        Path.of(args[1]));
    System.out.println("wrote " + args[1]);
  }

  /** One bar per index: the whole file over its keys, IPv4 and IPv6 together. */
  static CategoryChart bytesPerKey(List<BenchResults.LayoutRow> rows, String title) {
    List<String> layouts = new ArrayList<>();
    List<Double> perKey = new ArrayList<>();
    for (BenchResults.LayoutRow row : rows) {
      if (row.bytesPerKey() != null) {
        layouts.add(row.layout());
        perKey.add(row.bytesPerKey());
      }
    }
    CategoryChart chart = new CategoryChartBuilder().width(BenchChart.WIDTH).height(300)
        .title(title).xAxisTitle("index").yAxisTitle("bytes per key").build();
    chart.getStyler().setLegendVisible(false);
    chart.getStyler().setLabelsVisible(true);
    chart.getStyler().setDecimalPattern("#,##0.00");
    chart.getStyler().setYAxisMin(0.0);
    if (layouts.isEmpty()) {
      layouts.add("(no key counts)");
      perKey.add(0.0);
    }
    chart.addSeries("bytes per key", layouts, perKey).setFillColor(new Color(0x55a868));
    return chart;
  }
}
