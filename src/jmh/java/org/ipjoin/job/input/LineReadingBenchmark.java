package org.ipjoin.job.input;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.ipjoin.job.IpJoinKeys;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A map task's line reading: one split of a page-cached {@value #MEGABYTES} MB combined-format
 * log read as blocks of 1 MiB (the default) by {@link LineBlockReader} over Hadoop's
 * LineRecordReader ({@code hadoop}, the reader before) and by {@link DirectLineBlockReader}
 * ({@code direct}); {@code stream}, the floor, only reads the file's bytes into one array of the
 * block size, finding no lines. Each call reads the whole file once (an iteration: as many calls as fit in 2 s, averaged); MB/s =
 * file size / time per call.
 * Lives in the readers' package to reach both readers.
 *
 * <pre>
 * mvn -B -q -Pbench -DskipTests package
 * java -jar target/bench-build/benchmarks.jar LineReadingBenchmark -f 1 -wi 3 -i 5
 * </pre>
 * Figures: docs/benchmarks/2026-11-27-line-reading.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1)
public class LineReadingBenchmark {

  static final int MEGABYTES = 150;
  private static final int BLOCK_BYTES = 1 << 20;

  @Param({"hadoop", "direct", "stream"})
  public String reader;

  private Configuration conf;
  private FileSplit split;

  /** Writes the log once (seeded: the same bytes every time) and reuses it. */
  @Setup
  public void setUp() throws IOException {
    Path dir = Paths.get(System.getProperty("java.io.tmpdir"), "ipjoin-line-reading-bench");
    Files.createDirectories(dir);
    Path file = dir.resolve("access-" + MEGABYTES + "mb.log");
    long bytes = (long) MEGABYTES * 1_000_000;
    if (!Files.exists(file) || Files.size(file) < bytes) {
      writeLog(file, bytes);
    }
    conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    conf.set(IpJoinKeys.INPUT_BLOCK_BYTES.key(), Integer.toString(BLOCK_BYTES));
    split = new FileSplit(new org.apache.hadoop.fs.Path(file.toUri()), 0, Files.size(file),
        new String[0]);
    // Into the page cache before the first iteration.
    readAll();
  }

  private static void writeLog(Path file, long bytes) throws IOException {
    SplittableRandom random = new SplittableRandom(20261127);
    String[] paths = {"/", "/index.html", "/api/v1/items?page=", "/static/app.js?v=",
        "/images/logo.png", "/search?q=ip+list+", "/login", "/feed.xml"};
    String[] agents = {"Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
            + " Chrome/131.0.0.0 Safari/537.36", "curl/8.5.0", "Googlebot/2.1"};
    long written = 0;
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
      while (written < bytes) {
        String line = (random.nextInt(256)) + "." + random.nextInt(256) + "."
            + random.nextInt(256) + "." + random.nextInt(256) + " - - [27/Nov/2026:"
            + String.format("%02d:%02d:%02d", random.nextInt(24), random.nextInt(60),
                random.nextInt(60))
            + " +0000] \"GET " + paths[random.nextInt(paths.length)] + random.nextInt(10_000)
            + " HTTP/1.1\" " + (random.nextInt(10) == 0 ? 404 : 200) + " "
            + random.nextInt(100_000) + " \"-\" \"" + agents[random.nextInt(agents.length)]
            + "\"\n";
        byte[] b = line.getBytes(StandardCharsets.US_ASCII);
        out.write(b);
        written += b.length;
      }
    }
  }

  @Benchmark
  public long readAll() throws IOException {
    TaskAttemptContextImpl context = new TaskAttemptContextImpl(conf, new TaskAttemptID());
    if (reader.equals("stream")) {
      return readBytes();
    }
    long lines = 0;
    try (RecordReader<LongWritable, LineBlock> r = reader.equals("direct")
        ? new DirectLineBlockReader(BLOCK_BYTES)
        : new LineBlockReader(new InputSetFormat().createRecordReader(split, context),
            BLOCK_BYTES)) {
      r.initialize(split, context);
      while (r.nextKeyValue()) {
        lines += r.getCurrentValue().lines();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
    return lines;
  }

  /** The file's bytes read as the direct reader opens it, nothing else. */
  private long readBytes() throws IOException {
    org.apache.hadoop.fs.Path path = split.getPath();
    byte[] buffer = new byte[BLOCK_BYTES];
    long total = 0;
    try (FSDataInputStream in = path.getFileSystem(conf).open(path)) {
      for (int n; (n = in.read(buffer, 0, buffer.length)) > 0; ) {
        total += n;
      }
    }
    return total;
  }
}
