package org.ipjoin.job;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

/**
 * The FileSystem of a path, or a usage problem naming the path and its scheme when this classpath
 * has no connector for it: what the driver checks before submission and every {@code ipindex}
 * command checks before reading or writing, so that an {@code s3a://} path without hadoop-aws says
 * the same line everywhere.
 */
public final class FileSystemConnector {

  private FileSystemConnector() {}

  /**
   * {@code path}'s FileSystem. Refused (exit 2): a scheme Hadoop does not know ("No FileSystem for
   * scheme"), a scheme whose connector class core-default.xml names but the classpath lacks
   * (s3a, gs, abfs: Configuration wraps the ClassNotFoundException in a RuntimeException), or a
   * FileSystem that cannot start for the path.
   */
  public static FileSystem of(Path path, Configuration conf) throws IpJoinException {
    try {
      return path.getFileSystem(conf);
    } catch (IOException e) {
      throw IpJoinException.usage("no FileSystem for " + path + ": " + OneLine.of(e.getMessage()));
    } catch (RuntimeException e) {
      if (e.getCause() instanceof ClassNotFoundException missing) {
        throw IpJoinException.usage("no FileSystem for " + path + ": the connector for scheme '"
            + path.toUri().getScheme() + "' is not on the classpath (" + missing.getMessage() + ")");
      }
      throw e;
    }
  }
}
