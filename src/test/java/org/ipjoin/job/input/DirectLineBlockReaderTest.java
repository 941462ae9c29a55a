package org.ipjoin.job.input;

import static org.ipjoin.job.input.LineReadingComparison.independentLines;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.GzipCodec;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.util.ReflectionUtils;
import org.ipjoin.job.input.LineReadingComparison.Line;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DirectLineBlockReader} against Hadoop's own {@link LineRecordReader} over random files
 * (fixed seeds): line lengths from empty to several times every buffer, {@code \n}, {@code \r\n}
 * and {@code \r} ends mixed, a {@code \r} put right before every 4 KiB boundary (LineRecordReader's
 * buffer with the default {@code io.file.buffer.size}) and before this reader's read boundaries, a
 * last line with and without an end, sometimes a UTF-8 byte order mark; each file cut into 1 to 5
 * splits at random offsets. In each split the lines, each block's key (with blocks of one byte:
 * every line's key) and the final progress are LineRecordReader's ({@link LineReadingComparison}),
 * and all splits together give every line of the file once (read independently, by plain code).
 * Also gzip (one split: the whole stream), and the cases read over Hadoop's reader instead (a small
 * maximum line length, a custom delimiter, bzip2).
 */
class DirectLineBlockReaderTest {

  private static final int[] BLOCK_SIZES = {1, 100, 5000, 1 << 20};

  @TempDir java.nio.file.Path dir;

  private int files;

