package org.ipjoin.job.task;

import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.job.IpJoinKeys;

/**
 * The one-line reason for an OutOfMemoryError in a map task: the heap the task really had (this
 * JVM's maximum, which on a cluster is the container's {@code -Xmx}), what it was doing, and the
 * ways out. The driver's memory check ({@code job.driver.TaskMemory}) catches most of these before submission;
 * this covers a skipped check, an underestimate, or a heap smaller than configured.
 */
final class TaskHeap {

  private TaskHeap() {}

  static String outOfMemory(Configuration conf, boolean indexLoaded) {
    return String.format(Locale.ROOT, "out of memory in the map task %s, with a task heap of"
        + " %.1f MiB: give map tasks more heap (the -Xmx in %s, and %s with it) or use --loader"
        + " mmap-direct (lookups from a shared mapping, no heap copy)",
        indexLoaded ? "after loading the index (" + index(conf) + "), while reading records"
            : "while loading the index (" + index(conf) + ")",
        Runtime.getRuntime().maxMemory() / 1048576.0, MRJobConfig.MAP_JAVA_OPTS,
        MRJobConfig.MAP_MEMORY_MB);
  }

  /**
   * Key count (of every index together) and read path, from the configuration: nothing here may
   * need much memory.
   */
  private static String index(Configuration conf) {
    String loader = IpJoinKeys.LOADER.get(conf);
    String pinned = IpJoinKeys.INDEX_IDENTITY.get(conf);
    String keys;
    try {
      long count = 0;
      for (String identity : pinned == null ? new String[0] : pinned.split(",")) {
        count += IndexIdentity.parse(identity.trim()).count();
      }
      keys = pinned == null ? "? keys" : String.format(Locale.ROOT, "%,d keys", count);
    } catch (IllegalArgumentException e) {
      keys = "? keys";
    }
    return keys + ", loader " + loader;
  }
}
