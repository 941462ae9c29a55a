package org.ipjoin.job.localfs;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * {@link RawLocalFileSystem} that sets and reads permissions and owners with {@code java.nio.file}
 * instead of starting {@code chmod}, {@code ls -ld} or {@code readlink}. A sticky bit (which
 * {@code java.nio.file} cannot set), a symbolic link, and any failure go to Hadoop's own code, so
 * that their results and messages are Hadoop's.
 */
public class PosixRawLocalFileSystem extends RawLocalFileSystem {

  /** What {@code ls -ld} tells Hadoop, as one read of the {@code unix} attribute view. */
  private static final String ATTRIBUTES =
      "unix:mode,owner,group,size,isDirectory,isSymbolicLink,lastModifiedTime,lastAccessTime";

  @Override
  public void setPermission(Path p, FsPermission permission) throws IOException {
    if ((permission.toShort() & ~0777) == 0) {
      try {
        // Without a sticky bit FsPermission prints the nine rwx letters chmod's mode has.
        Files.setPosixFilePermissions(pathToFile(p).toPath(),
            PosixFilePermissions.fromString(permission.toString()));
        return;
      } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
        // Hadoop's chmod says what is wrong in its own words.
      }
    }
    super.setPermission(p, permission);
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    FileStatus status = status(f);
    return status != null ? status : super.getFileStatus(f);
  }

  @Override
  public FileStatus getFileLinkStatus(Path f) throws IOException {
    FileStatus status = status(f, LinkOption.NOFOLLOW_LINKS);
    return status != null ? status : super.getFileLinkStatus(f);
  }

  /**
   * The status {@code ls -ld} gives Hadoop, or null for a symbolic link (with {@code options}
   * NOFOLLOW_LINKS), a missing file, or any other failure, which Hadoop's code then reports.
   */
  private FileStatus status(Path f, LinkOption... options) {
    File file = pathToFile(f);
    Map<String, Object> a;
    try {
      a = Files.readAttributes(file.toPath(), ATTRIBUTES, options);
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return null;
    }
    if ((Boolean) a.get("isSymbolicLink")) {
      return null;
    }
    int mode = (Integer) a.get("mode");
    return new FileStatus((Long) a.get("size"), (Boolean) a.get("isDirectory"), 1,
        getDefaultBlockSize(f), ((FileTime) a.get("lastModifiedTime")).toMillis(),
        ((FileTime) a.get("lastAccessTime")).toMillis(),
        // What FsPermission.valueOf reads from ls: rwx bits and the sticky bit.
        new FsPermission((short) (mode & 01777)), a.get("owner").toString(),
        a.get("group").toString(),
        new Path(file.getPath()).makeQualified(getUri(), getWorkingDirectory()));
  }
}
