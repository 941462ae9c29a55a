package org.ipjoin.index;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Writes sorted, unique keys as an index file (header, then payload) to any stream. */
public final class IndexWriter {

  private static final int CHUNK_BYTES = 1 << 20;

  private IndexWriter() {}

  /**
   * Writes {@code keys[0, count)}, which must be strictly increasing, with the given source
   * statistics. Does not close {@code out}.
   *
   * @return the header written
   */
  public static IndexHeader write(int[] keys, int count, long sourceBytes, long sourceLines,
      OutputStream out) throws IOException {
    for (int i = 1; i < count; i++) {
      if (keys[i - 1] >= keys[i]) {
        throw new IllegalArgumentException("keys must be strictly increasing; key " + i + " is not");
      }
    }
    IndexHeader header = IndexHeader.describe(keys, count, sourceBytes, sourceLines);
    out.write(IndexFormat.encodeHeader(header).array());
    ByteBuffer chunk = ByteBuffer.allocate(CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    int perChunk = CHUNK_BYTES / IndexFormat.KEY_BYTES;
    for (int from = 0; from < count; from += perChunk) {
      int n = Math.min(perChunk, count - from);
      chunk.clear();
      chunk.asIntBuffer().put(keys, from, n);
      out.write(chunk.array(), 0, n * IndexFormat.KEY_BYTES);
    }
    return header;
  }
}
