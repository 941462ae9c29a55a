package org.ipjoin.job.input;

import static org.ipjoin.job.input.LineReadingComparison.independentLines;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.GzipCodec;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.hadoop.util.ReflectionUtils;
import org.ipjoin.RealData;
import org.ipjoin.job.IpJoinKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LineBlockReader} against Hadoop's own {@link LineRecordReader} (through TextInputFormat)
 * over the same real files and the same splits: in every split, the lines of all blocks are
 * exactly LineRecordReader's lines, byte for byte and in order; each block starts with the key
 * LineRecordReader gives its first line; each block holds as many lines as fit in the block size
 * (a longer line alone). Where the lines can be read independently (plain String code over the
 * whole file), the concatenation of all splits' lines is also that reading: every line read once.
 */
class LineBlockReaderTest {

  private static final int TEN_MB = 10 << 20;
  private static final int[] BLOCK_SIZES = {1, 3, 8, 64, 1 << 20};

  @TempDir Path dir;

  /** One line as a reader returned it, with its key. */
  private record Line(long key, String text) {}

  /** One block: its key and lines. */
  private record Block(long key, List<String> lines, int length) {}

  private static String latin1(byte[] b, int from, int to) {
    return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
  }

  private static byte[] latin1(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static TaskAttemptContextImpl context(Configuration conf) {
    return new TaskAttemptContextImpl(conf, new TaskAttemptID());
  }

  private static Configuration conf(int blockBytes) {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    conf.set(IpJoinKeys.INPUT_BLOCK_BYTES.key(), Integer.toString(blockBytes));
    return conf;
  }

  /** LineRecordReader's lines of one split. */
  private static List<Line> lineReader(InputSplit split, Configuration conf) throws Exception {
    List<Line> lines = new ArrayList<>();
    try (RecordReader<LongWritable, Text> r =
        new TextInputFormat().createRecordReader(split, context(conf))) {
      assertTrue(r instanceof LineRecordReader);
      r.initialize(split, context(conf));
      while (r.nextKeyValue()) {
        Text t = r.getCurrentValue();
        lines.add(new Line(r.getCurrentKey().get(), latin1(t.getBytes(), 0, t.getLength())));
      }
    }
    return lines;
  }

  /** The blocks {@link LineBlockInputFormat} reads from one split. */
  private static List<Block> blockReader(InputSplit split, Configuration conf) throws Exception {
    List<Block> blocks = new ArrayList<>();
    try (RecordReader<LongWritable, LineBlock> r =
        new LineBlockInputFormat().createRecordReader(split, context(conf))) {
      r.initialize(split, context(conf));
      while (r.nextKeyValue()) {
        LineBlock b = r.getCurrentValue();
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < b.lines(); i++) {
          lines.add(latin1(b.bytes(), b.start(i), b.end(i)));
          assertEquals('\n', b.bytes()[b.end(i)], "each line is followed by a newline");
        }
        assertTrue(b.lines() > 0, "a block holds at least one line");
        assertEquals(b.end(b.lines() - 1) + 1, b.length());
        blocks.add(new Block(r.getCurrentKey().get(), lines, b.length()));
      }
    }
    return blocks;
  }

  /**
   * Checks one split: the blocks' lines are LineRecordReader's, each block's key is its first
   * line's key, and each block is as full as the block size allows.
   *
   * @return LineRecordReader's lines of the split
   */
  private static List<String> checkSplit(InputSplit split, Configuration conf, int blockBytes,
      List<Line> reference) throws Exception {
    List<Block> blocks = blockReader(split, conf);
    List<String> fromBlocks = new ArrayList<>();
    int next = 0;
    for (int b = 0; b < blocks.size(); b++) {
      Block block = blocks.get(b);
      assertEquals(reference.get(next).key(), block.key(), "key of block " + b + " in " + split);
      fromBlocks.addAll(block.lines());
      next += block.lines().size();
      assertTrue(block.lines().size() == 1 || block.length() <= blockBytes,
          "block " + b + " holds " + block.length() + " bytes, more than " + blockBytes);
      if (next < reference.size()) {
        assertTrue(block.length() + reference.get(next).text().length() + 1 > blockBytes,
            "the next line would have fitted in block " + b + " of " + split);
      }
    }
    List<String> expected = reference.stream().map(Line::text).toList();
    assertEquals(expected, fromBlocks, "lines of " + split + " with blocks of " + blockBytes);
    return expected;
  }

  /**
   * Reads the file under every given layout and block size; the lines of all splits together must
   * be {@code everyLine} (when given) and are the same for every layout.
   */
  private void checkLayouts(Path file, List<long[]> layouts, List<String> everyLine,
      Configuration base) throws Exception {
    checkLayouts(file, layouts, everyLine, base, BLOCK_SIZES);
  }

