package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.ipjoin.job.input.InputSetFormat;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the local runner with more than one map thread, a text input's splits divide evenly among
 * the threads when the run chose no split size. The site file here plays {@code
 * conf/local/mapred-site.xml} at a small scale: splits of 64 KiB instead of 128 MiB. The logs are
 * lines of exactly 64 bytes, so every expected split length below is plain arithmetic on the
 * file's size: Hadoop's 9 splits of the bench's 1.1 GB log (8.6 splits' worth) become 8 on 2
 * threads and 6 on 3; a {@code -D} split size, one thread, a cluster or a gzip file keep Hadoop's.
 * The joined output is the log's lines whose address the list holds, picked by plain Java.
 */
class EvenSplitsJobTest {

  /** The site file's split size: Hadoop's target here, as 128 MiB is in conf/local. */
  private static final long SPLIT = 65536;

  private static final int LINE = 64;

  /** 8.6 splits' worth of 64-byte lines, as the bench's log is of 128 MiB splits. */
  private static final int LINES = 8806;

  @TempDir Path dir;
  private Path site;
  private Path index;
  private Path log;
  private List<String> lines;
  private Set<String> listed;

  @BeforeEach
  void files() throws Exception {
    site = Files.createDirectory(dir.resolve("conf")).resolve("mapred-site.xml");
    Files.writeString(site, "<?xml version=\"1.0\"?>\n<configuration>\n"
        + property("mapreduce.input.fileinputformat.split.minsize", SPLIT)
        + property("mapreduce.input.fileinputformat.split.maxsize", SPLIT) + "</configuration>\n");
    listed = new HashSet<>();
    lines = new ArrayList<>();
    for (int i = 0; i < LINES; i++) {
      String address = (i % 3 == 0 ? "198.51.100." : "192.0.2.") + (i % 250);
      if (i % 3 != 0) {
        listed.add(address);
      }
      String start = address + " - - [27/Nov/2026] \"GET /";
      String end = " HTTP/1.1\" 200 1";
      String line = start + "a".repeat(LINE - 1 - start.length() - end.length()) + end;
      assertEquals(LINE - 1, line.length(), line);
      lines.add(line);
    }
    log = Files.write(dir.resolve("access.log"), lines);
    assertEquals((long) LINE * LINES, Files.size(log));
    index = dir.resolve("list.ipidx");
    TestIndexes.write(index, listed.toArray(new String[0]));
  }

  private static String property(String name, long value) {
    return "  <property><name>" + name + "</name><value>" + value + "</value></property>\n";
  }

  // --- the splits InputSetFormat makes (the job's input format reads the same) ---

  @Test
  void twoThreadsGetEightEvenSplitsInsteadOfNine() throws Exception {
    long bytes = (long) LINE * LINES;
    assertEquals(0, bytes % 8);
    assertEquals(Collections.nCopies(8, bytes / 8), splits(conf(2), log));
  }

  @Test
  void threeThreadsGetSixSplits() throws Exception {
    long bytes = (long) LINE * LINES;
    // ceil(563584 / 6) = 93931: five splits of that size, the rest (93929) last.
    long size = (bytes + 5) / 6;
    List<Long> expected = new ArrayList<>(Collections.nCopies(5, size));
    expected.add(bytes - 5 * size);
    assertEquals(expected, splits(conf(3), log));
  }

  @Test
  void oneThreadAClusterOrARunsOwnSplitSizeKeepHadoopsSplits() throws Exception {
    long bytes = (long) LINE * LINES;
    assertEquals(hadoops(bytes), splits(conf(1), log));
    Configuration cluster = conf(2);
    cluster.set("mapreduce.framework.name", "yarn");
    assertEquals(hadoops(bytes), splits(cluster, log));
    Configuration maxSize = conf(2);
    maxSize.setLong(FileInputFormat.SPLIT_MAXSIZE, SPLIT);
    assertEquals(hadoops(bytes), splits(maxSize, log));
    Configuration minSize = conf(2);
    minSize.setLong(FileInputFormat.SPLIT_MINSIZE, SPLIT);
    assertEquals(hadoops(bytes), splits(minSize, log));
  }

  @Test
  void anInputSmallerThanASplitStaysOneSplit() throws Exception {
    // 1000 lines, 64,000 bytes: two splits would be below half of Hadoop's size.
    Path small = Files.write(dir.resolve("small.log"), lines.subList(0, 1000));
    assertEquals(List.of(64000L), splits(conf(2), small));
    // 1100 lines (70,400 bytes, within Hadoop's slop of 1.1 splits): two even halves.
    Path slop = Files.write(dir.resolve("slop.log"), lines.subList(0, 1100));
    assertEquals(List.of(35200L, 35200L), splits(conf(2), slop));
  }

