package org.ipjoin.job.driver;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;

/** Whether a job runs on Hadoop's embedded local runner, in the driver's JVM. */
final class LocalRunner {

  private LocalRunner() {}

  /** True when {@code mapreduce.framework.name} is {@code local} (its default). */
  static boolean runs(Configuration conf) {
    return MRConfig.LOCAL_FRAMEWORK_NAME.equals(
        conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME));
  }
}
