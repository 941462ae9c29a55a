package org.ipjoin.cli.ipindex;

import java.io.FileNotFoundException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.builder.MaxMindDbDescription;
import org.ipjoin.index.builder.SnapshotTimes;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.index.lookup.CompactKeySet;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv4IntervalText;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.job.FileSystemConnector;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;

/**
 * {@code ipindex inspect ips.ipidx [--lookup 1.2.3.4 …]}
 *
 * <p>Prints the header, the sections, a few statistics of the intervals, and for each
 * {@code --lookup} address whether it is in the index: {@code 1.2.3.4 present} / {@code absent} for
 * an exact-address list, else the interval holding it ({@code 1.2.3.4 in 1.2.3.0/24 label 'x'}).
 * A lookup may be IPv6 ({@code 2001:db8::1 in 2001:db8::/32}); an IPv4-mapped one is looked up as
 * the IPv4 address it maps to, as the job does ({@code ::ffff:1.2.3.4 (IPv4 1.2.3.4) in ...}).
 * Reads and checks the whole index. A MaxMind DB ({@code .mmdb}) is described instead
 * ({@link MaxMindDbDescription}: its metadata and its records' field paths, for {@code --fields}).
 * Exit codes: 0 printed, 1 the index (or MaxMind DB) is corrupt, 2 usage error
 * (including a lookup that is neither an IPv4 nor an IPv6 address) or file missing.
 */
final class InspectCommand extends IndexCommand {

  InspectCommand() {
    super("inspect", "ips.ipidx [--lookup IP ...] | db.mmdb", "index file");
  }

  @Override
  Options options() {
    return new Options().addOption(Option.builder().longOpt("lookup").hasArgs().argName("IP")
        .desc("addresses to look up").build());
  }

