package org.ipjoin.index.load;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexDecoder;
import org.ipjoin.index.format.LoadTrust;

/**
 * {@code mmap}: maps the file in windows of at most 1 GiB and bulk-copies each into the
 * {@code int[]} columns (checked on the way). The mappings are dropped once the copy is done, so
 * replacing the file later cannot crash a reader (the failure readers of mapped databases hit when
 * the file is overwritten in place).
 */
public final class MappedLoader implements IndexLoader {

  static final long WINDOW_BYTES = 1L << 30;

  @Override
  public LoadedIndex load(Path file, boolean verifyChecksum, LoadTrust trust)
      throws IOException {
    String name = file.toString();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long length = channel.size();
      HeadReader head = HeadReader.of(mapHead(channel, length), length, name);
      IndexDecoder decoder = IndexDecoder.copying(head.header, name, verifyChecksum, trust);
      while (decoder.remaining() > 0) {
        long window = Math.min(WINDOW_BYTES, decoder.remaining());
        decoder.accept(channel.map(FileChannel.MapMode.READ_ONLY, decoder.position(), window));
      }
      return Lookups.loadedOnHeap(decoder.finish(), head.header.identity(length));
    }
  }

  /** Maps the head (as much of it as the file has). */
  static MappedByteBuffer mapHead(FileChannel channel, long length) throws IOException {
    return channel.map(FileChannel.MapMode.READ_ONLY, 0, Math.min(length, IndexByteMap.MAX_HEAD_SIZE));
  }
}
