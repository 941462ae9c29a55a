package org.ipjoin.job;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.lookup.IntervalIndex;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.ip.IpCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The map-side join: loads the index once per task in {@link #setup}, then per record finds the
 * client IP bytes ({@link ClientIpLocator}), parses them ({@link IpCodec}, no String) and looks them
 * up.
 *
 * <p>Per record, by {@link JoinMode}: {@code match}/{@code nomatch} write the record's bytes
 * unchanged (NullWritable key, so TextOutputFormat writes the value alone); {@code tag} writes the
 * record + TAB + the matching interval's label ({@code 1} without one), the configured unmatched
 * tag, or {@code -} for a malformed record ({@link MatchTags}); {@code count} emits (key of the
 * address, 1) for listed addresses, summed by Hadoop's LongSumReducer as combiner and {@link
 * IpCountReducer}, or with {@code ipjoin.count.by=label} (label, 1), summed by LongSumReducer as
 * combiner and reducer. An IPv6 client is
 * counted in {@code IPV6} and treated as not listed (the index holds IPv4 only). A record without
 * a well-formed client IP is counted in {@code MALFORMED}, never fails the task, and (unless
 * {@code ipjoin.malformed.output=false}) is written byte for byte under
 * {@code <output>/malformed/}.
 *
 * <p>When the task fails, {@link #run} records the reason, one line, for the driver to print
 * ({@link TaskFailureLog}); an OutOfMemoryError while loading the index becomes a reason that names
 * the heap and the ways out instead of a stack trace.
 */
public class IpJoinMapper extends Mapper<LongWritable, Text, Writable, Writable> {

  private static final Logger LOG = LoggerFactory.getLogger(IpJoinMapper.class);

  /** The MultipleOutputs named output for malformed records. */
  public static final String MALFORMED_OUTPUT = "malformed";
  /** Its files: {@code <output>/malformed/part-m-NNNNN}. */
  static final String MALFORMED_BASE_PATH = "malformed/part";

  private IntervalIndex index;
  private JoinMode mode;
  private CountBy countBy;
  private MatchTags tags;
  private ClientIpLocator locator;
  private final ClientIpLocator.Range range = new ClientIpLocator.Range();
  private boolean writeMalformed;
  /** Made on the first malformed record: most tasks have none and then leave no empty file. */
  private MultipleOutputs<Writable, Writable> malformedOut;

  private final Text tagged = new Text();
  private final IntWritable addressKey = new IntWritable();
  private final Text labelKey = new Text();
  private final LongWritable one = new LongWritable(1);

  private Counter records;
  private Counter matched;
  private Counter unmatched;
  private Counter ipv6;
  private Counter malformed;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    mode = JoinMode.fromName(IpJoinKeys.MODE.get(conf));
    countBy = CountBy.fromName(IpJoinKeys.COUNT_BY.get(conf));
    tags = MatchTags.of(conf);
    locator = ClientIpLocators.fromSpec(IpJoinKeys.FORMAT.get(conf));
    writeMalformed = IpJoinKeys.MALFORMED_OUTPUT.getBoolean(conf);
    ReadPath readPath = IpJoinKeys.readPath(conf);
    boolean verifyChecksum = IpJoinKeys.VERIFY_CHECKSUM.getBoolean(conf);
    String pinned = IpJoinKeys.INDEX_IDENTITY.get(conf);
    if (pinned == null) {
      throw new IOException(IpJoinKeys.INDEX_IDENTITY.key() + " is not set: the driver pins the"
          + " index every task must load; submit the job with IpJoinDriver");
    }
    IndexIdentity expected = IndexIdentity.parse(pinned);

    URI uri = IndexCacheFile.find(context.getCacheFiles());
    IndexCacheFile.Local local = IndexCacheFile.localize(uri, conf, Paths.get("").toAbsolutePath());
    try {
      long start = System.nanoTime();
      LoadedIndex loaded = readPath.loader().load(local.path(), verifyChecksum);
      long millis = (System.nanoTime() - start) / 1_000_000;
      expected.check(loaded.identity(), local.path() + " (cache file " + uri + ")");
      index = loaded.index();
      context.getCounter(IpJoinCounter.INDEX_ENTRIES).increment(index.size());
      context.getCounter(IpJoinCounter.INDEX_BYTES).increment(loaded.identity().fileLength());
      context.getCounter(IpJoinCounter.INDEX_LOAD_MILLIS).increment(millis);
      context.getCounter(IpJoinCounter.INDEX_LABELS).increment(index.labels().count());
      LOG.info("Loaded index {} ({}, {}) with loader {} in {} ms: {} intervals, {} labels, {} bytes,"
          + " checksum {}", local.path(), local.how(), uri, readPath.externalName(), millis,
          index.size(), index.labels().count(),
          loaded.identity().fileLength(),
          readPath.readsText() ? "n/a (text list)" : verifyChecksum ? "verified" : "not verified");
    } finally {
      if (local.temporary()) {
        Files.deleteIfExists(local.path());
      }
    }
    LOG.info("Mode {}{}, format {}, malformed output {}", mode.externalName(),
        mode == JoinMode.COUNT ? " by " + countBy.externalName() : "", locator.spec(),
        writeMalformed ? "on" : "off");

    records = context.getCounter(IpJoinCounter.RECORDS);
    matched = context.getCounter(IpJoinCounter.MATCHED);
    unmatched = context.getCounter(IpJoinCounter.UNMATCHED);
    ipv6 = context.getCounter(IpJoinCounter.IPV6);
    malformed = context.getCounter(IpJoinCounter.MALFORMED);
  }

  /** Hadoop's loop, recording why it failed for the driver. */
  @Override
  public void run(Context context) throws IOException, InterruptedException {
    try {
      super.run(context);
    } catch (OutOfMemoryError e) {
      String reason = TaskHeap.outOfMemory(context.getConfiguration(), index != null);
      TaskFailureLog.record(context, reason);
      if (index == null) {
        // While loading the index: the large allocation failed and is gone; say why in one line.
        throw new TaskOutOfMemoryException(reason);
      }
      throw e;
    } catch (IOException | RuntimeException | Error e) {
      TaskFailureLog.record(context, e, OneLine.reason(e));
      throw e;
    }
  }

  @Override
  protected void map(LongWritable offset, Text record, Context context)
      throws IOException, InterruptedException {
    records.increment(1);
    byte[] bytes = record.getBytes();
    int length = record.getLength();
    if (!locator.locate(bytes, length, range)) {
      malformed(record, context);
      return;
    }
    long key = IpCodec.parseKey(bytes, range.from, range.to);
    int interval;
    if (key != IpCodec.NOT_IPV4) {
      interval = index.match((int) key);
    } else if (IpCodec.looksLikeIpv6(bytes, range.from, range.to)) {
      ipv6.increment(1);
      interval = IntervalIndex.NO_MATCH;
    } else {
      malformed(record, context);
      return;
    }
    boolean listed = interval != IntervalIndex.NO_MATCH;
    (listed ? matched : unmatched).increment(1);

    switch (mode) {
      case MATCH -> {
        if (listed) {
          context.write(NullWritable.get(), record);
        }
      }
      case NOMATCH -> {
        if (!listed) {
          context.write(NullWritable.get(), record);
        }
      }
      case TAG -> {
        tags.tag(tagged, bytes, length, index, interval);
        context.write(NullWritable.get(), tagged);
      }
      case COUNT -> {
        if (listed) {
          count((int) key, interval, context);
        }
      }
    }
  }

  private void count(int key, int interval, Context context)
      throws IOException, InterruptedException {
    if (countBy == CountBy.LABEL) {
      MatchTags.label(labelKey, index, interval);
      context.write(labelKey, one);
    } else {
      addressKey.set(key);
      context.write(addressKey, one);
    }
  }

  private void malformed(Text record, Context context) throws IOException, InterruptedException {
    malformed.increment(1);
    if (mode == JoinMode.TAG) {
      // Tag mode keeps its promise of every record: a malformed one is tagged '-'.
      MatchTags.tagMalformed(tagged, record.getBytes(), record.getLength());
      context.write(NullWritable.get(), tagged);
    }
    if (writeMalformed) {
      if (malformedOut == null) {
        malformedOut = new MultipleOutputs<>(context);
      }
      malformedOut.write(MALFORMED_OUTPUT, NullWritable.get(), record, MALFORMED_BASE_PATH);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    if (malformedOut != null) {
      malformedOut.close();
    }
  }
}
