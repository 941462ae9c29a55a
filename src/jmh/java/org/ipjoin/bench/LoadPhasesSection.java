package org.ipjoin.bench;

import static org.ipjoin.bench.MarkdownWriter.fmt;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ipjoin.bench.BenchResults.PhaseRun;

/** Step 3: where the nio path's load time goes ({@link LoadPhases}), default JVM and THP. */
final class LoadPhasesSection implements ReportSection {

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    Map<String, Map<String, List<Double>>> byJvm = new LinkedHashMap<>();
    for (PhaseRun r : results.phases()) {
      Map<String, List<Double>> phases = byJvm.computeIfAbsent(r.thp() ? "THP" : "default",
          k -> new LinkedHashMap<>());
      r.millis().forEach((phase, ms) -> phases.computeIfAbsent(phase, k -> new ArrayList<>()).add(ms));
    }
    if (byJvm.isEmpty()) {
      return;
    }
    md.heading(4, "Where nio's load time goes (`org.ipjoin.bench.LoadPhases`, fresh JVM per run, median ms)");
    md.paragraph("The nio path's steps run one at a time with a timer around each (diagnosis only: the real",
        "loader does the order check and the prefix table in one pass per 256 KiB piece, so its total is",
        "lower than the sum here). `alloc` is `new int[n]`: the JVM zeroes 4 bytes per key and the kernel faults",
        "the pages in, which THP cuts; no read path can skip it.");
    List<String> phases = new ArrayList<>(byJvm.values().iterator().next().keySet());
    List<String> titles = new ArrayList<>(List.of("JVM"));
    titles.addAll(phases);
    List<Boolean> right = new ArrayList<>(List.of(false));
    phases.forEach(p -> right.add(true));
    md.tableHead(titles, right);
    for (Map.Entry<String, Map<String, List<Double>>> e : byJvm.entrySet()) {
      List<Object> cells = new ArrayList<>(List.of(e.getKey()));
      for (String p : phases) {
        List<Double> v = e.getValue().get(p);
        cells.add(v == null ? null : fmt("%.1f", Stats.of(v).median()));
      }
      md.row(cells.toArray());
    }
    md.blank();
  }
}
