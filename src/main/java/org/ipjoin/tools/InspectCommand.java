package org.ipjoin.tools;

import java.io.FileNotFoundException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.IndexFormat;
import org.ipjoin.index.IndexHeader;
import org.ipjoin.index.IpLookup;
import org.ipjoin.index.load.FileSystemLoader;
import org.ipjoin.ip.IpCodec;

/**
 * {@code ipindex inspect ips.ipidx [--lookup 1.2.3.4 …]}
 *
 * <p>Prints the header, a few statistics of the keys, and for each {@code --lookup} address whether
 * it is in the index ({@code 1.2.3.4 present} / {@code absent}). Reads and checks the whole index.
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
    IpLookup index = FileSystemLoader.load(fs, file, true).index();
    long length = fs.getFileStatus(file).getLen();
    System.out.printf("file           %s%n", file);
    System.out.printf("format         version %d, little-endian payload, header %d bytes%n",
        IndexFormat.VERSION, IndexFormat.HEADER_SIZE);
    System.out.printf("length         %,d bytes%n", length);
    System.out.printf("keys           %,d%n", header.count());
    if (header.count() > 0) {
      System.out.printf("range          %s .. %s%n", IpCodec.format(header.minKey()),
          IpCodec.format(header.maxKey()));
    }
    System.out.printf("payload crc32c %08x (verified)%n", header.payloadCrc());
    System.out.printf("source         %,d bytes, %,d lines%n", header.sourceBytes(), header.sourceLines());
    System.out.printf("prefixes       %,d distinct /8, %,d distinct /16%n",
        distinctPrefixes(index, 24), distinctPrefixes(index, 16));
    System.out.printf("heap if loaded %,d bytes (%.2f bytes per key)%n", index.heapBytes(),
        index.size() == 0 ? 0.0 : (double) index.heapBytes() / index.size());
    for (int i = 0; i < probes.length; i++) {
      System.out.printf("%s %s%n", lookups[i], index.contains(probes[i]) ? "present" : "absent");
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

  private static long distinctPrefixes(IpLookup index, int shift) {
    long distinct = 0;
    long previous = -1;
    for (int i = 0; i < index.size(); i++) {
      long prefix = IpCodec.toAddress(index.key(i)) >>> shift;
      if (prefix != previous) {
        distinct++;
        previous = prefix;
      }
    }
    return distinct;
  }
}
