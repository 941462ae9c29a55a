package org.ipjoin.job.driver;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskType;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.job.IpJoinKeys;

/**
 * The driver's memory check: an index that cannot fit in a map task's heap must fail once, in the
 * driver, with the numbers and the keys to raise, instead of an OutOfMemoryError in every task
 * attempt (each of which first spends minutes reading the index).
 *
 * <p>The task heap is what Hadoop 3 gives the map JVM: the last {@code -Xmx} in
 * {@code mapreduce.map.java.opts} (falling back to {@code mapred.child.java.opts}), or when there is
 * none, {@code mapreduce.map.memory.mb} × {@code mapreduce.job.heap.memory-mb.ratio} (0.8), where a
 * memory.mb of -1 (the default) means 1024 MB; both as {@link JobConf} computes them for the task.
 * On the local runner tasks share the client JVM, so the check is about the configuration the job
 * would get on a cluster.
 */
public final class TaskMemory {

  /**
   * The share of the task heap the index may take. The rest is for what every map task holds
   * besides the index: the JVM and Hadoop's own objects, the record reader's line buffer (as long
   * as the longest record), output streams and their buffers, and in {@code count} mode the map
   * output sort buffer ({@code mapreduce.task.io.sort.mb}, 100 MB by default). 70% leaves ~30%
   * of a 1 GB container's heap (~245 MB) for these.
   */
  static final double MAX_INDEX_SHARE = 0.70;

  private static final Pattern XMX = Pattern.compile("-Xmx(\\d+)([kKmMgGtT]?)(?=\\s|$)");

  /** A task heap and where it came from, for the message. */
  record Heap(long bytes, String source) {}

  private TaskMemory() {}

  /**
   * The map task's configured maximum heap.
   *
   * @throws IllegalArgumentException naming the key and its value when a memory setting is not a
   *     number (Hadoop's own parser would only say "For input string")
   */
  static Heap mapTaskHeap(Configuration conf) {
    requireNumber(conf, MRJobConfig.MAP_MEMORY_MB, "a whole number of MiB, e.g. 2048", true);
    requireNumber(conf, MRJobConfig.HEAP_MEMORY_MB_RATIO, "a number, e.g. 0.8", false);
    String configured = conf.get(MRJobConfig.MAP_JAVA_OPTS, conf.get(JobConf.MAPRED_TASK_JAVA_OPTS, ""));
    long xmx = lastXmx(configured);
    if (xmx >= 0) {
      return new Heap(xmx, "-Xmx in " + MRJobConfig.MAP_JAVA_OPTS);
    }
    // JobConf's own rule for a task without -Xmx (memory.mb -1 means 1024 MB).
    JobConf job = new JobConf(conf);
    int containerMb = job.getMemoryRequired(TaskType.MAP);
    float ratio = conf.getFloat(MRJobConfig.HEAP_MEMORY_MB_RATIO, MRJobConfig.DEFAULT_HEAP_MEMORY_MB_RATIO);
    long derived = lastXmx(job.getTaskJavaOpts(TaskType.MAP));
    long bytes = derived >= 0 ? derived : (long) Math.ceil(containerMb * ratio) << 20;
    return new Heap(bytes, MRJobConfig.MAP_MEMORY_MB + "=" + containerMb + " × "
        + MRJobConfig.HEAP_MEMORY_MB_RATIO + "=" + ratio + ", no -Xmx in " + MRJobConfig.MAP_JAVA_OPTS);
  }

