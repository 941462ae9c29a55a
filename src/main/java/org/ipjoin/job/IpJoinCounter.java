package org.ipjoin.job;

/**
 * The job's counters (group {@code org.ipjoin.job.IpJoinCounter}). Per record:
 * {@code RECORDS = MATCHED + UNMATCHED + MALFORMED + NO_ADDRESS = RECORDS_V4 + RECORDS_V6 +
 * MALFORMED + NO_ADDRESS} and {@code MATCHED = MATCHED_V4 + MATCHED_V6}. An IPv4-mapped client ({@code ::ffff:a.b.c.d}) is an
 * IPv4 client: it is looked up as {@code a.b.c.d} and counted in {@code RECORDS_V4} (and
 * {@code MATCHED_V4}), never in {@code IPV6}. The index's size ({@code INDEX_ENTRIES},
 * {@code INDEX_ENTRIES_V6}, {@code INDEX_BYTES}, {@code INDEX_LABELS}) is counted once per job,
 * whatever the number of map tasks; {@code INDEX_LOADS} says how many map tasks loaded it, and
 * {@code INDEX_LOAD_MILLIS} is their sum (attempts that failed are not counted).
 */
public enum IpJoinCounter {
  /** Input records (lines) the mappers saw. */
  RECORDS,
  /** Records whose client IP is in the index (either family). */
  MATCHED,
  /** Records with a well-formed client IP that is not in the index (either family). */
  UNMATCHED,
  /**
   * Records whose client is an IPv6 address other than an IPv4-mapped one; always equal to
   * {@link #RECORDS_V6}, kept under its old name for existing dashboards and checks.
   */
  IPV6,
  /** Records with no client IP field, or one that is neither IPv4 nor IPv6 (see the malformed output). */
  MALFORMED,
  /** Records with an IPv4 client, IPv4-mapped IPv6 clients included. */
  RECORDS_V4,
  /** Records with an IPv6 client, IPv4-mapped ones excluded. */
  RECORDS_V6,
  /** Records with an IPv4 client (IPv4-mapped included) that is in the index. */
  MATCHED_V4,
  /** Records with an IPv6 client (IPv4-mapped excluded) that is in the index. */
  MATCHED_V6,
  /**
   * Intervals in the indexes, both families (keys, for an exact-address list), once per job: the
   * listed ones, not the gaps of an index with implicit ends.
   */
  INDEX_ENTRIES,
  /** The IPv6 intervals among {@link #INDEX_ENTRIES}, once per job. */
  INDEX_ENTRIES_V6,
  /** Length in bytes of the index files (or text lists), once per job. */
  INDEX_BYTES,
  /**
   * Milliseconds spent loading the index (reading, checking, building lookups), summed over map
   * tasks; on the local runner the tasks of a job share one load of a local index, so this is the
   * first task's load and the others' waits.
   */
  INDEX_LOAD_MILLIS,
  /** Labels in the indexes' dictionaries (0 for a list without labels), once per job. */
  INDEX_LABELS,
  /**
   * Map tasks that loaded the indexes: what a task reads is {@link #INDEX_BYTES} times this.
   * After the counters older runs wrote, so that those keep their places in {@code _ipjoin.json}.
   */
  INDEX_LOADS,
  /**
   * Records whose client field is there but holds no address: empty, {@code -} (what web
   * servers, proxies and load balancers write when they have none) or JSON {@code null}. Neither
   * matched nor unmatched nor malformed: {@code nomatch} keeps them, {@code tag} writes the
   * unmatched tag, they are never under {@code malformed/}. Last, for the same reason as
   * {@link #INDEX_LOADS}.
   */
  NO_ADDRESS,
  /**
   * With {@code --time}: records whose time could not be read (no such field, or none of the
   * accepted forms). Each is also counted in {@link #MALFORMED} and set aside (under {@code
   * malformed/}, in {@code time-m-*} files), whatever its address, so the sums above still hold.
   * Last, for the same reason as {@link #INDEX_LOADS}.
   */
  TIME_UNREADABLE,
  /**
   * Records whose time lies outside the history of a history index of the job (before its first
   * snapshot, or from the end of its last snapshot's validity on), answered per {@code
   * --as-of-outside}; each is also counted where its answer puts it (matched or unmatched). Made
   * only when a task has such a record. Last, for the same reason as {@link #INDEX_LOADS}.
   */
  AS_OF_OUTSIDE
}
