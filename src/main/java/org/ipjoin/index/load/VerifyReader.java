package org.ipjoin.index.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.HeaderCodec;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexDecoder;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.list.AttributeNames;

/**
 * Reads and fully checks an index on any Hadoop {@link FileSystem} (HDFS, local, object stores):
 * what {@code ipindex build} uses to verify before it publishes, and {@code ipindex verify} and
 * {@code inspect} use, and the job's driver before it submits. Not one of the job's read paths:
 * tasks read a local copy.
 */
public final class VerifyReader {

  private static final int CHUNK_BYTES = 1 << 20;

  private VerifyReader() {}

  /** How often a read is repeated when the file was replaced while it was being read. */
  private static final int STABLE_READ_ATTEMPTS = 5;

  /**
   * A checked header and the file length it was checked against; for a history index, the
   * snapshot count its {@code HISTORY} section begins with (from {@link #readHeader} not yet
   * checked: the whole index is checked after; from {@link #check} the checked history's), which
   * the task heap estimate needs ({@link ReadPath#taskHeapBytes}); else 0.
   */
  public record HeaderRead(IndexHeader header, long length, long historySnapshots) {
    public IndexIdentity identity() {
      return header.identity(length);
    }
  }

  /**
   * Reads only the header and section directory (and the file length) and checks them. The length
   * comes from a status call and the header from an open, two separate looks at the path; when
   * {@code ipindex build --overwrite} renames a new index into place between them, the header of
   * one file would be checked against the length of another and reported as corrupt. So the
   * status is taken before and after the read, and the read repeated until both agree (same length
   * and modification time): the header then belongs to that file.
   */
  public static HeaderRead readHeader(FileSystem fs, Path file) throws IOException {
    for (int attempt = 1; ; attempt++) {
      FileStatus before = fs.getFileStatus(file);
      long length = before.getLen();
      IndexHeader header;
      long snapshots;
      try (FSDataInputStream in = fs.open(file)) {
        byte[] head = in.readNBytes((int) Math.min(length, IndexByteMap.MAX_HEAD_SIZE));
        header = HeaderCodec.decode(ByteBuffer.wrap(head), length, file.toString());
        snapshots = historySnapshots(in, header);
      } catch (IOException e) {
        if (attempt < STABLE_READ_ATTEMPTS && replaced(fs, file, before)) {
          continue; // e.g. the file got shorter under us
        }
        throw e;
      }
      if (attempt < STABLE_READ_ATTEMPTS && replaced(fs, file, before)) {
        continue;
      }
      return new HeaderRead(header, length, snapshots);
    }
  }

  /**
   * The snapshot count a {@code HISTORY} section begins with (its first four bytes, read where
   * the directory says, with the header's open), 0 without one.
   */
  private static long historySnapshots(FSDataInputStream in, IndexHeader header)
      throws IOException {
    Section history = header.section(SectionKind.HISTORY);
    if (history == null || history.length() < Integer.BYTES) {
      return 0;
    }
    byte[] count = new byte[Integer.BYTES];
    in.readFully(history.offset() + ListingHistory.SNAPSHOTS_OFFSET, count);
    return Integer.toUnsignedLong(ByteBuffer.wrap(count).order(ByteOrder.LITTLE_ENDIAN).getInt());
  }

  /**
   * The attribute names of an index whose header {@link #readHeader} read: the few bytes of its
   * {@code ATTRIBUTE_NAMES} section as written, empty when it has none (a label of one value). For
   * the driver, which checks the attributes a job names before it submits; the section's own
   * checks are those of a full load ({@link #check}, and every task's).
   */
  public static List<String> attributeNames(FileSystem fs, Path file, IndexHeader header)
      throws IOException {
    Section names = header.section(SectionKind.ATTRIBUTE_NAMES);
    if (names == null) {
      return List.of();
    }
    byte[] bytes = new byte[(int) names.length()];
    try (FSDataInputStream in = fs.open(file)) {
      in.readFully(names.offset(), bytes);
    }
    return AttributeNames.split(new String(bytes, StandardCharsets.UTF_8));
  }

  private static boolean replaced(FileSystem fs, Path file, FileStatus before) throws IOException {
    FileStatus after = fs.getFileStatus(file);
    return after.getLen() != before.getLen()
        || after.getModificationTime() != before.getModificationTime();
  }

  /**
   * Reads the whole index, running every check. Like {@link #readHeader}, a read that failed a
   * check while the file was being replaced (its length or modification time changed meanwhile)
   * is repeated: an index republished with {@code ipindex build --overwrite} is not corruption.
   */
  public static LoadedIndex load(FileSystem fs, Path file, boolean verifyChecksum)
      throws IOException {
    for (int attempt = 1; ; attempt++) {
      FileStatus before = fs.getFileStatus(file);
      try {
        return loadOnce(fs, file, before.getLen(), verifyChecksum);
      } catch (IOException e) {
        if (attempt < STABLE_READ_ATTEMPTS && replaced(fs, file, before)) {
          continue;
        }
        throw e;
      }
    }
  }

  /**
   * Reads the whole index and runs every check of {@link #load} without keeping the lookup: what
   * {@code ipindex verify}, the driver's check before submission and {@code ipindex build}'s check
   * before it publishes need. An exact-address list is checked with a few MiB of heap at any size
   * ({@link IndexDecoder#checking}); the read is repeated as {@link #load}'s when the file was
   * replaced meanwhile.
   */
  public static HeaderRead check(FileSystem fs, Path file, boolean verifyChecksum)
      throws IOException {
    for (int attempt = 1; ; attempt++) {
      FileStatus before = fs.getFileStatus(file);
      try {
        return checkOnce(fs, file, before.getLen(), verifyChecksum);
      } catch (IOException e) {
        if (attempt < STABLE_READ_ATTEMPTS && replaced(fs, file, before)) {
          continue;
        }
        throw e;
      }
    }
  }

  private static HeaderRead checkOnce(FileSystem fs, Path file, long length,
      boolean verifyChecksum) throws IOException {
    String name = file.toString();
    try (InputStream in = fs.open(file)) {
      HeadReader head = HeadReader.read(in, length, name);
      IndexDecoder decoder = IndexDecoder.checking(head.header, name, verifyChecksum);
      feed(in, head, decoder);
      ListingHistory history = decoder.finish().history();
      return new HeaderRead(head.header, length, history == null ? 0 : history.snapshots());
    }
  }

  private static LoadedIndex loadOnce(FileSystem fs, Path file, long length, boolean verifyChecksum)
      throws IOException {
    String name = file.toString();
    try (InputStream in = fs.open(file)) {
      HeadReader head = HeadReader.read(in, length, name);
      IndexDecoder decoder = IndexDecoder.copying(head.header, name, verifyChecksum);
      feed(in, head, decoder);
      return Lookups.loadedOnHeap(decoder.finish(), head.header.identity(length));
    }
  }

  /** Feeds the decoder the rest of the file after its head, in chunks. */
  private static void feed(InputStream in, HeadReader head, IndexDecoder decoder)
      throws IOException {
    head.feedRest(decoder);
    byte[] chunk = new byte[CHUNK_BYTES];
    while (decoder.remaining() > 0) {
      int n = in.readNBytes(chunk, 0, (int) Math.min(CHUNK_BYTES, decoder.remaining()));
      if (n == 0) {
        break; // the decoder reports the short file
      }
      decoder.accept(ByteBuffer.wrap(chunk, 0, n));
    }
  }
}
