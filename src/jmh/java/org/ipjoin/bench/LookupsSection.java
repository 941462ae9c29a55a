package org.ipjoin.bench;

import static org.ipjoin.bench.MarkdownWriter.num;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.ipjoin.bench.BenchResults.JmhRow;

/** Step 4: JMH {@link LookupBenchmark}, each method against {@code Arrays.binarySearch}, with and without THP. */
final class LookupsSection implements ReportSection {

  private static final List<String> METHODS =
      List.of("binarySearch", "prefixBinarySearch", "ipjoin", "ipjoinMapped");

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    md.heading(3, "Lookups (JMH `LookupBenchmark`)");
    Map<String, JmhRow> plain = results.lookupsByMethodAndProbes(BenchResults.JMH_LOOKUP);
    Map<String, JmhRow> thp = results.lookupsByMethodAndProbes(BenchResults.JMH_LOOKUP_THP);
    if (plain.isEmpty()) {
      md.paragraph("Not run.");
      return;
    }
    md.paragraph("ns per probe (JMH average time; 1024 probes per invocation, hit count returned to JMH; one fork).",
        "`mean` is JMH's score over the measurement iterations, `best` the fastest iteration (least",
        "disturbed by other processes on this shared machine). `uniform`: half listed keys, half random",
        "addresses; `zipf`: the same pool drawn with P(rank r) ∝ 1/r. `binarySearch` = `Arrays.binarySearch`",
        "over the whole int[]; `prefixBinarySearch` = the earlier lookup (/16 table + binary",
        "search in the bucket); `ipjoin` = `Ipv4IntervalIndex.match`; `ipjoinMapped` = the same lookup served",
        "from a read-only mapping (`--loader mmap-direct`, no heap copy). THP: the same benchmark with `-XX:+UseTransparentHugePages` in the forked JVM.");
    for (String probes : List.of("uniform", "zipf")) {
      JmhRow base = plain.get("binarySearch/" + probes);
      JmhRow baseThp = thp.get("binarySearch/" + probes);
      md.paragraph("**" + probes + "**");
      md.tableHead(List.of("method", "mean ns", "best ns", "binarySearch / this (mean, best)", "THP mean ns",
          "THP best ns", "binarySearch / this, THP (mean, best)"), List.of(false, true, true, true, true, true, true));
      for (String m : METHODS) {
        JmhRow v = plain.get(m + "/" + probes);
        JmhRow t = thp.get(m + "/" + probes);
        md.row(m, v == null ? null : num(v.mean()), v == null ? null : num(v.min()), ratios(base, v),
            t == null ? null : num(t.mean()), t == null ? null : num(t.min()), ratios(baseThp, t));
      }
      md.blank();
    }
  }

  private static String ratios(JmhRow base, JmhRow v) {
    return base == null || v == null ? null
        : MarkdownWriter.fmt("%.1f×, %.1f×", base.mean() / v.mean(), base.min() / v.min());
  }
}
