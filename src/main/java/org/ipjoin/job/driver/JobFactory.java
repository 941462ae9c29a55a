package org.ipjoin.job.driver;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ClassUtil;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import org.ipjoin.job.CountBy;
import org.ipjoin.job.IndexCacheFile;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinIndexes;
import org.ipjoin.job.JoinMode;
import org.ipjoin.job.task.AddressKey;
import org.ipjoin.job.task.AddressRangePartitioner;
import org.ipjoin.job.task.ConfiguredMapper;
import org.ipjoin.job.task.IpCountReducer;
import org.ipjoin.job.task.IpJoinMapper;
import org.ipjoin.job.options.OutputKind;
import org.ipjoin.job.table.LineRowsOutputFormat;
import org.ipjoin.job.table.TableColumn;
import org.ipjoin.job.table.TableFormat;

/**
 * The engine's job factory: a Hadoop {@link Job} for a plan the submit checks accepted, with the
 * mapper, output formats, reducer and partitioner its mode needs. The command line and the Java
 * API both reach it through {@link JoinPlan}; nothing here is submitted.
 */
final class JobFactory {

  private JobFactory() {}

  /**
   * Sets up the job for a validated plan, writing into {@code outputDir} (the hidden staging
   * directory, see {@link OutputPublication}); nothing is submitted.
   */
  static Job createJob(Configuration conf, SubmitChecks.Checked checked, Path outputDir)
      throws Exception {
    checked.taskOptions().writeTo(conf);
    // Records keep their input's partition folders unless --flat-output; without any, no key.
    checked.outputPartitions().writeTo(conf);
    IpJoinKeys.INDEX_IDENTITY.set(conf, checked.indexes().stream()
        .map(i -> i.identity().toString()).collect(Collectors.joining(",")));
    JoinMode mode = checked.mode();

    Job job = Job.getInstance(conf, "ipjoin " + mode.externalName() + " " + checked.indexes().stream()
        .map(i -> i.path().getName()).collect(Collectors.joining(" ")));
    job.setJarByClass(JobFactory.class);
    // The command line goes through ToolRunner; the Java API takes a Configuration instead, which
    // is no mistake of its caller: Hadoop's "Implement the Tool interface" warning does not apply.
    job.getConfiguration().setBoolean(Job.USED_GENERIC_PARSER, true);
    List<URI> indexFiles = new ArrayList<>();
    for (int k = 0; k < checked.indexes().size(); k++) {
      indexFiles.add(cacheUri(checked.indexes().get(k).path(), JoinIndexes.linkName(k)));
    }
    if (tasksOpenIndexesInPlace(conf, indexFiles)) {
      IndexCacheFile.setInPlace(job.getConfiguration(), indexFiles);
    } else {
      indexFiles.forEach(job::addCacheFile);
    }

    checked.inputs().configure(job, checked.blocks());
    FileOutputFormat.setOutputPath(job, outputDir);
    // Task output reaches the (staging) directory at job commit only, never task by task.
    job.getConfiguration().setInt(FileOutputCommitter.FILEOUTPUTCOMMITTER_ALGORITHM_VERSION, 1);
    // Lazy: a map task with nothing to write (common in match mode) leaves no empty part file.
    LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
    List<TableColumn> table = checked.options().tableColumns();
    List<Path> inputs = checked.inputs().files();
    SequenceFileHeader sequenceFile = checked.inputs().sequenceFile();
    if (sequenceFile == null && (table.isEmpty() || inputs.isEmpty())) {
      MultipleOutputs.addNamedOutput(job, IpJoinMapper.MALFORMED_OUTPUT, TextOutputFormat.class,
          NullWritable.class, Text.class);
    }

    job.setMapperClass(ConfiguredMapper.of(conf));
    if (mode.needsReducer() && checked.countBy() != CountBy.ADDRESS) {
      job.setMapOutputKeyClass(Text.class);
      job.setMapOutputValueClass(LongWritable.class);
      // Sums per label (or per combination of the named indexes' values), on the map side and in
      // the reducer; Text keys sort by their bytes.
      job.setCombinerClass(LongSumReducer.class);
      job.setReducerClass(LongSumReducer.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(LongWritable.class);
      // One reducer, whatever mapreduce.job.reduces says: a list has few labels (the combiner
      // leaves at most one record per label and map task), and one file is sorted by label.
      job.setNumReduceTasks(1);
    } else if (mode.needsReducer()) {
      job.setMapOutputKeyClass(AddressKey.class);
      job.setMapOutputValueClass(LongWritable.class);
      // Keys compared as bytes: IPv4 before IPv6, each in address order.
      job.setSortComparatorClass(AddressKey.Comparator.class);
      // Hadoop's own LongSumReducer sums the counts per address key on the map side. A table's
      // mapper sums per address itself (AddressSums), but only up to its limit of addresses: a
      // task of more distinct addresses, seen in turn, leaves most of its summing to the combiner
      // (docs/benchmarks/2026-11-27-parquet-tables.md, "Faster rows": without it the reducer
      // took 3x the time on such a table).
      job.setCombinerClass(LongSumReducer.class);
      job.setReducerClass(IpCountReducer.class);
      job.setPartitionerClass(AddressRangePartitioner.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(LongWritable.class);
      if (job.getNumReduceTasks() < 1) {
        job.setNumReduceTasks(1);
      }
    } else {
      job.setNumReduceTasks(0);
      job.setOutputKeyClass(NullWritable.class);
      job.setOutputValueClass(Text.class);
    }
    if (!table.isEmpty() && !inputs.isEmpty()) {
      configureTable(job, table, inputs.get(0), !mode.needsReducer());
    }
    if (table.isEmpty() && sequenceFile == null && checked.options().output() == OutputKind.PARQUET
        && !mode.needsReducer()) {
      // Text records as a Parquet table; malformed records stay text lines under malformed/.
      LineRowsOutputFormat.configure(job);
      shipJars(job.getConfiguration(), TableFormat.ofKind("parquet"));
    }
    if (sequenceFile != null) {
      SequenceFileJobOutput.configure(job, sequenceFile, !mode.needsReducer(),
          IpJoinMapper.MALFORMED_OUTPUT);
    }
    return job;
  }

  /**
   * A table format's input and output ({@link TableFormat#configure}) with the first input's
   * schema (every input has it: {@link TableCheck}); on a cluster, its jars shipped with the job
   * (the job jar is thin and a cluster has no Parquet library of its own on the tasks' classpath).
   */
  private static void configureTable(Job job, List<TableColumn> table, Path first, boolean rows)
      throws IOException {
    Configuration conf = job.getConfiguration();
    TableFormat format = table.get(0).format();
    FileSystem fs = first.getFileSystem(conf);
    String schema = format.schema(fs, fs.getFileStatus(first), TableColumn.paths(table), conf);
    format.configure(job, schema, first, IpJoinMapper.MALFORMED_OUTPUT, rows);
    shipJars(conf, format);
  }

  /** On a cluster, the jars of {@code format}'s classes go with the job ({@code tmpjars}). */
  private static void shipJars(Configuration conf, TableFormat format) throws IOException {
    if (!LocalRunner.runs(conf)) {
      Set<String> jars = new LinkedHashSet<>();
      String given = conf.get("tmpjars");
      if (given != null && !given.isEmpty()) {
        jars.addAll(List.of(given.split(",")));
      }
      for (Class<?> c : format.runtimeClasses()) {
        String jar = ClassUtil.findContainingJar(c);
        if (jar != null) {
          jars.add(new Path(jar).makeQualified(FileSystem.getLocal(conf)).toString());
        }
      }
      conf.set("tmpjars", String.join(",", jars));
    }
  }

  /**
   * True when the job runs on the local runner and every index is a local file: its tasks run in
   * this JVM and open each index where it is, so shipping it through the distributed cache would
   * only make the local runner copy it first (0.15 s for a 104 MB index on the bench's machine,
   * docs/benchmarks/2026-11-25-fixed-cost.md). On a cluster the cache ships it as always.
   */
  static boolean tasksOpenIndexesInPlace(Configuration conf, List<URI> indexFiles) {
    return LocalRunner.runs(conf) && indexFiles.stream().allMatch(u -> "file".equals(u.getScheme()));
  }

  /** {@code <qualified index URI>#<link name>}: the fragment names the task's cache link. */
  static URI cacheUri(Path qualifiedIndex, String linkName) throws URISyntaxException {
    URI u = qualifiedIndex.toUri();
    return new URI(u.getScheme(), u.getAuthority(), u.getPath(), null, linkName);
  }
}
