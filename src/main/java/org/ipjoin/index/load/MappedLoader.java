package org.ipjoin.index.load;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.ipjoin.index.IndexFormat;
import org.ipjoin.index.IndexHeader;
import org.ipjoin.index.PayloadDecoder;

/**
 * {@link FileChannel#map} of the file and a bulk copy into {@code int[]}, in windows of at most
 * 1 GiB (one mapping is limited to 2 GiB). The copy means the mapping can go as soon as the load
 * ends, so replacing the file later cannot crash a reader (the failure MaxMind readers hit when a
 * mapped database is overwritten in place).
 */
public final class MappedLoader implements IndexLoader {

  static final long WINDOW_BYTES = 1L << 30;

  @Override
  public LoadedIndex load(Path file, boolean verifyChecksum) throws IOException {
    String name = file.toString();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long length = channel.size();
      IndexHeader header = mapHeader(channel, length, name);
      PayloadDecoder decoder = new PayloadDecoder(header, name, verifyChecksum);
      long position = IndexFormat.HEADER_SIZE;
      while (decoder.remaining() > 0) {
        long window = Math.min(WINDOW_BYTES, (long) decoder.remaining() * IndexFormat.KEY_BYTES);
        decoder.acceptChunk(channel.map(FileChannel.MapMode.READ_ONLY, position, window));
        position += window;
      }
      return new LoadedIndex(decoder.finishIndex(), header.identity(length));
    }
  }

  /** Maps the header (as much of it as the file has) and checks it. */
  static IndexHeader mapHeader(FileChannel channel, long length, String name) throws IOException {
    MappedByteBuffer headerBytes =
        channel.map(FileChannel.MapMode.READ_ONLY, 0, Math.min(length, IndexFormat.HEADER_SIZE));
    return IndexFormat.decodeHeader(headerBytes, length, name);
  }
}
