package org.ipjoin.job.driver;

import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.job.TaskFailureLog;
import org.ipjoin.job.task.SharedIndexes;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.OneLine;

/**
 * Submits a configured job, waits for it, and turns every outcome into an exit code and, unless it
 * succeeded, one-line reasons on stderr; never a stack trace for what the user can fix.
 *
 * <ul>
 *   <li>The job could not be submitted (no FileSystem for a scheme, a name Hadoop cannot make a
 *       path of, permission denied on the staging directory, an unreachable cluster): exit 2, as
 *       for the checks before it; nothing ran.
 *   <li>The index changed between the submission's cache timestamp and the local runner's copy of
 *       it: exit 1 with the identity check's message, as when a task finds it on a cluster.
 *   <li>The job ran and failed, or the driver lost track of it: exit 1, with the reason.
 * </ul>
 */
final class JobExecution {

  private JobExecution() {}

  /** {@code outputDir} is the job's output directory, where tasks record why they failed. */
  static ExitCode run(Job job, SubmitChecks.Checked checked, Path outputDir, Configuration conf,
      PrintStream err) throws InterruptedException {
    try {
      job.submit();
    } catch (IOException | RuntimeException | ClassNotFoundException e) {
      return notSubmitted(e, checked, err);
    }
    boolean succeeded;
    try {
      succeeded = job.waitForCompletion(checked.options().verbose());
    } catch (IOException | ClassNotFoundException | RuntimeException e) {
      err.println("ipjoin: lost track of job " + job.getJobID() + ": " + OneLine.reason(e));
      err.flush();
      return ExitCode.FAILED;
    } finally {
      SharedIndexes.release(job.getJobID());
    }
    LocalRunnerLeftovers.remove(job, conf);
    try {
      FileSystem outputFs = outputDir.getFileSystem(conf);
      if (!succeeded) {
        JobFailure.report(job, outputFs, outputDir, err);
      }
      TaskFailureLog.delete(outputFs, outputDir);
    } catch (IOException e) {
      // Hidden (leading underscore), so harmless for readers of the output; say so once.
      err.println("ipjoin: could not delete " + TaskFailureLog.pattern(outputDir) + ": "
          + OneLine.reason(e));
    }
    err.flush();
    return succeeded ? ExitCode.SUCCESS : ExitCode.FAILED;
  }

  private static ExitCode notSubmitted(Exception e, SubmitChecks.Checked checked, PrintStream err) {
    String message = OneLine.reason(e);
    if (message.contains("changed on src filesystem")) {
      // Hadoop's distributed cache compares the file's timestamp at submission with the one it
      // localises: the index was replaced in between. That is the identity check's case, found
      // a moment earlier by Hadoop; report it the same way.
      err.println("ipjoin: job failed: " + new CorruptIndexException(checked.index().toString(),
          CorruptIndexException.Check.IDENTITY, "the index changed after the job was submitted ("
          + message + "); rerun the job").getMessage());
      err.flush();
      return ExitCode.FAILED;
    }
    err.println("ipjoin: could not submit the job: " + SubmitProblem.describe(e));
    err.flush();
    return ExitCode.USAGE;
  }
}
