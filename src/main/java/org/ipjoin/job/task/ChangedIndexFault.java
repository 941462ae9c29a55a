package org.ipjoin.job.task;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.job.JoinIndex;
import org.ipjoin.job.JoinIndexes;

/**
 * A lookup that faulted in an index's memory mapping: the file under a {@code mmap-direct} mapping
 * was truncated or rewritten in place while the task ran. The kernel's SIGBUS reaches Java as an
 * {@link InternalError} ("a fault occurred in ... unsafe memory access ..."), which says nothing
 * about the index; the task records this reason instead, naming the index and the way to replace
 * one safely.
 */
final class ChangedIndexFault {

  private ChangedIndexFault() {}

  /** Whether {@code e} is the JVM's report of a fault in a mapped memory access. */
  static boolean is(Throwable e) {
    return e instanceof InternalError && e.getMessage() != null
        && e.getMessage().contains("unsafe memory access");
  }

  /** The one-line reason: which index (those read from a mapping) and what to do. */
  static String reason(Configuration conf) {
    List<JoinIndex> all = JoinIndexes.of(conf).list();
    List<String> mapped = all.stream().filter(i -> i.readPath().keepsKeysOffHeap())
        .map(JoinIndex::path).toList();
    List<String> named = mapped.isEmpty() ? all.stream().map(JoinIndex::path).toList() : mapped;
    return "index " + String.join(", ", named) + " changed while the job ran (a lookup in its"
        + " memory mapping faulted: the file was truncated or rewritten in place); republish an"
        + " index atomically with ipindex build (a new file renamed over the old one), never"
        + " overwrite it in place";
  }
}
