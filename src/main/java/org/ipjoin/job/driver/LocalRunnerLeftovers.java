package org.ipjoin.job.driver;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Removes the empty directories Hadoop's local runner leaves behind after every job: its staging
 * directory ({@code <staging root>/<user><n>/.staging}), and in each of {@code
 * mapreduce.cluster.local.dir} the job's {@code <job id>_<uuid>} and {@code localRunner/<user>/<job
 * id>}. Hadoop deletes what they held but not them, so a scheduler running local jobs collects one
 * set per run. Only empty directories are removed, only those named after this job, and only for
 * the local runner: on a cluster YARN cleans up after itself.
 */
final class LocalRunnerLeftovers {

  private LocalRunnerLeftovers() {}

  static void remove(Job job, Configuration conf) {
    if (!MRConfig.LOCAL_FRAMEWORK_NAME.equals(conf.get(MRConfig.FRAMEWORK_NAME,
        MRConfig.LOCAL_FRAMEWORK_NAME)) || job.getJobID() == null) {
      return;
    }
    JobID id = job.getJobID();
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
      File runner = new File(new File(new File(local, "localRunner"), user()), id.toString());
      if (removeIfEmpty(runner)) {
        removeIfEmpty(runner.getParentFile());
      }
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
