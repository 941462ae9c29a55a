package org.ipjoin.job;

import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.io.compress.CompressionInputStream;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.io.compress.DefaultCodec;

/**
 * Test only: a "codec" for files named {@code *.fail} whose every read fails, so the map task
 * reading such a file fails on every attempt. It reaches the job through Hadoop's own
 * {@code io.compression.codecs} setting, so the production job needs no test switch.
 */
public class FailingTestCodec extends DefaultCodec {

  static final String MESSAGE = "FailingTestCodec: this input fails on purpose";

  @Override
  public String getDefaultExtension() {
    return ".fail";
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in) throws IOException {
    return createInputStream(in, null);
  }

  @Override
  public CompressionInputStream createInputStream(InputStream in, Decompressor decompressor)
      throws IOException {
    return new CompressionInputStream(in) {
      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        throw new IOException(MESSAGE);
      }

      @Override
      public int read() throws IOException {
        throw new IOException(MESSAGE);
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
