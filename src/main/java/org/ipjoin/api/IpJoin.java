package org.ipjoin.api;

import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.job.FileSystemConnector;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IoCause;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

/**
 * Where the API starts: build an index ({@link #buildIndex}), check one ({@link #verifyIndex}),
 * configure and run the join ({@link #join}). The command-line tools run exactly these calls; see
 * the package documentation for a complete example. Every method of the API refuses an invalid
 * argument at the call (an {@link IllegalArgumentException} naming it: a null Configuration, path
 * or stream), and a {@link PreparedJoin} runs once.
 */
public final class IpJoin {

  private IpJoin() {}

  /** A new index build; {@code conf} (copied) resolves the FileSystems of the paths. */
  public static IndexBuild buildIndex(Configuration conf) {
    return new IndexBuild(ApiArguments.notNull(conf, "conf"));
  }

  /** A new join; {@code conf} (copied) holds the cluster settings and any other {@code ipjoin.*} key. */
  public static JoinJob join(Configuration conf) {
    return new JoinJob(ApiArguments.notNull(conf, "conf"));
  }

  /**
   * Reads the whole index at {@code index} (any FileSystem) and runs every check of the format, as
   * {@code ipindex verify} does; {@code checksum} false skips only the payload CRC32C.
   *
   * @throws IpJoinException {@link ExitCode#USAGE} when the file does not exist; {@link
   *     ExitCode#FAILED} when it is corrupt (the message names the check, expected versus
   *     actual) or cannot be read
   */
  public static IndexInfo verifyIndex(Configuration conf, String index, boolean checksum)
      throws IpJoinException {
    ApiArguments.notNull(conf, "conf");
    ApiArguments.notNull(index, "index");
    try {
      Path file = new Path(index);
      FileSystem fs = FileSystemConnector.of(file, conf);
      if (!fs.exists(file)) {
        throw new IpJoinException(ExitCode.USAGE, file + " does not exist");
      }
      VerifyReader.HeaderRead checked = VerifyReader.check(fs, file, checksum);
      IndexHeader header = checked.header();
      return new IndexInfo(file, checked.length(), header.intervalCount(),
          header.v6IntervalCount(), header.ranges() || header.v6Ranges(),
          header.labels() ? header.labelCount() : 0, checked.identity().toString(), checksum,
          header.keyLayout().externalName());
    } catch (FileNotFoundException e) {
      // Deleted between the check and the read.
      throw new IpJoinException(ExitCode.USAGE, e.getMessage());
    } catch (CorruptIndexException e) {
      throw new IpJoinException(ExitCode.FAILED, e.getMessage());
    } catch (IOException e) {
      throw new IpJoinException(ExitCode.FAILED, OneLine.ioFailure(e));
    } catch (IllegalArgumentException e) {
      throw new IpJoinException(ExitCode.USAGE, e.getMessage());
    } catch (RuntimeException | Error e) {
      throw IoCause.failure(e);
    }
  }
}
