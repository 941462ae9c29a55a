package org.ipjoin.job.driver;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.ipjoin.job.ClientCounter;
import org.ipjoin.job.IndexCounter;
import org.ipjoin.job.options.ClientColumn;
import org.ipjoin.job.IpJoinCounter;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinMode;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

/**
 * A join the driver's checks accepted: the one path from {@code ipjoin.*} keys in a Configuration
 * to a configured or finished job, shared by the command line ({@code org.ipjoin.cli.IpJoinDriver}) and the Java
 * API ({@code org.ipjoin.api.JoinJob}). Public only because the API lives in its own package; users
 * go through {@code org.ipjoin.api}.
 */
public final class JoinPlan {

  /**
   * What a run ended with: the driver's exit code, the job's counters, per index name in the
   * order given, the records listed in that index, and with {@code --client}, per address column,
   * the records whose address there is listed in some index (all empty if no job ran).
   */
  public record Outcome(ExitCode exit, Map<String, Long> counters,
      Map<String, Long> matchedByIndex, Map<String, Long> matchedByClient) {}

  private final Configuration conf;
  private final SubmitChecks.Checked checked;

  private JoinPlan(Configuration conf, SubmitChecks.Checked checked) {
    this.conf = conf;
    this.checked = checked;
  }

  /**
   * Runs every check the driver runs before submitting, on the {@code ipjoin.*} keys in {@code
   * conf}; warnings (an input given twice) go to {@code err}.
   *
   * @param countByGiven whether the count-by option was given (it applies to count mode only)
   * @throws IpJoinException exit code 2 with every problem found, or 3 for an input without data
   */
  public static JoinPlan check(Configuration conf, List<String> inputs, String output,
      boolean countByGiven, PrintStream err) throws IpJoinException {
    requireOptions(conf, inputs, output, countByGiven);
    SubmitChecks.Checked checked = SubmitChecks.check(conf, inputs, output);
    OverriddenSettings.refuse(conf, trialJob(conf, checked));
    checked.inputs().reportDuplicates(err);
    checked.inputs().requireData(conf);
    OutputPublication.check(conf, checked, checked.options().overwrite());
    return new JoinPlan(conf, checked);
  }

  /** The job the plan makes, on a copy of {@code conf}, to compare with the user's settings. */
  private static Job trialJob(Configuration conf, SubmitChecks.Checked checked)
      throws IpJoinException {
    try {
      return JobFactory.createJob(new Configuration(conf), checked, checked.output());
    } catch (Exception e) {
      throw IpJoinException.usage("cannot set up the job: " + OneLine.of(String.valueOf(
          e.getMessage())));
    }
  }

  /** The options without which nothing else can be checked, and count-by outside count mode. */
  private static void requireOptions(Configuration conf, List<String> inputs, String output,
      boolean countByGiven) throws IpJoinException {
    List<String> problems = new ArrayList<>();
    if (countByGiven && !countMode(conf)) {
      problems.add("--count-by applies to --mode count only; the mode is '"
          + OneLine.of(IpJoinKeys.MODE.get(conf)) + "'");
    }
    if (IpJoinKeys.INDEX_PATH.get(conf) == null) {
      problems.add("missing --index (or -D " + IpJoinKeys.INDEX_PATH.key() + "=...)");
    }
    if (inputs.isEmpty()) {
      problems.add("missing --input");
    }
    if (output == null) {
      problems.add("missing --output");
    }
    if (!problems.isEmpty()) {
      throw IpJoinException.usage(problems);
    }
  }

  /** Whether the mode is count; a bad mode is reported by the submit checks. */
  private static boolean countMode(Configuration conf) {
    try {
      return JoinMode.fromName(IpJoinKeys.MODE.get(conf)) == JoinMode.COUNT;
    } catch (IllegalArgumentException e) {
      return true;
    }
  }

  /** The output directory, qualified. */
  public Path output() {
    return checked.output();
  }

  /** The index, qualified (the first, when there are several). */
  public Path index() {
    return checked.index();
  }

