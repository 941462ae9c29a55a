package org.ipjoin.bench;

import static org.ipjoin.bench.MarkdownWriter.fmt;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ipjoin.bench.BenchResults.LayoutRow;
import org.ipjoin.bench.BenchResults.LoadRun;

/** Step 3: each read path's fresh-JVM load against text and against the C floor of its file. */
final class LoadsSection implements ReportSection {

  private final RunParameters run;

  LoadsSection(RunParameters run) {
    this.run = run;
  }

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    md.heading(3, "Index load, fresh JVM per run (`ipindex load`)");
    List<LoadRun> runs = results.loads();
    if (runs.isEmpty()) {
      md.paragraph("Not run.");
      return;
    }
    Map<String, List<Double>> millis = new LinkedHashMap<>();
    Map<String, List<Double>> wall = new LinkedHashMap<>();
    for (LoadRun r : runs) {
      millis.computeIfAbsent(r.label(), k -> new ArrayList<>()).add(r.millis());
      wall.computeIfAbsent(r.label(), k -> new ArrayList<>()).add(r.wallMillis());
    }
    String keys = runs.stream().filter(r -> r.label().equals("nio")).findFirst()
        .map(r -> fmt("%,d", r.keys())).orElse("?");
    md.paragraph("`millis` is what `ipindex load` prints: the load alone (open, read, every check, build the",
        "lookup table), as a map task's setup() pays it, JIT cold. `process` is the whole `java`",
        "command (JVM start, Hadoop classpath). " + run.runs() + " runs each; page cache warm; " + keys
            + " keys (unique" + ipv6KeysNote(results) + "). `text` reads ip.tsv and sorts (the comparison's baseline). `stream` (one read(2) per byte)",
        "ran on a list of a tenth the size and its times are **scaled ×10**. THP = `-XX:+UseTransparentHugePages`",
        "(kernel THP mode: madvise). Checksum = CRC32C of the payload, on unless marked.");
    md.paragraph("`floor` is index-tools/load-floor.c (built with the system C compiler): map the index and copy it",
        "into fresh memory, nothing else; `trusted` is a task's load after the driver verified the whole",
        "index (`ipindex load --trusted`: header, section directory, section CRCs; no content checks).",
        "Rows starting with `compact` load the compact layout's file (step 2) and are compared with",
        "`compact floor`, the same C program on that file.");
    md.tableHead(List.of("read path", "median ms", "min ms", "max ms", "process median ms",
        "text / this (median)", "this / floor (median)"), List.of(false, true, true, true, true, true, true));
    Double text = millis.containsKey("text") ? Stats.of(millis.get("text")).median() : null;
    for (Map.Entry<String, List<Double>> e : millis.entrySet()) {
      List<Double> floorRuns = millis.get(BenchResults.floorOf(e.getKey()));
      Double floor = floorRuns == null ? null : Stats.of(floorRuns).median();
      Stats s = Stats.of(e.getValue());
      md.row(e.getKey(), fmt("%.1f", s.median()), fmt("%.1f", s.min()), fmt("%.1f", s.max()),
          fmt("%.0f", Stats.of(wall.get(e.getKey())).median()),
          text == null ? null : fmt("%.1f×", text / s.median()),
          floor == null ? null : fmt("%.2f×", s.median() / floor));
    }
    md.blank();
    md.bullets(results.loadNotes());
    md.paragraph("Chart: [benchmarks-loaders.png](benchmarks-loaders.png): each read path's median and best load",
        "against the C floor of the same file in this run, and the file bytes per key of each layout.");
  }

  /** ", IPv4; and N IPv6 keys" when the sorted index has IPv6 keys (the load's keys are the IPv4 ones). */
  private static String ipv6KeysNote(BenchResults results) throws IOException {
    return results.layouts().stream().filter(r -> r.layout().equals("sorted") && r.ipv6Keys() > 0)
        .findFirst().map(LayoutRow::ipv6Keys).map(k -> fmt(", IPv4; and %,d IPv6 keys", k)).orElse("");
  }
}