  @Override
  int run(CommandLine line) throws Exception {
    Path file = new Path(fileArgument(line));
    String[] lookups = line.getOptionValues("lookup");
    Probe[] probes = parseLookups(lookups == null ? new String[0] : lookups);
    FileSystem fs = FileSystemConnector.of(file, getConf());
    if (!fs.exists(file)) {
      throw new FileNotFoundException(file + " does not exist");
    }
    if (MaxMindDbDescription.isMaxMindDb(file)) {
      // What a user needs to write --fields: the metadata and the records' field paths.
      if (lookups != null) {
        throw IpJoinException.usage("--lookup looks up an ipjoin index; " + file + " is a MaxMind"
            + " DB: build an index of it (ipindex build --fields ...) and inspect that");
      }
      MaxMindDbDescription.describe(fs, file).forEach(System.out::println);
      return ExitCode.SUCCESS.code();
    }
    IndexHeader header = VerifyReader.readHeader(fs, file).header();
    LoadedIndex loaded = VerifyReader.load(fs, file, true);
    Ipv4Lookup index = loaded.index();
    Ipv6IntervalIndex index6 = loaded.index6();
    long length = fs.getFileStatus(file).getLen();
    System.out.printf("file           %s%n", file);
    System.out.printf("format         version %d, little-endian, %d sections, %s%n",
        IndexByteMap.VERSION, header.sections().size(), header.layout().describe(header));
    System.out.printf("length         %,d bytes%n", length);
    for (Section s : header.sections()) {
      System.out.printf("  %-24s %,14d items %,14d bytes  crc32c %08x (verified)%n",
          s.kind().description, s.count(), s.length(), s.crc());
    }
    boolean ranges = header.layout().ranges(header);
    System.out.printf("%-14s %,d%n", ranges ? "intervals" : "keys", index.listedCount());
    if (index.size() != index.listedCount()) {
      System.out.printf("gaps           %,d (intervals of label id %d: no match)%n",
          index.size() - index.listedCount(), IndexByteMap.GAP_LABEL_ID);
    }
    if (index instanceof CompactKeySet compact) {
      int nonEmpty = compact.nonEmptyBuckets();
      System.out.printf("layout         compact: %,d /16 buckets sparse, %,d dense, %,d empty%n",
          nonEmpty - compact.denseBuckets(), compact.denseBuckets(),
          IndexByteMap.COMPACT_BUCKETS - nonEmpty);
    }
    if (index.size() > 0) {
      // With implicit ends the last interval may be the gap up to 255.255.255.255.
      int last = index.listed(index.size() - 1) ? index.size() - 1 : index.size() - 2;
      System.out.printf("range          %s .. %s%n", Ipv4Codec.format(index.start(0)),
          Ipv4Codec.format(index.end(last)));
    }
    if (index6.size() > 0) {
      System.out.printf("IPv6 %-9s %,d%n", index6.exact() ? "keys" : "intervals", index6.size());
      int last = index6.size() - 1;
      System.out.printf("IPv6 range     %s .. %s%n",
          Ipv6Codec.format(Ipv6Codec.toAddress(index6.startHi(0)),
              Ipv6Codec.toAddress(index6.startLo(0))),
          Ipv6Codec.format(Ipv6Codec.toAddress(index6.endHi(last)),
              Ipv6Codec.toAddress(index6.endLo(last))));
    }
    if (header.labels()) {
      System.out.printf("labels         %,d%n", index.labels().count());
    }
    if (!index.labels().attributeNames().isEmpty()) {
      System.out.printf("attributes     %s (a label is their values, TAB-separated)%n",
          String.join(", ", index.labels().attributeNames()));
    }
    ListingHistory history = loaded.history();
    if (history != null) {
      System.out.printf("history        %,d snapshots, %s .. %s (valid until %s), %,d listing"
          + " periods%n", history.snapshots(), SnapshotTimes.format(history.time(0)),
          SnapshotTimes.format(history.time(history.snapshots() - 1)),
          SnapshotTimes.format(history.validUntil()), history.periodCount());
    }
    System.out.printf("source         %,d bytes, %,d lines%n", header.sourceBytes(), header.sourceLines());
    System.out.printf("prefixes       %,d distinct /8, %,d distinct /16%n",
        distinctPrefixes(index, 24), distinctPrefixes(index, 16));
    long heap = index.heapBytes() + index6.heapBytes();
    long entries = index.listedCount() + (long) index6.size();
    System.out.printf("heap if loaded %,d bytes (%.2f bytes per %s)%n", heap,
        entries == 0 ? 0.0 : (double) heap / entries, ranges ? "interval" : "key");
    for (int i = 0; i < probes.length; i++) {
      System.out.println(lookups[i] + " " + probes[i].describe(index, index6, history));
    }
    return ExitCode.SUCCESS.code();
  }

  /**
   * One {@code --lookup}: an IPv4 key, or an IPv6 address (an IPv4-mapped one becomes the IPv4
   * key it maps to, and says so).
   */
  private record Probe(boolean v6, int key, long hi, long lo, boolean mapped) {

    String describe(Ipv4Lookup index, Ipv6IntervalIndex index6, ListingHistory history) {
      if (!v6) {
        int interval = index.match(key);
        String match = describeMatch(index, interval) + listed(history, index.labels(),
            interval);
        return mapped ? "(IPv4 " + Ipv4Codec.format(key) + ") " + match : match;
      }
      int interval = index6.match(Ipv6Codec.toKey(hi), Ipv6Codec.toKey(lo));
      return describeMatch6(index6, index.labels(), interval)
          + listed(history, index.labels(), interval < 0 ? interval : index.size() + interval);
    }
  }

