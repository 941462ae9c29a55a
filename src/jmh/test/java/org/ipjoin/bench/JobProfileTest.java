package org.ipjoin.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import jdk.jfr.consumer.RecordingStream;
import org.ipjoin.bench.JobProfile.Category;
import org.ipjoin.bench.JobProfile.Summary;
import org.ipjoin.ip.Ipv4Codec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class JobProfileTest {

  // ---- the rule, on stacks written out by hand (top-most frame first) ----

  @Test
  void aLookupCalledFromTheMapperIsALookup() {
    assertEquals(Category.LOOKUPS, JobProfile.categorise(List.of("org.ipjoin.index.lookup.Ipv4IntervalIndex",
        "org.ipjoin.job.task.IpJoinMapper", "org.apache.hadoop.mapreduce.Mapper", "org.apache.hadoop.mapred.MapTask")));
  }

  @Test
  void aChecksumCountsForTheStreamThatComputesIt() {
    assertEquals(Category.OUTPUT, JobProfile.categorise(List.of("org.apache.hadoop.util.PureJavaCrc32",
        "org.apache.hadoop.util.DataChecksum", "org.apache.hadoop.fs.FSOutputSummer",
        "org.apache.hadoop.fs.FSDataOutputStream$PositionCache", "java.io.DataOutputStream",
        "org.apache.hadoop.mapreduce.lib.output.TextOutputFormat$LineRecordWriter", "org.ipjoin.job.task.IpJoinMapper")));
    assertEquals(Category.INPUT, JobProfile.categorise(List.of("org.apache.hadoop.util.NativeCrc32",
        "org.apache.hadoop.util.DataChecksum", "org.apache.hadoop.fs.ChecksumFileSystem$ChecksumFSInputChecker",
        "org.apache.hadoop.fs.FSInputChecker", "java.io.DataInputStream", "org.apache.hadoop.util.LineReader",
        "org.ipjoin.job.input.LineBlockReader", "org.apache.hadoop.mapred.MapTask$NewTrackingRecordReader")));
  }

  @Test
  void statisticsAndCountersAreFrameworkWhoeverCallsThem() {
    assertEquals(Category.FRAMEWORK, JobProfile.categorise(List.of("org.apache.hadoop.fs.FileSystem$Statistics",
        "org.apache.hadoop.fs.RawLocalFileSystem$LocalFSFileInputStream", "org.apache.hadoop.util.LineReader")));
    assertEquals(Category.FRAMEWORK, JobProfile.categorise(List.of("org.apache.hadoop.mapreduce.counters.GenericCounter",
        "org.apache.hadoop.mapreduce.task.TaskInputOutputContextImpl", "org.ipjoin.job.task.RecordTally",
        "org.ipjoin.job.task.IpJoinMapper")));
    assertEquals(Category.FRAMEWORK, JobProfile.categorise(List.of("org.apache.hadoop.mapred.MapTask$NewTrackingRecordReader",
        "org.apache.hadoop.mapreduce.task.MapContextImpl", "org.apache.hadoop.mapreduce.Mapper")));
    assertEquals(Category.FRAMEWORK, JobProfile.categorise(List.of("com.ctc.wstx.io.UTF8Reader",
        "org.apache.hadoop.conf.Configuration$Parser", "org.apache.hadoop.conf.Configuration",
        "org.ipjoin.cli.IpJoinDriver")));
  }

  @Test
  void theJdkAndWritablesCountForTheirCaller() {
    assertEquals(Category.MAP_CODE, JobProfile.categorise(List.of("java.util.Arrays", "org.apache.hadoop.io.Text",
        "org.ipjoin.job.task.IpJoinMapper", "org.apache.hadoop.mapreduce.Mapper")));
    assertEquals(Category.MAP_CODE, JobProfile.categorise(List.of("org.ipjoin.job.MatchTags$Tagger",
        "org.ipjoin.job.task.IpJoinMapper")));
    assertEquals(Category.DRIVER, JobProfile.categorise(List.of("java.lang.StringBuilder", "org.slf4j.Logger",
        "org.ipjoin.job.driver.SubmitChecks", "org.ipjoin.cli.IpJoinDriver", "org.apache.hadoop.util.ToolRunner")));
    assertEquals(Category.INDEX_LOAD, JobProfile.categorise(List.of("java.util.zip.CRC32C",
        "org.ipjoin.index.format.IndexDecoder", "org.ipjoin.index.load.ChannelLoader", "org.ipjoin.job.task.IpJoinMapper")));
  }

  @Test
  void parsingInputAndDecompression() {
    assertEquals(Category.PARSING, JobProfile.categorise(List.of("org.ipjoin.ip.Ipv4Codec",
        "org.ipjoin.job.locate.CombinedLogLocator", "org.ipjoin.job.task.IpJoinMapper")));
    assertEquals(Category.PARSING, JobProfile.categorise(List.of("org.ipjoin.job.locate.CombinedLogLocator",
        "org.ipjoin.job.task.IpJoinMapper")));
    assertEquals(Category.INPUT, JobProfile.categorise(List.of("org.apache.hadoop.io.compress.zlib.ZlibDecompressor",
        "org.apache.hadoop.io.compress.DecompressorStream", "org.apache.hadoop.util.LineReader")));
    assertEquals(Category.INPUT, JobProfile.categorise(List.of("org.ipjoin.job.input.LineBlock",
        "org.ipjoin.job.task.IpJoinMapper")));
    assertEquals(Category.OUTPUT, JobProfile.categorise(List.of("org.apache.hadoop.io.compress.zlib.ZlibCompressor",
        "org.apache.hadoop.io.compress.CompressorStream", "org.apache.hadoop.io.Text",
        "org.apache.hadoop.mapreduce.lib.output.TextOutputFormat$LineRecordWriter")));
    assertEquals(Category.FRAMEWORK, JobProfile.categorise(List.of("org.apache.hadoop.io.compress.GzipCodec",
        "org.apache.hadoop.mapred.MapTask")));
  }

  @Test
  void aStackWithNoCategorisedFrameIsOther() {
    assertEquals(Category.OTHER, JobProfile.categorise(List.of("jdk.internal.misc.Unsafe", "java.lang.Thread")));
    assertEquals(Category.OTHER, JobProfile.categorise(List.of("org.slf4j.impl.Reload4jLoggerAdapter")));
    assertEquals(Category.OTHER, JobProfile.categorise(List.of()));
  }

  // ---- a real recording ----

  /**
   * Records this thread parsing addresses (org.ipjoin.ip.Ipv4Codec) in a loop of this class, until
   * the recording holds 20 samples of it, then checks the summary against a plain count of the
   * same file: this thread's stacks hold only JUnit, surefire, JDK, this class and Ipv4Codec frames,
   * so a sample is parsing exactly when a frame of org.ipjoin.ip is in its stack, else other.
   */
  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void summarisesARealRecordingByTheTopMostCategorisedFrame(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("parse.jfr");
    String me = Thread.currentThread().getName();
    AtomicInteger parsingSeen = new AtomicInteger();
    try (RecordingStream stream = new RecordingStream()) {
      stream.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
      stream.onEvent("jdk.ExecutionSample", e -> {
        if (me.equals(e.getThread("sampledThread").getJavaName()) && hasIpFrame(e)) {
          parsingSeen.incrementAndGet();
        }
      });
      stream.startAsync();
      byte[][] addresses = new byte[4096][];
      for (int i = 0; i < addresses.length; i++) {
        addresses[i] = ((i * 7919) % 256 + "." + i % 256 + ".1." + (i * 31) % 256).getBytes(StandardCharsets.US_ASCII);
      }
      long sum = 0;
      while (parsingSeen.get() < 20) {
        sum += parseAll(addresses);
      }
      assertTrue(sum != 0);
      stream.dump(file);
    }

    Summary summary = JobProfile.summarise(file, me::equals);

    long samples = 0;
    long mine = 0;
    long mineParsing = 0;
    try (RecordingFile recording = new RecordingFile(file)) {
      while (recording.hasMoreEvents()) {
        RecordedEvent e = recording.readEvent();
        if (e.getEventType().getName().equals("jdk.ExecutionSample")) {
          samples++;
          if (me.equals(e.getThread("sampledThread").getJavaName())) {
            mine++;
            mineParsing += hasIpFrame(e) ? 1 : 0;
          }
        }
      }
    }
    assertEquals(samples, summary.total());
    assertEquals(mine, summary.taskTotal());
    assertTrue(mineParsing >= 20, "parsing samples on this thread: " + mineParsing);
    assertEquals(mineParsing, summary.task().get(Category.PARSING));
    assertEquals(mine - mineParsing, summary.task().get(Category.OTHER));
    assertTrue(summary.hottest(Category.PARSING, 3).stream().allMatch(m -> m.getKey().startsWith("Ipv4Codec.")),
        summary.hottest(Category.PARSING, 3).toString());

    Path csv = dir.resolve("profile.csv");
    JobProfile.write(summary, csv);
    List<String> lines = Files.readAllLines(csv);
    assertEquals("category,samples,task_samples,hottest", lines.get(0));
    assertEquals(Category.values().length + 1, lines.size());
    assertTrue(lines.get(2).startsWith("parsing/locating," + summary.all().get(Category.PARSING) + "," + mineParsing + ",Ipv4Codec."),
        lines.get(2));
  }

  private static long parseAll(byte[][] addresses) {
    long sum = 0;
    for (byte[] a : addresses) {
      sum += Ipv4Codec.parseAddress(a, 0, a.length);
    }
    return sum;
  }

  private static boolean hasIpFrame(RecordedEvent e) {
    for (RecordedFrame f : e.getStackTrace().getFrames()) {
      if (f.isJavaFrame() && f.getMethod().getType().getName().startsWith("org.ipjoin.ip.")) {
        return true;
      }
    }
    return false;
  }
}
