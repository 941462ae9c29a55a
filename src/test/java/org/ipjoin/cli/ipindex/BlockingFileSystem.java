package org.ipjoin.cli.ipindex;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system as scheme {@code blocking:} ({@code fs.blocking.impl}), for stopping a
 * command in the middle of writing: the first write to a file whose name contains {@link #NAME}'s
 * value prints {@link #WRITING} and the file's path on stdout, for the test that waits for that
 * line, and then waits forever, until the JVM is stopped.
 */
public final class BlockingFileSystem extends LocalFileSystemUnderScheme {

  static final String SCHEME = "blocking";
  /** The part of a file name whose writes block. */
  static final String NAME = "ipjoin.test.blocking.name";
  static final String WRITING = "WRITING ";

  @Override
  String scheme() {
    return SCHEME;
  }

  @Override
  public FSDataOutputStream create(Path f, boolean overwrite, int bufferSize, short replication,
      long blockSize, Progressable progress) throws IOException {
    FSDataOutputStream file =
        super.create(f, overwrite, bufferSize, replication, blockSize, progress);
    if (!f.getName().contains(getConf().get(NAME))) {
      return file;
    }
    return new FSDataOutputStream(new FilterOutputStream(file) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        file.write(b, off, len);
        file.hflush();
        System.out.println(WRITING + f.toUri().getPath());
        System.out.flush();
        try {
          new CountDownLatch(1).await(); // never counted down: stays here until SIGTERM
        } catch (InterruptedException e) {
          throw new InterruptedIOException();
        }
      }
    }, statistics);
  }
}
