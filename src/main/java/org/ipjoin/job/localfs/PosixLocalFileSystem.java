package org.ipjoin.job.localfs;

import org.apache.hadoop.fs.LocalFileSystem;

/**
 * Hadoop's {@link LocalFileSystem} (checksum files included) over {@link PosixRawLocalFileSystem}:
 * {@code fs.file.impl} in {@code conf/local/core-site.xml}.
 */
public class PosixLocalFileSystem extends LocalFileSystem {

  public PosixLocalFileSystem() {
    super(new PosixRawLocalFileSystem());
  }
}
