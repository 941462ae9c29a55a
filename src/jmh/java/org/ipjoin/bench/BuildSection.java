package org.ipjoin.bench;

import static org.ipjoin.bench.MarkdownWriter.fmt;

import java.io.IOException;
import java.util.List;
import org.ipjoin.bench.BenchResults.BuildRun;

/** Step 2: {@code ipindex build}, whole process, MB/s. */
final class BuildSection implements ReportSection {

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    md.heading(3, "Build (`ipindex build`, end to end)");
    List<BuildRun> runs = results.builds();
    if (runs.isEmpty()) {
      md.paragraph("Not run.");
      return;
    }
    Stats s = Stats.of(runs.stream().map(BuildRun::wallMillis).toList());
    double bytes = runs.get(runs.size() - 1).inputBytes();
    md.paragraph("Whole process (JVM start, read + parse ip.tsv, sort, dedup, write, verify, atomic publish), "
        + runs.size() + " runs.");
    md.tableHead(List.of("input", "median s", "min s", "max s", "MB/s (median)"),
        List.of(false, true, true, true, true));
    md.row(fmt("%.0f MB ip.tsv", bytes / 1e6), fmt("%.2f", s.median() / 1e3), fmt("%.2f", s.min() / 1e3),
        fmt("%.2f", s.max() / 1e3), fmt("%.0f", bytes / 1e6 / (s.median() / 1e3)));
    md.blank();
  }
}
