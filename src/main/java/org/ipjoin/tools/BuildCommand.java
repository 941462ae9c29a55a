package org.ipjoin.tools;

import java.io.FileNotFoundException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.BuildSummary;
import org.ipjoin.index.IndexBuilder;

/**
 * {@code ipindex build --input ip.tsv --output ips.ipidx [--skip-invalid] [--overwrite] [--allow-empty] [--quiet]}
 *
 * <p>Builds an index from a text list on any Hadoop FileSystem and publishes it atomically. A line
 * that is not an address, blank or comment fails the build with file:line, unless
 * {@code --skip-invalid}: then it is skipped and counted by kind in the summary. A list with no
 * address at all (empty, only blank lines and comments, or every line skipped) fails the build,
 * because in a pipeline that is almost always an upstream failure; {@code --allow-empty} builds the
 * empty index instead. Exit codes: 0 built,
 * 1 malformed input or I/O failure (nothing published), 2 usage error or output exists.
 */
final class BuildCommand extends IndexCommand {

  /** Progress lines only for inputs big enough to take more than a moment. */
  private static final long PROGRESS_MIN_BYTES = 64L << 20;

  BuildCommand() {
    super("build", "--input ip.tsv --output ips.ipidx [--skip-invalid] [--overwrite] [--allow-empty] [--quiet]");
  }

  @Override
  Options options() {
    return new Options()
        .addOption(Option.builder().longOpt("input").hasArg().argName("path")
            .desc("text list: one IPv4 address per line, first tab/space-separated column").build())
        .addOption(Option.builder().longOpt("output").hasArg().argName("path")
            .desc("index file to write (any Hadoop FileSystem)").build())
        .addOption(Option.builder().longOpt("skip-invalid")
            .desc("skip and count lines that are not addresses instead of failing").build())
        .addOption(Option.builder().longOpt("overwrite")
            .desc("replace an existing output (atomically)").build())
        .addOption(Option.builder().longOpt("allow-empty")
            .desc("build an empty index from a list with no addresses (default: fail, exit 1)").build())
        .addOption(Option.builder().longOpt("quiet").desc("no progress, no summary").build());
  }

  @Override
  int run(CommandLine line) throws Exception {
    Path input = new Path(required(line, "input"));
    Path output = new Path(required(line, "output"));
    FileSystem inFs = input.getFileSystem(getConf());
    FileSystem outFs = output.getFileSystem(getConf());
    if (!inFs.exists(input)) {
      throw new FileNotFoundException("input " + input + " does not exist");
    }
    long length = inFs.getFileStatus(input).getLen();
    boolean quiet = line.hasOption("quiet");
    ProgressLine progress = new ProgressLine("ipindex build: read", length,
        !quiet && length >= PROGRESS_MIN_BYTES);
    BuildSummary summary = new IndexBuilder(line.hasOption("skip-invalid"),
        line.hasOption("overwrite"), line.hasOption("allow-empty"))
        .build(inFs, input, outFs, output, progress::update);
    progress.done();
    if (!quiet) {
      System.out.print(summary.format());
    }
    return OK;
  }
}
