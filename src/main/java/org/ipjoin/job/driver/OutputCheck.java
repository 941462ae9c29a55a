package org.ipjoin.job.driver;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
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

  /**
   * The output directory, qualified by its FileSystem. On the local file system an output that is a
   * symbolic link stands for the directory it points to: the job writes beside that directory and
   * {@code --overwrite} replaces it, keeping the link (a link such as {@code current} pointing at the
   * latest output keeps working). A link to nothing is refused: there is no directory to replace and
   * rename(2) cannot put one in the link's place.
   */
  static Path qualified(Configuration conf, String output) throws IpJoinException {
    Path out;
    try {
      out = SubmitChecks.qualify(new Path(output), conf);
    } catch (IllegalArgumentException e) {
      throw cannotCheck(output, e);
    }
    if (!"file".equals(out.toUri().getScheme())) {
      return out;
    }
    java.nio.file.Path local = java.nio.file.Paths.get(out.toUri().getPath());
    if (!Files.isSymbolicLink(local)) {
      return out;
    }
    try {
      if (!Files.exists(local)) {
        throw IpJoinException.usage("output " + out + " is a symbolic link to a missing target ("
            + Files.readSymbolicLink(local) + "); remove the link or make its target first");
      }
      return SubmitChecks.qualify(new Path(local.toRealPath().toString()), conf);
    } catch (IOException e) {
      throw cannotCheck(output, e);
    }
  }

  /**
   * Refuses an {@code --overwrite} of an existing output the user could not replace: the old output
   * is renamed aside and deleted after the new one is renamed into its parent, so the parent, and
   * every directory of the old output, must let the user remove entries. Checked by the operating
   * system's own access(2) on the local file system (which also sees an immutable directory, that
   * not even root may change) and by the FileSystem's permission check elsewhere; a sticky parent
   * (such as /tmp) lets only the owner of the parent or of the output move the output.
   */
  static void refuseUnreplaceable(FileSystem fs, Path out) throws IpJoinException {
    try {
      FileStatus status = fs.getFileStatus(out);
      if (out.getParent() != null) {
        FileStatus parent = fs.getFileStatus(out.getParent());
        requireRemovableEntries(fs, parent, out);
        if (parent.getPermission().getStickyBit() && stickyForbids(parent.getOwner(),
            status.getOwner(), user(), "file".equals(fs.getUri().getScheme()))) {
          throw IpJoinException.usage("--overwrite cannot replace output " + out + ": its parent "
              + parent.getPath() + " is sticky and neither it nor the output belongs to you");
        }
      }
      requireRemovableTree(fs, status, out);
    } catch (IOException e) {
      throw IpJoinException.usage("cannot check output " + out + ": " + OneLine.of(e.getMessage()));
    }
  }

  /**
   * Whether a sticky directory owned by {@code parentOwner} keeps {@code user} from moving an entry
   * owned by {@code entryOwner}: only the owner of either, or root on a local file system, may.
   */
  static boolean stickyForbids(String parentOwner, String entryOwner, String user, boolean local) {
    return !(user.equals(parentOwner) || user.equals(entryOwner) || local && "root".equals(user));
  }

  private static String user() throws IOException {
    return UserGroupInformation.getCurrentUser().getShortUserName();
  }

  private static void requireRemovableTree(FileSystem fs, FileStatus dir, Path out)
      throws IOException, IpJoinException {
    requireRemovableEntries(fs, dir, out);
    for (FileStatus child : fs.listStatus(dir.getPath())) {
      if (child.isDirectory()) {
        requireRemovableTree(fs, child, out);
      }
    }
  }

  /** Refuses when the user may not remove entries of directory {@code dir}. */
  private static void requireRemovableEntries(FileSystem fs, FileStatus dir, Path out)
      throws IOException, IpJoinException {
    boolean allowed;
    if ("file".equals(fs.getUri().getScheme())) {
      java.nio.file.Path local = java.nio.file.Paths.get(dir.getPath().toUri().getPath());
      allowed = Files.isWritable(local) && Files.isExecutable(local);
    } else {
      try {
        fs.access(dir.getPath(), FsAction.WRITE_EXECUTE);
        allowed = true;
      } catch (AccessControlException e) {
        allowed = false;
      }
    }
    if (!allowed) {
      throw IpJoinException.usage("--overwrite cannot replace output " + out + ": you may not"
          + " remove entries of " + dir.getPath() + " (no write permission, or it is immutable)");
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
