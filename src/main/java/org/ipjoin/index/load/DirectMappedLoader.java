package org.ipjoin.index.load;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.ipjoin.index.IndexFormat;
import org.ipjoin.index.IndexHeader;
import org.ipjoin.index.PayloadDecoder;

/**
 * {@code mmap-direct}: maps the file read-only and serves lookups from the mapping itself
 * ({@link org.ipjoin.index.MappedIpIndex}), with no heap copy of the keys. Every check still runs
 * (one pass over the mapping, which also pulls the file into the page cache, where every map task
 * on the node shares it). For indexes larger than a map task's heap; see MappedIpIndex for the
 * one rule it needs (replace the file by renaming, never rewrite it in place).
 *
 * <p>One mapping holds at most 2 GiB, so this path takes indexes of up to 536,870,895 keys.
 */
public final class DirectMappedLoader implements IndexLoader {

  static final long MAX_KEYS = (Integer.MAX_VALUE - IndexFormat.HEADER_SIZE) / IndexFormat.KEY_BYTES;

  @Override
  public LoadedIndex load(Path file, boolean verifyChecksum) throws IOException {
    String name = file.toString();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long length = channel.size();
      IndexHeader header = MappedLoader.mapHeader(channel, length, name);
      if (header.count() > MAX_KEYS) {
        throw new IOException(name + ": " + header.count() + " keys exceed what one mapping holds ("
            + MAX_KEYS + "); use the nio loader with a larger map task heap");
      }
      // The mapping stays valid after the channel is closed.
      MappedByteBuffer payload = channel.map(FileChannel.MapMode.READ_ONLY,
          IndexFormat.HEADER_SIZE, header.count() * IndexFormat.KEY_BYTES);
      PayloadDecoder decoder = PayloadDecoder.withoutCopy(header, name, verifyChecksum);
      decoder.acceptChunk(payload.duplicate());
      return new LoadedIndex(
          decoder.finishMapped(payload.duplicate().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer()),
          header.identity(length));
    }
  }
}
