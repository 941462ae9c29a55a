package org.ipjoin.job.driver;

import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.security.AccessControlException;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

/**
 * The {@code --output} directory before submission: a path its FileSystem can qualify, unless
 * {@code --overwrite} was asked for not there yet, and with a parent the job can write in (the
 * staging directory and then the output are made there): a job that could never publish is
 * refused with exit 2 instead of failing after its tasks ran.
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

  /**
   * Refuses an output whose nearest existing ancestor is a file, or a directory the user may not
   * write in (by the FileSystem's own permission check, {@link FileSystem#access}).
   */
  static void refuseUnwritableParent(Configuration conf, String output, Path out)
      throws IpJoinException {
    if (out.getParent() == null) {
      return;
    }
    FileSystem fs;
    FileStatus ancestor;
    try {
      fs = out.getFileSystem(conf);
      ancestor = nearestExisting(fs, out.getParent());
    } catch (IOException | IllegalArgumentException e) {
      throw cannotCheck(output, e);
    }
    if (ancestor == null) {
      return;
    }
    if (!ancestor.isDirectory()) {
      throw IpJoinException.usage("output " + out + " cannot be made: " + ancestor.getPath()
          + " is a file, not a directory");
    }
    try {
      fs.access(ancestor.getPath(), FsAction.WRITE_EXECUTE);
    } catch (AccessControlException e) {
      throw IpJoinException.usage("output " + out + " cannot be written: no permission to write in "
          + ancestor.getPath() + " (" + OneLine.of(e.getMessage()) + ")");
    } catch (IOException | UnsupportedOperationException e) {
      throw cannotCheck(output, e);
    }
  }

  /** The status of {@code p} or of its nearest ancestor that exists; null if none does. */
  private static FileStatus nearestExisting(FileSystem fs, Path p) throws IOException {
    for (Path q = p; q != null; q = q.getParent()) {
      try {
        return fs.getFileStatus(q);
      } catch (FileNotFoundException e) {
        // Not there yet: the job would make it; look one level up.
      }
    }
    return null;
  }

  private static IpJoinException cannotCheck(String output, Exception e) {
    return IpJoinException.usage("cannot check output '" + output + "': " + e.getMessage());
  }
}
