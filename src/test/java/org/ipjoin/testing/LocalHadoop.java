package org.ipjoin.testing;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/** A Configuration that runs jobs on the local runner in this JVM, on the local file system. */
public final class LocalHadoop {

  private LocalHadoop() {}

  /** Local runner, local file system, and Hadoop's job staging under {@code dir}. */
  public static Configuration conf(Path dir) {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.jobtracker.staging.root.dir", dir.resolve("mr-staging").toString());
    return conf;
  }
}
