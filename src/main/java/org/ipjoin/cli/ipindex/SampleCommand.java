package org.ipjoin.cli.ipindex;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.builder.IndexBuilder;
import org.ipjoin.index.builder.UnpublishedFile;
import org.ipjoin.job.FileSystemConnector;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;

/**
 * {@code ipindex sample --ips N --output ip.tsv [--logs access.log --log-lines M] [--hit-ratio 0.5]
 * [--ipv6-share 0] [--seed 42] [--overwrite]}
 *
 * <p>Writes a reproducible synthetic IP list of N addresses (one per line; random addresses, so a
 * few repeat: the build reports them as duplicates) and, with {@code --logs}, M combined-format log
 * lines in which about {@code --hit-ratio} of the client IPs are listed. With
 * {@code --ipv6-share S}, about S of the list's addresses and of the logs' clients are IPv6
 * ({@link SampleData}), for a mixed workload. Any Hadoop FileSystem.
 * Each output is written to a hidden temporary file beside it and renamed into place when complete,
 * so a killed run never leaves a partial file that looks like a whole list.
 * Exit codes: 0 written, 1 I/O failure, 2 usage error or output exists.
 */
final class SampleCommand extends IndexCommand {

  /** Distinct IPv4 addresses: a list cannot hold more different ones. */
  static final long MAX_IPS = 1L << 32;

  /** Writes a whole file's content. */
  interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  SampleCommand() {
    super("sample", "--ips N --output ip.tsv [--logs access.log --log-lines M] [--hit-ratio R]"
        + " [--ipv6-share S] [--seed S] [--overwrite]");
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
        .addOption(Option.builder().longOpt("ipv6-share").hasArg().argName("S")
            .desc("share of IPv6 addresses in the list and of IPv6 clients in the logs (default 0)")
            .build())
        .addOption(Option.builder().longOpt("seed").hasArg().argName("S").desc("random seed (default 42)").build())
        .addOption(Option.builder().longOpt("overwrite").desc("replace existing outputs").build());
  }

  @Override
  int run(CommandLine line) throws Exception {
    long ips = positiveLong(line, "ips", -1);
    if (ips < 0) {
      throw IpJoinException.usage("missing --ips");
    }
    if (ips > MAX_IPS) {
      throw IpJoinException.usage(String.format("--ips %,d is more than the %,d distinct IPv4"
          + " addresses there are", ips, MAX_IPS));
    }
    Path output = new Path(required(line, "output"));
    long seed = positiveLong(line, "seed", 42);
    double hitRatio = share(line, "hit-ratio", "0.5");
    double ipv6Share = share(line, "ipv6-share", "0");
    long lines = positiveLong(line, "log-lines", 100_000);
    SampleData data = new SampleData(seed, ips, ipv6Share);
    boolean overwrite = line.hasOption("overwrite");
    FileSystem fs = fileSystem(output);
    Path logs = line.hasOption("logs") ? new Path(line.getOptionValue("logs")) : null;
    checkTarget(fs, output, overwrite);
    if (logs != null) {
      if (fileSystem(logs).makeQualified(logs).equals(fs.makeQualified(output))) {
        throw IpJoinException.usage("--logs and --output are the same file " + output);
      }
      checkTarget(fileSystem(logs), logs, overwrite);
    }
    writeAtomically(fs, output, overwrite, data::writeIpList);
    System.out.printf("wrote %,d addresses to %s%s%n", ips, output,
        ipv6Share > 0 ? String.format(" (IPv6 share %.2f)", ipv6Share) : "");
    if (logs != null) {
      writeAtomically(fileSystem(logs), logs, overwrite,
          out -> data.writeAccessLog(out, lines, hitRatio));
      System.out.printf("wrote %,d log lines to %s (hit ratio %.2f)%n", lines, logs, hitRatio);
    }
    return ExitCode.SUCCESS.code();
  }

  /** Raw local file system: no .crc side files next to sample data (IndexBuilder explains). */
  private FileSystem fileSystem(Path path) throws IpJoinException {
    return IndexBuilder.withoutChecksumFiles(FileSystemConnector.of(path, getConf()));
  }

  private static void checkTarget(FileSystem fs, Path path, boolean overwrite) throws IOException {
    if (!overwrite && fs.exists(path)) {
      throw new FileAlreadyExistsException(path + " already exists; pass --overwrite to replace it");
    }
  }

  /**
   * Writes {@code content} to a hidden temporary file beside {@code target} and renames it into
   * place only when it is complete ({@link UnpublishedFile}: the same rename as an index), so a run
   * that fails or is stopped part way leaves no short list under the real name and no temporary
   * file (only SIGKILL leaves a hidden {@code .name.tmp-…}).
   */
  static void writeAtomically(FileSystem fs, Path target, boolean overwrite, Content content)
      throws IOException {
    try (UnpublishedFile file = UnpublishedFile.beside(fs, target)) {
      file.write(1 << 20, out -> {
        content.writeTo(out);
        return null;
      });
      file.publish(overwrite);
    }
  }

  /** A share from 0 to 1. */
  private static double share(CommandLine line, String option, String dflt) throws IpJoinException {
    String value = line.getOptionValue(option, dflt);
    try {
      double r = Double.parseDouble(value);
      if (!(r >= 0 && r <= 1)) { // NaN too
        throw new NumberFormatException();
      }
      return r;
    } catch (NumberFormatException e) {
      throw IpJoinException.usage("--" + option + " must be a number from 0 to 1, got '" + value + "'");
    }
  }
}
