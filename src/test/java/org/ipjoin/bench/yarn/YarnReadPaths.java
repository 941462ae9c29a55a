package org.ipjoin.bench.yarn;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.ipjoin.api.IpJoin;
import org.ipjoin.job.IpJoinCounter;
import org.ipjoin.testkit.IpJoinMiniCluster;

/**
 * The seed's comparison of read paths, on YARN: HDFS (MiniDFSCluster) and YARN (MiniMRYarnCluster)
 * with two NodeManagers, each map task in its own container JVM; the same join once per read path
 * over the same log, split into {@code --maps} tasks. Per task it reads back {@link
 * YarnTaskCounter}s and the job's {@code INDEX_LOAD_MILLIS}; it prints a summary table per read path
 * and writes every task's figures to {@code --csv}. Run by {@code index-tools/bench-yarn}, never by
 * {@code mvn verify}.
 *
 * <pre>
 * YarnReadPaths --index ips.ipidx --list ip.tsv --logs access.log --loaders text,nio,mmap-direct
 *     --maps 8 --work target/bench-yarn --csv target/bench-yarn/tasks.csv
 * </pre>
 */
public final class YarnReadPaths {

  private YarnReadPaths() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> opts = options(args);
    Path index = Path.of(opts.get("--index"));
    Path list = opts.containsKey("--list") ? Path.of(opts.get("--list")) : null;
    Path logs = Path.of(opts.get("--logs"));
    List<String> loaders = Arrays.asList(opts.getOrDefault("--loaders",
        "text,stream,buffered,nio,mmap,mmap-direct").split(","));
    int maps = Integer.parseInt(opts.getOrDefault("--maps", "8"));
    Path work = Path.of(opts.getOrDefault("--work", "target/bench-yarn"));
    Path csv = Path.of(opts.getOrDefault("--csv", work.resolve("tasks.csv").toString()));
    String taskOpts = opts.getOrDefault("--task-java-opts", "-Xmx1200m");
    String taskMb = opts.getOrDefault("--map-memory-mb", "2048");