  @Test
  void aGzipFileStaysOneSplit() throws Exception {
    Path gz = gzip(log);
    assertEquals(List.of(Files.size(gz)), splits(conf(2), gz));
  }

  /** Hadoop's splits at {@link #SPLIT}: 8 full ones and the rest (slop 1.1). */
  private static List<Long> hadoops(long bytes) {
    List<Long> splits = new ArrayList<>(Collections.nCopies(8, SPLIT));
    splits.add(bytes - 8 * SPLIT);
    assertEquals(true, (bytes - 8 * SPLIT) < SPLIT * 1.1);
    return splits;
  }

  /** A local job's configuration: the site file (as conf/local's), {@code threads} map threads. */
  private Configuration conf(int threads) {
    Configuration conf = new Configuration();
    conf.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.setInt("mapreduce.local.map.tasks.maximum", threads);
    return conf;
  }

  /** The split lengths, largest first (the order the runner starts them in). */
  private static List<Long> splits(Configuration conf, Path file) throws Exception {
    Job job = Job.getInstance(conf);
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(file.toUri()));
    List<Long> lengths = new ArrayList<>();
    for (InputSplit split : new InputSetFormat().getSplits(job)) {
      lengths.add(split.getLength());
    }
    lengths.sort(Collections.reverseOrder());
    return lengths;
  }

  // --- whole jobs on the local runner ---

  @Test
  void theJobRunsOneTaskPerEvenSplitAndJoinsTheSameLines() throws Exception {
    List<String> expected = new ArrayList<>();
    for (String line : lines) {
      if (listed.contains(line.substring(0, line.indexOf(' ')))) {
        expected.add(line);
      }
    }
    Collections.sort(expected);

    Path hadoops = join("hadoops", "-D", "mapreduce.local.map.tasks.maximum=2",
        "-D", "mapreduce.input.fileinputformat.split.maxsize=" + SPLIT);
    Path two = join("two", "-D", "mapreduce.local.map.tasks.maximum=2");
    Path three = join("three", "-D", "mapreduce.local.map.tasks.maximum=3");

    // Every split holds listed lines, so every task writes one part file.
    assertEquals(9, DriverRun.parts(hadoops).size());
    assertEquals(8, DriverRun.parts(two).size());
    assertEquals(6, DriverRun.parts(three).size());
    for (Path out : List.of(hadoops, two, three)) {
      assertEquals(expected, DriverRun.sorted(LabelledJoinJobTest.outputLines(out)), out.toString());
    }
    // The counters are the same but for the index loads, one per task.
    JsonNode reference = counters(hadoops);
    assertEquals(9, reference.get("INDEX_LOADS").asLong());
    for (Path out : List.of(two, three)) {
      JsonNode counters = counters(out);
      assertEquals(DriverRun.parts(out).size(), counters.get("INDEX_LOADS").asLong());
      for (Iterator<String> names = reference.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        if (!name.startsWith("INDEX_LOAD")) {
          assertEquals(reference.get(name), counters.get(name), name);
        }
      }
    }
  }

  @Test
  void aJobOverAGzipFileRunsOneTask() throws Exception {
    Path out = dir.resolve("out-gz");
    IpJoinRun run = IpJoinRun.local(List.of("-conf", site.toString(),
        "-D", "mapreduce.local.map.tasks.maximum=2", "--index", index.toString(),
        "--input", gzip(log).toString(), "--output", out.toString()));
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(1, DriverRun.parts(out).size());
    assertEquals(LINES - (LINES + 2) / 3, LabelledJoinJobTest.outputLines(out).size());
  }

  private Path join(String name, String... options) throws Exception {
    Path out = dir.resolve("out-" + name);
    List<String> args = new ArrayList<>(List.of("-conf", site.toString()));
    args.addAll(List.of(options));
    args.addAll(List.of("--index", index.toString(), "--mode", "match", "--input", log.toString(),
        "--output", out.toString()));
    IpJoinRun run = IpJoinRun.local(args);
    assertEquals(0, run.exitCode(), run.err());
    return out;
  }

  private static JsonNode counters(Path out) throws Exception {
    return new ObjectMapper().readTree(out.resolve("_ipjoin.json").toFile()).get("counters");
  }

  private Path gzip(Path file) throws Exception {
    Path gz = dir.resolve(file.getFileName() + ".gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(Files.readString(file, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8));
    }
    return gz;
  }
}
