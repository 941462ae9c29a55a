package org.ipjoin.index.load;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.ipjoin.index.format.IndexDecoder;
import org.ipjoin.index.format.LoadTrust;

/**
 * The second and third tries of the read-path comparison (docs/job.md, Read paths):
 * {@code DataInputStream.readInt} value by value, either straight over the file ({@code stream}:
 * every readInt is four read(2) system calls) or over a 64 KiB {@link BufferedInputStream}
 * ({@code buffered}). Kept for the comparison, and because {@link #load(InputStream, long, String,
 * boolean)} reads from any stream, such as an HDFS one.
 */
public final class StreamLoader implements IndexLoader {

  /** The comparison's buffer size. */
  public static final int BUFFER_BYTES = 64 * 1024;

  private final boolean buffered;

  public StreamLoader(boolean buffered) {
    this.buffered = buffered;
  }

  @Override
  public LoadedIndex load(Path file, boolean verifyChecksum, LoadTrust trust)
      throws IOException {
    long length = Files.size(file);
    InputStream raw = Files.newInputStream(file);
    try (InputStream in = buffered ? new BufferedInputStream(raw, BUFFER_BYTES) : raw) {
      return load(in, length, file.toString(), verifyChecksum, trust);
    }
  }

  /** Reads and checks an index of {@code length} bytes from {@code in}; does not close it. */
  public static LoadedIndex load(InputStream in, long length, String name, boolean verifyChecksum)
      throws IOException {
    return load(in, length, name, verifyChecksum, LoadTrust.FULL);
  }

  /** As {@link #load(InputStream, long, String, boolean)}, checking what {@code trust} asks for. */
  public static LoadedIndex load(InputStream in, long length, String name, boolean verifyChecksum,
      LoadTrust trust) throws IOException {
    DataInputStream data = new DataInputStream(in);
    HeadReader head = HeadReader.read(data, length, name);
    IndexDecoder decoder = IndexDecoder.copying(head.header, name, verifyChecksum, trust);
    head.feedRest(decoder);
    for (long i = decoder.remaining() / 4; i > 0; i--) {
      // Sections are little-endian; DataInputStream reads big-endian.
      decoder.acceptInt(Integer.reverseBytes(data.readInt()));
    }
    decoder.accept(ByteBuffer.wrap(data.readNBytes((int) decoder.remaining())));
    return Lookups.loadedOnHeap(decoder.finish(), head.header.identity(length));
  }
}