    // YARN's default NodeManager (8 GiB) runs 4 map containers of 2 GiB at a time.
    IpJoinMiniCluster cluster = new IpJoinMiniCluster(work, 2,
        Map.of("mapreduce.map.java.opts", taskOpts, "mapreduce.map.memory.mb", taskMb));
    cluster.start("yarn-read-paths");
    try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(csv, StandardCharsets.UTF_8))) {
      out.println("loader,task,wall_task_ms,index_load_ms," + columns());
      cluster.copyFromLocal(index, "/lists/ips.ipidx");
      if (list != null) {
        cluster.copyFromLocal(list, "/lists/ip.tsv");
      }
      cluster.copyFromLocal(logs, "/logs/access.log");
      long logBytes = Files.size(logs);
      List<String> summary = new ArrayList<>();
      summary.add("| loader | tasks | nodes (tasks each) | setup ms median | p95 | max | index load ms median"
          + " | heap used MiB median | RSS MiB median (end) | index RSS / PSS MiB at end, median"
          + " | processes mapping it | job wall s | matched |");
      summary.add("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
      for (int i = 0; i < loaders.size(); i++) {
        String loader = loaders.get(i);
        String cached = loader.equals("text") ? "/lists/ip.tsv" : "/lists/ips.ipidx";
        try {
          summary.add(run(cluster, loader, cached, "/out/" + i + "-" + loader, maps, logBytes, out));
        } catch (Exception e) {
          // One read path that cannot run here (e.g. refused by the memory check) leaves the others.
          summary.add("| " + loader + " | not run: " + e.getMessage().lines().findFirst().orElse("") + " |");
        }
        out.flush();
      }
      System.out.println();
      summary.forEach(System.out::println);
    } finally {
      cluster.stop();
    }
  }

  private static String columns() {
    StringBuilder b = new StringBuilder();
    for (YarnTaskCounter c : YarnTaskCounter.values()) {
      b.append(b.length() == 0 ? "" : ",").append(c.name().toLowerCase(Locale.ROOT));
    }
    return b.toString();
  }

  private static String run(IpJoinMiniCluster cluster, String loader, String index, String output, int maps,
      long logBytes, PrintWriter out) throws Exception {
    Configuration conf = cluster.conf();
    conf.set(MRJobConfig.MAP_CLASS_ATTR, MeasuringMapper.class.getName());
    conf.setLong(FileInputFormat.SPLIT_MAXSIZE, (logBytes + maps - 1) / maps);
    long start = System.nanoTime();
    Job job = IpJoin.join(conf).index(index).input("/logs").output(output)
        .loader(loader).prepare().job();
    boolean ok = job.waitForCompletion(false);
    double wallSeconds = (System.nanoTime() - start) / 1e9;
    if (!ok) {
      throw new IOException("the " + loader + " job failed: " + job.getStatus().getFailureInfo());
    }
    List<long[]> rows = new ArrayList<>();
    Map<Long, Integer> perNode = new LinkedHashMap<>();
    for (TaskReport report : job.getTaskReports(TaskType.MAP)) {
      Counters c = report.getTaskCounters();
      long[] row = new long[YarnTaskCounter.values().length + 2];
      row[0] = report.getFinishTime() - report.getStartTime();
      row[1] = c.findCounter(IpJoinCounter.INDEX_LOAD_MILLIS).getValue();
      for (YarnTaskCounter counter : YarnTaskCounter.values()) {
        row[2 + counter.ordinal()] = c.findCounter(counter).getValue();
      }
      rows.add(row);
      perNode.merge(row[2 + YarnTaskCounter.NODE_PORT.ordinal()], 1, Integer::sum);
      StringBuilder line = new StringBuilder(loader + "," + report.getTaskId());
      for (long v : row) {
        line.append(',').append(v);
      }
      out.println(line);
    }
    long matched = job.getCounters().findCounter(IpJoinCounter.MATCHED).getValue();
    return String.format(Locale.ROOT,
        "| %s | %d | %s | %d | %d | %d | %d | %.0f | %.0f (%.0f) | %.1f / %.1f | %s | %.1f | %,d |",
        loader, rows.size(), perNode.values(), median(rows, col(YarnTaskCounter.SETUP_MILLIS)),
        percentile(rows, col(YarnTaskCounter.SETUP_MILLIS), 0.95),
        percentile(rows, col(YarnTaskCounter.SETUP_MILLIS), 1.0), median(rows, 1),
        median(rows, col(YarnTaskCounter.HEAP_USED_BYTES)) / 1048576.0,
        median(rows, col(YarnTaskCounter.RSS_KB)) / 1024.0,
        median(rows, col(YarnTaskCounter.END_RSS_KB)) / 1024.0,
        median(rows, col(YarnTaskCounter.END_INDEX_RSS_KB)) / 1024.0,
        median(rows, col(YarnTaskCounter.END_INDEX_PSS_KB)) / 1024.0,
        rows.stream().map(r -> Long.toString(r[col(YarnTaskCounter.END_PROCESSES_MAPPING_INDEX)]))
            .toList(), wallSeconds, matched);
  }

  private static int col(YarnTaskCounter counter) {
    return 2 + counter.ordinal();
  }

  private static long median(List<long[]> rows, int column) {
    return percentile(rows, column, 0.5);
  }

  /** Nearest-rank percentile. */
  private static long percentile(List<long[]> rows, int column, double p) {
    long[] values = rows.stream().mapToLong(r -> r[column]).sorted().toArray();
    int rank = (int) Math.ceil(p * values.length);
    return values[Math.max(0, rank - 1)];
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> opts = new LinkedHashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      opts.put(args[i], args[i + 1]);
    }
    for (String required : List.of("--index", "--logs")) {
      if (!opts.containsKey(required)) {
        System.err.println("bench-yarn: " + required + " is required (usage: see index-tools/bench-yarn)");
        System.exit(2);
      }
    }
    return opts;
  }
}
