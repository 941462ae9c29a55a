package org.ipjoin.bench;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ipjoin.bench.BenchResults.JmhRow;
import org.ipjoin.bench.BenchResults.MemoryRead;

/**
 * Step 4's other lookup benchmarks, one table each, after the memory floor of this machine
 * ({@code index-tools/memory-latency.c}) that every lookup's misses are paid against.
 */
final class LookupsAtAGlanceSection implements ReportSection {

  private static final Map<String, String> TITLES = new LinkedHashMap<>();

  static {
    TITLES.put(BenchResults.JMH_COMPACT, "Exact lists in both layouts, from the heap (`nio`) and the mapping"
        + " (`mmap-direct`): JMH `CompactLookupBenchmark`; `match` one probe at a time, `matchAll`"
        + " the same probes 1,024 per call (what the job's mapper does per input block)");
    TITLES.put(BenchResults.JMH_RANGE, "Ranges: JMH `RangeLookupBenchmark`");
    TITLES.put(BenchResults.JMH_RANGE6, "IPv6 against IPv4 ranges: JMH `Ipv6RangeLookupBenchmark`");
  }

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    List<MemoryRead> memory = results.memory();
    Map<String, List<JmhRow>> tables = new LinkedHashMap<>();
    for (Map.Entry<String, String> t : TITLES.entrySet()) {
      List<JmhRow> rows = results.jmh(t.getKey());
      if (!rows.isEmpty()) {
        tables.put(t.getValue(), rows);
      }
    }
    if (memory.isEmpty() && tables.isEmpty()) {
      return;
    }
    md.heading(3, "Lookups at a glance (JMH, ns per probe)");
    if (!memory.isEmpty()) {
      md.paragraph("The memory floor of a lookup on this machine (`index-tools/memory-latency.c`): random reads of",
          "one cache line over a block the size of the index file, each read's address from the previous",
          "one (`dependent`: a probe's chain of misses) or known in advance (`independent`: the most a",
          "batch of probes can overlap). A probe costs one or two such misses.");
      md.tableHead(List.of("pages", "MiB", "dependent ns per read", "independent ns per read"),
          List.of(false, true, true, true));
      memory.forEach(m -> md.row(m.pages(), m.mib(), m.dependentNs(), m.independentNs()));
      md.blank();
    }
    tables.forEach((title, rows) -> JmhTable.write(title, rows, md));
  }
}
