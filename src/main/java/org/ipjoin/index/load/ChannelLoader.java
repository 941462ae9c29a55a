package org.ipjoin.index.load;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.ipjoin.index.format.IndexDecoder;
import org.ipjoin.index.format.LoadTrust;

/**
 * The default read path: {@link FileChannel} reads into one reused direct buffer, each chunk
 * checksummed, checked and bulk-copied into the {@code int[]} columns while it is still in cache.
 */
public final class ChannelLoader implements IndexLoader {

  /** Chunk size: large enough that syscalls do not matter, small enough to stay in L2. */
  static final int CHUNK_BYTES = 1 << 20;

  @Override
  public LoadedIndex load(Path file, boolean verifyChecksum, LoadTrust trust)
      throws IOException {
    String name = file.toString();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long length = channel.size();
      HeadReader head = HeadReader.read(Channels.newInputStream(channel), length, name);
      IndexDecoder decoder = IndexDecoder.copying(head.header, name, verifyChecksum, trust);
      head.feedRest(decoder);
      ByteBuffer chunk = ByteBuffer.allocateDirect(CHUNK_BYTES);
      while (decoder.remaining() > 0) {
        chunk.clear();
        chunk.limit((int) Math.min(CHUNK_BYTES, decoder.remaining()));
        if (readFully(channel, chunk) == 0) {
          break; // the decoder reports the short file
        }
        decoder.accept(chunk.flip());
      }
      return Lookups.loadedOnHeap(decoder.finish(), head.header.identity(length));
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
