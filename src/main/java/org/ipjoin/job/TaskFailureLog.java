package org.ipjoin.job;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.ipjoin.problem.OneLine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Why task attempts failed, written by the tasks themselves and read by the driver after the job.
 *
 * <p>The driver cannot rely on Hadoop to tell it: the LocalJobRunner reports no task diagnostics at
 * all (a failed job is "failed: NA"), and on YARN a diagnostic is a stack trace whose useful line
 * depends on how the task's logging is set up. So the task records its own reason, one line (the
 * exception's message), in {@code <output>/}{@value #PREFIX}{@code <attempt id>} on the output's
 * FileSystem, which every task can write and the driver can read on every runner. Not under
 * {@code <output>/_temporary}: FileOutputCommitter's abortJob deletes that before the driver looks.
 * The leading underscore hides the files from FileInputFormat, should one ever be left behind
 * (the driver deletes them after every job).
 *
 * <p>The file is created without creating parents: the job's output directory exists from job
 * setup until the driver discards it, so a task killed after the driver deleted a failed or
 * stopped job's (staging) output cannot bring the directory back.
 *
 * <p>Recording is best effort: a task whose reason cannot be written still fails with its own
 * exception, and the driver then falls back to YARN's task diagnostics.
 */
public final class TaskFailureLog {

  /** The hidden file name prefix in the job's output directory. */
  static final String PREFIX = "_ipjoin_task_failure.";

  private static final Logger LOG = LoggerFactory.getLogger(TaskFailureLog.class);

  /** The reason an attempt recorded, and the attempt. */
  public record Recorded(String attempt, String reason) {}

  private TaskFailureLog() {}

  /** The files' names in {@code output}, for messages. */
  public static String pattern(Path output) {
    return new Path(output, PREFIX).toString() + "*";
  }

  /**
   * Records why {@code failure} ended the context's attempt ({@code reason}, one line), unless the
   * attempt was interrupted: then it was killed (the job was killed, or the framework stopped it),
   * its exception is a consequence and not the job's reason, and a write now could race with the
   * deletion of the killed job's output directory.
   */
  public static void record(TaskAttemptContext context, Throwable failure, String reason) {
    if (!interrupted(failure)) {
      record(context, reason);
    }
  }

  private static boolean interrupted(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof InterruptedException || t instanceof java.io.InterruptedIOException
          || t instanceof java.nio.channels.ClosedByInterruptException) {
        return true;
      }
    }
    return Thread.currentThread().isInterrupted();
  }

  /**
   * Records {@code reason} for the context's attempt, unless that attempt already recorded one (the
   * first reason is the cause; a later one is a consequence). Never throws: the caller is already
   * failing with the real exception.
   */
  public static void record(TaskAttemptContext context, String reason) {
    try {
      Configuration conf = context.getConfiguration();
      Path output = FileOutputFormat.getOutputPath(context);
      if (output == null) {
        return;
      }
      Path file = new Path(output, PREFIX + context.getTaskAttemptID());
      FileSystem fs = file.getFileSystem(conf);
      try (OutputStream out = fs.createNonRecursive(file, false, 4096,
          fs.getDefaultReplication(file), fs.getDefaultBlockSize(file), null)) {
        out.write(OneLine.of(reason).getBytes(StandardCharsets.UTF_8));
      }
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      // this attempt's first reason is already there
    } catch (IOException | RuntimeException e) {
      LOG.warn("could not record this task's failure reason for the driver: {}", e.toString());
    }
  }

  /**
   * The reason recorded first (by modification time, then attempt id), if any task recorded one.
   */
  public static Optional<Recorded> earliest(FileSystem fs, Path output) throws IOException {
    Optional<FileStatus> first = Arrays.stream(recorded(fs, output))
        .min(Comparator.comparingLong(FileStatus::getModificationTime)
            .thenComparing(f -> f.getPath().getName()));
    if (first.isEmpty()) {
      return Optional.empty();
    }
    try (InputStream in = fs.open(first.get().getPath())) {
      return Optional.of(new Recorded(first.get().getPath().getName().substring(PREFIX.length()),
          new String(in.readAllBytes(), StandardCharsets.UTF_8)));
    }
  }

  /** Removes the recorded reasons; the job's output keeps nothing of them. */
  public static void delete(FileSystem fs, Path output) throws IOException {
    for (FileStatus f : recorded(fs, output)) {
      fs.delete(f.getPath(), false);
    }
  }

  private static FileStatus[] recorded(FileSystem fs, Path output) throws IOException {
    try {
      return fs.listStatus(output, p -> p.getName().startsWith(PREFIX));
    } catch (FileNotFoundException e) {
      return new FileStatus[0];
    }
  }
}
