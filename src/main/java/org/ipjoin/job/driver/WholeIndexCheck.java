package org.ipjoin.job.driver;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

/**
 * The driver's check of the whole binary index before submission: exactly what {@code ipindex
 * verify} runs ({@link VerifyReader#check}: header, length, order, directory, labels, every
 * section's CRC32C), so a corrupt index costs one line and exit 2 instead of a job whose every task
 * fails. An exact-address list is checked in a few MiB of client heap at any size; a range list
 * needs 4 bytes per interval, IPv6 intervals 16 bytes each, for as long as it runs; {@code
 * ipjoin.index.verify.submit=false} skips it.
 */
final class WholeIndexCheck {

  private WholeIndexCheck() {}

  /** The identity of the verified index, the one tasks must load. */
  static IndexIdentity verify(Path index, Configuration conf) throws IpJoinException {
    try {
      return VerifyReader.check(index.getFileSystem(conf), index, true).identity();
    } catch (CorruptIndexException e) {
      throw IpJoinException.usage(e.getMessage());
    } catch (FileNotFoundException e) {
      throw IpJoinException.usage("index " + index + " does not exist");
    } catch (IOException | IllegalStateException e) {
      throw IpJoinException.usage("cannot verify index " + index + ": " + OneLine.reason(e));
    } catch (OutOfMemoryError e) {
      throw IpJoinException.usage(String.format(Locale.ROOT, "not enough heap in the driver (%.1f MiB)"
          + " to verify index %s before submitting: raise the client's -Xmx (HADOOP_CLIENT_OPTS),"
          + " or set %s=false to check only its header and length",
          Runtime.getRuntime().maxMemory() / 1048576.0, index, IpJoinKeys.VERIFY_INDEX.key()));
    }
  }
}
