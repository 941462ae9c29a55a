package org.ipjoin.tools;

import java.io.FileNotFoundException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.load.FileSystemLoader;
import org.ipjoin.index.load.LoadedIndex;

/**
 * {@code ipindex verify [--no-checksum] ips.ipidx}
 *
 * <p>Runs every check of the format on an index on any Hadoop FileSystem. Exit codes: 0 valid
 * (prints one OK line), 1 corrupt (prints which check failed, expected versus actual), 2 usage
 * error or file missing.
 */
final class VerifyCommand extends IndexCommand {

  VerifyCommand() {
    super("verify", "[--no-checksum] ips.ipidx");
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
    return new Options().addOption(Option.builder().longOpt("no-checksum")
        .desc("skip the payload CRC32C (every other check still runs)").build());
  }

  @Override
  int run(CommandLine line) throws Exception {
    Path file = new Path(onlyArgument(line, "index file"));
    FileSystem fs = file.getFileSystem(getConf());
    if (!fs.exists(file)) {
      throw new FileNotFoundException(file + " does not exist");
    }
    boolean checksum = !line.hasOption("no-checksum");
    LoadedIndex loaded = FileSystemLoader.load(fs, file, checksum);
    System.out.printf("OK %s: %,d keys, length:count:crc %s%s%n", file, loaded.index().size(),
        loaded.identity(), checksum ? "" : " (payload checksum not verified)");
    return OK;
  }
}
