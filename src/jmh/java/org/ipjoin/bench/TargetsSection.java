package org.ipjoin.bench;

import static org.ipjoin.bench.MarkdownWriter.fmt;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.ipjoin.bench.BenchResults.JmhRow;
import org.ipjoin.bench.BenchResults.LoadRun;
import org.ipjoin.bench.Target.Bound;
import org.ipjoin.bench.Target.Measured;

/** The project's performance targets (2-core machine), each read against this run. */
final class TargetsSection implements ReportSection {

  static final List<Target> TARGETS = List.of(
      new Target("`nio` load, fresh JVM, checksum on", Bound.AT_MOST, 110, " ms",
          TargetsSection::nioLoad),
      new Target("`nio` faster than `text` (medians)", Bound.AT_LEAST, 40, "×",
          TargetsSection::nioOverText),
      new Target("`Ipv4IntervalIndex.match` faster than `Arrays.binarySearch`, uniform probes",
          Bound.AT_LEAST, 5, "×", TargetsSection::matchOverBinarySearch),
      new Target("heap per mapper", Bound.AT_MOST, 4.1, " bytes per key", TargetsSection::heapPerKey));

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    md.heading(3, "Targets (2-core machine) against this run");
    md.tableHead(List.of("target", "measured", "met?"), List.of(false, false, false));
    for (Target t : TARGETS) {
      Optional<Measured> m = t.measure().of(results);
      md.row(t.goal(), m.map(Measured::text).orElse("not run"), m.map(t::verdict).orElse(""));
    }
    md.blank();
  }

  private static Optional<Measured> nioLoad(BenchResults results) throws IOException {
    Map<String, List<Double>> loads = results.loadMillisByLabel();
    if (!loads.containsKey("nio")) {
      return Optional.empty();
    }
    Stats nio = Stats.of(loads.get("nio"));
    String thp = loads.containsKey("nio THP") ? fmt("; with THP median %.1f ms (best %.1f)",
        Stats.of(loads.get("nio THP")).median(), Stats.of(loads.get("nio THP")).min()) : "";
    return Optional.of(new Measured(nio.median(), nio.min(),
        fmt("median %.1f ms (best %.1f) for %,d keys%s", nio.median(), nio.min(), nioKeys(results), thp)));
  }

  private static Optional<Measured> nioOverText(BenchResults results) throws IOException {
    Map<String, List<Double>> loads = results.loadMillisByLabel();
    if (!loads.containsKey("nio") || !loads.containsKey("text")) {
      return Optional.empty();
    }
    double ratio = Stats.of(loads.get("text")).median() / Stats.of(loads.get("nio")).median();
    return Optional.of(new Measured(ratio, null, fmt("text/nio = %.1f× (medians)", ratio)));
  }

  private static Optional<Measured> matchOverBinarySearch(BenchResults results) throws IOException {
    Map<String, JmhRow> plain = results.lookupsByMethodAndProbes(BenchResults.JMH_LOOKUP);
    Map<String, JmhRow> thp = results.lookupsByMethodAndProbes(BenchResults.JMH_LOOKUP_THP);
    JmhRow bs = plain.get("binarySearch/uniform");
    JmhRow ij = plain.get("ipjoin/uniform");
    if (bs == null || ij == null) {
      return Optional.empty();
    }
    double mean = bs.mean() / ij.mean();
    double best = bs.min() / ij.min();
    JmhRow bsT = thp.get("binarySearch/uniform");
    JmhRow ijT = thp.get("ipjoin/uniform");
    String withThp = bsT != null && ijT != null ? fmt("; with THP %.1f× (mean %.0f vs %.0f ns)",
        bsT.mean() / ijT.mean(), bsT.mean(), ijT.mean()) : "";
    return Optional.of(new Measured(mean, best, fmt("%.1f× (mean %.0f vs %.0f ns), %.1f× best iterations%s",
        mean, bs.mean(), ij.mean(), best, withThp)));
  }

  private static Optional<Measured> heapPerKey(BenchResults results) throws IOException {
    Optional<LoadRun> nio = results.loads().stream().filter(r -> r.label().equals("nio")).findFirst();
    if (nio.isEmpty() || nio.get().keys() == 0) {
      return Optional.empty();
    }
    long keys = nio.get().keys();
    long heap = nio.get().heapBytes();
    double perKey = (double) heap / keys;
    return Optional.of(new Measured(perKey, null, fmt(
        "`Ipv4Lookup.heapBytes()` after a `nio` load of %,d keys: %,d bytes = %.3f bytes per key", keys,
        heap, perKey)));
  }

  private static long nioKeys(BenchResults results) throws IOException {
    return results.loads().stream().filter(r -> r.label().equals("nio")).mapToLong(LoadRun::keys)
        .findFirst().orElse(0);
  }
}
