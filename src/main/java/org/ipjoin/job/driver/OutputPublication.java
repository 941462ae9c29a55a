package org.ipjoin.job.driver;

import java.io.File;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.ShutdownHookManager;
import org.ipjoin.job.TaskFailureLog;
import org.ipjoin.problem.IpJoinException;

/**
 * Makes the job's output appear at {@code --output} only when the whole job succeeded, and only
 * from one job. A scheduler (Airflow, Oozie, cron) reads {@code --output} as soon as the command
 * exits 0 and retries a failed run, so neither a failed, killed or concurrent run may leave files
 * there.
 *
 * <p>How: the job writes into a hidden <em>staging directory</em> beside the output,
 * {@code <parent>/.<name>.ipjoin-<time>-<random>}. The leading '.' keeps it out of {@code part-*}
 * globs, {@code FileInputFormat} and most listings; being in the same parent keeps it on the same
 * FileSystem, where renaming a directory is one atomic metadata operation (the HDFS NameNode's
 * rename, POSIX rename(2)). The committer runs with {@code
 * mapreduce.fileoutputcommitter.algorithm.version=1}, so task output reaches the staging directory
 * at job commit, not task by task. Only after the job succeeded and the run summary
 * ({@link RunSummary}, {@code _ipjoin.json}) is written beside {@code _SUCCESS} does the driver
 * rename the staging directory to {@code --output}. A consumer therefore sees no output, or all of
 * it with {@code _SUCCESS} and {@code _ipjoin.json}.
 *
 * <p>One writer per output: the final rename never replaces an existing directory and never moves
 * the staging directory <em>inside</em> one (what {@code FileSystem.rename(dir, existingDir)} does on
 * HDFS and the local file system). On HDFS and other Hadoop file systems it is {@link
 * FileContext#rename} with {@link Options.Rename#NONE}, which the NameNode refuses atomically when
 * the target exists; on the local file system it is {@link Files#move} with {@code ATOMIC_MOVE},
 * i.e. rename(2), which fails on an existing non-empty directory. So when two jobs race for one
 * output, the first to finish publishes and the other fails with {@link OutputConflictException}
 * and discards its result.
 *
 * <p>{@code --overwrite} ({@code ipjoin.output.overwrite}) replaces an existing output, still only
 * after the new job succeeded: the old output is renamed aside to a hidden name, the new one renamed
 * into place, then the old one deleted. A failed run leaves the old output untouched. Between the two
 * renames {@code --output} briefly does not exist; it never holds a mix of old and new files.
 *
 * <p>Leftovers: when the job fails, or the driver gets SIGTERM (a scheduler's timeout: a shutdown
 * hook, run before Hadoop closes its file systems, kills the submitted job and deletes the staging
 * directory), nothing remains. Only a driver killed without a chance to run hooks (SIGKILL, a lost
 * machine) leaves its staging directory behind. It is hidden, never read by a consumer, and never
 * blocks a rerun: every run stages under a new name. The driver does not delete other runs' staging
 * directories on its own, since they may belong to a job for the same output that is still running;
 * remove {@code <parent>/.<name>.ipjoin-*} when no job for that output runs.
 */
final class OutputPublication implements AutoCloseable {

  /** Runs before FileSystem's own hook (priority 10) closes the file systems it needs. */
  private static final int SHUTDOWN_HOOK_PRIORITY = FileSystem.SHUTDOWN_HOOK_PRIORITY + 10;

  /** Infix of the staging directory's name: {@code .<name>.ipjoin-<time>-<random>}. */
  static final String STAGING_INFIX = ".ipjoin-";

  private enum State { STAGED, PUBLISHED, ABANDONED }

  private final Configuration conf;
  private final FileSystem fs;
  private final Path output;
  private final Path staging;
  private final boolean overwrite;
  /** Bounds the repeated delete of {@link #deleteWhileTasksStop}; a few suffice. */
  private static final int MAX_DELETE_ATTEMPTS = 100;

  private final Runnable shutdownHook = this::abandonOnShutdown;
  private State state = State.STAGED;
  private Job job;

  private OutputPublication(Configuration conf, Path output, boolean overwrite) throws IOException {
    this.conf = conf;
    this.fs = output.getFileSystem(conf);
    this.output = output;
    this.overwrite = overwrite;
    this.staging = stagingPathFor(output);
  }

