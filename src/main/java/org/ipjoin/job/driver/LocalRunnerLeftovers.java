package org.ipjoin.job.driver;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Removes what Hadoop's local runner leaves behind after every job: its staging directory
 * ({@code <staging root>/<user><n>/.staging}), and in each of {@code mapreduce.cluster.local.dir}
 * the job's {@code <job id>_<uuid>} and {@code localRunner/<user>/<job id>} (empty: Hadoop deletes
 * what they held but not them), and the tasks' folders {@code localRunner/<user>/jobcache/<job id>},
 * which after a failed job with reducers still hold the map outputs of the tasks that finished. A
 * scheduler running local jobs would collect one set per run. Only folders named after this job are
 * removed (with their content where it is the job's own), never the shared folders above them, which
 * concurrent local jobs are making their folders in; and only for the local runner: on a cluster
 * YARN cleans up after itself.
 */
final class LocalRunnerLeftovers {

  /** The local runner's per-job thread class (LocalJobRunner's private inner class). */
  private static final String RUNNER_THREAD = "org.apache.hadoop.mapred.LocalJobRunner$Job";
  /** At most this long for its last steps (a few file deletions) once the job is finished. */
  private static final long RUNNER_THREAD_WAIT_MILLIS = 60_000;

  private LocalRunnerLeftovers() {}

  static void remove(Job job, Configuration conf) {
    if (!LocalRunner.runs(conf) || job.getJobID() == null) {
      return;
    }
    JobID id = job.getJobID();
    awaitRunnerThread(id);
    String jobDir = job.getConfiguration().get(MRJobConfig.MAPREDUCE_JOB_DIR);
    if (jobDir != null) {
      // <staging root>/<user><n>/.staging/<job id>: the job's own folder is gone already.
      File staging = localFile(new Path(jobDir).getParent());
      if (staging != null && removeIfEmpty(staging)) {
        removeIfEmpty(staging.getParentFile());
      }
    }
    for (String dir : job.getConfiguration().getTrimmedStrings(MRConfig.LOCAL_DIR)) {
      File local = new File(dir);
      File[] jobDirs = local.listFiles((d, name) -> name.startsWith(id + "_"));
      if (jobDirs != null) {
        for (File f : jobDirs) {
          removeIfEmpty(f);
        }
      }
      File userDir = new File(new File(local, "localRunner"), user());
      // The tasks' folders: after a failed job they still hold the map outputs of its tasks that
      // finished (the runner removes them only after a reduce phase), megabytes per million records.
      File tasks = new File(new File(userDir, "jobcache"), id.toString());
      deleteTree(tasks);
      // Not the shared folders above them (localRunner/<user>, its jobcache), even when empty:
      // another local job of the same user may be making its own folder in them at this moment,
      // and its mkdirs fails when a parent disappears under it ("Mkdirs failed to create").
      removeIfEmpty(new File(userDir, id.toString()));
    }
  }

  /**
   * Deletes {@code dir} and everything in it, without following symbolic links; whether it is gone.
   * Only called for folders named after this job, once its runner thread ended.
   */
  private static boolean deleteTree(File dir) {
    if (!dir.exists()) {
      return false;
    }
    try (java.util.stream.Stream<java.nio.file.Path> all = java.nio.file.Files.walk(dir.toPath())) {
      for (java.nio.file.Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
        java.nio.file.Files.deleteIfExists(p);
      }
      return true;
    } catch (IOException | java.io.UncheckedIOException e) {
      return false;
    }
  }

  /**
   * Waits for the local runner's thread of job {@code id} to end. The runner marks the job finished
   * before it deletes the job's staging and local files (in the finally block of
   * {@code LocalJobRunner.Job.run}), so a client that sees the job done may look at those folders
   * while they still hold files; joining the thread orders the two. The thread is found by its
   * class and its {@code id} field (Hadoop 3.5's LocalJobRunner); if Hadoop ever names them
   * otherwise, nothing is joined and a busy machine may leave the folders, as before.
   */
  private static void awaitRunnerThread(JobID id) {
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread != Thread.currentThread() && RUNNER_THREAD.equals(thread.getClass().getName())
          && id.toString().equals(String.valueOf(runnerJobId(thread)))) {
        try {
          thread.join(RUNNER_THREAD_WAIT_MILLIS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  /** The job id a local runner thread runs, or null when it cannot be read. */
  private static Object runnerJobId(Thread thread) {
    try {
      Field field = thread.getClass().getDeclaredField("id");
      field.setAccessible(true);
      return field.get(thread);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** The user the local runner names its folder after (its UserGroupInformation's short name). */
  private static String user() {
    try {
      return UserGroupInformation.getCurrentUser().getShortUserName();
    } catch (IOException e) {
      return System.getProperty("user.name");
    }
  }

  /** The local file behind {@code path}, or null when it is on another file system. */
  private static File localFile(Path path) {
    URI uri = path.toUri();
    return uri.getScheme() == null || "file".equals(uri.getScheme()) ? new File(uri.getPath())
        : null;
  }

  /** Deletes {@code dir} when it is an empty directory; whether it did. */
  private static boolean removeIfEmpty(File dir) {
    String[] names = dir.list();
    return names != null && names.length == 0 && dir.delete();
  }
}