  /**
   * For the entry of a history index, the periods it was listed in ({@code , listed 2026-03-12
   * .. 2026-03-13, 2026-03-14 .. 2026-03-16}: from a snapshot's time until, not including, the
   * time of the first snapshot that no longer lists it), each with its label when the entry's
   * label changed ({@code 2026-03-12 .. 2026-03-13 label 'scanner'}); nothing for other indexes.
   */
  private static String listed(ListingHistory history, LabelDictionary labels, int entry) {
    if (history == null || entry < 0) {
      return "";
    }
    StringBuilder text = new StringBuilder(", listed");
    int[] periods = history.periods(entry);
    int[] periodLabels = history.periodLabels(entry);
    for (int p = 0; p < periods.length; p += 2) {
      text.append(p == 0 ? " " : ", ")
          .append(SnapshotTimes.format(history.time(periods[p]))).append(" .. ")
          .append(SnapshotTimes.format(history.time(periods[p + 1])));
      if (periodLabels != null) {
        text.append(periodLabels[p / 2] == 0 ? " no label" : labelText(labels, periodLabels[p / 2]));
      }
    }
    return text.toString();
  }

  private static Probe[] parseLookups(String[] lookups) throws IpJoinException {
    Probe[] probes = new Probe[lookups.length];
    for (int i = 0; i < lookups.length; i++) {
      probes[i] = parseLookup(lookups[i]);
    }
    return probes;
  }

  /** IPv4 unless the text holds a colon; the message is the parser's of that family. */
  private static Probe parseLookup(String text) throws IpJoinException {
    try {
      if (text.indexOf(':') < 0) {
        return new Probe(false, Ipv4Codec.parseKey(text), 0, 0, false);
      }
      Ipv6Codec.Address a = Ipv6Codec.parse(text);
      long mapped = Ipv6Codec.mappedIpv4(a.hi, a.lo);
      return mapped == Ipv4Codec.NOT_IPV4 ? new Probe(true, 0, a.hi, a.lo, false)
          : new Probe(false, Ipv4Codec.toKey(mapped), 0, 0, true);
    } catch (IllegalArgumentException e) {
      throw IpJoinException.usage("--lookup: " + e.getMessage());
    }
  }

  /** As {@link #describeMatch}, for an IPv6 interval. */
  static String describeMatch6(Ipv6IntervalIndex index6, LabelDictionary labels, int interval) {
    if (interval == Ipv4Lookup.NO_MATCH) {
      return "absent";
    }
    int id = index6.labelId(interval);
    if (index6.exact() && id == 0) {
      return "present";
    }
    return "in " + Ipv6IntervalText.of(index6, interval)
        + labelText(labels, id);
  }

  /** {@code absent}, {@code present} (exact lists), or the interval and its label. */
  static String describeMatch(Ipv4Lookup index, int interval) {
    if (interval == Ipv4Lookup.NO_MATCH) {
      return "absent";
    }
    if (index.exact() && index.labelId(interval) == 0) {
      return "present";
    }
    int id = index.labelId(interval);
    return "in " + Ipv4IntervalText.format(index.start(interval), index.end(interval))
        + labelText(index.labels(), id);
  }

  /**
   * {@code  label 'x'}, or for a label of attributes each value by its name
   * ({@code  label asn='AS1' org='Foo'}); nothing for no label.
   */
  private static String labelText(LabelDictionary labels, int id) {
    if (id == 0) {
      return "";
    }
    if (labels.attributeNames().isEmpty()) {
      return " label '" + labels.label(id) + "'";
    }
    String[] values = labels.label(id).split("\t", -1);
    StringBuilder text = new StringBuilder(" label");
    for (int k = 0; k < values.length; k++) {
      text.append(' ').append(labels.attributeNames().get(k)).append("='").append(values[k])
          .append('\'');
    }
    return text.toString();
  }

  private static long distinctPrefixes(Ipv4Lookup index, int shift) {
    long distinct = 0;
    long previous = -1;
    for (int i = 0; i < index.size(); i++) {
      if (!index.listed(i)) {
        continue;
      }
      long prefix = Ipv4Codec.toAddress(index.start(i)) >>> shift;
      if (prefix != previous) {
        distinct++;
        previous = prefix;
      }
    }
    return distinct;
  }
}
