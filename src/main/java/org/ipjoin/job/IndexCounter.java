package org.ipjoin.job;

/**
 * The counters of each index of a join, in the group {@code org.ipjoin.job.IndexCounter}, named
 * {@code <index name>.<counter>} (e.g. {@code block.MATCHED}): Hadoop's counter groups are few and
 * fixed in number, so all indexes share one group. {@link IpJoinCounter}'s {@code INDEX_*}
 * counters are the sums over the indexes; these say which index they came from.
 */
public enum IndexCounter {
  /** Records whose client is listed in this index, whatever the other indexes say. */
  MATCHED,
  /** Intervals in the index, both families, added once per map task. */
  ENTRIES,
  /** Labels in the index's dictionary, added once per map task. */
  LABELS,
  /** The index file's length, added once per map task. */
  BYTES,
  /** Milliseconds spent loading and checking the index, summed over map tasks. */
  LOAD_MILLIS;

  /** The counter group of every index's counters. */
  public static final String GROUP = IndexCounter.class.getName();

  /** The counter's name for index {@code indexName}. */
  public String counterName(String indexName) {
    return indexName + "." + name();
  }
}
