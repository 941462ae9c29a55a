package org.ipjoin.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.job.IpJoinCounter;
import org.ipjoin.job.driver.RunSummary;

/**
 * The results directory {@code index-tools/bench} fills, read back: the one place that knows the
 * names and the columns of its files, so the report and the chart read records, never lines.
 * A file a step did not write reads as empty (the report then says the step was not run).
 *
 * <ul>
 *   <li>{@code machine.txt}, {@code profile.txt}: {@code key=value} lines.
 *   <li>{@code build.csv}: {@code run,wall_ms,input_bytes}, one row per {@code ipindex build}.
 *   <li>{@code layouts.jsonl}: {@code {"layout": name, "load": L}}, where L is what
 *       {@code ipindex load --json} printed for that layout's file.
 *   <li>{@code loads.jsonl}: one fresh-JVM load per line, {@code {"label", "run", "scale",
 *       "wallMillis", "load": L}}, or for the C floor {@code "floor": "bytes=… millis=…"} (the
 *       line {@code load-floor.c} prints) instead of {@code load}. {@code scale} multiplies the
 *       load time (a path timed on a list a tenth the size).
 *   <li>{@code load-notes.txt}, {@code job-failures.txt}: one note per line.
 *   <li>{@code phases.csv}: {@code opts,run,line}, line as {@link LoadPhases} prints it.
 *   <li>{@code jmh-*.csv}: {@link JmhCsv}'s rows.
 *   <li>{@code memory.txt}: {@code memory-latency.c}'s {@code key=value} lines.
 *   <li>{@code jobs.csv}, {@code job-profile.csv}: {@code label,wall_ms,dir}: the job ran in
 *       {@code dir} and wrote {@code dir/out} ({@code _ipjoin.json} for a join) and
 *       {@code dir/stdout} ({@code records=N} for the identity job).
 *   <li>{@code profile.csv}: {@link JobProfile}'s rows.
 *   <li>{@code peers.md}: the peers step's section, markdown.
 *   <li>{@code peers.csv}: {@code join,system,wall_ms,cpu_ms,engine_ms,lines,output}, one run of the
 *       peers step each; wall_ms is empty for a run that did not finish or did not run.
 *   <li>{@code peer-layouts.jsonl}, {@code enrich-layouts.jsonl}: the index files of the peers and
 *       enrichment steps, in the form of {@code layouts.jsonl}.
 * </ul>
 */
public final class BenchResults {

  /** JMH result files, by benchmark. */
  public static final String JMH_LOOKUP = "jmh-lookup.csv";
  public static final String JMH_LOOKUP_THP = "jmh-lookup-thp.csv";
  public static final String JMH_LOAD = "jmh-load.csv";
  public static final String JMH_COMPACT = "jmh-compact.csv";
  public static final String JMH_RANGE = "jmh-range.csv";
  public static final String JMH_RANGE6 = "jmh-range6.csv";

  /** The columns of {@link JmhCsv}'s files: the method, its parameters, the scores, their count and unit. */
  public static final String JMH_COLUMNS = "benchmark,params,mean,min,max,iterations,unit";

  /** The label of the C floor's loads; a compact file's floor is {@link #COMPACT} + this. */
  static final String FLOOR = "floor";
  /** Labels of loads of the compact layout's file start with this. */
  static final String COMPACT = "compact ";

  private static final ObjectMapper JSON = new ObjectMapper()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private final Path dir;

  private BenchResults(Path dir) {
    this.dir = dir;
  }

  public static BenchResults in(Path dir) {
    return new BenchResults(dir);
  }

  /** No results at all: every reader returns nothing (a report of the studies alone). */
  public static BenchResults none() {
    return new BenchResults(null);
  }

  /** The floor label a load is compared with: the floor of the same file. */
  static String floorOf(String label) {
    return label.startsWith(COMPACT) ? COMPACT + FLOOR : FLOOR;
  }

