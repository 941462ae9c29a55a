package org.ipjoin.index.load;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.ipjoin.index.IndexFormat;
import org.ipjoin.index.IndexHeader;
import org.ipjoin.index.PayloadDecoder;

/**
 * The second and third tries of the read-path comparison (README, Read paths): {@code DataInputStream.readInt} key by key, either
 * straight over the file ({@code stream}: every readInt is four read(2) system calls) or over a
 * 64 KiB {@link BufferedInputStream} ({@code buffered}). Kept for the comparison, and because
 * {@link #load(InputStream, long, String, boolean)} reads from any stream, such as an HDFS one.
 */
public final class StreamLoader implements IndexLoader {

  /** The article's buffer size. */
  public static final int BUFFER_BYTES = 64 * 1024;

  private final boolean buffered;

  public StreamLoader(boolean buffered) {
    this.buffered = buffered;
  }

  @Override
  public LoadedIndex load(Path file, boolean verifyChecksum) throws IOException {
    long length = Files.size(file);
    InputStream raw = Files.newInputStream(file);
    try (InputStream in = buffered ? new BufferedInputStream(raw, BUFFER_BYTES) : raw) {
      return load(in, length, file.toString(), verifyChecksum);
    }
  }

  /** Reads and checks an index of {@code length} bytes from {@code in}; does not close it. */
  public static LoadedIndex load(InputStream in, long length, String name, boolean verifyChecksum)
      throws IOException {
    DataInputStream data = new DataInputStream(in);
    byte[] headerBytes = data.readNBytes(IndexFormat.HEADER_SIZE);
    IndexHeader header = IndexFormat.decodeHeader(ByteBuffer.wrap(headerBytes), length, name);
    PayloadDecoder decoder = new PayloadDecoder(header, name, verifyChecksum);
    for (int i = decoder.remaining(); i > 0; i--) {
      // The payload is little-endian; DataInputStream reads big-endian.
      decoder.acceptKey(Integer.reverseBytes(data.readInt()));
    }
    return new LoadedIndex(decoder.finishIndex(), header.identity(length));
  }
}