  private void checkLayouts(Path file, List<long[]> layouts, List<String> everyLine,
      Configuration base, int[] blockSizes) throws Exception {
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.toUri());
    long length = Files.size(file);
    for (long[] bounds : layouts) {
      List<InputSplit> splits =
          new ArrayList<>(LineReadingComparison.splits(path, length, bounds));
      List<List<Line>> reference = new ArrayList<>();
      for (InputSplit split : splits) {
        reference.add(lineReader(split, base));
      }
      for (int blockBytes : blockSizes) {
        Configuration conf = new Configuration(base);
        conf.set(IpJoinKeys.INPUT_BLOCK_BYTES.key(), Integer.toString(blockBytes));
        List<String> all = new ArrayList<>();
        for (int s = 0; s < splits.size(); s++) {
          all.addAll(checkSplit(splits.get(s), conf, blockBytes, reference.get(s)));
        }
        if (everyLine != null) {
          assertEquals(everyLine, all, file.getFileName() + " split at " + java.util.Arrays
              .toString(bounds) + ": every line exactly once");
        }
      }
    }
  }

  /** One split; two splits at every position; every byte a split of its own; three-way splits. */
  private static List<long[]> everyLayout(int length, boolean threeWay) {
    List<long[]> layouts = new ArrayList<>();
    layouts.add(new long[0]);
    for (int b = 1; b < length; b++) {
      layouts.add(new long[] {b});
    }
    long[] bytes = new long[Math.max(0, length - 1)];
    for (int b = 1; b < length; b++) {
      bytes[b - 1] = b;
    }
    layouts.add(bytes);
    if (threeWay) {
      for (int b1 = 1; b1 < length; b1++) {
        for (int b2 = b1 + 1; b2 < length; b2++) {
          layouts.add(new long[] {b1, b2});
        }
      }
    }
    return layouts;
  }

  @Test
  void everySplitOfSmallFilesGivesLineRecordReadersLinesWithLfCrlfAndCrEnds() throws Exception {
    String[] files = {
        "", "abc", "a\nbb\n\nccc\n", "a\r\nbb\r\n\r\nccc\r\n", "a\rbb\r\rccc\r",
        "a\r\n\rb\n\r\nc\r", "a\nbb\nccc", "a\r\nbb\r\nccc", "a\nb\r", "\n\n\n", "\r\n\r\n",
        "\r\r\n\n\r", "x\u0000y\n\u00ff\u00fe\r\n\u0000\n", "1.2.3.4 - - \"GET /\" 200\r\n5.6.7.8 -\r\n",
    };
    int n = 0;
    for (String text : files) {
      byte[] bytes = latin1(text);
      Path file = dir.resolve("small-" + n++ + ".log");
      Files.write(file, bytes);
      checkLayouts(file, everyLayout(bytes.length, bytes.length <= 20), independentLines(bytes),
          conf(1));
    }
  }

  @Test
  void realLogLinesSplitInsideALineAndInsideACrlfAndAtTheFileEnd() throws Exception {
    // The first lines of a real log, with LF and with CRLF ends, and without a newline at the end.
    List<String> real = Files.readAllLines(RealData.elasticLog(), StandardCharsets.ISO_8859_1)
        .subList(0, 40);
    for (String end : new String[] {"\n", "\r\n"}) {
      for (boolean lastNewline : new boolean[] {true, false}) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < real.size(); i++) {
          s.append(real.get(i));
          if (lastNewline || i < real.size() - 1) {
            s.append(end);
          }
        }
        byte[] bytes = latin1(s.toString());
        Path file = dir.resolve("real" + end.length() + lastNewline + ".log");
        Files.write(file, bytes);
        List<long[]> layouts = new ArrayList<>();
        int firstEnd = real.get(0).length();
        // Inside the first line, right at its terminator, inside the CRLF, right after it.
        for (int b = firstEnd - 2; b <= firstEnd + 3; b++) {
          layouts.add(new long[] {b});
        }
        // One byte before the end, at the last byte, and every 97 bytes (inside lines).
        layouts.add(new long[] {bytes.length - 2});
        layouts.add(new long[] {bytes.length - 1});
        List<Long> every97 = new ArrayList<>();
        for (long b = 97; b < bytes.length; b += 97) {
          every97.add(b);
        }
        layouts.add(every97.stream().mapToLong(Long::longValue).toArray());
        checkLayouts(file, layouts, real, conf(1));
      }
    }
  }

  @Test
  void aTenMegabyteLineIsABlockOfItsOwnWhereverTheSplitFalls() throws Exception {
    Random random = new Random(20261123);
    StringBuilder huge = new StringBuilder(TEN_MB);
    for (int i = 0; i < TEN_MB; i++) {
      huge.append((char) ('a' + random.nextInt(26)));
    }
    List<String> lines = List.of("1.2.3.4 first", huge.toString(), "5.6.7.8 after", "last");
    byte[] bytes = latin1(String.join("\r\n", lines));
    Path file = dir.resolve("huge.log");
    Files.write(file, bytes);
    long hugeStart = lines.get(0).length() + 2;
    long hugeEnd = hugeStart + TEN_MB;
    List<long[]> layouts = List.of(new long[0], new long[] {hugeStart - 1}, new long[] {hugeStart},
        new long[] {hugeStart + 1}, new long[] {hugeStart + TEN_MB / 2},
        new long[] {hugeEnd, hugeEnd + 1}, new long[] {hugeStart + (1 << 20), hugeEnd - 1},
        new long[] {bytes.length - 1});
    checkLayouts(file, layouts, lines, conf(1 << 20), new int[] {1, 1 << 20});
  }

  @Test
  void aCustomRecordDelimiterAndTheMaximumLineLengthApplyAsInLineRecordReader() throws Exception {
    // With a custom delimiter a line may hold \n and \r; the block still gives them back intact.
    // LineRecordReader itself reads some lines twice or not at all when a split boundary falls
    // inside a two-byte custom delimiter, so every layout is checked against it, and only the
    // whole file against the lines themselves.
    byte[] bytes = latin1("a\nb||c\r\n||||dd||x\n");
    Path file = dir.resolve("delimited.log");
    Files.write(file, bytes);
    Configuration conf = conf(1);
    conf.set("textinputformat.record.delimiter", "||");
    checkLayouts(file, List.<long[]>of(new long[0]), List.of("a\nb", "c\r\n", "", "dd", "x\n"),
        conf);
    checkLayouts(file, everyLayout(bytes.length, true), null, conf);

    // Lines longer than the maximum are skipped by LineRecordReader, and so by the blocks. (Where
    // a split starts right at a long line, LineRecordReader gives the previous split that line
    // cut to the maximum; the blocks do the same.)
    byte[] longLines = latin1("short\nthis line is too long\nok\r\nanother overly long line\nend");
    Path file2 = dir.resolve("maxlength.log");
    Files.write(file2, longLines);
    Configuration limited = conf(1);
    limited.setInt(LineRecordReader.MAX_LINE_LENGTH, 8);
    checkLayouts(file2, List.<long[]>of(new long[0]), List.of("short", "ok", "end"), limited);
    checkLayouts(file2, everyLayout(longLines.length, false), null, limited);
  }

  /** A log of about {@code bytes} bytes of real lines, repeated with a counter to stay distinct. */
  private static byte[] realLog(int bytes) throws IOException {
    List<String> real = Files.readAllLines(RealData.elasticLog(), StandardCharsets.ISO_8859_1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; out.size() < bytes; i++) {
      out.writeBytes(latin1(real.get(i % real.size()) + " " + i + (i % 7 == 0 ? "\r\n" : "\n")));
    }
    out.writeBytes(latin1("no newline at the end"));
    return out.toByteArray();
  }

  private Path compressed(String name, byte[] bytes, Class<? extends CompressionCodec> codecClass)
      throws IOException {
    CompressionCodec codec = ReflectionUtils.newInstance(codecClass, new Configuration());
    Path file = dir.resolve(name + codec.getDefaultExtension());
    try (OutputStream out = codec.createOutputStream(Files.newOutputStream(file))) {
      out.write(bytes);
    }
    return file;
  }

  /** The splits the block format makes of {@code file} with at most {@code maxSplit} bytes each. */
  private static List<InputSplit> formatSplits(Path file, long maxSplit, Configuration conf)
      throws IOException {
    Job job = Job.getInstance(conf);
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(file.toUri()));
    FileInputFormat.setMaxInputSplitSize(job, maxSplit);
    FileInputFormat.setMinInputSplitSize(job, 1);
    return new LineBlockInputFormat().getSplits(job);
  }

  @Test
  void gzipIsOneSplitAndBzip2IsSplitIntoManyAndBothGiveEveryLineOnce() throws Exception {
    byte[] bytes = realLog(3 << 20);
    List<String> everyLine = independentLines(bytes);
    Path gz = compressed("access.log", bytes, GzipCodec.class);
    Path bz2 = compressed("access.log", bytes, BZip2Codec.class);
    Configuration base = conf(1);

    List<InputSplit> gzSplits = formatSplits(gz, 4096, base);
    assertEquals(1, gzSplits.size(), "gzip is not splittable");
    List<InputSplit> bz2Splits = formatSplits(bz2, Files.size(bz2) / 12, base);
    assertTrue(bz2Splits.size() > 8, bz2Splits.size() + " bzip2 splits");

    for (List<InputSplit> splits : List.of(gzSplits, bz2Splits)) {
      List<List<Line>> reference = new ArrayList<>();
      for (InputSplit split : splits) {
        reference.add(lineReader(split, base));
      }
      for (int blockBytes : new int[] {100, 1 << 20}) {
        Configuration conf = new Configuration(base);
        conf.set(IpJoinKeys.INPUT_BLOCK_BYTES.key(), Integer.toString(blockBytes));
        List<String> all = new ArrayList<>();
        for (int s = 0; s < splits.size(); s++) {
          all.addAll(checkSplit(splits.get(s), conf, blockBytes, reference.get(s)));
        }
        assertEquals(everyLine.size(), all.size(), splits.get(0) + ": lines");
        assertEquals(everyLine, all, splits.get(0) + ": every line exactly once");
      }
    }
  }
}