  // ---- records ----

  /** One {@code ipindex build}, whole process. */
  public record BuildRun(int run, double wallMillis, long inputBytes) {}

  /** One index layout's file, as {@code ipindex load --json} counted it. */
  public record LayoutRow(String layout, long fileBytes, long ipv4Keys, long ipv6Keys) {
    /** The whole file over its keys, IPv4 and IPv6 together; null without keys. */
    public Double bytesPerKey() {
      long keys = ipv4Keys + ipv6Keys;
      return keys == 0 ? null : (double) fileBytes / keys;
    }
  }

  /**
   * One fresh-JVM load: {@code millis} is the load alone (scaled), {@code wallMillis} the whole
   * process; the key and heap counts are 0 for the C floor.
   */
  public record LoadRun(String label, int run, double millis, double wallMillis, long keys,
      long heapBytes) {}

  /** One {@link LoadPhases} run: its phases' milliseconds in print order; THP or the default JVM. */
  public record PhaseRun(boolean thp, Map<String, Double> millis) {}

  /** One row of {@link JmhCsv}: a benchmark method with its parameters, scores in its unit. */
  public record JmhRow(String benchmark, Map<String, String> params, double mean, double min,
      double max) {}

  /** One line of {@code memory-latency.c}: ns per read, dependent and independent. */
  public record MemoryRead(String pages, String mib, String dependentNs, String independentNs) {}

  /** One job run: its wall time and, from its output, records, summed index load and map tasks. */
  public record JobRun(String label, double wallMillis, long records, Long indexLoadMillis,
      long mapTasks) {}

  /**
   * One run of the peers step: which join, which system (its name starts with the system's:
   * {@code ipjoin}, {@code DuckDB}, {@code ClickHouse}, {@code Spark}), its whole-process wall time
   * (null when it did not finish or did not run) and whether its output is ipjoin's.
   */
  public record PeerRun(String join, String system, Double wallMillis, boolean ipjoinsOutput) {
    /** The system's name without the variant: its first word. */
    public String engine() {
      return system.split(" ", 2)[0];
    }
  }

  /** One category of {@link JobProfile}: samples of all threads, of map task threads, hottest methods. */
  public record ProfileRow(String category, long allSamples, long taskSamples, String hottest) {}

  // ---- readers ----

  public Map<String, String> machine() throws IOException {
    return keyValues(lines("machine.txt"));
  }

  public Map<String, String> profileCommands() throws IOException {
    return keyValues(lines("profile.txt"));
  }

  public List<BuildRun> builds() throws IOException {
    List<BuildRun> runs = new ArrayList<>();
    for (String[] r : csv("build.csv")) {
      runs.add(new BuildRun(Integer.parseInt(r[0]), Double.parseDouble(r[1]), Long.parseLong(r[2])));
    }
    return runs;
  }

  public List<LayoutRow> layouts() throws IOException {
    return layouts("layouts.jsonl");
  }

  private List<LayoutRow> layouts(String file) throws IOException {
    List<LayoutRow> rows = new ArrayList<>();
    for (JsonNode n : jsonLines(file)) {
      JsonNode load = n.get("load");
      rows.add(new LayoutRow(n.get("layout").asText(), load.get("fileBytes").asLong(),
          load.get("keys").asLong(), load.get("ipv6Keys").asLong()));
    }
    return rows;
  }

  public List<LoadRun> loads() throws IOException {
    List<LoadRun> runs = new ArrayList<>();
    for (JsonNode n : jsonLines("loads.jsonl")) {
      double scale = n.path("scale").asDouble(1);
      JsonNode load = n.get("load");
      double millis = load != null ? load.get("millis").asDouble()
          : Double.parseDouble(keyValues(List.of(n.get("floor").asText().split(" "))).get("millis"));
      runs.add(new LoadRun(n.get("label").asText(), n.get("run").asInt(), millis * scale,
          n.get("wallMillis").asDouble(), load == null ? 0 : load.get("keys").asLong(),
          load == null ? 0 : load.get("heapBytes").asLong()));
    }
    return runs;
  }

