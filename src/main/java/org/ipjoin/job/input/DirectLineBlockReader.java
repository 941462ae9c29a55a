package org.ipjoin.job.input;

import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FutureDataInputStreamBuilder;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.compress.CodecPool;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.io.compress.SplittableCompressionCodec;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.util.functional.FutureIO;

/**
 * Reads a split as {@link LineBlock}s straight from the (decompressed) file stream into the block's
 * own array, finding line ends eight bytes at a time ({@link LineEnds}): a file with {@code \n}
 * ends is never copied at all (its bytes already are a block), {@code \r\n} and {@code \r} ends
 * move each line once. The lines are exactly those of Hadoop's LineRecordReader with the default
 * record delimiter and no maximum line length:
 *
 * <ul>
 *   <li>a line ends at {@code \n}, {@code \r\n} or {@code \r} (a {@code \r} at the end of what was
 *       read waits for the next byte), or at the end of the file;
 *   <li>a split that does not start at 0 skips through the first line end at or after its start;
 *       a split then reads every line that starts at or before its end (so one line past it);
 *   <li>a compressed file (a codec that cannot split) is one split: every line of the stream;
 *   <li>a UTF-8 byte order mark at the start of the file is dropped from the first line (a file
 *       that is only the mark has no line).
 * </ul>
 *
 * A custom {@code textinputformat.record.delimiter}, a maximum line length ({@code
 * mapreduce.input.linerecordreader.line.maxlength}, whose cut lines depend on LineRecordReader's
 * buffer) and splittable codecs (bzip2) are read by {@link LineBlockReader} over Hadoop's own
 * reader instead ({@link #applies}). Blocks, keys (the byte offset of each block's first line),
 * progress and the two blocks filled in turn are as in {@link LineBlockReader};
 * {@code LineBlockReaderTest}, {@code DirectLineBlockReaderTest} and the fuzz target {@code
 * LineReadingFuzzTest} compare both with LineRecordReader. Measured against the reader
 * over LineRecordReader: docs/benchmarks/2026-11-27-line-reading.md.
 */
final class DirectLineBlockReader extends AlternatingBlocks {

  /** What a read asks for at least, so that small blocks do not mean tiny reads. */
  private static final int MIN_READ = 4096;
  /** What a block's array holds beyond the block size: room for the next read. */
  private static final int MAX_SLACK = 64 << 10;
  /**
   * A block's first array, grown (doubling) up to {@link #capacity} as lines need: a large block
   * size costs memory only with input that fills it, as with {@link LineBlock#append}.
   */
  private static final int FIRST_ARRAY = 64 << 10;

  private final int blockBytes;
  /** Each block's array at most, unless one line needs more: the block size plus room to read. */
  private final int capacity;

  private TaskAttemptContext context;
  private String file = "(unknown file)";
  private InputStream in;
  private FSDataInputStream fileIn;
  private Decompressor decompressor;
  private boolean compressed;
  /** The split's first line's offset (after the skipped part line) and its end. */
  private long start;
  private long end;

  /**
   * Bytes read but not yet lines: {@code block.bytes()[rawStart, rawEnd)}, in the array of the last
   * block filled (beyond its lines), starting at file offset {@code pos}.
   */
  private int rawStart;
  private int rawEnd;
  /** Where the search for the current line's end goes on: the bytes before hold no line end. */
  private int scanFrom;
  private long pos;
  /** The stream has ended. */
  private boolean eof;
  /** The split has no more lines. */
  private boolean done;

  DirectLineBlockReader(int blockBytes) {
    this.blockBytes = blockBytes;
    this.capacity = (int) Math.min(Integer.MAX_VALUE - 8,
        (long) blockBytes + Math.min(MAX_SLACK, Math.max(MIN_READ, blockBytes)));
  }

  /**
   * Whether this reader reads {@code split} exactly as LineRecordReader would: a file split of
   * text (not a SequenceFile), the default record delimiter, no maximum line length, and no splittable codec.
   */
  static boolean applies(InputSplit split, Configuration conf) {
    if (!(split instanceof FileSplit fileSplit) || InputKind.of(conf) != InputKind.TEXT
        || conf.get("textinputformat.record.delimiter") != null
        || conf.getInt(LineRecordReader.MAX_LINE_LENGTH, Integer.MAX_VALUE) != Integer.MAX_VALUE) {
      return false;
    }
    return !(new CompressionCodecFactory(conf).getCodec(fileSplit.getPath())
        instanceof SplittableCompressionCodec);
  }

  @Override
  public void initialize(InputSplit genericSplit, TaskAttemptContext context)
      throws IOException, InterruptedException {
    this.context = context;
    FileSplit split = (FileSplit) genericSplit;
    file = split.getPath().toString();
    try {
      open(split, context.getConfiguration());
    } catch (IOException | RuntimeException e) {
      close();
      throw InputReadException.recorded(context, file, e);
    }
  }

  private void open(FileSplit split, Configuration conf) throws IOException {
    start = split.getStart();
    end = start + split.getLength();
    Path path = split.getPath();
    // Opened as LineRecordReader opens it, so a file system may plan its reads for the split.
    FutureDataInputStreamBuilder builder = path.getFileSystem(conf).openFile(path);
    builder.optLong(Options.OpenFileOptions.FS_OPTION_OPENFILE_SPLIT_START, start);
    builder.optLong(Options.OpenFileOptions.FS_OPTION_OPENFILE_SPLIT_END, end);
    FutureIO.propagateOptions(builder, conf, MRJobConfig.INPUT_FILE_OPTION_PREFIX,
        MRJobConfig.INPUT_FILE_MANDATORY_PREFIX);
    fileIn = FutureIO.awaitFuture(builder.build());
    CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(path);
    if (codec != null) {
      compressed = true;
      if (start != 0) {
        throw new IOException("Cannot seek in " + codec.getClass().getSimpleName()
            + " compressed stream");
      }
      decompressor = CodecPool.getDecompressor(codec);
      in = codec.createInputStream(fileIn, decompressor);
    } else {
      fileIn.seek(start);
      in = fileIn;
    }
    pos = start;
    if (start != 0) {
      skipPartLine();
      start = pos;
    }
  }

