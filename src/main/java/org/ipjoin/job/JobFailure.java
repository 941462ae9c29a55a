package org.ipjoin.job;

import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.IndexIdentity;

/**
 * Says why a submitted job failed, on the driver's stderr, so that a user (or a test) does not have
 * to dig through task logs for the common causes:
 * <ul>
 *   <li>the job's failure info and each failed task attempt's first diagnostic line (on YARN these
 *       carry the task's exception, e.g. an index identity check that failed in setup);
 *   <li>the index identity now: the local runner reports no task diagnostics, so the driver re-reads
 *       the index header and says so when the file is no longer the one the job was submitted for.
 * </ul>
 */
final class JobFailure {

  private static final int MAX_EVENTS = 100;

  private JobFailure() {}

  static void report(Job job, SubmitChecks.Checked checked, Configuration conf, PrintStream err) {
    try {
      String info = job.getStatus().getFailureInfo();
      err.println("ipjoin: job " + job.getJobID() + " failed"
          + (info == null || info.isBlank() ? "" : ": " + firstLine(info)));
      for (TaskCompletionEvent event : job.getTaskCompletionEvents(0, MAX_EVENTS)) {
        if (event.getStatus() == TaskCompletionEvent.Status.FAILED) {
          for (String diagnostic : job.getTaskDiagnostics(event.getTaskAttemptId())) {
            err.println("ipjoin: task " + event.getTaskAttemptId() + " failed: " + firstLine(diagnostic));
          }
        }
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      err.println("ipjoin: could not read the job's diagnostics: " + e);
    }
    if (!checked.identity().toString().isEmpty() && !textLoader(conf)) {
      try {
        IndexIdentity now = identityNow(checked, conf);
        checked.identity().check(now, checked.index().toString());
      } catch (CorruptIndexException e) {
        err.println("ipjoin: " + e.getMessage());
      } catch (IOException | RuntimeException e) {
        err.println("ipjoin: could not re-read index " + checked.index() + ": " + e.getMessage());
      }
    }
    err.flush();
  }

  private static boolean textLoader(Configuration conf) {
    return "text".equals(IpJoinKeys.LOADER.get(conf));
  }

  /** The identity of the index file as it is now (header only, like the submit check). */
  private static IndexIdentity identityNow(SubmitChecks.Checked checked, Configuration conf)
      throws IOException {
    return SubmitChecks.headerIdentity(checked.index().getFileSystem(conf), checked.index());
  }

  private static String firstLine(String text) {
    int newline = text.indexOf('\n');
    return (newline < 0 ? text : text.substring(0, newline)).strip();
  }
}