  /** The load times (ms) of each label, in the order the bench ran them. */
  public Map<String, List<Double>> loadMillisByLabel() throws IOException {
    Map<String, List<Double>> byLabel = new LinkedHashMap<>();
    for (LoadRun r : loads()) {
      byLabel.computeIfAbsent(r.label(), k -> new ArrayList<>()).add(r.millis());
    }
    return byLabel;
  }

  public List<String> loadNotes() throws IOException {
    return lines("load-notes.txt");
  }

  /** {@link LoadPhases} lines: {@code keys=N open=x alloc(new int[])=x … total=x ms …}. */
  public List<PhaseRun> phases() throws IOException {
    List<PhaseRun> runs = new ArrayList<>();
    for (String[] r : csv("phases.csv")) {
      String line = String.join(",", Arrays.copyOfRange(r, 2, r.length))
          .replace("alloc(new int[])=", "alloc=");
      Map<String, Double> millis = new LinkedHashMap<>();
      keyValues(List.of(line.split(" "))).forEach((phase, value) -> {
        if (!List.of("keys", "sorted", "crc", "heapBytes").contains(phase)) {
          parseMillis(value).ifPresent(v -> millis.put(phase, v));
        }
      });
      runs.add(new PhaseRun(r[0].contains("TransparentHugePages"), millis));
    }
    return runs;
  }

  public List<JmhRow> jmh(String file) throws IOException {
    List<JmhRow> rows = new ArrayList<>();
    for (String[] f : csv(file)) {
      Map<String, String> params = keyValues(List.of(f[1].split(";")));
      rows.add(new JmhRow(f[0], params, Double.parseDouble(f[2]), Double.parseDouble(f[3]),
          Double.parseDouble(f[4])));
    }
    return rows;
  }

  /** {@link LookupBenchmark}'s rows by {@code method/probes}. */
  public Map<String, JmhRow> lookupsByMethodAndProbes(String file) throws IOException {
    Map<String, JmhRow> byKey = new LinkedHashMap<>();
    for (JmhRow j : jmh(file)) {
      byKey.put(j.benchmark() + "/" + j.params().get("probes"), j);
    }
    return byKey;
  }

  public List<MemoryRead> memory() throws IOException {
    List<MemoryRead> reads = new ArrayList<>();
    for (String line : lines("memory.txt")) {
      Map<String, String> kv = keyValues(List.of(line.trim().split(" ")));
      reads.add(new MemoryRead(kv.get("pages"), kv.get("mib"), kv.get("dependent_ns"),
          kv.get("independent_ns")));
    }
    return reads;
  }

  public List<JobRun> jobs() throws IOException {
    return jobRuns("jobs.csv");
  }

  /** The run with Flight Recorder, apart from the timed ones. */
  public Optional<JobRun> profiledJob() throws IOException {
    return jobRuns("job-profile.csv").stream().findFirst();
  }

  public List<String> jobFailures() throws IOException {
    return lines("job-failures.txt");
  }

  public List<ProfileRow> profile() throws IOException {
    List<ProfileRow> rows = new ArrayList<>();
    for (String[] r : csv("profile.csv")) {
      rows.add(new ProfileRow(r[0], Long.parseLong(r[1]), Long.parseLong(r[2]),
          r.length > 3 ? r[3].replace(";", ",") : ""));
    }
    return rows;
  }

  /** The peers step's section, as {@code PeersReport} wrote it into {@code peers.md}. */
  public Optional<String> peersMarkdown() throws IOException {
    return markdown("peers.md");
  }

  /** An optional step's report ({@code formats.md}, {@code history.md}: its script's), when it ran. */
  public Optional<String> stepMarkdown(String name) throws IOException {
    return markdown(name);
  }

