package org.ipjoin.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.GzipCodec;
import org.apache.hadoop.util.ReflectionUtils;
import org.ipjoin.job.input.LineReadingComparison;
import org.ipjoin.job.input.LineReadingComparison.Line;

/**
 * Fuzzes the map tasks' direct line reader ({@code DirectLineBlockReader}, through {@code
 * LineBlockInputFormat}) against Hadoop's own {@code LineRecordReader}.
 *
 * <p>Input layout: byte 0 chooses the block size (bits 0-1: 1, 7, 100 or 1 MiB bytes), gzip (bit
 * 2: the file is compressed and read as one split) and the number of inner split bounds (bits 3-5,
 * modulo 5: 1 to 5 splits); bytes 1-4 place the bounds (each byte / 256 of the file's length, kept
 * distinct and in order); the rest is the file.
 *
 * <p>Properties: in every split the lines, each block's key and the final progress are
 * LineRecordReader's ({@link LineReadingComparison}: its blocks are as full as the block size
 * allows, each line followed by a newline); all splits together give every line of the file once,
 * as plain code splits it at {@code \n}, {@code \r\n} and {@code \r} (a leading UTF-8 byte order
 * mark dropped).
 */
class LineReadingFuzzTest {

  private static final int[] BLOCK_SIZES = {1, 7, 100, 1 << 20};
  private static Path dir;

  @FuzzTest(maxDuration = "20s")
  void lines(byte[] input) throws IOException, InterruptedException {
    if (input.length < 5) {
      return;
    }
    int mode = input[0] & 0xFF;
    int blockBytes = BLOCK_SIZES[mode & 3];
    boolean gzip = (mode & 4) != 0;
    byte[] file = Arrays.copyOfRange(input, 5, input.length);
    Path path = dir().resolve(gzip ? "fuzzed.log.gz" : "fuzzed.log");
    if (gzip) {
      GzipCodec codec = ReflectionUtils.newInstance(GzipCodec.class, new Configuration());
      try (OutputStream out = codec.createOutputStream(Files.newOutputStream(path))) {
        out.write(file);
      }
    } else {
      Files.write(path, file);
    }
    long length = Files.size(path);
    long[] bounds = gzip ? new long[0] : bounds(input, (mode >>> 3) % 5, length);
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    List<Line> all = LineReadingComparison.check(new org.apache.hadoop.fs.Path(path.toUri()),
        length, bounds, conf, blockBytes, true);
    assertEquals(LineReadingComparison.independentLines(file),
        all.stream().map(Line::text).toList(), "every line once, split at "
        + Arrays.toString(bounds));
  }

  /** Up to {@code count} distinct bounds inside {@code (0, length)}, in order. */
  private static long[] bounds(byte[] input, int count, long length) {
    return IntStream.rangeClosed(1, count).mapToLong(i -> (input[i] & 0xFF) * length / 256)
        .filter(b -> b > 0 && b < length).distinct().sorted().toArray();
  }

  private static synchronized Path dir() {
    if (dir == null) {
      try {
        Path base = Paths.get(System.getProperty("ipjoin.test.dir",
            System.getProperty("java.io.tmpdir")));
        Files.createDirectories(base);
        dir = Files.createTempDirectory(base, "fuzz-lines");
        dir.toFile().deleteOnExit();
        dir.resolve("fuzzed.log").toFile().deleteOnExit();
        dir.resolve("fuzzed.log.gz").toFile().deleteOnExit();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return dir;
  }
}
