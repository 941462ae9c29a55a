package org.ipjoin.job.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.ipjoin.job.IpJoinKeys;

/**
 * Reads a file's splits with {@link LineBlockInputFormat}'s reader and with Hadoop's own {@link
 * LineRecordReader}, and checks that they give the same lines: split by split, line by line, each
 * block's key the key LineRecordReader gives its first line, each block as full as the block size
 * allows, and the same progress once a split is read. Used by {@code DirectLineBlockReaderTest} and
 * the fuzz target {@code LineReadingFuzzTest}.
 */
public final class LineReadingComparison {

  /** One line with its key. */
  public record Line(long key, String text) {}

  private LineReadingComparison() {}

  private static TaskAttemptContextImpl context(Configuration conf) {
    return new TaskAttemptContextImpl(conf, new TaskAttemptID());
  }

  /** Splits at {@code bounds} ({@code [0, b1), [b1, b2), ..., [bn, length)}). */
  public static List<FileSplit> splits(Path file, long length, long... bounds) {
    List<FileSplit> splits = new ArrayList<>();
    long start = 0;
    for (long b : bounds) {
      splits.add(new FileSplit(file, start, b - start, new String[0]));
      start = b;
    }
    splits.add(new FileSplit(file, start, length - start, new String[0]));
    return splits;
  }

  /** Every line of the file once, by plain code: ends are \n, \r\n or \r; a leading BOM dropped. */
  public static List<String> independentLines(byte[] file) {
    String text = new String(file, StandardCharsets.ISO_8859_1);
    boolean bom = text.startsWith("\u00ef\u00bb\u00bf");
    if (bom) {
      text = text.substring(3);
    }
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); ) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        lines.add(text.substring(start, i));
        i += c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n' ? 2 : 1;
        start = i;
      } else {
        i++;
      }
    }
    if (start < text.length()) {
      lines.add(text.substring(start));
    }
    return lines;
  }

  /** LineRecordReader's lines of one split, and its progress at the end. */
  public static List<Line> lineRecordReader(FileSplit split, Configuration conf, float[] progress)
      throws IOException {
    List<Line> lines = new ArrayList<>();
    // As TextInputFormat makes it: with the job's record delimiter, if any.
    String delimiter = conf.get("textinputformat.record.delimiter");
    try (LineRecordReader r = new LineRecordReader(
        delimiter == null ? null : delimiter.getBytes(StandardCharsets.UTF_8))) {
      r.initialize(split, context(conf));
      while (r.nextKeyValue()) {
        Text t = r.getCurrentValue();
        lines.add(new Line(r.getCurrentKey().get(),
            new String(t.getBytes(), 0, t.getLength(), StandardCharsets.ISO_8859_1)));
      }
      progress[0] = r.getProgress();
    }
    return lines;
  }

  /**
   * Checks every split of {@code file} (split at {@code bounds}) with blocks of {@code blockBytes}
   * against LineRecordReader.
   *
   * @param direct whether the block format must read these splits with {@link
   *     DirectLineBlockReader} (else with the reader over Hadoop's)
   * @return LineRecordReader's lines of all splits, in order
   */
  public static List<Line> check(Path file, long length, long[] bounds, Configuration base,
      int blockBytes, boolean direct) throws IOException, InterruptedException {
    Configuration conf = new Configuration(base);
    conf.set(IpJoinKeys.INPUT_BLOCK_BYTES.key(), Integer.toString(blockBytes));
    List<Line> all = new ArrayList<>();
    for (FileSplit split : splits(file, length, bounds)) {
      float[] expectedProgress = new float[1];
      List<Line> expected = lineRecordReader(split, conf, expectedProgress);
      String where = split + " of " + file.getName() + " with blocks of " + blockBytes;
      List<Line> actual = new ArrayList<>();
      try (RecordReader<LongWritable, LineBlock> r =
          new LineBlockInputFormat().createRecordReader(split, context(conf))) {
        assertEquals(direct, r instanceof DirectLineBlockReader, "reader for " + where);
        r.initialize(split, context(conf));
        while (r.nextKeyValue()) {
          LineBlock b = r.getCurrentValue();
          assertTrue(b.lines() > 0, "an empty block in " + where);
          int first = actual.size();
          assertTrue(first < expected.size(), "more lines than LineRecordReader in " + where);
          assertEquals(expected.get(first).key(), r.getCurrentKey().get(),
              "key of the block at line " + first + " in " + where);
          for (int i = 0; i < b.lines(); i++) {
            assertEquals('\n', b.bytes()[b.end(i)], "the newline after each line");
            actual.add(new Line(first + i < expected.size() ? expected.get(first + i).key() : -1,
                new String(b.bytes(), b.start(i), b.end(i) - b.start(i),
                    StandardCharsets.ISO_8859_1)));
          }
          assertEquals(b.end(b.lines() - 1) + 1, b.length());
          assertTrue(b.lines() == 1 || b.length() <= blockBytes,
              "a block of " + b.length() + " bytes in " + where);
          if (actual.size() < expected.size()) {
            assertTrue(b.length() + expected.get(actual.size()).text().length() + 1 > blockBytes,
                "the next line would have fitted, in " + where);
          }
        }
        assertEquals(expected, actual, "lines of " + where);
        assertEquals(expectedProgress[0], r.getProgress(), "progress at the end of " + where);
      }
      all.addAll(expected);
    }
    return all;
  }
}
