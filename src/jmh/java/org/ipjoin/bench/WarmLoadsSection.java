package org.ipjoin.bench;

import static org.ipjoin.bench.MarkdownWriter.num;

import java.io.IOException;
import java.util.List;
import org.ipjoin.bench.BenchResults.JmhRow;

/** Step 4: JMH {@link LoadBenchmark}, the same file loaded again and again in one warm JVM. */
final class WarmLoadsSection implements ReportSection {

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    List<JmhRow> rows = results.jmh(BenchResults.JMH_LOAD);
    if (rows.isEmpty()) {
      return;
    }
    md.heading(3, "Index load in a warm JVM (JMH `LoadBenchmark`, single shot, ms)");
    md.paragraph("The same index file, loaded repeatedly in one JVM (JIT warm): the floor the fresh-JVM numbers approach.");
    md.tableHead(List.of("read path", "checksum", "mean ms", "best ms"), List.of(false, false, true, true));
    for (JmhRow j : rows) {
      md.row(j.params().get("readPath"), j.params().get("checksum"), num(j.mean()), num(j.min()));
    }
    md.blank();
  }
}
