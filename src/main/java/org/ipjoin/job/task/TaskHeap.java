package org.ipjoin.job.task;

import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinIndexes;

/**
 * The one-line reason for an OutOfMemoryError in a map task: the heap the task really had (this
 * JVM's maximum, which on a cluster is the container's {@code -Xmx}), what it was doing, and the
 * ways out. The driver's memory check ({@code job.driver.TaskMemory}) catches most of these before submission;
 * this covers a skipped check, an underestimate, or a heap smaller than configured.
 */
final class TaskHeap {

  private TaskHeap() {}

  /** While loading the index: the index is what needs the heap. */
  static String outOfMemory(Configuration conf) {
    return String.format(Locale.ROOT, "out of memory in the map task while loading the index (%s),"
        + " with a task heap of %.1f MiB: give map tasks more heap (%s) or use --loader"
        + " mmap-direct (lookups from a shared mapping, no heap copy)", index(conf), heapMib(),
        moreHeap());
  }

  /**
   * After the index was loaded, while reading or joining records: most likely one line too long
   * for the heap (Hadoop's line reader holds a whole line), which {@value #MAX_LINE_LENGTH} skips.
   * {@code --loader mmap-direct} is named only when the index takes a fair share of the heap: for
   * a small index it would free nothing.
   *
   * @param where the input file and the last record's offset, or null when not known
   */
  static String outOfMemoryReading(Configuration conf, String where) {
    boolean bigIndex = !allMapped(conf) && indexBytes(conf) > Runtime.getRuntime().maxMemory() / 4;
    return String.format(Locale.ROOT, "out of memory in the map task while reading records%s, with"
        + " the index loaded (%s) and a task heap of %.1f MiB: a line may be too long for the heap;"
        + " set %s to skip longer lines, or give map tasks more heap (%s)%s",
        where == null ? "" : " of " + where, index(conf), heapMib(), MAX_LINE_LENGTH, moreHeap(),
        bigIndex ? ", or use --loader mmap-direct (lookups from a shared mapping, no heap copy)" : "");
  }

  /** Hadoop's key for the longest line its line reader keeps; longer ones are skipped. */
  static final String MAX_LINE_LENGTH = "mapreduce.input.linerecordreader.line.maxlength";

  private static double heapMib() {
    return Runtime.getRuntime().maxMemory() / 1048576.0;
  }

  private static String moreHeap() {
    return "the -Xmx in " + MRJobConfig.MAP_JAVA_OPTS + ", and " + MRJobConfig.MAP_MEMORY_MB
        + " with it";
  }

  /** Whether every index is read with mmap-direct already (keys off the heap). */
  private static boolean allMapped(Configuration conf) {
    try {
      return JoinIndexes.of(conf).list().stream().allMatch(i -> i.readPath().keepsKeysOffHeap());
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** The indexes' file lengths, from the identities the driver pinned; 0 when unknown. */
  private static long indexBytes(Configuration conf) {
    String pinned = IpJoinKeys.INDEX_IDENTITY.get(conf);
    long bytes = 0;
    try {
      for (String identity : pinned == null ? new String[0] : pinned.split(",")) {
        bytes += IndexIdentity.parse(identity.trim()).fileLength();
      }
    } catch (IllegalArgumentException e) {
      return 0;
    }
    return bytes;
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
