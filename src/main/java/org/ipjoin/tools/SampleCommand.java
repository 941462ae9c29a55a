package org.ipjoin.tools;

import java.io.OutputStream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.IndexBuilder;

/**
 * {@code ipindex sample --ips N --output ip.tsv [--logs access.log --log-lines M] [--hit-ratio 0.5]
 * [--seed 42] [--overwrite]}
 *
 * <p>Writes a reproducible synthetic IP list of N addresses (one per line; random addresses, so a
 * few repeat: the build reports them as duplicates) and, with {@code --logs}, M combined-format log
 * lines in which about {@code --hit-ratio} of the client IPs are listed. Any Hadoop FileSystem.
 * Exit codes: 0 written, 1 I/O failure, 2 usage error or output exists.
 */
final class SampleCommand extends IndexCommand {

  SampleCommand() {
    super("sample", "--ips N --output ip.tsv [--logs access.log --log-lines M] [--hit-ratio R]"
        + " [--seed S] [--overwrite]");
  }

  @Override
  Options options() {
    return new Options()
        .addOption(Option.builder().longOpt("ips").hasArg().argName("N").desc("addresses in the list").build())
        .addOption(Option.builder().longOpt("output").hasArg().argName("path").desc("the list to write").build())
        .addOption(Option.builder().longOpt("logs").hasArg().argName("path")
            .desc("also write combined-format access logs here").build())
        .addOption(Option.builder().longOpt("log-lines").hasArg().argName("M")
            .desc("log lines (default 100000)").build())
        .addOption(Option.builder().longOpt("hit-ratio").hasArg().argName("R")
            .desc("share of log lines whose client IP is listed (default 0.5)").build())
        .addOption(Option.builder().longOpt("seed").hasArg().argName("S").desc("random seed (default 42)").build())
        .addOption(Option.builder().longOpt("overwrite").desc("replace existing outputs").build());
  }

  @Override
  int run(CommandLine line) throws Exception {
    long ips = positiveLong(line, "ips", -1);
    if (ips < 0) {
      throw new UsageException("missing --ips");
    }
    Path output = new Path(required(line, "output"));
    long seed = positiveLong(line, "seed", 42);
    double hitRatio = hitRatio(line);
    SampleData data = new SampleData(seed, ips);
    boolean overwrite = line.hasOption("overwrite");
    try (OutputStream out = create(output, overwrite)) {
      data.writeIpList(out);
    }
    System.out.printf("wrote %,d addresses to %s%n", ips, output);
    if (line.hasOption("logs")) {
      Path logs = new Path(line.getOptionValue("logs"));
      long lines = positiveLong(line, "log-lines", 100_000);
      try (OutputStream out = create(logs, overwrite)) {
        data.writeAccessLog(out, lines, hitRatio);
      }
      System.out.printf("wrote %,d log lines to %s (hit ratio %.2f)%n", lines, logs, hitRatio);
    }
    return OK;
  }

  private OutputStream create(Path path, boolean overwrite) throws Exception {
    // Raw local file system: no .crc side files next to sample data (IndexBuilder explains).
    FileSystem fs = IndexBuilder.withoutChecksumFiles(path.getFileSystem(getConf()));
    if (!overwrite && fs.exists(path)) {
      throw new FileAlreadyExistsException(path + " already exists; pass --overwrite to replace it");
    }
    return fs.create(path, true, 1 << 20);
  }

  private static double hitRatio(CommandLine line) throws UsageException {
    String value = line.getOptionValue("hit-ratio", "0.5");
    try {
      double r = Double.parseDouble(value);
      if (r < 0 || r > 1) {
        throw new NumberFormatException();
      }
      return r;
    } catch (NumberFormatException e) {
      throw new UsageException("--hit-ratio must be a number from 0 to 1, got '" + value + "'");
    }
  }
}
