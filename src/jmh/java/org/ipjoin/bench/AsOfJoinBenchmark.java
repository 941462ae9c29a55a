package org.ipjoin.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.api.IpJoin;
import org.ipjoin.index.load.AsOfLookup;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.job.locate.RecordTimeLocator;
import org.ipjoin.problem.IpJoinException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The per-record work of the as-of tag join beside the plain one, on the history step's data
 * ({@link HistoryBenchData}, seed 42, generated into a temporary folder and built with {@code
 * ipindex build --as-of-from-file}): the log's records in time order, cut in blocks of {@value
 * #BLOCK} (about what a 1 MiB block of combined lines holds, as the job reads them).
 * <ul>
 *   <li>{@code plain}: the block's keys looked up in the history index's keys, batched
 *       ({@link Ipv4Lookup#matchAll}), and each match's label id, as a join against a plain
 *       index does;
 *   <li>{@code asOf}: the same keys as of each record's time ({@link AsOfLookup#matchAll}),
 *       whether the time is outside the history (asked twice, as the job's count and tag do) and
 *       each match's label id as of that time, as the job did until its lookups kept the
 *       label beside each match;
 *   <li>{@code asOfLabels}: the same, as the job does now ({@link AsOfLookup#matchAll(int[],
 *       long[], int, int[], int[])}: each entry's periods read once);
 *   <li>{@code readTimes}: each record's time read from its line ({@code --time combined}).
 * </ul>
 * Reported per record. {@code days} and {@code entries} are the step's {@code
 * IPJOIN_BENCH_HISTORY_DAYS} and {@code ENTRIES}; churn 0.02, re-listed share 0.5.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class AsOfJoinBenchmark {

  static final int BLOCK = 4096;
  private static final int RECORDS = 1 << 18;

  @Param({"60"})
  public int days;

  @Param({"300000"})
  public int entries;

  private Ipv4Lookup index;
  private AsOfLookup asOf;
  private RecordTimeLocator times;
  private byte[] lines;
  private int[] lineStarts;
  private int[] keys;
  private long[] millis;
  private int[] keysOfBlock;
  private long[] timesOfBlock;
  private int[] ids;
  private int[] labels;
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws IOException, IpJoinException {
    Path dir = Files.createTempDirectory("asof-bench");
    try {
      HistoryBenchData.main(new String[] {dir.toString(), Integer.toString(days),
          Integer.toString(entries), "0.02", "0.5", Integer.toString(RECORDS), "42"});
      Path history = dir.resolve("history.ipidx");
      IpJoin.buildIndex(new Configuration()).input(dir.resolve("snapshots").toString())
          .output(history.toString()).asOfFromFile("(\\d{4}-\\d{2}-\\d{2})\\.txt")
          .overwrite(true).run();
      LoadedIndex loaded = VerifyReader.load(FileSystem.getLocal(new Configuration()),
          new org.apache.hadoop.fs.Path(history.toString()), true);
      index = loaded.index();
      asOf = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
      lines = Files.readAllBytes(dir.resolve("logs").resolve("access.log"));
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
    times = RecordTimeLocator.fromSpec("combined");
    lineStarts = new int[RECORDS + 1];
    keys = new int[RECORDS];
    millis = new long[RECORDS];
    int at = 0;
    for (int r = 0; r < RECORDS; r++) {
      lineStarts[r] = at;
      int space = at;
      while (lines[space] != ' ') {
        space++;
      }
      keys[r] = (int) Ipv4Codec.parseKey(lines, at, space);
      while (lines[at] != '\n') {
        at++;
      }
      millis[r] = times.read(lines, lineStarts[r], at);
      at++;
    }
    lineStarts[RECORDS] = at;
    keysOfBlock = new int[BLOCK];
    timesOfBlock = new long[BLOCK];
    ids = new int[BLOCK];
    labels = new int[BLOCK];
    next = 0;
    System.out.println(new String(lines, 0, lineStarts[1] - 1, StandardCharsets.US_ASCII));
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    lines = null;
  }

  /** The next block of records' keys and times, in log order, as a mapper parses them. */
  private int nextBlock() {
    int from = next;
    System.arraycopy(keys, from, keysOfBlock, 0, BLOCK);
    System.arraycopy(millis, from, timesOfBlock, 0, BLOCK);
    next = (next + BLOCK) & (RECORDS - 1);
    return from;
  }

  @Benchmark
  @OperationsPerInvocation(BLOCK)
  public int plain() {
    nextBlock();
    index.matchAll(keysOfBlock, BLOCK, ids);
    int sum = 0;
    for (int i = 0; i < BLOCK; i++) {
      if (ids[i] >= 0) {
        sum += index.labelId(ids[i]);
      }
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(BLOCK)
  public int asOf() {
    nextBlock();
    asOf.matchAll(keysOfBlock, timesOfBlock, BLOCK, ids);
    int sum = 0;
    for (int i = 0; i < BLOCK; i++) {
      // The job asks twice per record whether its time is outside: to count it, and to tag it.
      if (asOf.isOutside(timesOfBlock[i]) || asOf.isOutside(timesOfBlock[i])) {
        sum++;
      } else if (ids[i] >= 0) {
        sum += asOf.labelId(ids[i], timesOfBlock[i]);
      }
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(BLOCK)
  public int asOfLabels() {
    nextBlock();
    asOf.matchAll(keysOfBlock, timesOfBlock, BLOCK, ids, labels);
    int sum = 0;
    for (int i = 0; i < BLOCK; i++) {
      if (asOf.isOutside(timesOfBlock[i]) || asOf.isOutside(timesOfBlock[i])) {
        sum++;
      } else if (ids[i] >= 0) {
        sum += asOf.matchedLabelId(ids[i], labels[i]);
      }
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(BLOCK)
  public long readTimes() {
    int from = nextBlock();
    long sum = 0;
    for (int r = from; r < from + BLOCK; r++) {
      sum += times.read(lines, lineStarts[r], lineStarts[r + 1] - 1);
    }
    return sum;
  }
}
