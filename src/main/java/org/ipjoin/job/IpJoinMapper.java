package org.ipjoin.job;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.LoadTrust;
import org.ipjoin.index.lookup.Interval6Index;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.ip.IpCodec;
import org.ipjoin.ip.Ipv6Codec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The map-side join: loads the index once per task in {@link #setup}, then per record finds the
 * client IP bytes ({@link ClientIpLocator}), parses them ({@link IpCodec}, else {@link Ipv6Codec};
 * no String) and looks them up in the index of their family.
 *
 * <p>Families: an IPv4 client is looked up in the IPv4 intervals. An IPv6 client that is
 * IPv4-mapped ({@code ::ffff:a.b.c.d}, {@link Ipv6Codec#mappedIpv4}) is an IPv4 client: looked up,
 * counted ({@code RECORDS_V4}, {@code MATCHED_V4}) and, in count mode, output as {@code a.b.c.d}.
 * Every other IPv6 client (6to4 {@code 2002::/16}, Teredo {@code 2001::/32}, IPv4-compatible
 * {@code ::a.b.c.d} and NAT64 {@code 64:ff9b::/96} included: they name tunnels and translators, not
 * the IPv4 host, so translating them would be a guess) is looked up in the IPv6 intervals and
 * counted in {@code IPV6}, {@code RECORDS_V6} and {@code MATCHED_V6}. A client in brackets
 * ({@code [2001:db8::1]:443}) must be IPv6; a zone id ({@code fe80::1%eth0}) makes it malformed.
 *
 * <p>Per record, by {@link JoinMode}: {@code match}/{@code nomatch} write the record's bytes
 * unchanged (NullWritable key, so TextOutputFormat writes the value alone); {@code tag} writes the
 * record + TAB + the matching interval's label ({@code 1} without one), the configured unmatched
 * tag, or {@code -} for a malformed record ({@link MatchTags}); {@code count} emits
 * ({@link AddressKey} of the address, 1) for listed addresses, summed by Hadoop's LongSumReducer
 * as combiner and {@link IpCountReducer}, or with {@code ipjoin.count.by=label} (label, 1), summed
 * by LongSumReducer as combiner and reducer. A record without a well-formed client IP is counted
 * in {@code MALFORMED}, never fails the task, and (unless
 * {@code ipjoin.malformed.output=false}) is written byte for byte under
 * {@code <output>/malformed/}.
 *
 * <p>Input: one line per call (a {@link Text}, Hadoop's TextInputFormat) or a {@link LineBlock} of
 * lines per call ({@link LineBlockInputFormat}, {@code ipjoin.input.blocks}); each line goes
 * through the same {@link #join} either way, and the per-record counters are added once per call
 * ({@link RecordTally}), so output and counters do not depend on how the input was read.
 *
 * <p>When the task fails, {@link #run} records the reason, one line, for the driver to print
 * ({@link TaskFailureLog}); an OutOfMemoryError while loading the index becomes a reason that names
 * the heap and the ways out instead of a stack trace.
 */
public class IpJoinMapper extends Mapper<LongWritable, Writable, Writable, Writable> {

  private static final Logger LOG = LoggerFactory.getLogger(IpJoinMapper.class);

  /** The MultipleOutputs named output for malformed records. */
  public static final String MALFORMED_OUTPUT = "malformed";
  /** Its files: {@code <output>/malformed/part-m-NNNNN}. */
  static final String MALFORMED_BASE_PATH = "malformed/part";

  private Ipv4Lookup index;
  private Interval6Index index6;
  /** The one dictionary both families' label ids point into. */
  private LabelDictionary labels;
  private JoinMode mode;
  private CountBy countBy;
  private MatchTags tags;
  private ClientIpLocator locator;
  private final ClientIpLocator.Range range = new ClientIpLocator.Range();
  private boolean writeMalformed;
  /** Made on the first malformed record: most tasks have none and then leave no empty file. */
  private MultipleOutputs<Writable, Writable> malformedOut;

  private final Text tagged = new Text();
  private final Ipv6Codec.Address address = new Ipv6Codec.Address();
  private final AddressKey addressKey = new AddressKey();
  private final Text labelKey = new Text();
  private final LongWritable one = new LongWritable(1);
  /** The line of a block being joined (a copy: Hadoop's writers and locators take a Text). */
  private final Text line = new Text();
  private final RecordTally tally = new RecordTally();

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
      // The driver verified the whole index when this is set: the task checks only what ties its
      // bytes to the verified ones (LoadTrust).
      LoadedIndex loaded = readPath.loader().load(local.path(), verifyChecksum,
          IpJoinKeys.VERIFY_INDEX.getBoolean(conf)
              ? LoadTrust.pinned(expected, "cache file " + uri) : LoadTrust.FULL);
      long millis = (System.nanoTime() - start) / 1_000_000;
      expected.check(loaded.identity(), local.path() + " (cache file " + uri + ")");
      index = loaded.index();
      index6 = loaded.index6();
      labels = index.labels();
      context.getCounter(IpJoinCounter.INDEX_ENTRIES).increment(index.size() + (long) index6.size());
      context.getCounter(IpJoinCounter.INDEX_ENTRIES_V6).increment(index6.size());
      context.getCounter(IpJoinCounter.INDEX_BYTES).increment(loaded.identity().fileLength());
      context.getCounter(IpJoinCounter.INDEX_LOAD_MILLIS).increment(millis);
      context.getCounter(IpJoinCounter.INDEX_LABELS).increment(index.labels().count());
      LOG.info("Loaded index {} ({}, {}) with loader {} in {} ms: {} IPv4 and {} IPv6 intervals, {}"
          + " labels, {} bytes, checksum {}", local.path(), local.how(), uri,
          readPath.externalName(), millis, index.size(), index6.size(), index.labels().count(),
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

    tally.attach(context);
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

  /** One line ({@link Text}) or a block of lines ({@link LineBlock}), joined line by line. */
  @Override
  protected void map(LongWritable offset, Writable input, Context context)
      throws IOException, InterruptedException {
    try {
      if (input instanceof LineBlock block) {
        for (int i = 0, n = block.lines(); i < n; i++) {
          block.line(i, line);
          join(line, context);
        }
      } else {
        join((Text) input, context);
      }
    } finally {
      tally.flush();
    }
  }

  /** Joins one record: counts it in {@link #tally} and writes what the mode says. */
  private void join(Text record, Context context) throws IOException, InterruptedException {
    tally.records++;
    byte[] bytes = record.getBytes();
    int length = record.getLength();
    if (!locator.locate(bytes, length, range)) {
      malformed(record, context);
      return;
    }
    // Brackets hold an IPv6 literal only: "[1.2.3.4]" is not read as IPv4.
    long key = range.bracketed ? IpCodec.NOT_IPV4 : IpCodec.parseKey(bytes, range.from, range.to);
    if (key == IpCodec.NOT_IPV4) {
      if (!Ipv6Codec.parse(bytes, range.from, range.to, address)) {
        malformed(record, context);
        return;
      }
      long mapped = Ipv6Codec.mappedIpv4(address.hi, address.lo);
      if (mapped != IpCodec.NOT_IPV4) {
        key = IpCodec.toKey(mapped) & 0xFFFF_FFFFL;
      }
    }
    boolean v6 = key == IpCodec.NOT_IPV4;
    int interval;
    if (v6) {
      tally.recordsV6++;
      interval = index6.match(Ipv6Codec.toKey(address.hi), Ipv6Codec.toKey(address.lo));
    } else {
      tally.recordsV4++;
      interval = index.match((int) key);
    }
    boolean listed = interval != Ipv4Lookup.NO_MATCH;
    if (listed) {
      tally.matched++;
      if (v6) {
        tally.matchedV6++;
      } else {
        tally.matchedV4++;
      }
    } else {
      tally.unmatched++;
    }

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
        tags.tag(tagged, bytes, length, labels, labelId(v6, interval));
        context.write(NullWritable.get(), tagged);
      }
      case COUNT -> {
        if (listed) {
          count(v6, (int) key, interval, context);
        }
      }
    }
  }

  /** The label id of a match in the index of its family, or {@link MatchTags#NO_MATCH}. */
  private int labelId(boolean v6, int interval) {
    if (interval == Ipv4Lookup.NO_MATCH) {
      return MatchTags.NO_MATCH;
    }
    return v6 ? index6.labelId(interval) : index.labelId(interval);
  }

  /** A listed client: {@code key} is its IPv4 key, or for IPv6 the address is in {@link #address}. */
  private void count(boolean v6, int key, int interval, Context context)
      throws IOException, InterruptedException {
    if (countBy == CountBy.LABEL) {
      MatchTags.label(labelKey, labels, labelId(v6, interval));
      context.write(labelKey, one);
    } else {
      if (v6) {
        addressKey.setIpv6(address.hi, address.lo);
      } else {
        addressKey.setIpv4(key);
      }
      context.write(addressKey, one);
    }
  }

  private void malformed(Text record, Context context) throws IOException, InterruptedException {
    tally.malformed++;
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
