package org.ipjoin.index.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.IndexFormat;
import org.ipjoin.index.IndexHeader;
import org.ipjoin.index.PayloadDecoder;

/**
 * Reads and fully checks an index on any Hadoop {@link FileSystem} (HDFS, local, object stores):
 * what {@code ipindex build} uses to verify before it publishes, and {@code ipindex verify} and
 * {@code inspect} use. Not one of the job's read paths: tasks read a local copy.
 */
public final class FileSystemLoader {

  private static final int CHUNK_BYTES = 1 << 20;

  private FileSystemLoader() {}

  /** Reads only the header (and the file length) and checks it. */
  public static IndexHeader readHeader(FileSystem fs, Path file) throws IOException {
    long length = fs.getFileStatus(file).getLen();
    try (InputStream in = fs.open(file)) {
      byte[] header = in.readNBytes(IndexFormat.HEADER_SIZE);
      return IndexFormat.decodeHeader(ByteBuffer.wrap(header), length, file.toString());
    }
  }

  /** Reads the whole index, running every check. */
  public static LoadedIndex load(FileSystem fs, Path file, boolean verifyChecksum)
      throws IOException {
    long length = fs.getFileStatus(file).getLen();
    String name = file.toString();
    try (InputStream in = fs.open(file)) {
      byte[] headerBytes = in.readNBytes(IndexFormat.HEADER_SIZE);
      IndexHeader header = IndexFormat.decodeHeader(ByteBuffer.wrap(headerBytes), length, name);
      PayloadDecoder decoder = new PayloadDecoder(header, name, verifyChecksum);
      byte[] chunk = new byte[CHUNK_BYTES];
      while (decoder.remaining() > 0) {
        int want = (int) Math.min(CHUNK_BYTES, (long) decoder.remaining() * IndexFormat.KEY_BYTES);
        int n = in.readNBytes(chunk, 0, want);
        if (n == 0) {
          break; // the decoder reports the short payload
        }
        decoder.acceptChunk(ByteBuffer.wrap(chunk, 0, n));
      }
      return new LoadedIndex(decoder.finishIndex(), header.identity(length));
    }
  }
}