  private static void requireNumber(Configuration conf, String key, String what, boolean whole) {
    String value = conf.getTrimmed(key);
    if (value == null) {
      return;
    }
    try {
      if (whole) {
        Long.parseLong(value);
      } else {
        Float.parseFloat(value);
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be " + what + ", got '" + value + "'");
    }
  }

  /** The last {@code -Xmx} in JVM options, in bytes (the JVM uses the last one), or -1. */
  static long lastXmx(String javaOpts) {
    long bytes = -1;
    Matcher m = XMX.matcher(javaOpts == null ? "" : javaOpts);
    while (m.find()) {
      long n = Long.parseLong(m.group(1));
      bytes = switch (m.group(2).toLowerCase(Locale.ROOT)) {
        case "k" -> n << 10;
        case "m" -> n << 20;
        case "g" -> n << 30;
        case "t" -> n << 40;
        default -> n;
      };
    }
    return bytes;
  }

  /**
   * What one index needs of the task heap: its name, read path, task heap bytes ({@link
   * ReadPath#taskHeapBytes}) and what they are made of, for the message.
   */
  record Need(String name, ReadPath path, long bytes, String basis) {}

  /** The need of the binary index {@code name} whose header the driver read. */
  static Need need(String name, ReadPath path, VerifyReader.HeaderRead head) {
    IndexHeader header = head.header();
    long bytes = path.taskHeapBytes(head);
    String keys = String.format(Locale.ROOT, "%,d keys", header.totalIntervalCount());
    String basis = header.keyLayout() == KeyLayout.COMPACT ? keys + ", compact layout: about the file's length"
        : header.ranges() || header.labels() || header.v6() ? keys + ", their columns, lookup tables and labels"
        : keys + " × 4 bytes + the lookup table";
    Section history = header.section(SectionKind.HISTORY);
    if (history != null) {
      basis += ", and " + mib(ListingHistory.heapBytes(history.length(), header.historyEntries(),
          head.historySnapshots())) + " for its listing history";
    }
    return new Need(name, path, bytes, basis);
  }

  /** The need of the text list {@code name}, as the driver parsed it. */
  static Need need(String name, LoadedIndex textList) {
    return new Need(name, ReadPath.TEXT, ReadPath.textListHeapBytes(textList),
        String.format(Locale.ROOT, "%,d keys, text loader: about the list's length on top of its"
            + " columns", textList.identity().count()));
  }

  /** Null when the index {@code index} fits, else the one-line problem for the driver to report. */
  static String check(Configuration conf, String index, Need need) {
    Heap heap = mapTaskHeap(conf);
    long allowed = (long) (heap.bytes() * MAX_INDEX_SHARE);
    if (need.bytes() <= allowed) {
      return null;
    }
    return String.format(Locale.ROOT, "index %s needs about %s of heap in each map task (%s),"
        + " more than %d%% of the map task heap of %s (%s): %sraise %s and/or the -Xmx in %s, or"
        + " set %s=false to skip this check",
        index, mib(need.bytes()), need.basis(),
        Math.round(MAX_INDEX_SHARE * 100), mib(heap.bytes()), heap.source(),
        need.path().keepsKeysOffHeap() ? ""
            : "use --loader mmap-direct (lookups from a shared mapping, no heap copy), or ",
        MRJobConfig.MAP_MEMORY_MB,
        MRJobConfig.MAP_JAVA_OPTS, IpJoinKeys.MEMORY_CHECK.key());
  }

  /**
   * Null when the indexes of a join fit together, else the one-line problem naming each one's
   * need and the index to switch to {@code mmap-direct}: the biggest one not read that way yet.
   */
  static String checkAll(Configuration conf, List<Need> needs) {
    Heap heap = mapTaskHeap(conf);
    long need = needs.stream().mapToLong(Need::bytes).sum();
    long allowed = (long) (heap.bytes() * MAX_INDEX_SHARE);
    if (need <= allowed) {
      return null;
    }
    Need biggest = needs.stream().filter(n -> !n.path().keepsKeysOffHeap() && !n.path().readsText())
        .max(Comparator.comparingLong(Need::bytes)).orElse(null);
    String each = needs.stream().map(n -> n.name() + " " + mib(n.bytes()))
        .collect(Collectors.joining(", "));
    return String.format(Locale.ROOT, "the %d indexes need about %s of heap together in each map"
        + " task (%s), more than %d%% of the map task heap of %s (%s): %sraise %s and/or the -Xmx"
        + " in %s, or set %s=false to skip this check", needs.size(), mib(need), each,
        Math.round(MAX_INDEX_SHARE * 100), mib(heap.bytes()), heap.source(),
        biggest == null ? "" : "read " + biggest.name() + " with --loader " + biggest.name()
            + "=mmap-direct (lookups from a shared mapping, no heap copy), or ",
        MRJobConfig.MAP_MEMORY_MB, MRJobConfig.MAP_JAVA_OPTS, IpJoinKeys.MEMORY_CHECK.key());
  }

  private static String mib(long bytes) {
    return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
  }
}
