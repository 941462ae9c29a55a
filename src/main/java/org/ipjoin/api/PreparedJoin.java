package org.ipjoin.api;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.ipjoin.job.driver.JoinPlan;

/**
 * A join every check accepted ({@link JoinJob#prepare()}): either take its {@link #job()} and
 * submit it yourself, or {@link #run()} it as {@code hadoop jar ipjoin.jar} does.
 */
public final class PreparedJoin {

  private final JoinPlan plan;
  private final PrintStream err;
  /** A prepared join runs once: its checks (the output does not exist yet) held for one run. */
  private final AtomicBoolean ran = new AtomicBoolean();

  PreparedJoin(JoinPlan plan, PrintStream err) {
    this.plan = plan;
    this.err = err;
  }

  /** The output directory, qualified. */
  public Path output() {
    return plan.output();
  }

  /** The index, qualified (the first, when there are several). */
  public Path index() {
    return plan.index();
  }

  /** Every index, qualified, in the order given. */
  public List<Path> indexes() {
    return plan.indexes();
  }

  /**
   * A new Hadoop job for the join, ready to submit to the cluster the Configuration names, writing
   * straight into the output directory. Nothing is staged or published: the output appears as
   * Hadoop's output committer writes it, without ipjoin's run summary or its check of the share of
   * malformed records, and an existing output makes the submission fail. {@link #run()} does all of
   * that.
   */
  public Job job() throws IOException {
    return plan.job();
  }

  /**
   * Submits the join and waits for it, as the driver does: the job writes into a hidden staging
   * directory beside the output, which becomes the output, with the run summary {@code
   * _ipjoin.json}, only when the job succeeded and few enough records were malformed. Why a run
   * failed is printed in one-line problems to the stream given to {@link JoinJob#warnings}. Run a
   * prepared join once; prepare it again to run it again (the checks then see the new output).
   *
   * @return the exit code the driver would have ended with and the job's counters
   * @throws IOException a failure of the output's FileSystem around the job (staging, publishing)
   * @throws InterruptedException the wait was interrupted
   * @throws IllegalStateException this prepared join has run already
   */
  public JoinResult run() throws IOException, InterruptedException {
    if (ran.getAndSet(true)) {
      throw new IllegalStateException("this prepared join has run already; prepare the join again"
          + " to run it again (its checks then see the output of the first run)");
    }
    try {
      JoinPlan.Outcome outcome = plan.run(err);
      return new JoinResult(outcome.exit().code(), plan.output(), outcome.counters(),
          outcome.matchedByIndex(), outcome.matchedByClient());
    } catch (IOException | InterruptedException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e);
    }
  }
}
