package org.ipjoin.tools;

import java.io.FileNotFoundException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.IndexLayout;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.lookup.IntervalIndex;
import org.ipjoin.index.load.FileSystemLoader;
import org.ipjoin.ip.IntervalText;
import org.ipjoin.ip.IpCodec;

/**
 * {@code ipindex inspect ips.ipidx [--lookup 1.2.3.4 …]}
 *
 * <p>Prints the header, the sections, a few statistics of the intervals, and for each
 * {@code --lookup} address whether it is in the index: {@code 1.2.3.4 present} / {@code absent} for
 * an exact-address list, else the interval holding it ({@code 1.2.3.4 in 1.2.3.0/24 label 'x'}). Reads and checks the whole index.
 * Exit codes: 0 printed, 1 the index is corrupt, 2 usage error (including a lookup that is not an
 * IPv4 address) or file missing.
 */
final class InspectCommand extends IndexCommand {

  InspectCommand() {
    super("inspect", "ips.ipidx [--lookup IP ...]");
  }

  @Override
  int maxArguments() {
    return 1;
  }

  @Override
  String argumentHint() {
    return "expected one index file; see --help";
  }

  @Override
  Options options() {
    return new Options().addOption(Option.builder().longOpt("lookup").hasArgs().argName("IP")
        .desc("addresses to look up").build());
  }

  @Override
  int run(CommandLine line) throws Exception {
    Path file = new Path(onlyArgument(line, "index file"));
    String[] lookups = line.getOptionValues("lookup");
    int[] probes = parseLookups(lookups == null ? new String[0] : lookups);
    FileSystem fs = file.getFileSystem(getConf());
    if (!fs.exists(file)) {
      throw new FileNotFoundException(file + " does not exist");
    }
    IndexHeader header = FileSystemLoader.readHeader(fs, file).header();
    IntervalIndex index = FileSystemLoader.load(fs, file, true).index();
    long length = fs.getFileStatus(file).getLen();
    System.out.printf("file           %s%n", file);
    System.out.printf("format         version %d, little-endian, %d sections, %s%n",
        IndexLayout.VERSION, header.sections().size(), header.ranges() || header.labels()
            ? (header.ranges() ? "ranges" : "exact addresses") + (header.labels() ? ", labels" : "")
            : "exact addresses");
    System.out.printf("length         %,d bytes%n", length);
    for (Section s : header.sections()) {
      System.out.printf("  %-24s %,14d items %,14d bytes  crc32c %08x (verified)%n",
          s.kind().description, s.count(), s.length(), s.crc());
    }
    System.out.printf("%-14s %,d%n", header.ranges() ? "intervals" : "keys", index.size());
    if (index.size() > 0) {
      System.out.printf("range          %s .. %s%n", IpCodec.format(index.start(0)),
          IpCodec.format(index.end(index.size() - 1)));
    }
    if (header.labels()) {
      System.out.printf("labels         %,d%n", index.labels().count());
    }
    System.out.printf("source         %,d bytes, %,d lines%n", header.sourceBytes(), header.sourceLines());
    System.out.printf("prefixes       %,d distinct /8, %,d distinct /16%n",
        distinctPrefixes(index, 24), distinctPrefixes(index, 16));
    System.out.printf("heap if loaded %,d bytes (%.2f bytes per %s)%n", index.heapBytes(),
        index.size() == 0 ? 0.0 : (double) index.heapBytes() / index.size(),
        header.ranges() ? "interval" : "key");
    for (int i = 0; i < probes.length; i++) {
      System.out.println(lookups[i] + " " + describeMatch(index, index.match(probes[i])));
    }
    return OK;
  }

  private static int[] parseLookups(String[] lookups) throws UsageException {
    int[] keys = new int[lookups.length];
    for (int i = 0; i < lookups.length; i++) {
      try {
        keys[i] = IpCodec.parseKey(lookups[i]);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--lookup: " + e.getMessage());
      }
    }
    return keys;
  }

  /** {@code absent}, {@code present} (exact lists), or the interval and its label. */
  static String describeMatch(IntervalIndex index, int interval) {
    if (interval == IntervalIndex.NO_MATCH) {
      return "absent";
    }
    if (index.exact() && index.labelId(interval) == 0) {
      return "present";
    }
    int id = index.labelId(interval);
    return "in " + IntervalText.format(index.start(interval), index.end(interval))
        + (id == 0 ? "" : " label '" + index.labels().label(id) + "'");
  }

  private static long distinctPrefixes(IntervalIndex index, int shift) {
    long distinct = 0;
    long previous = -1;
    for (int i = 0; i < index.size(); i++) {
      long prefix = IpCodec.toAddress(index.start(i)) >>> shift;
      if (prefix != previous) {
        distinct++;
        previous = prefix;
      }
    }
    return distinct;
  }
}
