package org.ipjoin.job.driver;

import java.io.IOException;
import java.nio.file.attribute.BasicFileAttributes;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.index.builder.FileIdentity;

/**
 * Which file an input is, whatever name reached it: two names are one input when they are one file
 * on disk. A symbolic link and its target are, and so are two hard links (a {@code cp -al} or
 * rsnapshot tree holds {@code access.log} and {@code access.log.1} as one inode), which no path
 * comparison can see.
 *
 * <ul>
 *   <li>Local files: device and inode ({@link BasicFileAttributes#fileKey}, links followed),
 *       as {@link FileIdentity#fileKey} tells them for {@code ipindex build}.
 *   <li>HDFS: the namenode's file id ({@code HdfsFileStatus.getFileId}), which a rename keeps and
 *       no other file shares.
 *   <li>Elsewhere, or when the platform gives no key: {@link FileIdentity}, the resolved path.
 * </ul>
 */
final class InputIdentity {

  private InputIdentity() {}

  /** A key equal for every name of the file {@code status} describes. */
  static Object of(FileSystem fs, FileStatus status) throws IOException {
    // getUri(), not getScheme(): RawLocalFileSystem and other FileSystems leave getScheme() unimplemented.
    if ("hdfs".equals(fs.getUri().getScheme())) {
      // Only here: the HDFS client's classes are loaded for HDFS inputs only.
      Long id = HdfsFileId.of(status);
      if (id != null) {
        return fs.getUri() + "#" + id;
      }
    }
    // Local files by device and inode, others by their resolved path: ipindex build's rule.
    return FileIdentity.fileKey(fs, status.getPath());
  }

  /** The HDFS file id of a status an HDFS listing returned, else null. */
  private static final class HdfsFileId {
    static Long of(FileStatus status) {
      return status instanceof org.apache.hadoop.hdfs.protocol.HdfsFileStatus h
          ? h.getFileId() : null;
    }
  }
}
