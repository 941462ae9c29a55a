package org.ipjoin.job.driver;

import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.builder.IpListScanner;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.list.EmptyIpListException;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.problem.IpJoinException;

/**
 * The job refuses a text IP list without addresses ({@code --loader text}) as {@code ipindex build}
 * does, and for the same reason: it is almost always an upstream failure, and joining against it
 * would silently match nothing. A job meant to run against an empty list uses an empty index built
 * with {@code ipindex build --allow-empty}.
 */
final class EmptyTextList {

  private EmptyTextList() {}

  /**
   * @param identity the list's identity as the text loader computed it
   * @throws IpJoinException with {@link EmptyIpListException}'s wording when it has no key
   */
  static void refuse(Path list, IndexIdentity identity, Configuration conf) throws IpJoinException {
    if (identity.count() > 0) {
      return;
    }
    // The loader only counts keys; scan again (a list without addresses is short work) for the
    // numbers the build's message gives. The loader already refused any invalid line.
    IpListScanner scanner = new IpListScanner(list.toString(), false, 16, total -> { });
    try {
      FileSystem fs = list.getFileSystem(conf);
      try (InputStream in = fs.open(list)) {
        scanner.scan(in);
      }
    } catch (IOException e) {
      throw IpJoinException.usage("cannot read IP list " + list + ": " + e.getMessage());
    }
    long blank = scanner.lineKinds().getOrDefault(LineKind.BLANK, 0L);
    long comments = scanner.lineKinds().getOrDefault(LineKind.COMMENT, 0L);
    throw IpJoinException.usage(new EmptyIpListException(list.toString(), scanner.lines(), blank,
        comments, scanner.lines() - blank - comments, "nothing was submitted. To join against an"
            + " empty list on purpose, build an empty index with ipindex build --allow-empty and"
            + " pass it with a binary --loader.").getMessage());
  }
}
