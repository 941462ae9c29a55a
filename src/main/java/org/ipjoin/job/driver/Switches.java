package org.ipjoin.job.driver;

import org.apache.hadoop.conf.Configuration;
import org.ipjoin.job.IpJoinKeys;

/**
 * The job's boolean settings. A bad value is reported once, with the other settings, before
 * submission; the checks that depend on a switch meanwhile read it as off.
 */
final class Switches {

  private Switches() {}

  /** Whether {@code key} is on; a bad value means off here, as {@link org.ipjoin.job.options.OptionChecks} reports it. */
  static boolean on(Configuration conf, IpJoinKeys key) {
    try {
      return key.getBoolean(conf);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
