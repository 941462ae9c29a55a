package org.ipjoin.index.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.ipjoin.index.format.HeaderCodec;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexDecoder;
import org.ipjoin.index.format.IndexHeader;

/**
 * The first read of every stream-based read path: header and section directory in one read of
 * {@link IndexByteMap#MAX_HEAD_SIZE} bytes (or the whole, shorter file). The bytes read past the
 * directory already belong to the sections; {@link #feedRest} hands them to the decoder.
 */
final class HeadReader {

  private final ByteBuffer head;
  final IndexHeader header;

  private HeadReader(ByteBuffer head, IndexHeader header) {
    this.head = head;
    this.header = header;
  }

  static HeadReader read(InputStream in, long length, String name) throws IOException {
    byte[] bytes = in.readNBytes((int) Math.min(length, IndexByteMap.MAX_HEAD_SIZE));
    ByteBuffer head = ByteBuffer.wrap(bytes);
    return new HeadReader(head, HeaderCodec.decode(head, length, name));
  }

  static HeadReader of(ByteBuffer head, long length, String name) throws IOException {
    return new HeadReader(head, HeaderCodec.decode(head.duplicate(), length, name));
  }

  /** Feeds the bytes read past the directory to {@code decoder}; returns the file offset reached. */
  long feedRest(IndexDecoder decoder) throws IOException {
    int from = (int) decoder.position();
    if (from < head.limit()) {
      decoder.accept(head.duplicate().position(from));
    }
    return head.limit();
  }
}