  /** Every index, qualified, in the order given. */
  public List<Path> indexes() {
    return checked.indexes().stream().map(IndexCheck.CheckedIndex::path).toList();
  }

  /**
   * The job, writing straight into the output directory: nothing is submitted, nothing is staged.
   */
  public Job job() throws IOException {
    try {
      return JobFactory.createJob(conf, checked, checked.output());
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e);
    }
  }

  /**
   * Runs the job as the driver does: into a hidden staging directory, checked, summarised and then
   * published as the output; one-line problems go to {@code err}.
   */
  public Outcome run(PrintStream err) throws Exception {
    Instant start = Instant.now();
    boolean overwrite = checked.options().overwrite();
    try (OutputPublication publication = OutputPublication.stage(conf, checked.output(), overwrite)) {
      Job job = JobFactory.createJob(conf, checked, publication.staging());
      publication.guard(job);
      ExitCode executed = JobExecution.run(job, checked, publication.staging(), conf, err);
      if (executed != ExitCode.SUCCESS) {
        return outcome(executed, job);
      }
      ExitCode result = ResultCheck.exitCode(job.getCounters(), checked.options(),
          checked.output(), err);
      if (result != ExitCode.SUCCESS) {
        return outcome(result, job);
      }
      RunSummary.of(job, checked, conf, start, Instant.now(), publication.staging())
          .write(publication.staging().getFileSystem(conf), publication.staging());
      try {
        publication.publish();
      } catch (OutputPublication.OutputConflictException e) {
        // Lost the race for the output to another job: leave that job's output alone.
        err.println("ipjoin: " + e.getMessage());
        err.flush();
        return outcome(ExitCode.FAILED, job);
      } catch (IOException e) {
        // E.g. permissions changed while the job ran: one line, and the old output (if any) kept.
        err.println("ipjoin: output " + checked.output() + " was not published: "
            + OneLine.of(e.getMessage()) + (overwrite && publication.outputExists()
                ? "; the old output is kept" : ""));
        err.flush();
        return outcome(ExitCode.FAILED, job);
      }
      return outcome(ExitCode.SUCCESS, job);
    }
  }

  private Outcome outcome(ExitCode exit, Job job) {
    return new Outcome(exit, counters(job), matchedByIndex(job), matchedByClient(job));
  }

  /** With {@code --client}: records listed per address column, in order; else none. */
  private Map<String, Long> matchedByClient(Job job) {
    Map<String, Long> values = new LinkedHashMap<>();
    try {
      Counters counters = job.getCounters();
      if (counters != null && checked.options() != null) {
        for (ClientColumn client : checked.options().clients()) {
          values.put(client.name(), counters.findCounter(ClientCounter.GROUP,
              ClientCounter.MATCHED.counterName(client.name())).getValue());
        }
      }
    } catch (IOException | IllegalStateException e) {
      return Map.of();
    }
    return java.util.Collections.unmodifiableMap(values);
  }

  /** Records listed per index, by name in the order given; none when the counters are gone. */
  private Map<String, Long> matchedByIndex(Job job) {
    Map<String, Long> values = new LinkedHashMap<>();
    try {
      Counters counters = job.getCounters();
      if (counters != null) {
        for (IndexCheck.CheckedIndex index : checked.indexes()) {
          String name = index.index().name();
          values.put(name, counters.findCounter(IndexCounter.GROUP,
              IndexCounter.MATCHED.counterName(name)).getValue());
        }
      }
    } catch (IOException | IllegalStateException e) {
      return Map.of();
    }
    return java.util.Collections.unmodifiableMap(values);
  }

  /** The ipjoin counters by name, or none when the job never ran or its counters are gone. */
  private static Map<String, Long> counters(Job job) {
    Map<String, Long> values = new LinkedHashMap<>();
    try {
      Counters counters = job.getCounters();
      if (counters != null) {
        for (Counter c : counters.getGroup(IpJoinCounter.class.getName())) {
          values.put(c.getName(), c.getValue());
        }
      }
    } catch (IOException | IllegalStateException e) {
      // Not submitted, or the cluster forgot it: a run without counters.
    }
    return Map.copyOf(values);
  }
}
