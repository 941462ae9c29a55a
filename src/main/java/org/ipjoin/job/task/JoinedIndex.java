package org.ipjoin.job.task;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.LoadTrust;
import org.ipjoin.index.load.AsOfLookup;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.ip.NetworkText;
import org.ipjoin.job.AttributeSelection;
import org.ipjoin.job.IndexCacheFile;
import org.ipjoin.job.IndexCounter;
import org.ipjoin.job.IpJoinCounter;
import org.ipjoin.job.JoinIndex;
import org.ipjoin.job.JoinIndexes;
import org.ipjoin.job.MatchTags;
import org.ipjoin.job.locate.TrustedAddresses;
import org.ipjoin.job.options.JoinOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One index of a join inside a map task: loaded and checked once in setup ({@link #load}), then
 * asked for the clients of each map call ({@link #lookUp}: the IPv4 keys in one batched lookup, the
 * IPv6 ones one by one) and for each record's label id. It also knows what its columns look like
 * in {@code tag} mode (its chosen attributes, projected once) and counts its own matches.
 */
final class JoinedIndex implements TrustedAddresses {

  private static final Logger LOG = LoggerFactory.getLogger(JoinedIndex.class);
  private static final byte[] TAB = {'\t'};

  private final String name;
  private final Ipv4Lookup index;
  private final Ipv6IntervalIndex index6;
  /** The as-of lookup of a history index; null for an index of one list (answers as of now). */
  private final AsOfLookup asOf;
  /** Whether a record outside the history is answered by nothing ({@code --as-of-outside none}). */
  private final boolean outsideUnanswered;
  /** The one dictionary both families' label ids point into. */
  private final LabelDictionary labels;
  /**
   * The labels as tag mode writes them: the chosen attributes only, when some are chosen; null
   * when the {@code network} pseudo-attribute is chosen (then {@link #parts} say what to write).
   */
  private final LabelDictionary output;
  /**
   * With {@code network} chosen: the chosen columns in order, as runs of attributes (each run's
   * projected dictionary) and the network (null); else null, and tag mode copies {@link #output}
   * alone, as it does without the network.
   */
  private final LabelDictionary[] parts;
  /** How many columns each of {@link #parts} writes. */
  private final int[] partColumns;
  /** The matched interval as text, made in place for each record that writes it. */
  private final NetworkText network = new NetworkText();
  private final int columns;
  /** What tag mode's columns are called in a header: NAME, or NAME.ATTR for each attribute. */
  private final java.util.List<String> columnNames;

  /** Records of the current map call listed here, added to {@link #matchedCounter} per call. */
  private long matched;
  private Counter matchedCounter;

  private JoinedIndex(String name, LoadedIndex loaded, java.util.List<String> chosen,
      AsOfLookup.Outside outside) {
    this.name = name;
    this.index = loaded.index();
    this.index6 = loaded.index6();
    this.asOf = loaded.history() == null ? null : new AsOfLookup(loaded, outside);
    this.outsideUnanswered = outside == AsOfLookup.Outside.NONE;
    this.labels = index.labels();
    int[] positions = AttributeSelection.positions(name, labels.attributeNames(), chosen);
    if (AttributeSelection.choosesNetwork(positions)) {
      java.util.List<LabelDictionary> runs = new java.util.ArrayList<>();
      java.util.List<Integer> widths = new java.util.ArrayList<>();
      int from = 0;
      for (int i = 0; i <= positions.length; i++) {
        if (i == positions.length || positions[i] == AttributeSelection.NETWORK_POSITION) {
          if (i > from) {
            runs.add(AttributeSelection.project(labels, Arrays.copyOfRange(positions, from, i)));
            widths.add(i - from);
          }
          if (i < positions.length) {
            runs.add(null);
            widths.add(1);
          }
          from = i + 1;
        }
      }
      this.output = null;
      this.parts = runs.toArray(new LabelDictionary[0]);
      this.partColumns = widths.stream().mapToInt(Integer::intValue).toArray();
    } else {
      this.output = AttributeSelection.project(labels, positions);
      this.parts = null;
      this.partColumns = null;
    }
    this.columns = AttributeSelection.columns(labels.attributeNames(), chosen);
    java.util.List<String> attributes = chosen.isEmpty() ? labels.attributeNames() : chosen;
    this.columnNames = attributes.isEmpty() ? java.util.List.of(name)
        : attributes.stream().map(a -> name + "." + a).toList();
  }

  /**
   * The names of the columns tag mode writes for this index, as {@code --count-by} and
   * {@code --where} name them: the index's name, or {@code NAME.ATTR} per attribute written.
   */
  java.util.List<String> columnNames() {
    return columnNames;
  }

  /**
   * Loads index {@code k} of the join from its cache file, checks it is the one the driver pinned,
   * and adds its counters (the job's {@code INDEX_*} sums and its own).
   */
  static JoinedIndex load(int k, JoinIndex spec, IndexIdentity expected, JoinOptions options,
      TaskInputOutputContext<?, ?, ?, ?> context) throws IOException {
    Configuration conf = context.getConfiguration();
    ReadPath readPath = spec.readPath();
    boolean verifyChecksum = options.verifyChecksum();
    String link = JoinIndexes.linkName(k);
    URI uri = IndexCacheFile.find(IndexCacheFile.jobFiles(context), link);
    IndexCacheFile.Local local = IndexCacheFile.localize(uri, conf, Paths.get("").toAbsolutePath(), link);
    try {
      long start = System.nanoTime();
      LoadTrust trust = trust(options, conf, expected, uri);
      SharedIndexes.IndexRead read =
          () -> readPath.loader().load(local.path(), verifyChecksum, trust);
      // Tasks that open their indexes in place all run in this JVM (the local runner): one load.
      boolean shared = IndexCacheFile.inPlace(conf);
      LoadedIndex loaded = shared ? SharedIndexes.get(context.getJobID(), k, read) : read.read();
      long millis = (System.nanoTime() - start) / 1_000_000;
      expected.check(loaded.identity(), local.path() + " (cache file " + uri + ")");
      JoinedIndex joined;
      try {
        joined = new JoinedIndex(spec.name(), loaded, spec.attributes(), options.asOfOutside());
      } catch (IllegalArgumentException e) {
        throw new IOException(e.getMessage(), e);
      }
      joined.count(context, loaded, millis);
      LOG.info("Loaded index {} {} ({}, {}) with loader {} in {} ms: {} IPv4 and {} IPv6 intervals,"
          + " {} labels, {} bytes, checksum {}", spec.name(), local.path(),
          shared ? local.how() + ", shared by the job's tasks in this JVM" : local.how(), uri,
          readPath.externalName(), millis, joined.index.listedCount(), joined.index6.size(),
          joined.labels.count(), loaded.identity().fileLength(),
          readPath.readsText() ? "n/a (text list)"
              : trust.checksums(verifyChecksum, readPath.keepsKeysOffHeap()) ? "verified"
              : "not verified (" + trust + ")");
      return joined;
    } finally {
      if (local.temporary()) {
        Files.deleteIfExists(local.path());
      }
    }
  }

  /**
   * What the task checks of the index at {@code uri} (LoadTrust): after the driver's whole-index
   * check only what ties its bytes to the verified ones, and no CRC pass over a mapping when the
   * bytes came checksummed, unless the user asks the task to verify them
   * ({@code ipjoin.index.verify.task}); without the driver's check, everything.
   */
  private static LoadTrust trust(JoinOptions options, Configuration conf, IndexIdentity expected,
      URI uri) {
    if (!options.verifyIndex()) {
      return LoadTrust.FULL;
    }
    LoadTrust pinned = LoadTrust.pinned(expected, "cache file " + uri);
    return options.verifyTask() || !IndexCacheFile.checkedInTransit(uri, conf)
        ? pinned : pinned.bytesCheckedInTransit();
  }

  /**
   * The index's size counters, added by map task 0 alone: every task loads the same index, so a sum
   * over tasks would be the size times the number of tasks. Hadoop counts only the attempt of a task
   * that succeeded, so the job's totals are the index's size once. The load time is the tasks' sum.
   */
  private void count(TaskInputOutputContext<?, ?, ?, ?> context, LoadedIndex loaded, long millis) {
    context.getCounter(IpJoinCounter.INDEX_LOAD_MILLIS).increment(millis);
    matchedCounter = counter(context, IndexCounter.MATCHED);
    if (context.getTaskAttemptID() != null && context.getTaskAttemptID().getTaskID().getId() != 0) {
      return;
    }
    long entries = index.listedCount() + (long) index6.size();
    context.getCounter(IpJoinCounter.INDEX_ENTRIES).increment(entries);
    context.getCounter(IpJoinCounter.INDEX_ENTRIES_V6).increment(index6.size());
    context.getCounter(IpJoinCounter.INDEX_BYTES).increment(loaded.identity().fileLength());
    context.getCounter(IpJoinCounter.INDEX_LABELS).increment(labels.count());
    counter(context, IndexCounter.ENTRIES).increment(entries);
  }

  private Counter counter(TaskInputOutputContext<?, ?, ?, ?> context, IndexCounter c) {
    return context.getCounter(IndexCounter.GROUP, c.counterName(name));
  }

  /**
   * The intervals one {@link ClientBatch}'s clients matched in one index, by slot: one per address
   * column and index, grown to the largest call and reused.
   */
  static final class Matches {
    private int[] intervals = new int[16];
    private int[] intervals6 = new int[16];
    /** A history index's: beside each IPv4 interval, its label at the record's time (AsOfLookup#matchAll). */
    private int[] labels = new int[16];
  }

  /** Looks every client of {@code batch} up in the index of its family, into {@code into}. */
  void lookUp(ClientBatch batch, Matches into) {
    int v4 = batch.ipv4Clients();
    int v6 = batch.ipv6Clients();
    if (into.intervals.length < v4) {
      into.intervals = new int[Math.max(v4, 2 * into.intervals.length)];
      into.labels = new int[into.intervals.length];
    }
    if (into.intervals6.length < v6) {
      into.intervals6 = new int[Math.max(v6, 2 * into.intervals6.length)];
    }
    int[] intervals6 = into.intervals6;
    if (asOf != null) {
      lookUpAsOf(batch, into, v4, v6);
      return;
    }
    index.matchAll(batch.ipv4Keys(), v4, into.intervals);
    for (int i = 0; i < v6; i++) {
      intervals6[i] = index6.match(Ipv6Codec.toKey(batch.ipv6HiAt(i)), Ipv6Codec.toKey(batch.ipv6LoAt(i)));
    }
  }

  /** {@link #lookUp} of a history index: each client as of its record's time. */
  private void lookUpAsOf(ClientBatch batch, Matches into, int v4, int v6) {
    if (batch.timePerRecord()) {
      asOf.matchAll(batch.ipv4Keys(), batch.ipv4Times(), v4, into.intervals, into.labels);
    } else {
      asOf.matchAll(batch.ipv4Keys(), batch.recordTime(0), v4, into.intervals, into.labels);
    }
    for (int i = 0; i < v6; i++) {
      into.intervals6[i] = asOf.match6(Ipv6Codec.toKey(batch.ipv6HiAt(i)),
          Ipv6Codec.toKey(batch.ipv6LoAt(i)), batch.ipv6TimeAt(i));
    }
  }

  /** Whether {@code time} lies outside this index's history (never for an index of one list). */
  boolean outside(long time) {
    return asOf != null && asOf.isOutside(time);
  }

  /**
   * Whether tag mode writes {@code ?} in this index's columns for a record of {@code time}: a
   * history index under {@code --as-of-outside none}, the time outside its history.
   */
  boolean unanswered(long time) {
    return outsideUnanswered && outside(time);
  }

  /**
   * The label id of the match of a well-formed record of {@code batch}, as {@link #lookUp} put it
   * in {@code from} (0 for an entry without a label), or {@link MatchTags#NO_MATCH}.
   */
  int labelId(ClientBatch batch, int record, Matches from) {
    int slot = batch.slot(record);
    boolean v6 = batch.kind(record) == ClientBatch.IPV6;
    int interval = v6 ? from.intervals6[slot] : from.intervals[slot];
    if (interval == Ipv4Lookup.NO_MATCH) {
      return MatchTags.NO_MATCH;
    }
    if (asOf != null && !v6) {
      // A history's label may change over time: the one in force at the record's time, which
      // the lookup read beside the match.
      return asOf.matchedLabelId(interval, from.labels[slot]);
    }
    if (asOf != null) {
      return asOf.labelId6(interval, batch.recordTime(record));
    }
    return v6 ? index6.labelId(interval) : index.labelId(interval);
  }

  /** Whether the index lists the IPv4 address with key {@code key}: a chain's trusted proxies. */
  @Override
  public boolean holdsIpv4(int key) {
    return index.match(key) != Ipv4Lookup.NO_MATCH;
  }

  /** Whether the index lists the IPv6 address with these key halves. */
  @Override
  public boolean holdsIpv6(long hiKey, long loKey) {
    return index6.match(hiKey, loKey) != Ipv4Lookup.NO_MATCH;
  }

  /** Whether tag mode writes the matched entry ({@code network}) among this index's columns. */
  boolean writesNetwork() {
    return parts != null;
  }

  /**
   * Appends this index's columns when {@link #writesNetwork}: each chosen attribute as {@link
   * MatchTags#appendColumns} writes it, and the network of the record's match (the unmatched tag
   * when {@code labelId} is {@link MatchTags#NO_MATCH}).
   */
  void appendColumns(Text out, MatchTags tags, int labelId, ClientBatch batch, int record,
      Matches from) {
    for (int p = 0; p < parts.length; p++) {
      if (parts[p] != null || labelId == MatchTags.NO_MATCH) {
        tags.appendColumns(out, parts[p], labelId, partColumns[p]);
      } else {
        out.append(TAB, 0, 1);
        appendNetwork(out, batch, record, from);
      }
    }
  }

  /**
   * Appends the interval a listed record of {@code batch} matched, as {@link NetworkText} writes
   * it: read from the index by the interval {@link #lookUp} put in {@code from}.
   */
  void appendNetwork(Text out, ClientBatch batch, int record, Matches from) {
    int slot = batch.slot(record);
    int length;
    if (batch.kind(record) == ClientBatch.IPV6) {
      int i = from.intervals6[slot];
      length = network.ipv6(index6.startHi(i), index6.startLo(i), index6.endHi(i),
          index6.endLo(i));
    } else {
      int i = from.intervals[slot];
      length = network.ipv4(index.start(i), index.end(i));
    }
    out.append(network.bytes(), 0, length);
  }

  /** Counts a record listed here (in any of its address columns). */
  void countMatch() {
    matched++;
  }

  /** Adds this call's matches to the counter. */
  void flush() {
    if (matched != 0 && matchedCounter != null) {
      matchedCounter.increment(matched);
    }
    matched = 0;
  }

  String name() {
    return name;
  }

  /** The dictionary label ids point into, with every attribute. */
  LabelDictionary labels() {
    return labels;
  }

  /**
   * The dictionary tag mode writes from: the chosen attributes only, when some are chosen; null
   * when {@link #writesNetwork}.
   */
  LabelDictionary output() {
    return output;
  }

  /** How many columns tag mode writes for this index. */
  int columns() {
    return columns;
  }

}
