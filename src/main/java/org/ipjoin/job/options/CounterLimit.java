package org.ipjoin.job.options;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.counters.Limits;
import org.ipjoin.job.ClientCounter;
import org.ipjoin.job.IndexCounter;
import org.ipjoin.job.IpJoinCounter;
import org.ipjoin.job.JoinMode;
import org.ipjoin.problem.IpJoinException;

/**
 * Hadoop fails a job that makes more counters than {@code mapreduce.job.counters.max} (120 by
 * default) only after it ran, and each index of a join has its own counters ({@link
 * IndexCounter}): so the driver counts, before submission, every counter the job may make that
 * the limit counts (Hadoop's framework groups it leaves out), and refuses a join of more indexes
 * than fit.
 */
final class CounterLimit {

  /**
   * Hadoop's own counters that the limit counts in every job: measured on Hadoop 3.5.0's local
   * runner, where 51 indexes fit 120 counters in match mode and 52 do not.
   */
  static final int HADOOP_OWN = 2;
  /**
   * The counters of Hadoop's {@code Shuffle Errors} group, which a job with reducers makes and the
   * limit counts (48 indexes fit in count mode, 49 do not).
   */
  static final int SHUFFLE_ERRORS = 6;

  private CounterLimit() {}

  /**
   * The counters a join of {@code indexes} indexes and {@code clients} named address columns
   * ({@code --client}, each with its {@link ClientCounter}s) in {@code mode} may make; {@link
   * IpJoinCounter#TIME_UNREADABLE} only with {@code time} ({@code --time}), the only jobs whose
   * tasks make it.
   */
  static int needed(int indexes, int clients, JoinMode mode, boolean time) {
    // AS_OF_OUTSIDE is made by a record with a time (--time, --as-of) outside a history index.
    return HADOOP_OWN + IpJoinCounter.values().length - (time ? 0 : 2)
        + IndexCounter.values().length * indexes + ClientCounter.values().length * clients
        + (mode.needsReducer() ? SHUFFLE_ERRORS : 0);
  }

  /**
   * The limit: the job's {@code mapreduce.job.counters.max}, or less when this JVM's Hadoop holds
   * a lower one (it reads the key once per JVM, from the site files, so a {@code -D} given later
   * does not raise it here, and this JVM reads the job's counters, or runs its tasks).
   */
  static int max(Configuration conf) {
    return Math.min(conf.getInt(MRJobConfig.COUNTERS_MAX_KEY, MRJobConfig.COUNTERS_MAX_DEFAULT),
        Limits.getCountersMax());
  }

  /** @throws IpJoinException USAGE: the join needs more counters than the job may have */
  static void check(Configuration conf, int indexes, int clients, JoinMode mode, boolean time)
      throws IpJoinException {
    int max = max(conf);
    int needed = needed(indexes, clients, mode, time);
    if (needed > max) {
      int fit = Math.max(0, (max - needed(0, clients, mode, time)) / IndexCounter.values().length);
      throw IpJoinException.usage(indexes + " indexes need " + needed + " counters ("
          + IndexCounter.values().length + " per index and " + needed(0, clients, mode, time)
          + " more in " + mode.externalName() + " mode"
          + (clients == 0 ? "" : ", " + ClientCounter.values().length + " per --client column of "
              + clients) + "), more than " + MRJobConfig.COUNTERS_MAX_KEY + "=" + max
          + " allows: join at most " + fit + " indexes per job, or raise "
          + MRJobConfig.COUNTERS_MAX_KEY + " in the site files (mapred-site.xml)");
    }
  }
}
