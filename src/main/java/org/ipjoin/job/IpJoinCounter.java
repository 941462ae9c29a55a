package org.ipjoin.job;

/**
 * The job's counters (group {@code org.ipjoin.job.IpJoinCounter}). Per record:
 * {@code RECORDS = MATCHED + UNMATCHED + MALFORMED}, and {@code IPV6} is a part of
 * {@code UNMATCHED}. The {@code INDEX_*} counters are incremented once per map task, so a job total
 * is the per-task value times the number of map tasks (attempts that failed are not counted).
 */
public enum IpJoinCounter {
  /** Input records (lines) the mappers saw. */
  RECORDS,
  /** Records whose client IP is in the index. */
  MATCHED,
  /** Records with a well-formed client IP that is not in the index, IPv6 clients included. */
  UNMATCHED,
  /** Records whose client is an IPv6 address: the index holds IPv4 only, so they never match. */
  IPV6,
  /** Records with no client IP field, or one that is neither IPv4 nor IPv6 (see the malformed output). */
  MALFORMED,
  /** Intervals in the index (keys, for an exact-address list), summed over map tasks. */
  INDEX_ENTRIES,
  /** Length in bytes of the index file (or text list) each task loaded, summed over map tasks. */
  INDEX_BYTES,
  /** Milliseconds spent loading the index (reading, checking, building lookups), summed over map tasks. */
  INDEX_LOAD_MILLIS,
  /** Labels in the index's dictionary (0 for a list without labels), summed over map tasks. */
  INDEX_LABELS
}
