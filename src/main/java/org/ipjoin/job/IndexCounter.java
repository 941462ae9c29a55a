package org.ipjoin.job;

/**
 * The counters of each index of a join, in the group {@code org.ipjoin.job.IndexCounter}, named
 * {@code <index name>.<counter>} (e.g. {@code block.MATCHED}): Hadoop's counter groups are few and
 * fixed in number, so all indexes share one group, and a job may have few counters
 * ({@code mapreduce.job.counters.max}, 120 by default, some of Hadoop's own included), so each
 * index has two, and the driver refuses a join of more indexes than fit before submission
 * ({@code job.options.CounterLimit}). {@link IpJoinCounter}'s {@code INDEX_*} counters are the sums
 * over the indexes.
 */
public enum IndexCounter {
  /** Records whose client is listed in this index, whatever the other indexes say. */
  MATCHED,
  /** Intervals in the index, both families, added once per map task. */
  ENTRIES;

  /** The counter group of every index's counters. */
  public static final String GROUP = IndexCounter.class.getName();

  /** The counter's name for index {@code indexName}. */
  public String counterName(String indexName) {
    return indexName + "." + name();
  }
}
