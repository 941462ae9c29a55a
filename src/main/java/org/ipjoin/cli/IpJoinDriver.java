package org.ipjoin.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.ipjoin.api.IpJoin;
import org.ipjoin.api.JoinJob;
import org.ipjoin.api.JoinResult;
import org.ipjoin.api.PreparedJoin;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.driver.InputSet;
import org.ipjoin.job.driver.JobFailure;
import org.ipjoin.job.driver.ResultCheck;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;

/**
 * Submits the map-side IP join.
 *
 * <pre>
 * hadoop jar ipjoin.jar [generic options] --index [NAME=]&lt;path&gt;[:ATTRS]...
 *     --input &lt;path&gt;... --output &lt;dir&gt;
 *     [--loader [NAME=]text|stream|buffered|nio|mmap|mmap-direct...] [--mode match|nomatch|tag|count]
 *     [--where EXPR] [--count-by address|label|NAME[.ATTR],...]
 *     [--format combined|tsv:N|csv:N|regex:PATTERN] [--no-verify-checksum] [--verify-in-task]
 *     [--no-malformed-output]
 *     [--overwrite] [--verbose]
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
 * attempt recorded itself. A job that succeeded ends with one result line on stdout ({@link
 * ResultLine}); {@code --verbose} adds Hadoop's report of the job before it.
 *
 * <p>Before submitting, the driver checks the options, the whole index (every check of {@code
 * ipindex verify}; only header and length with {@code ipjoin.index.verify.submit=false}; the whole
 * list for {@code text}), that every input exists and that the output does not, then pins the
 * index's identity in {@code ipjoin.index.identity}: every task compares it with what it loaded.
 * Several indexes ({@code --index} repeated) are each checked so, their memory needs added up,
 * and each record is looked up in all of them in one job (docs/job.md).
 *
 * <p>The job writes into a hidden staging directory beside the output, which becomes the output
 * (with the run summary {@code _ipjoin.json}) only when the job succeeded ({@link
 * OutputPublication}): a failed, killed or concurrent run leaves nothing at {@code --output}.
 */
public class IpJoinDriver extends Configured implements Tool {

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
    CompilerDirectives.install();
    System.exit(ToolRunner.run(new IpJoinDriver(), args));
  }

  /**
   * The command line as calls of the Java API ({@link IpJoin#join}): parse, prepare (every check),
   * run; each refusal is printed one problem a line.
   */
  @Override
  public int run(String[] args) throws Exception {
    // The API copies the Configuration: the command line's settings never leak into the caller's.
    Instant start = Instant.now();
    Configuration conf = getConf() == null ? new Configuration() : getConf();
    JoinJob join = IpJoin.join(conf).warnings(err);
    PreparedJoin prepared;
    try {
      if (!IpJoinCommandLine.parse(args, join)) {
        IpJoinCommandLine.printHelp(new PrintWriter(out));
        return ExitCode.SUCCESS.code();
      }
      prepared = join.prepare();
    } catch (IpJoinException e) {
      if (args.length == 0) {
        err.println("ipjoin: no options given; ipjoin --help lists them");
      }
      return refused(e.exitCode(), e.problems());
    }
    JoinResult result = prepared.run();
    if (result.exitCode() == ExitCode.SUCCESS.code()) {
      out.println(ResultLine.of(result, Duration.between(start, Instant.now()), conf));
      out.flush();
    }
    return result.exitCode();
  }

  private int refused(int exitCode, List<String> problems) {
    for (String problem : problems) {
      err.println("ipjoin: " + problem);
    }
    err.flush();
    return exitCode;
  }
}
