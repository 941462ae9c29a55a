package org.ipjoin.job.input;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.LocalJobRunner;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * The split size that divides a local job's input evenly among the embedded local runner's map
 * threads. The runner starts the tasks largest split first, each on the next free thread
 * ({@code mapreduce.local.map.tasks.maximum} of them), so with Hadoop's fixed split size the last
 * round often leaves threads idle: a 1.1 GB log in 128 MiB splits is 9 tasks, and on 2 threads one
 * of them runs the ninth alone. Here the split size is chosen from a few sizes near Hadoop's (a
 * split count that is a multiple of the threads, the input's bytes divided by it) by the time the
 * runner's schedule would take, bytes standing for work; Hadoop's own size stays unless another
 * finishes at least {@link #GAIN} sooner.
 *
 * <p>Only for the local runner (a cluster schedules tasks in containers across machines, not in
 * rounds on one), with more than one map thread, and when the run did not choose split sizes
 * itself: a {@code mapreduce.input.fileinputformat.split.minsize} or {@code .maxsize} from a
 * {@code -D}, a {@code -conf} file or the Java API's Configuration is taken as it is; one from a
 * site file ({@code *-site.xml}: {@code conf/local/mapred-site.xml} says 128 MiB) or Hadoop's
 * defaults only gives the size to aim at. Sizes stay between half and twice that size, so an
 * input smaller than one split stays one split per file; files that cannot be split (gzip, a
 * format with a header) are one task each, as before, and count in the schedule as they are.
 */
final class EvenSplits {

  /** How much sooner (a fraction of the map phase) another size must finish to replace Hadoop's. */
  static final double GAIN = 0.01;

  /** FileInputFormat's slop: the last split of a file may be up to 1.1 times the split size. */
  private static final double SLOP = 1.1;

  private final int threads;
  private final List<Long> splittable;
  private final List<Long> whole;

  /**
   * @param threads the local runner's map threads
   * @param splittable the lengths of the files Hadoop may split
   * @param whole the lengths of the files each read by one task
   */
  EvenSplits(int threads, List<Long> splittable, List<Long> whole) {
    this.threads = threads;
    this.splittable = List.copyOf(splittable);
    this.whole = List.copyOf(whole);
  }

  /**
   * Whether the split size is this class's to choose: the local runner, more than one map thread,
   * and neither split size set by the run.
   */
  static boolean applies(Configuration conf) {
    return MRConfig.LOCAL_FRAMEWORK_NAME.equals(
            conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME))
        && threads(conf) > 1
        && !chosenByRun(conf, FileInputFormat.SPLIT_MINSIZE)
        && !chosenByRun(conf, FileInputFormat.SPLIT_MAXSIZE);
  }

  /** The local runner's map threads ({@code mapreduce.local.map.tasks.maximum}, default 1). */
  static int threads(Configuration conf) {
    return conf.getInt(LocalJobRunner.LOCAL_MAX_MAPS, 1);
  }

  /**
   * Whether {@code key}'s value came from somewhere other than Hadoop's defaults and the site
   * files: a {@code -D} ("from command line"), a {@code -conf} file, or a Configuration set by the
   * program.
   */
  private static boolean chosenByRun(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    if (sources == null) {
      return false;
    }
    for (String source : sources) {
      if (!source.endsWith("-default.xml") && !source.endsWith("-site.xml")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The split size to use instead of {@code hadoops}, the size Hadoop would split at; {@code
   * hadoops} itself when no other size finishes at least {@link #GAIN} sooner.
   */
  long size(long hadoops) {
    long bytes = splittable.stream().mapToLong(Long::longValue).sum();
    if (bytes == 0 || hadoops <= 0) {
      return hadoops;
    }
    long hadoopsEnd = end(hadoops);
    long best = hadoops;
    long bestEnd = hadoopsEnd;
    long bestTasks = tasks(hadoops);
    long rounds = (long) ((double) bytes / hadoops / threads);
    for (long r = Math.max(1, rounds); r <= rounds + 1; r++) {
      long size = ceilDiv(bytes, r * threads);
      if (size < hadoops / 2 || size > hadoops * 2) {
        continue;
      }
      long end = end(size);
      long tasks = tasks(size);
      // Nearly the same end: fewer tasks (each opens its input and, for an index on another file
      // system, loads it again).
      boolean sooner = end < bestEnd * (1 - GAIN);
      boolean asSoon = end <= bestEnd * (1 + GAIN) && tasks < bestTasks;
      if (sooner || asSoon) {
        best = size;
        bestEnd = end;
        bestTasks = tasks;
      }
    }
    return bestEnd <= hadoopsEnd * (1 - GAIN) ? best : hadoops;
  }

  /** The bytes the busiest thread reads when the files are split at {@code size}. */
  long end(long size) {
    List<Long> lengths = splits(size);
    lengths.sort(Comparator.reverseOrder());
    PriorityQueue<Long> free = new PriorityQueue<>();
    for (int t = 0; t < threads; t++) {
      free.add(0L);
    }
    long end = 0;
    for (long length : lengths) {
      long done = free.remove() + length;
      end = Math.max(end, done);
      free.add(done);
    }
    return end;
  }

  private long tasks(long size) {
    return splits(size).size();
  }

  /** The lengths of the tasks' inputs, as FileInputFormat splits at {@code size}. */
  private List<Long> splits(long size) {
    List<Long> lengths = new ArrayList<>(whole);
    for (long length : splittable) {
      long remaining = length;
      while ((double) remaining / size > SLOP) {
        lengths.add(size);
        remaining -= size;
      }
      if (remaining != 0 || length == 0) {
        lengths.add(remaining);
      }
    }
    return lengths;
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }
}