  private Optional<String> markdown(String name) throws IOException {
    Path file = dir == null ? null : dir.resolve(name);
    return file != null && Files.exists(file) ? Optional.of(Files.readString(file)) : Optional.empty();
  }

  public List<PeerRun> peerRuns() throws IOException {
    List<PeerRun> runs = new ArrayList<>();
    for (String[] r : csv("peers.csv")) {
      String output = r[6];
      runs.add(new PeerRun(r[0], r[1], r[2].isEmpty() ? null : Double.parseDouble(r[2]),
          output.equals("the reference") || output.startsWith("same")));
    }
    return runs;
  }

  /** Every index file the run built and measured: step 2's layouts, then the peers' and enrichment's. */
  public List<LayoutRow> indexSizes() throws IOException {
    List<LayoutRow> rows = new ArrayList<>(layouts());
    rows.addAll(layouts("peer-layouts.jsonl"));
    rows.addAll(layouts("enrich-layouts.jsonl"));
    return rows;
  }

  // ---- the job's own records ----

  private List<JobRun> jobRuns(String file) throws IOException {
    List<JobRun> runs = new ArrayList<>();
    for (String[] r : csv(file)) {
      Path jobDir = Path.of(r[2]);
      Path out = jobDir.resolve("out");
      Optional<RunSummary> summary = summary(out);
      long records = summary.isPresent() ? summary.get().counter(IpJoinCounter.RECORDS)
          : Long.parseLong(keyValues(readLines(jobDir.resolve("stdout"))).getOrDefault("records", "0"));
      Long indexLoad = summary.map(s -> s.counter(IpJoinCounter.INDEX_LOAD_MILLIS)).orElse(null);
      runs.add(new JobRun(r[0], Double.parseDouble(r[1]), records, indexLoad, mapOutputs(out)));
    }
    return runs;
  }

  private static Optional<RunSummary> summary(Path out) throws IOException {
    if (!Files.exists(out.resolve(RunSummary.FILE_NAME))) {
      return Optional.empty();
    }
    FileSystem local = FileSystem.getLocal(new Configuration());
    return Optional.of(RunSummary.read(local, new org.apache.hadoop.fs.Path(out.toUri())));
  }

  /** One part file per map task of a map-only job. */
  private static long mapOutputs(Path out) throws IOException {
    if (!Files.isDirectory(out)) {
      return 0;
    }
    try (Stream<Path> files = Files.list(out)) {
      return files.filter(f -> f.getFileName().toString().startsWith("part-m-")).count();
    }
  }

  // ---- the four forms: CSV with a header, JSON lines, key=value lines, plain lines ----

  private List<String[]> csv(String name) throws IOException {
    List<String> lines = lines(name);
    List<String[]> rows = new ArrayList<>();
    for (String l : lines.subList(Math.min(1, lines.size()), lines.size())) {
      rows.add(l.split(",", -1));
    }
    return rows;
  }

  private List<JsonNode> jsonLines(String name) throws IOException {
    List<JsonNode> nodes = new ArrayList<>();
    for (String l : lines(name)) {
      nodes.add(JSON.readTree(l));
    }
    return nodes;
  }

  private List<String> lines(String name) throws IOException {
    return dir == null ? List.of() : readLines(dir.resolve(name));
  }

  private static List<String> readLines(Path file) throws IOException {
    if (!Files.exists(file)) {
      return List.of();
    }
    return Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList();
  }

  private static Map<String, String> keyValues(List<String> fields) {
    Map<String, String> map = new LinkedHashMap<>();
    for (String f : fields) {
      int eq = f.indexOf('=');
      if (eq > 0) {
        map.put(f.substring(0, eq), f.substring(eq + 1));
      }
    }
    return map;
  }

  private static Optional<Double> parseMillis(String value) {
    try {
      return Optional.of(Double.parseDouble(value));
    } catch (NumberFormatException e) {
      return Optional.empty(); // not a timing
    }
  }
}
