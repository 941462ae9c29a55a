package org.ipjoin.index.load;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.ipjoin.index.IndexFormat;
import org.ipjoin.index.IndexHeader;
import org.ipjoin.index.PayloadDecoder;

/**
 * The default read path: {@link FileChannel} reads into one reused direct buffer, each chunk
 * checksummed and bulk-copied into the {@code int[]} while it is still in cache.
 */
public final class ChannelLoader implements IndexLoader {

  /** Chunk size: large enough that syscalls do not matter, small enough to stay in L2. */
  static final int CHUNK_BYTES = 1 << 20;

  @Override
  public LoadedIndex load(Path file, boolean verifyChecksum) throws IOException {
    String name = file.toString();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long length = channel.size();
      ByteBuffer headerBytes = ByteBuffer.allocate(IndexFormat.HEADER_SIZE);
      readFully(channel, headerBytes);
      IndexHeader header = IndexFormat.decodeHeader(headerBytes.flip(), length, name);
      PayloadDecoder decoder = new PayloadDecoder(header, name, verifyChecksum);
      ByteBuffer chunk = ByteBuffer.allocateDirect(CHUNK_BYTES);
      while (decoder.remaining() > 0) {
        chunk.clear();
        chunk.limit((int) Math.min(CHUNK_BYTES, (long) decoder.remaining() * IndexFormat.KEY_BYTES));
        if (readFully(channel, chunk) == 0) {
          break; // the decoder reports the short payload
        }
        decoder.acceptChunk(chunk.flip());
      }
      return new LoadedIndex(decoder.finishIndex(), header.identity(length));
    }
  }

  /** Reads until {@code buffer} is full or the channel ends; returns the bytes read. */
  private static int readFully(FileChannel channel, ByteBuffer buffer) throws IOException {
    int total = 0;
    while (buffer.hasRemaining()) {
      int n = channel.read(buffer);
      if (n < 0) {
        break;
      }
      total += n;
    }
    return total;
  }
}
