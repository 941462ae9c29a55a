package org.ipjoin.bench.yarn;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import org.ipjoin.job.task.IpJoinMapper;

/**
 * The join's mapper with measurements around it (set with {@code mapreduce.job.map.class}): the
 * wall time of its setup, and the task JVM's heap and memory as the kernel counts them at the end
 * of setup and at the end of the task, as {@link YarnTaskCounter}s of the task. The job's own
 * {@code INDEX_LOAD_MILLIS} is the index load alone; setup adds the options and the lookups' set-up.
 * The measurements themselves (a full collection, reading {@code /proc}) come after the timed setup.
 */
public class MeasuringMapper extends IpJoinMapper {

  /** The bench names its index files so; only their mappings count as the index's. */
  static final String INDEX_SUFFIX = ".ipidx";

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    long start = System.nanoTime();
    super.setup(context);
    long end = System.nanoTime();
    long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    count(context, YarnTaskCounter.SETUP_MILLIS, (end - start) / 1_000_000);
    count(context, YarnTaskCounter.JVM_START_TO_SETUP_END_MILLIS, System.currentTimeMillis() - jvmStart);
    String port = System.getenv("NM_PORT");
    if (port != null) {
      count(context, YarnTaskCounter.NODE_PORT, Long.parseLong(port));
    }
    try {
      countMemory(context, YarnTaskCounter.RSS_KB, YarnTaskCounter.INDEX_RSS_KB,
          YarnTaskCounter.INDEX_PSS_KB);
      count(context, YarnTaskCounter.PSS_KB, ProcessMemory.rollupKb("Pss"));
      count(context, YarnTaskCounter.PROC_READABLE, 1);
    } catch (IOException | RuntimeException unreadable) {
      count(context, YarnTaskCounter.PROC_READABLE, 0);
    }
    System.gc();
    count(context, YarnTaskCounter.HEAP_USED_BYTES,
        ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    super.cleanup(context);
    try {
      ProcessMemory.FileMappings index = countMemory(context, YarnTaskCounter.END_RSS_KB,
          YarnTaskCounter.END_INDEX_RSS_KB, YarnTaskCounter.END_INDEX_PSS_KB);
      count(context, YarnTaskCounter.END_RSS_PEAK_KB, ProcessMemory.statusKb("VmHWM"));
      if (index.path() != null) {
        ProcessMemory.Sharing sharing = ProcessMemory.sharing(index.path());
        count(context, YarnTaskCounter.END_PROCESSES_MAPPING_INDEX, sharing.processes());
        count(context, YarnTaskCounter.END_NODE_INDEX_RSS_SUM_KB, sharing.rssSumKb());
        count(context, YarnTaskCounter.END_NODE_INDEX_PSS_SUM_KB, sharing.pssSumKb());
      }
    } catch (IOException | RuntimeException unreadable) {
      // PROC_READABLE from setup already says /proc could not be read here
    }
  }

  /** The process's resident set and the index mappings' resident and proportional sizes. */
  private static ProcessMemory.FileMappings countMemory(Context context, YarnTaskCounter rss,
      YarnTaskCounter indexRss, YarnTaskCounter indexPss) throws IOException {
    count(context, rss, ProcessMemory.statusKb("VmRSS"));
    ProcessMemory.FileMappings index = ProcessMemory.mappings(INDEX_SUFFIX);
    count(context, indexRss, index.rssKb());
    count(context, indexPss, index.pssKb());
    return index;
  }

  private static void count(Context context, YarnTaskCounter counter, long value) {
    if (value >= 0) {
      context.getCounter(counter).increment(value);
    }
  }
}
