package org.ipjoin.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes {@code benchmarks.md} from the CSV files {@code index-tools/bench} leaves in its results
 * directory. {@code BenchReport RESULTS_DIR DOCS_DIR "command" ips logMiB runs splitMiB [ipv6Share]}.
 * Missing results (steps not run) become a line saying so, never invented numbers.
 */
public final class BenchReport {

  private final Path results;
  private final StringBuilder md = new StringBuilder();

  private BenchReport(Path results) {
    this.results = results;
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 7) {
      System.err.println("usage: BenchReport RESULTS_DIR DOCS_DIR command ips logMiB runs splitMiB [ipv6Share]");
      System.exit(2);
    }
    BenchReport r = new BenchReport(Path.of(args[0]));
    r.write(args[2], Long.parseLong(args[3]), args[4], args[5], args[6], args.length > 7 ? args[7] : "0");
    Path out = Path.of(args[1]).resolve("benchmarks.md");
    Files.writeString(out, r.md.toString());
    System.out.println("wrote " + out);
  }

  private void write(String command, long ips, String logMb, String runs, String splitMb,
      String ipv6Share) throws IOException {
    Map<String, String> machine = keyValues(results.resolve("machine.txt"));
    line("# ipjoin benchmarks");
    line();
    line("Made by `index-tools/bench`. Every number below comes from the run described here;");
    line("rerun the command to reproduce. The machine is shared with other builds, so absolute times are");
    line("noisy: compare the ratios, which were measured side by side in the same run.");
    line();
    line("| | |");
    line("|---|---|");
    for (String key : List.of("date", "cpu", "nproc", "memory", "kernel", "thp", "jdk", "load")) {
      if (machine.containsKey(key)) {
        line("| " + key + " | " + machine.get(key) + " |");
      }
    }
    line("| command | `" + command + "` |");
    line("| data | " + String.format(Locale.ROOT, "%,d", ips) + " addresses (`ipindex sample`, seed 42), "
        + logMb + " MiB of combined-format logs asked for, hit ratio 0.5, IPv6 share " + ipv6Share
        + (Double.parseDouble(ipv6Share) > 0 ? " (`--ipv6-share`: about that share of the list's addresses and of"
            + " the logs' clients are IPv6)" : " (IPv4 only)") + " |");
    if (machine.containsKey("logs")) {
      line("| logs | " + machine.get("logs") + " |");
    }
    line();
    targets(ips);
    build();
    layouts();
    loads(runs);
    lookups();
    lookupsAtAGlance();
    jmhLoads();
    job(splitMb);
    profile();
    line("## Reproduce single measurements");
    line();
    line("```");
    line("mvn -DskipTests package && mvn -Pbench -DskipTests package   # target/ipjoin.jar, target/bench-build/benchmarks.jar");
    line("index-tools/ipindex load --loader nio target/bench/ips.ipidx         # one fresh-JVM load");
    line("IPJOIN_JAVA_OPTS='-Xmx4g -XX:+UseTransparentHugePages' index-tools/ipindex load --loader nio target/bench/ips.ipidx");
    line("java -jar target/bench-build/benchmarks.jar LookupBenchmark    # lookups, 26,123,456 keys");
    line("java -jar target/bench-build/benchmarks.jar LookupVariantsBenchmark   # the design space behind IntervalIndex.match");
    line("java -jar target/bench-build/benchmarks.jar LoadBenchmark -p index=target/bench/ips.ipidx -p list=target/bench/ip.tsv");
    line("index-tools/bench --small --ipv6-share 0.3    # a few minutes, 0.3 of the list and of the clients IPv6; report in target/bench-small/docs");
    line("IPJOIN_JAVA_OPTS='-Xmx3g -XX:StartFlightRecording=filename=job.jfr,settings=profile' index-tools/ipjoin --index ... --input ... --output ...");
    line("java -cp target/bench-build/benchmarks.jar org.ipjoin.bench.JobProfile job.jfr profile.csv   # CPU shares by category of that recording");
    line("```");
  }

  // ---- the project's performance targets, checked against this run ----
  private void targets(long ips) throws IOException {
    Map<String, List<Double>> loads = new LinkedHashMap<>();
    long keys = 0;
    for (String[] r : csv("loads.csv")) {
      loads.computeIfAbsent(r[0], k -> new ArrayList<>()).add(Double.parseDouble(r[2]));
      keys = Math.max(keys, Long.parseLong(r[4]));
    }
    Map<String, Jmh> lookups = lookupScores("jmh-lookup.csv");
    Map<String, Jmh> lookupsThp = lookupScores("jmh-lookup-thp.csv");
    line("## Targets (2-core machine) against this run");
    line();
    line("| target | measured | met? |");
    line("|---|---|---|");
    if (loads.containsKey("nio")) {
      Stats nio = Stats.of(loads.get("nio"));
      line(String.format(Locale.ROOT, "| nio load of %,d keys, fresh JVM, checksum on: ≤ 110 ms | median %.1f ms (best %.1f)%s | %s |",
          keys, nio.median, nio.min, loads.containsKey("nio THP")
              ? String.format(Locale.ROOT, "; with THP median %.1f ms (best %.1f)", Stats.of(loads.get("nio THP")).median,
                  Stats.of(loads.get("nio THP")).min) : "",
          verdict(nio.median <= 110, nio.min <= 110)));
      if (loads.containsKey("text")) {
        double ratio = Stats.of(loads.get("text")).median / nio.median;
        line(String.format(Locale.ROOT, "| nio ≥ 40× faster than text | text/nio = %.1f× (medians) | %s |", ratio,
            ratio >= 40 ? "yes" : "no"));
      }
    }
    Jmh bs = lookups.get("binarySearch/uniform");
    Jmh ij = lookups.get("ipjoin/uniform");
    if (bs != null && ij != null) {
      double mean = bs.mean() / ij.mean();
      double best = bs.min() / ij.min();
      Jmh bsT = lookupsThp.get("binarySearch/uniform");
      Jmh ijT = lookupsThp.get("ipjoin/uniform");
      line(String.format(Locale.ROOT, "| `IntervalIndex.match` ≥ 5× faster than `Arrays.binarySearch`, %,d keys, uniform probes | %.1f× (mean %.0f vs %.0f ns), %.1f× best iterations%s | %s |",
          ips, mean, bs.mean(), ij.mean(), best,
          bsT != null && ijT != null ? String.format(Locale.ROOT, "; with THP %.1f× (mean %.0f vs %.0f ns)",
              bsT.mean() / ijT.mean(), bsT.mean(), ijT.mean()) : "",
          verdict(mean >= 5, best >= 5)));
    }
    if (keys > 0) {
      int bits = Math.max(16, Math.min(22, 63 - Long.numberOfLeadingZeros(Math.max(1, keys / 40))));
      long heap = 4L * keys + 4L * ((1L << bits) + 1);
      line(String.format(Locale.ROOT, "| heap per mapper ≤ 4.1 bytes per IP | `IntervalIndex.heapBytes()` = 4 × %,d keys + a 2^%d-entry lookup directory = %,d bytes = %.3f bytes per key (%.3f per listed address) | %s |",
          keys, bits, heap, (double) heap / keys, (double) heap / ips, heap <= 4.1 * keys ? "yes" : "no"));
    }
    line();
  }

  private static String verdict(boolean typical, boolean best) {
    return typical ? "yes" : best ? "only in the best runs" : "no";
  }

  // ---- step 2 ----
  private void build() throws IOException {
    line("## Build (`ipindex build`, end to end)");
    line();
    List<String[]> rows = csv("build.csv");
    if (rows.isEmpty()) {
      line("Not run.");
      line();
      return;
    }
    List<Double> wall = new ArrayList<>();
    double bytes = 0;
    for (String[] r : rows) {
      wall.add(Double.parseDouble(r[1]));
      bytes = Double.parseDouble(r[2]);
    }
    Stats s = Stats.of(wall);
    line("Whole process (JVM start, read + parse ip.tsv, sort, dedup, write, verify, atomic publish), "
        + wall.size() + " runs.");
    line();
    line("| input | median s | min s | max s | MB/s (median) |");
    line("|---|---:|---:|---:|---:|");
    line(String.format(Locale.ROOT, "| %.0f MB ip.tsv | %.2f | %.2f | %.2f | %.0f |", bytes / 1e6,
        s.median / 1e3, s.min / 1e3, s.max / 1e3, bytes / 1e6 / (s.median / 1e3)));
    line();
  }

  /** Step 2's layouts.csv: the file bytes per key of each index layout built from the same list. */
  private void layouts() throws IOException {
    line("## Index layouts (file bytes per key)");
    line();
    List<String[]> rows = csv("layouts.csv");
    if (rows.isEmpty()) {
      line("Not run.");
      line();
      return;
    }
    line("The same list built into each layout `ipindex build` offers (`--layout`); bytes per key is the");
    line("whole file (header, sections, lookup directories) over its keys, IPv4 and IPv6 together, as");
    line("`ipindex inspect` counts them.");
    line();
    line("| layout | file bytes | IPv4 keys | IPv6 keys | bytes per key | / sorted |");
    line("|---|---:|---:|---:|---:|---:|");
    Double sorted = null;
    for (String[] r : rows) {
      Double perKey = LayoutRow.of(r).bytesPerKey();
      if (r[0].equals("sorted")) {
        sorted = perKey;
      }
      line(String.format(Locale.ROOT, "| %s | %,d | %s | %s | %s | %s |", r[0], Long.parseLong(r[1]),
          field(r, 2), field(r, 3), perKey == null ? "" : String.format(Locale.ROOT, "%.3f", perKey),
          sorted == null || perKey == null ? "" : String.format(Locale.ROOT, "%.2f", perKey / sorted)));
    }
    line();
    Path note = results.resolve("layout-note.txt");
    if (Files.exists(note)) {
      line("Compact layout: " + Files.readString(note).trim().replaceFirst("^compact layout ", "") + ".");
      line();
    }
  }

  /** ", IPv4, and N IPv6 keys" when the sorted index has IPv6 keys (ipindex load counts the IPv4 ones). */
  private String ipv6KeysNote() throws IOException {
    for (String[] r : csv("layouts.csv")) {
      if (r[0].equals("sorted") && r.length > 3 && !r[3].isEmpty() && Long.parseLong(r[3]) > 0) {
        return String.format(Locale.ROOT, ", IPv4; and %,d IPv6 keys", Long.parseLong(r[3]));
      }
    }
    return "";
  }

  /** One row of layouts.csv: layout,file_bytes,ipv4_keys,ipv6_keys (key counts may be empty). */
  record LayoutRow(String layout, long fileBytes, long keys) {
    static LayoutRow of(String[] r) {
      long keys = 0;
      for (int i = 2; i <= 3 && i < r.length; i++) {
        keys += r[i].isEmpty() ? 0 : Long.parseLong(r[i]);
      }
      return new LayoutRow(r[0], Long.parseLong(r[1]), keys);
    }

    Double bytesPerKey() {
      return keys == 0 ? null : (double) fileBytes / keys;
    }
  }

  private static String field(String[] r, int i) {
    return i < r.length && !r[i].isEmpty() ? String.format(Locale.ROOT, "%,d", Long.parseLong(r[i])) : "";
  }

  // ---- step 3 ----
  /** The label of the C floor's rows in loads.csv (index-tools/bench, step 3). */
  private static final String FLOOR = "floor";
  /** Labels of rows that load the compact layout's file start with this; their floor is "compact floor". */
  static final String COMPACT = "compact ";

  /** The floor row a load row is compared with: the floor of the same file. */
  static String floorOf(String label) {
    return label.startsWith(COMPACT) ? COMPACT + FLOOR : FLOOR;
  }

  private void loads(String runs) throws IOException {
    line("## Index load, fresh JVM per run (`ipindex load`)");
    line();
    Map<String, List<Double>> byLabel = new LinkedHashMap<>();
    Map<String, List<Double>> wallByLabel = new LinkedHashMap<>();
    String keys = "?";
    for (String[] r : csv("loads.csv")) {
      byLabel.computeIfAbsent(r[0], k -> new ArrayList<>()).add(Double.parseDouble(r[2]));
      wallByLabel.computeIfAbsent(r[0], k -> new ArrayList<>()).add(Double.parseDouble(r[3]));
      if (r[0].equals("nio")) {
        keys = String.format(Locale.ROOT, "%,d", Long.parseLong(r[4]));
      }
    }
    if (byLabel.isEmpty()) {
      line("Not run.");
      line();
      return;
    }
    line("`millis` is what `ipindex load` prints: the load alone (open, read, every check, build the");
    line("lookup table), as a map task's setup() pays it, JIT cold. `process` is the whole `java`");
    line("command (JVM start, Hadoop classpath). " + runs + " runs each; page cache warm; " + keys
        + " keys (unique" + ipv6KeysNote() + "). `text` reads ip.tsv and sorts (the comparison's baseline). `stream` (one read(2) per byte)");
    line("ran on a list of a tenth the size and its times are **scaled ×10**. THP = `-XX:+UseTransparentHugePages`");
    line("(kernel THP mode: madvise). Checksum = CRC32C of the payload, on unless marked.");
    line();
    line("`floor` is index-tools/load-floor.c (built with the system C compiler): map the index and copy it");
    line("into fresh memory, nothing else; `trusted` is a task's load after the driver verified the whole");
    line("index (`ipindex load --trusted`: header, section directory, section CRCs; no content checks).");
    line("Rows starting with `compact` load the compact layout's file (step 2) and are compared with");
    line("`compact floor`, the same C program on that file.");
    line();
    line("| read path | median ms | min ms | max ms | process median ms | text / this (median) | this / floor (median) |");
    line("|---|---:|---:|---:|---:|---:|---:|");
    Double text = byLabel.containsKey("text") ? Stats.of(byLabel.get("text")).median : null;
    for (Map.Entry<String, List<Double>> e : byLabel.entrySet()) {
      List<Double> floorRuns = byLabel.get(floorOf(e.getKey()));
      Double floor = floorRuns == null ? null : Stats.of(floorRuns).median;
      Stats s = Stats.of(e.getValue());
      Stats w = Stats.of(wallByLabel.get(e.getKey()));
      line(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.0f | %s | %s |", e.getKey(), s.median,
          s.min, s.max, w.median, text == null ? "" : String.format(Locale.ROOT, "%.1f×", text / s.median),
          floor == null ? "" : String.format(Locale.ROOT, "%.2f×", s.median / floor)));
    }
    line();
    Path notes = results.resolve("load-notes.txt");
    if (Files.exists(notes)) {
      for (String n : Files.readAllLines(notes)) {
        line("- " + n);
      }
      line();
    }
    line("Chart: [benchmarks-loaders.png](benchmarks-loaders.png): each read path's median and best load");
    line("against the C floor of the same file in this run, and the file bytes per key of each layout.");
    line();
    phases();
  }

  /** LoadPhases lines: "opts,run,keys=N open=x alloc(new int[])=x ... total=x ms ...". */
  private void phases() throws IOException {
    Map<String, Map<String, List<Double>>> byOpts = new LinkedHashMap<>();
    for (String[] r : csv("phases.csv")) {
      String opts = r[0].contains("TransparentHugePages") ? "THP" : "default";
      String text = String.join(",", java.util.Arrays.copyOfRange(r, 2, r.length))
          .replace("alloc(new int[])=", "alloc=");
      for (String field : text.split(" ")) {
        int eq = field.indexOf('=');
        if (eq > 0 && !field.startsWith("keys") && !field.startsWith("sorted") && !field.startsWith("crc=")
            && !field.startsWith("heapBytes")) {
          try {
            double v = Double.parseDouble(field.substring(eq + 1));
            byOpts.computeIfAbsent(opts, k -> new LinkedHashMap<>())
                .computeIfAbsent(field.substring(0, eq), k -> new ArrayList<>()).add(v);
          } catch (NumberFormatException e) {
            // not a timing
          }
        }
      }
    }
    if (byOpts.isEmpty()) {
      return;
    }
    line("### Where nio's load time goes (`org.ipjoin.bench.LoadPhases`, fresh JVM per run, median ms)");
    line();
    line("The nio path's steps run one at a time with a timer around each (diagnosis only: the real");
    line("loader does the order check and the prefix table in one pass per 256 KiB piece, so its total is");
    line("lower than the sum here). `alloc` is `new int[n]`: the JVM zeroes 104 MB and the kernel faults");
    line("the pages in, which THP cuts; no read path can skip it.");
    line();
    List<String> phaseNames = new ArrayList<>(byOpts.values().iterator().next().keySet());
    StringBuilder head = new StringBuilder("| JVM |");
    StringBuilder rule = new StringBuilder("|---|");
    for (String p : phaseNames) {
      head.append(' ').append(p).append(" |");
      rule.append("---:|");
    }
    line(head.toString());
    line(rule.toString());
    for (Map.Entry<String, Map<String, List<Double>>> e : byOpts.entrySet()) {
      StringBuilder row = new StringBuilder("| " + e.getKey() + " |");
      for (String p : phaseNames) {
        List<Double> v = e.getValue().get(p);
        row.append(' ').append(v == null ? "" : String.format(Locale.ROOT, "%.1f", Stats.of(v).median)).append(" |");
      }
      line(row.toString());
    }
    line();
  }

  // ---- step 4 ----
  private void lookups() throws IOException {
    line("## Lookups (JMH `LookupBenchmark`)");
    line();
    Map<String, Jmh> plain = lookupScores("jmh-lookup.csv");
    Map<String, Jmh> thp = lookupScores("jmh-lookup-thp.csv");
    if (plain.isEmpty()) {
      line("Not run.");
      line();
      return;
    }
    line("ns per probe (JMH average time; 1024 probes per invocation, hit count returned to JMH; one fork).");
    line("`mean` is JMH's score over the measurement iterations, `best` the fastest iteration (least");
    line("disturbed by other processes on this shared machine). `uniform`: half listed keys, half random");
    line("addresses; `zipf`: the same pool drawn with P(rank r) ∝ 1/r. `binarySearch` = `Arrays.binarySearch`");
    line("over the whole int[]; `prefixBinarySearch` = the earlier lookup (/16 table + binary");
    line("search in the bucket); `ipjoin` = `IntervalIndex.match`; `ipjoinMapped` = the same lookup served");
    line("from a read-only mapping (`--loader mmap-direct`, no heap copy). THP: the same benchmark with `-XX:+UseTransparentHugePages` in the forked JVM.");
    line();
    for (String probes : List.of("uniform", "zipf")) {
      Jmh base = plain.get("binarySearch/" + probes);
      Jmh baseThp = thp.get("binarySearch/" + probes);
      line("**" + probes + "**");
      line();
      line("| method | mean ns | best ns | binarySearch / this (mean, best) | THP mean ns | THP best ns | binarySearch / this, THP (mean, best) |");
      line("|---|---:|---:|---:|---:|---:|---:|");
      for (String m : List.of("binarySearch", "prefixBinarySearch", "ipjoin", "ipjoinMapped")) {
        Jmh v = plain.get(m + "/" + probes);
        Jmh t = thp.get(m + "/" + probes);
        line(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |", m,
            v == null ? "" : num(v.mean()), v == null ? "" : num(v.min()), ratios(base, v),
            t == null ? "" : num(t.mean()), t == null ? "" : num(t.min()), ratios(baseThp, t)));
      }
      line();
    }
  }

  /**
   * Step 4's other lookup benchmarks, one table each, after the memory floor of this machine
   * (index-tools/memory-latency.c) that every lookup's misses are paid against.
   */
  private void lookupsAtAGlance() throws IOException {
    Map<String, String> titles = new LinkedHashMap<>();
    titles.put("jmh-compact.csv", "Exact lists in both layouts, from the heap (`nio`) and the mapping"
        + " (`mmap-direct`): JMH `CompactLookupBenchmark`; `match` one probe at a time, `matchAll`"
        + " the same probes 1,024 per call (what the job's mapper does per input block)");
    titles.put("jmh-range.csv", "Ranges: JMH `RangeLookupBenchmark`");
    titles.put("jmh-range6.csv", "IPv6 against IPv4 ranges: JMH `Ipv6RangeLookupBenchmark`");
    List<String[]> memory = new ArrayList<>();
    Path memoryFile = results.resolve("memory.txt");
    if (Files.exists(memoryFile)) {
      for (String l : Files.readAllLines(memoryFile)) {
        Map<String, String> kv = new LinkedHashMap<>();
        for (String field : l.trim().split(" ")) {
          int eq = field.indexOf('=');
          if (eq > 0) {
            kv.put(field.substring(0, eq), field.substring(eq + 1));
          }
        }
        memory.add(new String[] {kv.get("pages"), kv.get("mib"), kv.get("dependent_ns"),
            kv.get("independent_ns")});
      }
    }
    boolean any = !memory.isEmpty();
    for (String name : titles.keySet()) {
      any |= !jmh(name).isEmpty();
    }
    if (!any) {
      return;
    }
    line("## Lookups at a glance (JMH, ns per probe)");
    line();
    if (!memory.isEmpty()) {
      line("The memory floor of a lookup on this machine (`index-tools/memory-latency.c`): random reads of");
      line("one cache line over a block the size of the index file, each read's address from the previous");
      line("one (`dependent`: a probe's chain of misses) or known in advance (`independent`: the most a");
      line("batch of probes can overlap). A probe costs one or two such misses.");
      line();
      line("| pages | MiB | dependent ns per read | independent ns per read |");
      line("|---|---:|---:|---:|");
      for (String[] m : memory) {
        line("| " + m[0] + " | " + m[1] + " | " + m[2] + " | " + m[3] + " |");
      }
      line();
    }
    for (Map.Entry<String, String> t : titles.entrySet()) {
      List<Jmh> rows = jmh(t.getKey());
      if (rows.isEmpty()) {
        continue;
      }
      line("**" + t.getValue() + "**");
      line();
      line("| method | parameters | mean ns | best ns | worst ns |");
      line("|---|---|---:|---:|---:|");
      for (Jmh j : rows) {
        StringBuilder params = new StringBuilder();
        j.params().forEach((k, v) -> params.append(params.length() == 0 ? "" : ", ").append(k)
            .append('=').append(v));
        line("| " + j.benchmark() + " | " + params + " | " + num(j.mean()) + " | " + num(j.min())
            + " | " + num(j.max()) + " |");
      }
      line();
    }
  }

  private static String ratios(Jmh base, Jmh v) {
    if (base == null || v == null) {
      return "";
    }
    return String.format(Locale.ROOT, "%.1f×, %.1f×", base.mean() / v.mean(), base.min() / v.min());
  }

  private void jmhLoads() throws IOException {
    List<Jmh> rows = jmh("jmh-load.csv");
    if (rows.isEmpty()) {
      return;
    }
    line("## Index load in a warm JVM (JMH `LoadBenchmark`, single shot, ms)");
    line();
    line("The same index file, loaded repeatedly in one JVM (JIT warm): the floor the fresh-JVM numbers approach.");
    line();
    line("| read path | checksum | mean ms | best ms |");
    line("|---|---|---:|---:|");
    for (Jmh j : rows) {
      line("| " + j.params().get("readPath") + " | " + j.params().get("checksum") + " | " + num(j.mean())
          + " | " + num(j.min()) + " |");
    }
    line();
  }

  // ---- step 5 ----
  private void job(String splitMb) throws IOException {
    line("## Whole job (local runner)");
    line();
    Path note = results.resolve("job-note.txt");
    if (Files.exists(note)) {
      line("Skipped: " + Files.readString(note).trim() + ".");
      line();
      return;
    }
    List<String[]> rows = csv("job.csv");
    if (rows.isEmpty()) {
      line("Not run.");
      line();
      return;
    }
    Double identity = null;
    for (String[] r : rows) {
      if (r[0].equals("identity")) {
        identity = Double.parseDouble(r[1]);
      }
    }
    line("`IpJoinDriver --mode match` over the logs with each read path, and a map-only identity job");
    line("(`org.ipjoin.bench.IdentityJob`) over the same input. One run each; input split " + splitMb
        + " MiB, one map task at a time (LocalJobRunner, one JVM: only the first task loads the index JIT-cold).");
    line("INDEX_LOAD_MILLIS is summed over map tasks. `stream` is not run as a job: at one read(2) per");
    line("byte its load alone takes the time in the load table above, once per map task.");
    line();
    line("| job | wall s | records | records/s | INDEX_LOAD_MILLIS | map tasks | this / identity |");
    line("|---|---:|---:|---:|---:|---:|---:|");
    for (String[] r : rows) {
      double wall = Double.parseDouble(r[1]);
      double records = Double.parseDouble(r[2]);
      line(String.format(Locale.ROOT, "| %s | %.1f | %,.0f | %,.0f | %s | %s | %s |", r[0], wall / 1e3, records,
          records / (wall / 1e3), r.length > 3 ? r[3] : "", r.length > 4 ? r[4] : "",
          identity == null ? "" : String.format(Locale.ROOT, "%.2f", wall / identity)));
    }
    line();
    Path failures = results.resolve("job-failures.txt");
    if (Files.exists(failures)) {
      for (String f : Files.readAllLines(failures)) {
        line("- " + f);
      }
      line();
    }
  }

  // ---- step 5, the profiled run ----
  private void profile() throws IOException {
    List<String[]> rows = csv("profile.csv");
    if (rows.isEmpty()) {
      return;
    }
    Map<String, String> meta = keyValues(results.resolve("profile.txt"));
    line("### Where the job's CPU goes (Java Flight Recorder, `org.ipjoin.bench.JobProfile`)");
    line();
    List<String[]> run = csv("job-profile.csv");
    line("One more `--loader nio` match run of the job above with JFR in the job's JVM (the local runner");
    line("runs the map tasks in it): settings `profile`, with an execution sample of each thread in Java");
    line("code every " + meta.getOrDefault("period", "10 ms") + " (the profile's 10 ms gives few samples in a short job)"
        + (run.isEmpty() ? "" : String.format(Locale.ROOT, "; this run took %.1f s, recording included",
            Double.parseDouble(run.get(0)[1]) / 1e3)) + ".");
    line();
    line("Each sample counts for the category of the top-most (innermost) frame of its stack that has");
    line("one. The JDK's classes, Hadoop's Writables and its checksum classes count for their caller, so a");
    line("CRC computed while reading is input and one computed while writing is output; counters and");
    line("`FileSystem.Statistics` are framework even when a reader or the mapper calls them. Only Java code");
    line("is sampled: system calls, GC and JIT compilation are not in these counts; a thread in Java code is");
    line("sampled whether or not the OS runs it at that instant, so on a busy machine the shares are of time");
    line("in Java code more than of CPU time. `map task` counts the samples of the map task threads");
    line("(`" + JobProfile.MAP_TASK_THREAD + " #n`); `all` adds the driver and the runner's other");
    line("threads. `hottest` names the methods (task threads) whose frames decided most samples.");
    line();
    line("| category | map task samples | map task share | all samples | all share | hottest (task threads) |");
    line("|---|---:|---:|---:|---:|---|");
    long task = 0;
    long all = 0;
    for (String[] r : rows) {
      all += Long.parseLong(r[1]);
      task += Long.parseLong(r[2]);
    }
    for (String[] r : rows) {
      long a = Long.parseLong(r[1]);
      long t = Long.parseLong(r[2]);
      line(String.format(Locale.ROOT, "| %s | %,d | %s | %,d | %s | %s |", r[0], t, share(t, task), a,
          share(a, all), r.length > 3 ? r[3].replace(";", ",") : ""));
    }
    line(String.format(Locale.ROOT, "| total | %,d | | %,d | | |", task, all));
    line();
    line("What the categories cover:");
    line();
    for (JobProfile.Category c : JobProfile.Category.values()) {
      line("- **" + c.label() + "**: " + c.covers());
    }
    line();
    line("Commands (step 5 of `index-tools/bench`):");
    line();
    line("```");
    line(meta.getOrDefault("command", "").replace(" -D ", " \\\n    -D ").replace(" --index ", " \\\n    --index "));
    line(meta.getOrDefault("summary", ""));
    line("```");
    line();
  }

  private static String share(long part, long whole) {
    return whole == 0 ? "" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
  }

  // ---- helpers ----
  /** One row of {@link JmhCsv}'s output. */
  private record Jmh(String benchmark, Map<String, String> params, double mean, double min, double max) {}

  private List<Jmh> jmh(String name) throws IOException {
    List<Jmh> rows = new ArrayList<>();
    for (String[] f : csv(name)) {
      Map<String, String> params = new LinkedHashMap<>();
      for (String kv : f[1].split(";")) {
        int eq = kv.indexOf('=');
        if (eq > 0) {
          params.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
      }
      rows.add(new Jmh(f[0], params, Double.parseDouble(f[2]), Double.parseDouble(f[3]),
          Double.parseDouble(f[4])));
    }
    return rows;
  }

  private Map<String, Jmh> lookupScores(String name) throws IOException {
    Map<String, Jmh> m = new LinkedHashMap<>();
    for (Jmh j : jmh(name)) {
      m.put(j.benchmark() + "/" + j.params().get("probes"), j);
    }
    return m;
  }

  private static String[] split(String csvLine) {
    String[] f = csvLine.split(",", -1);
    for (int i = 0; i < f.length; i++) {
      f[i] = f[i].replace("\"", "");
    }
    return f;
  }

  private List<String[]> csv(String name) throws IOException {
    List<String[]> rows = new ArrayList<>();
    Path file = results.resolve(name);
    if (!Files.exists(file)) {
      return rows;
    }
    List<String> lines = Files.readAllLines(file);
    for (String l : lines.subList(Math.min(1, lines.size()), lines.size())) {
      if (!l.isBlank()) {
        rows.add(l.split(","));
      }
    }
    return rows;
  }

  private static Map<String, String> keyValues(Path file) throws IOException {
    Map<String, String> map = new LinkedHashMap<>();
    if (Files.exists(file)) {
      for (String l : Files.readAllLines(file)) {
        int eq = l.indexOf('=');
        if (eq > 0) {
          map.put(l.substring(0, eq), l.substring(eq + 1));
        }
      }
    }
    return map;
  }

  private static String num(Double v) {
    return v == null ? "" : String.format(Locale.ROOT, v < 10 ? "%.2f" : "%.1f", v);
  }

  private static String ratio(Double base, Double v) {
    return base == null || v == null ? "" : String.format(Locale.ROOT, "%.1f×", base / v);
  }

  private void line(String s) {
    md.append(s).append('\n');
  }

  private void line() {
    md.append('\n');
  }

  private record Stats(double median, double min, double max) {
    static Stats of(List<Double> values) {
      List<Double> v = new ArrayList<>(values);
      v.sort(null);
      int n = v.size();
      double median = n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
      return new Stats(median, v.get(0), v.get(n - 1));
    }
  }
}