  /** A random file as described in the class comment. */
  private static byte[] randomFile(Random random, int lines, boolean longLines) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (random.nextInt(8) == 0) {
      out.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
    }
    for (int i = 0; i < lines; i++) {
      int length = switch (random.nextInt(10)) {
        case 0 -> 0;
        case 1 -> random.nextInt(3);
        case 2 -> longLines ? 60_000 + random.nextInt(150_000) : random.nextInt(400);
        default -> random.nextInt(120);
      };
      for (int j = 0; j < length; j++) {
        // Mostly log-like text; now and then any byte but a line end.
        int b = random.nextInt(50) == 0 ? random.nextInt(256) : ' ' + random.nextInt(95);
        out.write(b == '\n' || b == '\r' ? 'x' : b);
      }
      if (i < lines - 1 || random.nextBoolean()) {
        switch (random.nextInt(3)) {
          case 0 -> out.write('\n');
          case 1 -> out.write('\r');
          default -> out.writeBytes(new byte[] {'\r', '\n'});
        }
      }
    }
    byte[] bytes = out.toByteArray();
    // A \r as the last byte before buffer and read boundaries, followed by \n or by text.
    // (The reader's first read of a split fills a block's array: the block size plus 4 KiB to
    // 64 KiB.)
    for (int boundary : new int[] {4096, 4097, 4196, 10_000, 64 << 10}) {
      for (int p = boundary - 1; p < bytes.length; p += boundary) {
        if (random.nextBoolean()) {
          bytes[p] = '\r';
          if (p + 1 < bytes.length) {
            bytes[p + 1] = random.nextBoolean() ? (byte) '\n' : (byte) 'y';
          }
        }
      }
    }
    return bytes;
  }

  /** 1 to 5 splits at distinct random offsets: the inner bounds. */
  private static long[] randomBounds(Random random, int length) {
    if (length < 2) {
      return new long[0];
    }
    return random.ints(random.nextInt(5), 1, length).distinct().sorted().asLongStream().toArray();
  }

  private Path write(String suffix, byte[] bytes) throws IOException {
    java.nio.file.Path file = dir.resolve("random-" + files++ + suffix);
    Files.write(file, bytes);
    return new Path(file.toUri());
  }

  private static Configuration conf() {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    return conf;
  }

  private static List<String> texts(List<Line> lines) {
    return lines.stream().map(Line::text).toList();
  }

  private void checkRandomFiles(long seed, int count, int lines, boolean longLines)
      throws Exception {
    Random random = new Random(seed);
    for (int f = 0; f < count; f++) {
      byte[] bytes = randomFile(random, random.nextInt(lines + 1), longLines);
      Path file = write(".log", bytes);
      List<String> everyLine = independentLines(bytes);
      for (int layout = 0; layout < 3; layout++) {
        long[] bounds = randomBounds(random, bytes.length);
        for (int blockBytes : BLOCK_SIZES) {
          List<Line> all = LineReadingComparison.check(file, bytes.length, bounds, conf(),
              blockBytes, true);
          assertEquals(everyLine, texts(all), file.getName() + " (seed " + seed + ") split at "
              + Arrays.toString(bounds) + ": every line once");
        }
      }
    }
  }

  @Test
  void randomShortLinesInRandomSplitsAreLineRecordReadersLines() throws Exception {
    checkRandomFiles(20261127L, 150, 60, false);
  }

  @Test
  void randomLinesLongerThanEveryBufferInRandomSplitsAreLineRecordReadersLines()
      throws Exception {
    checkRandomFiles(20261128L, 12, 30, true);
  }

  @Test
  void tinyFilesSplitAtEveryByte() throws Exception {
    String[] texts = {"", "\r", "\n", "\r\n", "\n\r", "a", "a\r", "\r\r\n\n", "\u00ef\u00bb\u00bf",
        "\u00ef\u00bb\u00bf\n", "\u00ef\u00bb\u00bfx\r\ny", "\u00ef\u00bb", "ab\rc\r\nd\ne"};
    for (String text : texts) {
      byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
      Path file = write(".log", bytes);
      for (int b = 1; b < bytes.length; b++) {
        for (int blockBytes : new int[] {1, 3, 1 << 20}) {
          assertEquals(independentLines(bytes),
              texts(LineReadingComparison.check(file, bytes.length, new long[] {b}, conf(),
                  blockBytes, true)));
        }
      }
      assertEquals(independentLines(bytes), texts(LineReadingComparison.check(file, bytes.length,
          new long[0], conf(), 1, true)), Arrays.toString(bytes));
    }
  }

  private Path compressed(byte[] bytes, Class<? extends CompressionCodec> codecClass)
      throws IOException {
    CompressionCodec codec = ReflectionUtils.newInstance(codecClass, new Configuration());
    java.nio.file.Path file = dir.resolve("random-" + files++ + codec.getDefaultExtension());
    try (OutputStream out = codec.createOutputStream(Files.newOutputStream(file))) {
      out.write(bytes);
    }
    return new Path(file.toUri());
  }

  @Test
  void gzipIsReadWhole() throws Exception {
    Random random = new Random(20261129L);
    for (int f = 0; f < 20; f++) {
      byte[] bytes = randomFile(random, random.nextInt(f < 3 ? 40 : 3000), f < 3);
      Path gz = compressed(bytes, GzipCodec.class);
      long length = Files.size(java.nio.file.Path.of(gz.toUri()));
      for (int blockBytes : BLOCK_SIZES) {
        assertEquals(independentLines(bytes), texts(LineReadingComparison.check(gz, length,
            new long[0], conf(), blockBytes, true)), gz.getName());
      }
    }
  }

  @Test
  void aMaximumLineLengthACustomDelimiterAndBzip2AreReadOverHadoopsReader() throws Exception {
    Random random = new Random(20261130L);
    for (int f = 0; f < 20; f++) {
      byte[] bytes = randomFile(random, random.nextInt(80), false);
      Path file = write(".log", bytes);
      Configuration limited = conf();
      limited.setInt(LineRecordReader.MAX_LINE_LENGTH, 1 + random.nextInt(100));
      Configuration delimited = conf();
      delimited.set("textinputformat.record.delimiter", "\r\n");
      for (Configuration conf : List.of(limited, delimited)) {
        long[] bounds = randomBounds(random, bytes.length);
        for (int blockBytes : BLOCK_SIZES) {
          LineReadingComparison.check(file, bytes.length, bounds, conf, blockBytes, false);
        }
      }
      Path bz2 = compressed(bytes, BZip2Codec.class);
      LineReadingComparison.check(bz2, Files.size(java.nio.file.Path.of(bz2.toUri())),
          new long[0], conf(), 100, false);
    }
  }
}
