package org.ipjoin.index.builder;

import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;

/**
 * Publishes a finished index atomically: a rename within one directory. HDFS renames over an
 * existing file atomically with {@link Options.Rename#OVERWRITE}; the local file system's rename is
 * POSIX rename(2), which replaces atomically too. Jobs that already opened the old file keep
 * reading it whole (an unlinked inode stays readable), and new readers see the new one.
 */
public final class IndexPublisher {

  private IndexPublisher() {}

  /**
   * A hidden name beside the target: the leading '.' keeps FileInputFormat and most listings from
   * picking up a half-written index, and the same directory keeps the rename atomic.
   */
  public static Path tempPathFor(Path target) {
    return new Path(target.getParent(), "." + target.getName() + ".tmp-"
        + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1));
  }

  /** Fails before any work is done when the target exists and overwriting was not asked for. */
  public static void checkTarget(FileSystem fs, Path target, boolean overwrite) throws IOException {
    if (!overwrite && fs.exists(target)) {
      throw new FileAlreadyExistsException(
          target + " already exists; pass --overwrite to replace it atomically");
    }
    if (fs.exists(target) && fs.getFileStatus(target).isDirectory()) {
      throw new FileAlreadyExistsException(target + " is a directory, not an index file");
    }
  }

  /** Renames {@code temp} to {@code target}, replacing it if {@code overwrite}. */
  public static void publish(FileSystem fs, Path temp, Path target, boolean overwrite)
      throws IOException {
    checkTarget(fs, target, overwrite);
    if (!fs.exists(target)) {
      if (!fs.rename(temp, target)) {
        throw new IOException("could not rename " + temp + " to " + target);
      }
    } else if ("file".equals(fs.getUri().getScheme())) {
      if (!fs.rename(temp, target)) { // RawLocalFileSystem: File.renameTo, i.e. rename(2)
        throw new IOException("could not rename " + temp + " over " + target);
      }
    } else {
      FileContext.getFileContext(fs.getUri(), fs.getConf())
          .rename(temp, target, Options.Rename.OVERWRITE);
    }
  }
}
