package org.ipjoin.bench;

import static org.ipjoin.bench.MarkdownWriter.num;

import java.util.List;
import java.util.stream.Collectors;
import org.ipjoin.bench.BenchResults.JmhRow;

/** A JMH result file as one table: method, parameters, mean, best and worst iteration. */
final class JmhTable {

  private JmhTable() {}

  static void write(String title, List<JmhRow> rows, MarkdownWriter md) {
    md.paragraph("**" + title + "**");
    md.tableHead(List.of("method", "parameters", "mean ns", "best ns", "worst ns"),
        List.of(false, false, true, true, true));
    for (JmhRow j : rows) {
      String params = j.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
          .collect(Collectors.joining(", "));
      md.row(j.benchmark(), params, num(j.mean()), num(j.min()), num(j.max()));
    }
    md.blank();
  }
}
