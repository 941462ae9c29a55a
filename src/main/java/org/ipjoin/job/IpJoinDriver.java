package org.ipjoin.job;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * Submits the map-side IP join.
 *
 * <pre>
 * hadoop jar ipjoin.jar [generic options] --index &lt;path&gt; --input &lt;path&gt;... --output &lt;dir&gt;
 *     [--loader text|stream|buffered|nio|mmap|mmap-direct] [--mode match|nomatch|tag|count]
 *     [--format combined|tsv:N|csv:N|regex:PATTERN] [--no-verify-checksum] [--no-malformed-output]
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
 * {@code 2} usage or validation error, or the job could not be submitted: nothing ran. Each problem
 * is one line on stderr naming the option or file at fault. When the job fails, its last line is
 * the reason ({@link JobFailure}): what the first failed task attempt recorded itself.
 *
 * <p>Before submitting, the driver checks the options, the whole index (every check of {@code
 * ipindex verify}; only header and length with {@code ipjoin.index.verify.submit=false}; the whole
 * list for {@code text}), that every input exists and that the output does not, then pins the
 * index's identity in {@code ipjoin.index.identity}: every task compares it with what it loaded.
 */
public class IpJoinDriver extends Configured implements Tool {

  public static final int EXIT_SUCCESS = 0;
  public static final int EXIT_JOB_FAILED = 1;
  public static final int EXIT_USAGE = 2;

  private final PrintStream out;
  private final PrintStream err;
  private Job job;

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

  @Override
  public int run(String[] args) throws Exception {
    // A copy: the command line's settings must not leak into a Configuration the caller reuses.
    Configuration conf = new Configuration(getConf() == null ? new Configuration() : getConf());
    SubmitChecks.Checked checked;
    try {
      IpJoinCommandLine.Parsed parsed = IpJoinCommandLine.parse(args, conf);
      if (parsed.help()) {
        IpJoinCommandLine.printHelp(new PrintWriter(out));
        return EXIT_SUCCESS;
      }
      checked = SubmitChecks.check(conf, parsed.inputs(), parsed.output());
    } catch (UsageException e) {
      for (String problem : e.problems()) {
        err.println("ipjoin: " + problem);
      }
      err.flush();
      return EXIT_USAGE;
    }
    job = createJob(conf, checked);
    return JobExecution.run(job, checked, conf, err);
  }

  /** The job of the last {@link #run} that got as far as submitting, for its counters; else null. */
  public Job job() {
    return job;
  }

  /** Sets up the job for a validated plan; nothing is submitted. */
  static Job createJob(Configuration conf, SubmitChecks.Checked checked) throws Exception {
    IpJoinKeys.INDEX_PATH.set(conf, checked.index().toString());
    IpJoinKeys.INDEX_IDENTITY.set(conf, checked.identity().toString());
    JoinMode mode = checked.mode();

    Job job = Job.getInstance(conf, "ipjoin " + mode.externalName() + " " + checked.index().getName());
    job.setJarByClass(IpJoinDriver.class);
    job.addCacheFile(cacheUri(checked.index()));

    job.setInputFormatClass(FileNamingTextInputFormat.class);
    for (Path input : checked.inputs()) {
      FileInputFormat.addInputPath(job, input);
    }
    FileOutputFormat.setOutputPath(job, checked.output());
    // Lazy: a map task with nothing to write (common in match mode) leaves no empty part file.
    LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
    MultipleOutputs.addNamedOutput(job, IpJoinMapper.MALFORMED_OUTPUT, TextOutputFormat.class,
        NullWritable.class, Text.class);

    job.setMapperClass(ConfiguredMapper.of(conf));
    if (mode.needsReducer()) {
      job.setMapOutputKeyClass(IntWritable.class);
      job.setMapOutputValueClass(LongWritable.class);
      // Hadoop's own LongSumReducer sums the 1s per address key on the map side.
      job.setCombinerClass(LongSumReducer.class);
      job.setReducerClass(IpCountReducer.class);
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