  /**
   * The checks the publication itself needs, before anything is submitted: an {@code --overwrite}
   * target must be a directory that holds neither the index nor an input (it is deleted once the
   * new output is in place), and must be an earlier ipjoin output (it holds the run summary) or
   * empty: a mistyped {@code --output} must not delete a folder of someone else's files.
   */
  static void check(Configuration conf, SubmitChecks.Checked checked, boolean overwrite)
      throws IpJoinException {
    Path out = checked.output();
    FileSystem fs;
    try {
      fs = out.getFileSystem(conf);
      if (!overwrite || !fs.exists(out)) {
        return;
      }
      if (!fs.getFileStatus(out).isDirectory()) {
        throw IpJoinException.usage("output " + out + " is a file, not a directory; --overwrite only"
            + " replaces an output directory");
      }
    } catch (IOException e) {
      throw IpJoinException.usage("cannot check output " + out + ": " + e.getMessage());
    }
    for (Path p : concat(checked.indexes().stream().map(IndexCheck.CheckedIndex::path).toList(),
        checked.inputs().files())) {
      if (isSameOrInside(p, out)) {
        throw IpJoinException.usage("--overwrite would delete " + p + ": it is inside output " + out);
      }
    }
    refuseForeignDirectory(fs, out);
    OutputCheck.refuseUnreplaceable(fs, out);
  }

  /** Refuses to replace a non-empty directory that no ipjoin run wrote. */
  private static void refuseForeignDirectory(FileSystem fs, Path out) throws IpJoinException {
    try {
      if (fs.exists(new Path(out, RunSummary.FILE_NAME)) || fs.listStatus(out).length == 0) {
        return;
      }
    } catch (IOException e) {
      throw IpJoinException.usage("cannot check output " + out + ": " + e.getMessage());
    }
    throw IpJoinException.usage("--overwrite replaces only an earlier ipjoin output (a directory"
        + " with " + RunSummary.FILE_NAME + ") or an empty directory; " + out + " is neither:"
        + " remove it yourself or choose another --output");
  }

  /** Picks a fresh staging directory for {@code output}; nothing is created yet. */
  static OutputPublication stage(Configuration conf, Path output, boolean overwrite)
      throws IOException {
    return new OutputPublication(conf, output, overwrite);
  }

  /** Where the job writes: hidden, beside the output, unique per run. */
  Path staging() {
    return staging;
  }

  /**
   * From now on a SIGTERM of the driver kills {@code job} (when submitted) and deletes the staging
   * directory.
   */
  synchronized void guard(Job submitted) {
    this.job = submitted;
    ShutdownHookManager.get().addShutdownHook(shutdownHook, SHUTDOWN_HOOK_PRIORITY);
  }

  /**
   * Renames the finished staging directory to the output. Throws {@link OutputConflictException}
   * when the output exists and {@code --overwrite} was not given (another job published first).
   */
  synchronized void publish() throws IOException {
    if (state != State.STAGED) {
      throw new IOException("output " + output + " was not published: the driver is shutting down");
    }
    if (!overwrite) {
      renameNoReplace(staging, output);
    } else {
      replace();
    }
    state = State.PUBLISHED;
  }

  /** Deletes the staging directory unless it was published; removes the shutdown hook. */
  @Override
  public synchronized void close() throws IOException {
    if (!ShutdownHookManager.get().isShutdownInProgress()) {
      ShutdownHookManager.get().removeShutdownHook(shutdownHook);
    }
    if (state == State.STAGED) {
      state = State.ABANDONED;
      fs.delete(staging, true);
    }
  }

  private synchronized void abandonOnShutdown() {
    if (state != State.STAGED) {
      return;
    }
    state = State.ABANDONED;
    try {
      if (job != null && !job.isComplete()) {
        job.killJob();
      }
    } catch (IllegalStateException e) {
      // Not submitted yet: nothing runs that could write to the staging directory.
    } catch (IOException | RuntimeException e) {
      System.err.println("ipjoin: could not kill job " + job.getJobID() + ": " + e.getMessage());
    }
    try {
      deleteWhileTasksStop();
    } catch (IOException | RuntimeException e) {
      System.err.println("ipjoin: could not delete staging directory " + staging + ": "
          + e.getMessage());
    }
  }

