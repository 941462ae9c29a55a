package org.ipjoin.job.driver;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.job.IpJoinKeys;

/**
 * The job's boolean settings. A bad value is reported once, with the other settings, before
 * submission; the checks that depend on a switch meanwhile read it as off.
 */
final class Switches {

  /** Every boolean setting, in the order their problems are reported. */
  private static final List<IpJoinKeys> ALL = List.of(IpJoinKeys.VERIFY_CHECKSUM,
      IpJoinKeys.MALFORMED_OUTPUT, IpJoinKeys.MEMORY_CHECK, IpJoinKeys.VERIFY_INDEX,
      IpJoinKeys.VERIFY_TASK,
      IpJoinKeys.ALLOW_EMPTY_INPUT, IpJoinKeys.OUTPUT_OVERWRITE, IpJoinKeys.VERBOSE);

  private Switches() {}

  /** Notes a problem for each switch whose value is not a boolean. */
  static void check(Configuration conf, Checklist checklist) {
    for (IpJoinKeys key : ALL) {
      checklist.setting(() -> key.getBoolean(conf));
    }
  }

  /** Whether {@code key} is on; a bad value means off here, as {@link #check} reports it. */
  static boolean on(Configuration conf, IpJoinKeys key) {
    try {
      return key.getBoolean(conf);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
