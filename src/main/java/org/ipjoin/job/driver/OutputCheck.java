package org.ipjoin.job.driver;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.problem.IpJoinException;

/**
 * The {@code --output} directory before submission: a path its FileSystem can qualify and, unless
 * {@code --overwrite} was asked for, not there yet.
 */
final class OutputCheck {

  private OutputCheck() {}

  /** The output directory, qualified by its FileSystem. */
  static Path qualified(Configuration conf, String output) throws IpJoinException {
    try {
      return SubmitChecks.qualify(new Path(output), conf);
    } catch (IllegalArgumentException e) {
      throw cannotCheck(output, e);
    }
  }

  /** Refuses an existing output directory, unless --overwrite was asked for. */
  static void refuseExisting(Configuration conf, String output, Path out) throws IpJoinException {
    try {
      if (!Switches.on(conf, IpJoinKeys.OUTPUT_OVERWRITE) && out.getFileSystem(conf).exists(out)) {
        throw IpJoinException.usage("output directory " + out + " already exists; remove it,"
            + " choose another or pass --overwrite");
      }
    } catch (IOException | IllegalArgumentException e) {
      throw cannotCheck(output, e);
    }
  }

  private static IpJoinException cannotCheck(String output, Exception e) {
    return IpJoinException.usage("cannot check output '" + output + "': " + e.getMessage());
  }
}
