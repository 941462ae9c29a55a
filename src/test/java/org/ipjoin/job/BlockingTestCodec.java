package org.ipjoin.job;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.hadoop.io.compress.CompressionInputStream;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.io.compress.DefaultCodec;

/**
 * Test only: a pass-through "codec" for files named {@code *.block}. The map task reading such a
 * file, on its first read, creates the file named by {@value #MARKER} (so the test knows the job is
 * running) and then waits until the file named by {@value #RELEASE} exists; then it reads the file's
 * bytes unchanged. This lets a test stop a job at a known point (to kill its driver, or to let
 * another job run first) without any sleep. It reaches the job through Hadoop's own {@code
 * io.compression.codecs} setting, so the production job needs no test switch.
 */
public class BlockingTestCodec extends DefaultCodec {

  static final String MARKER = "ipjoin.test.block.marker";
  static final String RELEASE = "ipjoin.test.block.release";
  /** Bounds a forgotten release, so a broken test fails instead of hanging forever. */
  private static final long MAX_WAIT_NANOS = 10L * 60 * 1_000_000_000;

  @Override
  public String getDefaultExtension() {
    return ".block";
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in) throws IOException {
    return createInputStream(in, null);
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in, Decompressor decompressor)
      throws IOException {
    Path marker = Paths.get(getConf().get(MARKER));
    Path release = Paths.get(getConf().get(RELEASE));
    return new CompressionInputStream(in) {
      private boolean released;

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        awaitRelease();
        return in.read(b, off, len);
      }

      @Override
      public int read() throws IOException {
        awaitRelease();
        return in.read();
      }

      private void awaitRelease() throws IOException {
        if (released) {
          return;
        }
        if (!Files.exists(marker)) {
          Files.createFile(marker);
        }
        long deadline = System.nanoTime() + MAX_WAIT_NANOS;
        while (!Files.exists(release)) {
          if (System.nanoTime() > deadline) {
            throw new IOException("BlockingTestCodec: " + release + " never appeared");
          }
          try {
            Thread.sleep(20); // polling interval for the release file
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("BlockingTestCodec: interrupted while waiting", e);
          }
        }
        released = true;
      }

      @Override
      public void resetState() {}
    };
  }

  @Override
  public Decompressor createDecompressor() {
    return null;
  }

  @Override
  public Class<? extends Decompressor> getDecompressorType() {
    return null;
  }
}
