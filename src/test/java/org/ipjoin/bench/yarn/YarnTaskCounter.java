package org.ipjoin.bench.yarn;

/**
 * What {@link MeasuringMapper} records per map task (group {@code
 * org.ipjoin.bench.yarn.YarnTaskCounter}), read back from the job's task reports. Sizes in KiB are
 * the kernel's figures ({@code /proc/self/status}, {@code /proc/self/smaps_rollup}, {@code
 * /proc/self/smaps}); a figure the task could not read is absent, and {@link #PROC_READABLE} says so.
 */
public enum YarnTaskCounter {
  /** The join's whole {@code setup()} (options, index load and check, lookups), wall ms. */
  SETUP_MILLIS,
  /** From the container JVM's start to the end of setup, wall ms (JVM start and Hadoop's own set-up included). */
  JVM_START_TO_SETUP_END_MILLIS,
  /** Java heap in use after setup and a full collection: what the loaded index keeps on the heap. */
  HEAP_USED_BYTES,
  /** The task JVM's resident set at the end of setup ({@code VmRSS}). */
  RSS_KB,
  /** Proportional set size of the whole process at the end of setup ({@code smaps_rollup} Pss). */
  PSS_KB,
  /** Resident pages of the index file's mappings at the end of setup (0 when the path does not map it). */
  INDEX_RSS_KB,
  /** The index mappings' proportional share at the end of setup: resident pages divided by the processes mapping each. */
  INDEX_PSS_KB,
  /** {@code VmRSS} at the end of the task, after every lookup. */
  END_RSS_KB,
  /** {@code VmHWM}, the peak resident set of the task JVM. */
  END_RSS_PEAK_KB,
  /** Resident pages of the index mappings at the end of the task. */
  END_INDEX_RSS_KB,
  /** Proportional share of the index mappings at the end of the task. */
  END_INDEX_PSS_KB,
  /** Processes (this one included) that map the same index file at the end of the task, from {@code /proc/PID/maps}. */
  END_PROCESSES_MAPPING_INDEX,
  /**
   * Resident pages of the index file's mappings summed over every process mapping it at the end of
   * the task (each process's smaps): the file's size times the processes that touched all of it.
   */
  END_NODE_INDEX_RSS_SUM_KB,
  /**
   * Proportional shares of those mappings summed over the same processes: the page-cache pages
   * they hold, counted once; one copy of the file when they share it.
   */
  END_NODE_INDEX_PSS_SUM_KB,
  /** The NodeManager's port ({@code NM_PORT} of the container's environment): which node ran the task. */
  NODE_PORT,
  /** 1 when {@code /proc/self/smaps} could be read in the container, else 0. */
  PROC_READABLE
}
