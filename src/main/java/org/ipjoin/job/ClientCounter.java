package org.ipjoin.job;

/**
 * The counters of each named address column of a join ({@code --client NAME=FORMAT}), in the
 * group {@code org.ipjoin.job.ClientCounter}, named {@code <column>.<counter>} (e.g. {@code
 * src.MATCHED}), as {@link IndexCounter} names each index's. Only a join with {@code --client}
 * makes them; the driver counts them against {@code mapreduce.job.counters.max} with the others.
 */
public enum ClientCounter {
  /** Records whose address in this column is listed in at least one index. */
  MATCHED,
  /** Records whose field for this column is missing or neither IPv4 nor IPv6. */
  MALFORMED,
  /** Records whose field for this column holds no address ({@code -}, empty, JSON null). */
  NO_ADDRESS;

  /** The counter group of every column's counters. */
  public static final String GROUP = ClientCounter.class.getName();

  /** The counter's name for column {@code column}. */
  public String counterName(String column) {
    return column + "." + name();
  }
}
