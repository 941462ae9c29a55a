package org.ipjoin.cli.ipindex;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system on a full disk, as scheme {@code devfull:} ({@code fs.devfull.impl}):
 * every file it creates exists (so what a failed write leaves behind can be seen), but its bytes
 * go to /dev/full, where the kernel fails each write with ENOSPC. The buffer in between makes the
 * error come from the final flush, when the stream is closed after all the work.
 */
public final class DevFullFileSystem extends LocalFileSystemUnderScheme {

  static final String SCHEME = "devfull";

  @Override
  String scheme() {
    return SCHEME;
  }

  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite,
      int bufferSize, short replication, long blockSize, Progressable progress)
      throws IOException {
    super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress).close();
    return new FSDataOutputStream(
        new BufferedOutputStream(new FileOutputStream("/dev/full"), bufferSize), statistics);
  }

  @Override
  public FSDataOutputStream create(Path f, boolean overwrite, int bufferSize, short replication,
      long blockSize, Progressable progress) throws IOException {
    return create(f, FsPermission.getFileDefault(), overwrite, bufferSize, replication, blockSize,
        progress);
  }
}