  /**
   * Skips through the first line end at or after the split's start: the line there belongs to the
   * split before (which reads every line starting at or before its end).
   */
  private void skipPartLine() throws IOException {
    byte[] a = block().reserve(Math.min(capacity, FIRST_ARRAY));
    while (true) {
      if (rawStart == rawEnd && !refillEmpty(a)) {
        return;
      }
      int t = LineEnds.find(a, rawStart, rawEnd);
      if (t < 0) {
        pos += rawEnd - rawStart;
        rawStart = rawEnd;
        continue;
      }
      pos += t + 1 - rawStart;
      rawStart = t + 1;
      if (a[t] == '\r') {
        if (rawStart == rawEnd && !refillEmpty(a)) {
          return;
        }
        if (a[rawStart] == '\n') {
          pos++;
          rawStart++;
        }
      }
      scanFrom = rawStart;
      return;
    }
  }

  /** Reads into the whole (empty) array; false at the end of the stream. */
  private boolean refillEmpty(byte[] a) throws IOException {
    rawStart = 0;
    rawEnd = 0;
    int n = in.read(a, 0, a.length);
    if (n < 0) {
      eof = true;
      return false;
    }
    rawEnd = n;
    return true;
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    try {
      return fill();
    } catch (IOException | RuntimeException e) {
      throw InputReadException.recorded(context, file, e);
    }
  }

  private boolean fill() throws IOException {
    LineBlock last = block();
    LineBlock block = nextBlock();
    if (done) {
      return false;
    }
    int carried = rawEnd - rawStart;
    byte[] a = block.reserve(Math.max(Math.min(capacity, FIRST_ARRAY), carried + MIN_READ));
    System.arraycopy(last.bytes(), rawStart, a, 0, carried);
    scanFrom -= rawStart;
    rawStart = 0;
    rawEnd = carried;
    // Where the next line goes: block.length(), kept here.
    int w = 0;
    while (true) {
      if (!compressed && pos > end) {
        done = true;
        break;
      }
      int t = LineEnds.find(a, scanFrom, rawEnd);
      if (t < 0 || (t == rawEnd - 1 && a[t] == '\r' && !eof)) {
        // No line end yet (or a \r that may be the start of \r\n): read more.
        scanFrom = t < 0 ? rawEnd : t;
        if (!eof) {
          if (rawStart > w) {
            int shift = rawStart - w;
            System.arraycopy(a, rawStart, a, w, rawEnd - rawStart);
            rawStart = w;
            rawEnd -= shift;
            scanFrom -= shift;
          }
          if (rawEnd == a.length) {
            if (block.lines() > 0 && a.length >= capacity) {
              // The array holds more than the block size, so this line does not fit: the next
              // block starts with it.
              return true;
            }
            a = block.reserve(a.length < capacity ? (int) Math.min(capacity, 2L * a.length)
                : (int) Math.min(Integer.MAX_VALUE - 8, 2L * a.length));
          }
          int n = in.read(a, rawEnd, a.length - rawEnd);
          if (n < 0) {
            eof = true;
          } else {
            rawEnd += n;
          }
          continue;
        }
        if (rawStart == rawEnd) {
          done = true;
          break;
        }
        // The last line, without a line end.
        t = rawEnd;
      }
      int next;
      if (t == rawEnd) {
        next = t;
      } else if (a[t] == '\r' && t + 1 < rawEnd && a[t + 1] == '\n') {
        next = t + 2;
      } else {
        next = t + 1;
      }
      int from = rawStart;
      if (pos == 0 && t - from >= 3 && a[from] == (byte) 0xEF && a[from + 1] == (byte) 0xBB
          && a[from + 2] == (byte) 0xBF) {
        // LineRecordReader drops a UTF-8 byte order mark at the file's start; a file that is only
        // the mark has no line.
        from += 3;
        if (next == from) {
          pos += next - rawStart;
          rawStart = next;
          done = true;
          break;
        }
      }
      int length = t - from;
      if (block.lines() > 0 && (long) w + length + 1 > blockBytes) {
        return true;
      }
      if (block.lines() == 0) {
        key.set(pos);
      }
      if (w + length == a.length) {
        // The last line fills the array: room for its \n.
        a = block.reserve(a.length + 1);
      }
      if (from != w) {
        System.arraycopy(a, from, a, w, length);
      }
      a[w + length] = '\n';
      block.endLine(w + length);
      w += length + 1;
      pos += next - rawStart;
      rawStart = next;
      scanFrom = next;
    }
    return block.lines() > 0;
  }

  /** As LineRecordReader's: the share of the split's bytes (compressed: of the file's) read. */
  @Override
  public float getProgress() throws IOException {
    if (start == end) {
      return 0.0f;
    }
    long at = compressed ? fileIn.getPos() : pos;
    return Math.min(1.0f, (at - start) / (float) (end - start));
  }

  @Override
  public void close() throws IOException {
    try {
      if (in != null) {
        in.close();
      } else if (fileIn != null) {
        fileIn.close();
      }
    } finally {
      in = null;
      fileIn = null;
      if (decompressor != null) {
        CodecPool.returnDecompressor(decompressor);
        decompressor = null;
      }
    }
  }
}
