package org.ipjoin.cli.ipindex;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.ipjoin.api.IndexInfo;
import org.ipjoin.api.IpJoin;
import org.ipjoin.problem.ExitCode;

/**
 * {@code ipindex verify [--no-checksum] ips.ipidx}
 *
 * <p>Runs every check of the format on an index on any Hadoop FileSystem. Exit codes: 0 valid
 * (prints one OK line), 1 corrupt (prints which check failed, expected versus actual), 2 usage
 * error or file missing.
 */
final class VerifyCommand extends IndexCommand {

  VerifyCommand() {
    super("verify", "[--no-checksum] ips.ipidx", "index file");
  }

  @Override
  Options options() {
    return new Options().addOption(Option.builder().longOpt("no-checksum")
        .desc("skip the payload CRC32C (every other check still runs)").build());
  }

  /** The API's {@link IpJoin#verifyIndex}, printed as one line. */
  @Override
  int run(CommandLine line) throws Exception {
    String file = fileArgument(line);
    boolean checksum = !line.hasOption("no-checksum");
    IndexInfo info = IpJoin.verifyIndex(getConf(), file, checksum);
    String size = info.ipv6Intervals() == 0 ? String.format("%,d keys", info.intervals())
        : String.format("%,d IPv4 and %,d IPv6 intervals", info.intervals(), info.ipv6Intervals());
    System.out.printf("OK %s: %s, length:count:crc %s%s%n", info.index(), size, info.identity(),
        checksum ? "" : " (payload checksum not verified)");
    return ExitCode.SUCCESS.code();
  }
}
