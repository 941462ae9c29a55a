package org.ipjoin.bench;

import static org.ipjoin.bench.MarkdownWriter.fmt;

import java.io.IOException;
import java.util.List;
import org.ipjoin.bench.BenchResults.LayoutRow;

/** Step 2: the file bytes per key of each index layout built from the same list. */
final class LayoutsSection implements ReportSection {

  /** Drawn by {@link SizesChart} from the same results. */
  static final String CHART = "benchmarks-sizes.png";

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    md.heading(3, "Index layouts (file bytes per key)");
    List<LayoutRow> rows = results.layouts();
    if (rows.isEmpty()) {
      md.paragraph("Not run.");
      return;
    }
    md.paragraph("The same list built into each layout `ipindex build` offers (`--layout`); bytes per key is the",
        "whole file (header, sections, lookup directories) over its keys, IPv4 and IPv6 together, as",
        "`ipindex load --json` counts them.");
    md.tableHead(List.of("layout", "file bytes", "IPv4 keys", "IPv6 keys", "bytes per key", "/ sorted"),
        List.of(false, true, true, true, true, true));
    Double sorted = null;
    for (LayoutRow r : rows) {
      Double perKey = r.bytesPerKey();
      if (r.layout().equals("sorted")) {
        sorted = perKey;
      }
      md.row(r.layout(), fmt("%,d", r.fileBytes()), count(r.ipv4Keys()), count(r.ipv6Keys()),
          perKey == null ? null : fmt("%.3f", perKey),
          sorted == null || perKey == null ? null : fmt("%.2f", perKey / sorted));
    }
    md.blank();
    md.paragraph("Chart: [" + CHART + "](" + CHART + "): the bytes per key of these layouts and, when the",
        "peers or enrichment steps ran, per interval of their range indexes.");
  }

  private static String count(long keys) {
    return keys == 0 ? null : fmt("%,d", keys);
  }
}
