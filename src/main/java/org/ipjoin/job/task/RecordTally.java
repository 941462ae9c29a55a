package org.ipjoin.job.task;

import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.ipjoin.job.IpJoinCounter;

/**
 * The per-record counters of a map call, kept as plain fields while its records are joined and
 * added to Hadoop's counters once per call ({@link #flush}): with a block of lines per call,
 * Hadoop's counter plumbing is paid per block, and the totals are exactly the per-record sums.
 */
final class RecordTally {

  long records;
  long matched;
  long unmatched;
  long malformed;
  /** Records whose client field holds no address ({@code -}, empty, JSON {@code null}). */
  long noAddress;
  long recordsV4;
  /** IPv6 clients other than IPv4-mapped ones: both {@code RECORDS_V6} and {@code IPV6}. */
  long recordsV6;
  long matchedV4;
  long matchedV6;
  /** With {@code --time}: records whose time could not be read (also in {@link #malformed}). */
  long timeUnreadable;
  /** Records whose time lies outside a history index's history. */
  long asOfOutside;
  /** Makes {@code AS_OF_OUTSIDE} when a record first needs it. */
  private TaskInputOutputContext<?, ?, ?, ?> context;

  private Counter recordsCounter;
  private Counter matchedCounter;
  private Counter unmatchedCounter;
  private Counter malformedCounter;
  private Counter noAddressCounter;
  private Counter recordsV4Counter;
  private Counter recordsV6Counter;
  private Counter ipv6Counter;
  private Counter matchedV4Counter;
  private Counter matchedV6Counter;
  private Counter timeUnreadableCounter;

  /**
   * Looks the task's counters up once; {@code TIME_UNREADABLE} only with {@code time} ({@code
   * --time}), so that a job without it makes no more counters than before (Hadoop limits how many
   * a job makes).
   */
  void attach(TaskInputOutputContext<?, ?, ?, ?> context, boolean time) {
    recordsCounter = context.getCounter(IpJoinCounter.RECORDS);
    matchedCounter = context.getCounter(IpJoinCounter.MATCHED);
    unmatchedCounter = context.getCounter(IpJoinCounter.UNMATCHED);
    malformedCounter = context.getCounter(IpJoinCounter.MALFORMED);
    noAddressCounter = context.getCounter(IpJoinCounter.NO_ADDRESS);
    recordsV4Counter = context.getCounter(IpJoinCounter.RECORDS_V4);
    recordsV6Counter = context.getCounter(IpJoinCounter.RECORDS_V6);
    ipv6Counter = context.getCounter(IpJoinCounter.IPV6);
    matchedV4Counter = context.getCounter(IpJoinCounter.MATCHED_V4);
    matchedV6Counter = context.getCounter(IpJoinCounter.MATCHED_V6);
    timeUnreadableCounter = time ? context.getCounter(IpJoinCounter.TIME_UNREADABLE) : null;
    this.context = context;
  }

  /** Adds what was tallied to the counters (only the counts that moved) and starts from zero. */
  void flush() {
    add(recordsCounter, records);
    add(matchedCounter, matched);
    add(unmatchedCounter, unmatched);
    add(malformedCounter, malformed);
    add(noAddressCounter, noAddress);
    add(recordsV4Counter, recordsV4);
    add(recordsV6Counter, recordsV6);
    add(ipv6Counter, recordsV6);
    add(matchedV4Counter, matchedV4);
    add(matchedV6Counter, matchedV6);
    add(timeUnreadableCounter, timeUnreadable);
    if (asOfOutside != 0) {
      // Made only by a job with such a record: a job without history indexes makes no more
      // counters than before.
      context.getCounter(IpJoinCounter.AS_OF_OUTSIDE).increment(asOfOutside);
      asOfOutside = 0;
    }
    records = matched = unmatched = malformed = noAddress = recordsV4 = recordsV6 = matchedV4 = matchedV6 = 0;
    timeUnreadable = 0;
  }

  private static void add(Counter counter, long value) {
    if (value != 0 && counter != null) {
      counter.increment(value);
    }
  }
}
