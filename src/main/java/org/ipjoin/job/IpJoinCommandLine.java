package org.ipjoin.job;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.cli.CommandLineException;
import org.ipjoin.cli.StrictCommandLine;
import org.ipjoin.index.load.ReadPath;

/**
 * The driver's own options, parsed by the convention every ipjoin command follows
 * ({@link StrictCommandLine}: commons-cli, no partial matching, no repeated or stray options,
 * generic options first) after ToolRunner has taken the generic ones ({@code -D}, {@code
 * -conf}, {@code -files}, {@code -libjars}). Each job option is written into its {@code ipjoin.*}
 * key, after {@code -D} was applied, so the command line wins.
 */
final class IpJoinCommandLine {

  static final String USAGE = "hadoop jar ipjoin.jar [generic options] --index <path>"
      + " --input <path>... --output <dir> [--loader L] [--mode M] [--count-by C] [--format F]"
      + " [--no-verify-checksum] [--no-verify-index] [--no-malformed-output] [--allow-empty-input]"
      + " [--overwrite]";

  /**
   * What is left after the options went into the configuration.
   *
   * @param help true when {@code --help} was given: print usage, do nothing else
   */
  record Parsed(boolean help, List<String> inputs, String output) {}

  private IpJoinCommandLine() {}

  static Options options() {
    Options o = new Options();
    o.addOption(Option.builder().longOpt("index").hasArg().argName("path")
        .desc("index file (" + IpJoinKeys.INDEX_PATH.key() + "); the text IP list with --loader text")
        .build());
    o.addOption(Option.builder().longOpt("input").hasArgs().argName("path")
        .desc("input files, directories or globs; gzip and bzip2 are read transparently;"
            + " repeatable").build());
    o.addOption(Option.builder().longOpt("output").hasArg().argName("dir")
        .desc("output directory; must not exist unless --overwrite").build());
    o.addOption(Option.builder().longOpt("loader").hasArg().argName("L")
        .desc(ReadPath.names() + " (default nio; " + IpJoinKeys.LOADER.key() + ")")
        .build());
    o.addOption(Option.builder().longOpt("mode").hasArg().argName("M")
        .desc("match, nomatch, tag or count (default match; " + IpJoinKeys.MODE.key() + ")").build());
    o.addOption(Option.builder().longOpt("count-by").hasArg().argName("C")
        .desc("with --mode count: " + CountBy.names() + " (default address; "
            + IpJoinKeys.COUNT_BY.key() + ")").build());
    o.addOption(Option.builder().longOpt("format").hasArg().argName("F")
        .desc(ClientIpLocators.FORMS + " (default combined; " + IpJoinKeys.FORMAT.key() + ")")
        .build());
    o.addOption(Option.builder().longOpt("no-verify-checksum")
        .desc("skip the index payload checksum in each task").build());
    o.addOption(Option.builder().longOpt("no-malformed-output")
        .desc("count malformed records but do not write them under <output>/malformed/").build());
    o.addOption(Option.builder().longOpt("no-verify-index").desc("check only the index header and"
        + " length before submitting, not the whole index (" + IpJoinKeys.VERIFY_INDEX.key() + ")")
        .build());
    o.addOption(Option.builder().longOpt("allow-empty-input")
        .desc("run on an input without data instead of failing with exit code 3").build());
    o.addOption(Option.builder().longOpt("overwrite").desc("replace an existing output directory,"
        + " once the job succeeded (" + IpJoinKeys.OUTPUT_OVERWRITE.key() + ")").build());
    o.addOption(StrictCommandLine.helpOption());
    return o;
  }

  /** Parses {@code args} and sets the {@code ipjoin.*} keys they name in {@code conf}. */
  static Parsed parse(String[] args, Configuration conf) throws UsageException {
    CommandLine cmd;
    try {
      cmd = StrictCommandLine.parse(options(), args, 0, "inputs go after --input; see --help");
    } catch (CommandLineException e) {
      throw new UsageException(e.getMessage());
    }
    if (cmd.hasOption("help")) {
      return new Parsed(true, List.of(), null);
    }
    setIfGiven(cmd, "index", IpJoinKeys.INDEX_PATH, conf);
    setIfGiven(cmd, "loader", IpJoinKeys.LOADER, conf);
    setIfGiven(cmd, "mode", IpJoinKeys.MODE, conf);
    setIfGiven(cmd, "format", IpJoinKeys.FORMAT, conf);
    setIfGiven(cmd, "count-by", IpJoinKeys.COUNT_BY, conf);
    if (cmd.hasOption("no-verify-checksum")) {
      IpJoinKeys.VERIFY_CHECKSUM.set(conf, "false");
    }
    if (cmd.hasOption("no-malformed-output")) {
      IpJoinKeys.MALFORMED_OUTPUT.set(conf, "false");
    }
    if (cmd.hasOption("no-verify-index")) {
      IpJoinKeys.VERIFY_INDEX.set(conf, "false");
    }
    if (cmd.hasOption("allow-empty-input")) {
      IpJoinKeys.ALLOW_EMPTY_INPUT.set(conf, "true");
    }
    if (cmd.hasOption("overwrite")) {
      IpJoinKeys.OUTPUT_OVERWRITE.set(conf, "true");
    }
    List<String> problems = new ArrayList<>();
    if (cmd.hasOption("count-by") && !countMode(conf)) {
      problems.add("--count-by applies to --mode count only; the mode is '"
          + OneLine.of(IpJoinKeys.MODE.get(conf)) + "'");
    }
    if (IpJoinKeys.INDEX_PATH.get(conf) == null) {
      problems.add("missing --index (or -D " + IpJoinKeys.INDEX_PATH.key() + "=...)");
    }
    String[] inputs = cmd.getOptionValues("input");
    if (inputs == null || inputs.length == 0) {
      problems.add("missing --input");
    }
    String output = cmd.getOptionValue("output");
    if (output == null) {
      problems.add("missing --output");
    }
    if (!problems.isEmpty()) {
      throw new UsageException(problems);
    }
    return new Parsed(false, List.of(inputs), output);
  }

  /** Whether the mode is count; a bad mode is reported by the submit checks. */
  private static boolean countMode(Configuration conf) {
    try {
      return JoinMode.fromName(IpJoinKeys.MODE.get(conf)) == JoinMode.COUNT;
    } catch (IllegalArgumentException e) {
      return true;
    }
  }

  private static void setIfGiven(CommandLine cmd, String option, IpJoinKeys key, Configuration conf) {
    String value = cmd.getOptionValue(option);
    if (value != null) {
      key.set(conf, value);
    }
  }

  static void printHelp(PrintWriter out) {
    StrictCommandLine.printHelp(out, USAGE, "Map-side join of log records against an IPv4/IPv6 index."
        + " Every option below can also be set as its ipjoin.* key with -D; the command line wins."
        + " Exit code 3: the input held no data.", options());
  }
}