  /**
   * Deletes the staging directory of a job that is being killed. Killing is asynchronous: a task
   * may still record its failure reason in the directory while it is being deleted, which leaves
   * the directory behind with that one file. So the delete is repeated until the directory is gone;
   * after that no task can bring it back (reasons are written without creating parents, see
   * {@link TaskFailureLog}).
   */
  private void deleteWhileTasksStop() throws IOException {
    for (int attempt = 0; attempt < MAX_DELETE_ATTEMPTS && fs.exists(staging); attempt++) {
      fs.delete(staging, true);
    }
  }

  /** Old output aside (hidden), new one in, old one deleted. */
  private void replace() throws IOException {
    Path aside = new Path(staging.getParent(), staging.getName() + ".replaced");
    boolean movedAside = false;
    if (fs.exists(output)) {
      renameNoReplace(output, aside);
      movedAside = true;
    }
    try {
      renameNoReplace(staging, output);
    } catch (OutputConflictException e) {
      if (movedAside) {
        // Another job published in between: its output stays, ours and the old one go.
        fs.delete(aside, true);
      }
      throw e;
    } catch (IOException e) {
      if (movedAside) {
        // The new output could not take the old one's place: the old one goes back.
        try {
          renameNoReplace(aside, output);
        } catch (IOException back) {
          throw new IOException(e.getMessage() + "; the old output could not be moved back from "
              + aside + " (" + back.getMessage() + ")", e);
        }
      }
      throw e;
    }
    if (movedAside) {
      fs.delete(aside, true);
    }
  }

  /** An atomic rename that fails when {@code to} exists, and never moves {@code from} inside it. */
  private void renameNoReplace(Path from, Path to) throws IOException {
    if ("file".equals(fs.getUri().getScheme())) {
      File source = new File(from.toUri().getPath());
      File target = new File(to.toUri().getPath());
      try {
        // rename(2): atomic, and fails when the target is a non-empty directory.
        Files.move(source.toPath(), target.toPath(), StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        throw new IOException("cannot rename " + from + " to " + to + " atomically: " + e.getMessage());
      } catch (IOException e) {
        // The JDK reports a non-empty target as DirectoryNotEmptyException, FileAlreadyExists or
        // a plain FileSystemException ("Directory not empty") depending on the errno.
        if (target.exists()) {
          throw new OutputConflictException(to);
        }
        throw new IOException("cannot move " + from + " to " + to + ": "
            + (e instanceof java.nio.file.FileSystemException f && f.getReason() != null
                ? f.getReason() : e.toString()), e);
      }
      return;
    }
    try {
      FileContext.getFileContext(fs.getUri(), conf).rename(from, to, Options.Rename.NONE);
    } catch (org.apache.hadoop.fs.FileAlreadyExistsException e) {
      throw new OutputConflictException(to);
    }
  }

  /** {@code .<name>.ipjoin-<millis>-<random>} in the output's parent. */
  static Path stagingPathFor(Path output) {
    return new Path(output.getParent(), "." + output.getName() + STAGING_INFIX
        + System.currentTimeMillis() + "-"
        + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1));
  }

  private static List<Path> concat(List<Path> first, List<Path> rest) {
    List<Path> all = new ArrayList<>(first);
    all.addAll(rest);
    return all;
  }

  /** Whether {@code p} is {@code dir} or below it (a glob counts by its fixed prefix). */
  private static boolean isSameOrInside(Path p, Path dir) {
    String d = dir.toUri().getPath();
    String s = p.toUri().getPath();
    return s.equals(d) || s.startsWith(d.endsWith("/") ? d : d + "/");
  }

  /** The output existed when this job tried to publish: another job published it first. */
  static final class OutputConflictException extends IOException {
    private static final long serialVersionUID = 1L;

    OutputConflictException(Path output) {
      super("output " + output + " was published by another job while this one ran; this run's"
          + " result was discarded (rerun with --overwrite to replace it)");
    }
  }

  /** Whether the output exists (after a failed publish: the old one stayed or went back). */
  boolean outputExists() {
    try {
      return fs.exists(output);
    } catch (IOException e) {
      return false;
    }
  }

  /** For the message of a publish that failed. */
  Path output() {
    return output;
  }
}
