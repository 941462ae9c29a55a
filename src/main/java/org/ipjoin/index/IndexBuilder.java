package org.ipjoin.index;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.load.FileSystemLoader;
import org.ipjoin.index.load.LoadedIndex;

/**
 * Text IP list → index file, on any Hadoop FileSystem: scan, sort, de-duplicate, write to a hidden
 * temporary file beside the output, read it back with every check, and only then rename it into
 * place ({@link IndexPublisher}). A reader therefore sees the old index or the new one, whole.
 */
public final class IndexBuilder {

  /** 4 MiB writes: the stream's own buffer would otherwise split the 100 MB payload finely. */
  private static final int WRITE_BUFFER_BYTES = 4 << 20;
  /** Largest key count an {@code int[]} can hold (HotSpot's array limit is a few below MAX_VALUE). */
  static final int MAX_KEYS = Integer.MAX_VALUE - 8;

  private final boolean skipInvalid;
  private final boolean overwrite;
  private final boolean allowEmpty;

  /** A builder that refuses a list without addresses ({@link EmptyIpListException}). */
  public IndexBuilder(boolean skipInvalid, boolean overwrite) {
    this(skipInvalid, overwrite, false);
  }

  /**
   * @param skipInvalid count and skip lines that are not addresses instead of failing
   * @param overwrite replace an existing output
   * @param allowEmpty build an empty index from a list without addresses instead of failing
   */
  public IndexBuilder(boolean skipInvalid, boolean overwrite, boolean allowEmpty) {
    this.skipInvalid = skipInvalid;
    this.overwrite = overwrite;
    this.allowEmpty = allowEmpty;
  }

  public BuildSummary build(FileSystem inFs, Path input, FileSystem outFs, Path output,
      IpListScanner.ProgressListener progress) throws IOException {
    long start = System.nanoTime();
    FileSystem writeFs = withoutChecksumFiles(outFs);
    IndexPublisher.checkTarget(writeFs, output, overwrite);
    long inputLength = inFs.getFileStatus(input).getLen();

    IpListScanner scanner = new IpListScanner(input.toString(), skipInvalid,
        (int) Math.min(MAX_KEYS, inputLength / 14 + 16), progress);
    try (InputStream in = withoutChecksumFiles(inFs).open(input)) {
      scanner.scan(in);
    }
    long scanned = System.nanoTime();
    if (scanner.keyCount() == 0 && !allowEmpty) {
      // Before anything is written: the old index (if any) stays published.
      throw emptyList(input.toString(), scanner);
    }

    int[] keys = scanner.keys();
    SortedKeys.sort(keys, scanner.keyCount());
    int unique = SortedKeys.dedup(keys, scanner.keyCount());
    long sorted = System.nanoTime();

    Path temp = IndexPublisher.tempPathFor(output);
    IndexHeader header;
    try {
      try (OutputStream out = writeFs.create(temp, false, WRITE_BUFFER_BYTES)) {
        header = IndexWriter.write(IndexContent.exact(keys, unique, scanner.bytes(), scanner.lines()), out);
      }
      LoadedIndex reread = FileSystemLoader.load(writeFs, temp, true);
      header.identity(writeFs.getFileStatus(temp).getLen()).check(reread.identity(), temp.toString());
      IndexPublisher.publish(writeFs, temp, output, overwrite);
    } finally {
      writeFs.delete(temp, false); // gone after a successful rename; a leftover after a failure
    }
    long end = System.nanoTime();
    return new BuildSummary(input.toString(), output.toString(), scanner.bytes(), scanner.lines(),
        scanner.keyCount(), unique, scanner.kindCounts(), scanner.examples(),
        header.fileLength(), millis(start, scanned), millis(scanned, sorted),
        millis(sorted, end), millis(start, end));
  }

  private static EmptyIpListException emptyList(String name, IpListScanner scanner) {
    long blank = scanner.kindCounts().getOrDefault(IpListLine.Kind.BLANK, 0L);
    long comments = scanner.kindCounts().getOrDefault(IpListLine.Kind.COMMENT, 0L);
    return new EmptyIpListException(name, scanner.lines(), blank, comments,
        scanner.lines() - blank - comments);
  }

  /**
   * The local FileSystem writes a {@code .crc} side file for every file; the index has its own
   * checksums, and one file is what users copy around, so write the raw local file.
   */
  public static FileSystem withoutChecksumFiles(FileSystem fs) {
    return fs instanceof ChecksumFileSystem c ? c.getRawFileSystem() : fs;
  }

  private static long millis(long fromNanos, long toNanos) {
    return (toNanos - fromNanos) / 1_000_000;
  }
}
