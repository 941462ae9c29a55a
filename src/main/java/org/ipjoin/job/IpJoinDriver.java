package org.ipjoin.job;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
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
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.ipjoin.api.IpJoin;
import org.ipjoin.api.IpJoinException;
import org.ipjoin.api.JoinJob;
import org.ipjoin.api.PreparedJoin;

/**
 * Submits the map-side IP join.
 *
 * <pre>
 * hadoop jar ipjoin.jar [generic options] --index &lt;path&gt; --input &lt;path&gt;... --output &lt;dir&gt;
 *     [--loader text|stream|buffered|nio|mmap|mmap-direct] [--mode match|nomatch|tag|count]
 *     [--count-by address|label]
 *     [--format combined|tsv:N|csv:N|regex:PATTERN] [--no-verify-checksum] [--no-malformed-output]
 *     [--overwrite]
 *
 * e.g. hadoop jar ipjoin.jar -D mapreduce.job.queuename=etl \
 *        --index hdfs:///lists/ips.ipidx --input /logs/2015/05 --output /out/listed
 * </pre>
 *
 * Generic options ({@code -D}, {@code -conf}, {@code -files}, {@code -libjars}) are taken by
 * {@link ToolRunner} first; every job option can also be given as its {@code ipjoin.*} key
 * ({@link IpJoinKeys}) and the command line wins. Input may be gzip or bzip2 compressed (by file
 * suffix, through TextInputFormat).
 *
 * <p>Exit codes: {@code 0} the job succeeded (or {@code --help}); {@code 1} the job ran and failed;
 * {@code 2} usage or validation error, or the job could not be submitted: nothing ran; {@code 3}
 * no input data ({@link InputSet}, {@link ResultCheck}). A job whose records are (nearly) all
 * malformed exits 1. Each problem is one line on stderr naming the option or file at fault. When
 * the job fails, its last line is the reason ({@link JobFailure}): what the first failed task
 * attempt recorded itself.
 *
 * <p>Before submitting, the driver checks the options, the whole index (every check of {@code
 * ipindex verify}; only header and length with {@code ipjoin.index.verify.submit=false}; the whole
 * list for {@code text}), that every input exists and that the output does not, then pins the
 * index's identity in {@code ipjoin.index.identity}: every task compares it with what it loaded.
 *
 * <p>The job writes into a hidden staging directory beside the output, which becomes the output
 * (with the run summary {@code _ipjoin.json}) only when the job succeeded ({@link
 * OutputPublication}): a failed, killed or concurrent run leaves nothing at {@code --output}.
 */
public class IpJoinDriver extends Configured implements Tool {

  public static final int EXIT_SUCCESS = 0;
  public static final int EXIT_JOB_FAILED = 1;
  public static final int EXIT_USAGE = 2;
  /** No input data (see {@link InputSet#requireData}, {@link ResultCheck}). */
  public static final int EXIT_EMPTY_INPUT = 3;

  private final PrintStream out;
  private final PrintStream err;

  public IpJoinDriver() {
    this(System.out, System.err);
  }

  /** A driver that prints usage to {@code out} and its one-line problems to {@code err}. */
  public IpJoinDriver(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new IpJoinDriver(), args));
  }

  /**
   * The command line as calls of the Java API ({@link IpJoin#join}): parse, prepare (every check),
   * run; each refusal is printed one problem a line.
   */
  @Override
  public int run(String[] args) throws Exception {
    // The API copies the Configuration: the command line's settings never leak into the caller's.
    JoinJob join = IpJoin.join(getConf() == null ? new Configuration() : getConf()).warnings(err);
    PreparedJoin prepared;
    try {
      if (!IpJoinCommandLine.parse(args, join)) {
        IpJoinCommandLine.printHelp(new PrintWriter(out));
        return EXIT_SUCCESS;
      }
      prepared = join.prepare();
    } catch (UsageException e) {
      return refused(EXIT_USAGE, e.problems());
    } catch (IpJoinException e) {
      return refused(e.exitCode(), e.problems());
    }
    return prepared.run().exitCode();
  }

  private int refused(int exitCode, List<String> problems) {
    for (String problem : problems) {
      err.println("ipjoin: " + problem);
    }
    err.flush();
    return exitCode;
  }

  /**
   * Sets up the job for a validated plan, writing into {@code outputDir} (the hidden staging
   * directory, see {@link OutputPublication}); nothing is submitted.
   */
  static Job createJob(Configuration conf, SubmitChecks.Checked checked, Path outputDir)
      throws Exception {
    IpJoinKeys.INDEX_PATH.set(conf, checked.index().toString());
    IpJoinKeys.INDEX_IDENTITY.set(conf, checked.identity().toString());
    JoinMode mode = checked.mode();

    Job job = Job.getInstance(conf, "ipjoin " + mode.externalName() + " " + checked.index().getName());
    job.setJarByClass(IpJoinDriver.class);
    job.addCacheFile(cacheUri(checked.index()));

    checked.inputs().configure(job, checked.blocks());
    FileOutputFormat.setOutputPath(job, outputDir);
    // Task output reaches the (staging) directory at job commit only, never task by task.
    job.getConfiguration().setInt(FileOutputCommitter.FILEOUTPUTCOMMITTER_ALGORITHM_VERSION, 1);
    // Lazy: a map task with nothing to write (common in match mode) leaves no empty part file.
    LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
    MultipleOutputs.addNamedOutput(job, IpJoinMapper.MALFORMED_OUTPUT, TextOutputFormat.class,
        NullWritable.class, Text.class);

    job.setMapperClass(ConfiguredMapper.of(conf));
    if (mode.needsReducer() && checked.countBy() == CountBy.LABEL) {
      job.setMapOutputKeyClass(Text.class);
      job.setMapOutputValueClass(LongWritable.class);
      // Sums per label, on the map side and in the reducer; Text keys sort by their bytes.
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
      // Hadoop's own LongSumReducer sums the 1s per address key on the map side.
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
    return job;
  }

  /** {@code <qualified index URI>#ipindex}: the fragment names the task's cache link. */
  static URI cacheUri(Path qualifiedIndex) throws URISyntaxException {
    URI u = qualifiedIndex.toUri();
    return new URI(u.getScheme(), u.getAuthority(), u.getPath(), null, IndexCacheFile.LINK_NAME);
  }
}
