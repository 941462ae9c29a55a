package org.ipjoin.job.driver;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.ipjoin.job.TaskFailureLog;
import org.ipjoin.problem.OneLine;

/**
 * Says why a submitted job failed, on the driver's stderr, so that a user (or a scheduler's log)
 * does not have to dig through task logs. The last {@code ipjoin:} line is always the reason:
 * <ol>
 *   <li>the reason the earliest failed task attempt recorded itself ({@link TaskFailureLog}): the
 *       same on every runner, whatever the logging setup, e.g. an index identity or checksum check,
 *       an unreadable input file, or running out of heap while loading the index;
 *   <li>else the first line of YARN's diagnostics for the first failed attempt (what happened
 *       outside the task's code: a cache file that changed before localisation, a container killed
 *       for exceeding its memory);
 *   <li>else a line saying that no task said why, and where to look.
 * </ol>
 */
public final class JobFailure {

  private static final int MAX_EVENTS = 1000;

  private JobFailure() {}

  static void report(Job job, FileSystem outputFs, Path output, PrintStream err) {
    String info = null;
    try {
      info = job.getStatus().getFailureInfo();
    } catch (IOException | InterruptedException | RuntimeException e) {
      // the reason below matters more than the job's summary
    }
    boolean meaningful = info != null && !info.isBlank() && !"NA".equals(info.strip());
    err.println("ipjoin: job " + job.getJobID() + " failed"
        + (meaningful ? ": " + OneLine.of(firstLine(info)) : ""));
    err.println("ipjoin: " + reason(job, outputFs, output));
    err.flush();
  }

  private static String reason(Job job, FileSystem outputFs, Path output) {
    try {
      Optional<TaskFailureLog.Recorded> recorded = TaskFailureLog.earliest(outputFs, output);
      if (recorded.isPresent()) {
        return "task " + recorded.get().attempt() + " failed: " + recorded.get().reason();
      }
    } catch (IOException e) {
      // fall back to YARN's diagnostics
    }
    try {
      for (TaskCompletionEvent event : job.getTaskCompletionEvents(0, MAX_EVENTS)) {
        if (event.getStatus() == TaskCompletionEvent.Status.FAILED) {
          for (String diagnostic : job.getTaskDiagnostics(event.getTaskAttemptId())) {
            if (diagnostic != null && !diagnostic.isBlank()) {
              return "task " + event.getTaskAttemptId() + " failed: "
                  + OneLine.of(firstLine(diagnostic));
            }
          }
        }
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      return "no task recorded why it failed, and the job's diagnostics could not be read ("
          + OneLine.reason(e) + "); see the task logs";
    }
    return "no task recorded why it failed; see the task logs (on YARN: yarn logs -applicationId "
        + job.getJobID().toString().replaceFirst("^job_", "application_") + ")";
  }

  private static String firstLine(String text) {
    String stripped = text.strip();
    int newline = stripped.indexOf('\n');
    return newline < 0 ? stripped : stripped.substring(0, newline);
  }
}
