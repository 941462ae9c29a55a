package org.ipjoin.cli;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.ipjoin.api.JoinJob;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.job.CountBy;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.locate.ChainRule;
import org.ipjoin.job.locate.ClientIpLocators;
import org.ipjoin.job.locate.RecordTimeLocator;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

/**
 * The driver's own options, parsed by the convention every ipjoin command follows
 * ({@link StrictCommandLine}: commons-cli, no partial matching, no repeated or stray options,
 * generic options first) after ToolRunner has taken the generic ones ({@code -D}, {@code
 * -conf}, {@code -files}, {@code -libjars}), turned into calls of the Java API's {@link JoinJob}:
 * the one implementation of the options' meaning and checks.
 */
final class IpJoinCommandLine {

  static final String USAGE = "hadoop jar ipjoin.jar [generic options] --index [NAME=]<path>..."
      + " --input <path>... --output <dir> [--loader [NAME=]L...] [--mode M] [--where EXPR]"
      + " [--count-by C] [--format F | --client NAME=F...] [--output-format text|parquet] [--chain RULE]"
      + " [--time SPEC | --as-of TIME] [--as-of-outside none|nearest] [--no-verify-checksum] [--verify-in-task] [--no-verify-index] [--no-malformed-output] [--allow-empty-input]"
      + " [--overwrite] [--flat-output] [--verbose]";

  /** Where the results go, for --help. */
  private static final String OUTPUT = "Output: <output>/part-m-* (match, nomatch, tag: the"
      + " records; count: part-r-*, one line per address or label), <output>/malformed/ (records"
      + " without a well-formed client address, byte for byte), <output>/_ipjoin.json (the run:"
      + " counters, index, inputs, times). Inputs in name=value partition folders (dt=2026-11-27/)"
      + " keep them below <output> and <output>/malformed/ unless --flat-output. One result line"
      + " on stdout at the end.";

  private static final String EXAMPLES = "Examples:\n"
      + "  ipjoin --index ips.ipidx --input logs/ --output listed/\n"
      + "  ipjoin --index labels.ipidx --input logs/ --output tagged/ --mode tag\n"
      + "  ipjoin --index labels.ipidx --input logs/ --output counts/ --mode count --count-by label\n"
      + "  ipjoin --index block=ipsum.ipidx --index cloud=dc.ipidx --input logs/ --output t/ --mode tag\n"
      + "  ipjoin --index block=ipsum.ipidx --index cloud=dc.ipidx --input logs/ --output m/"
      + " --where 'block and not cloud'\n"
      + "  ipjoin -D ipjoin.tag.unmatched=none --index labels.ipidx --input logs/ --output t/ --mode tag";

  private IpJoinCommandLine() {}

  static Options options() {
    Options o = new Options();
    o.addOption(Option.builder().longOpt("index").hasArgs().argName("[NAME=]path[:ATTRS]")
        .desc("index file (" + IpJoinKeys.INDEX_PATH.key() + "); the text IP list with --loader"
            + " text; repeatable: each index is looked up for every record, named NAME (default:"
            + " the file name without .ipidx, _ for what a name cannot hold); :ATTRS chooses"
            + " attributes to write").build());
    o.addOption(Option.builder().longOpt("input").hasArgs().argName("path")
        .desc("input files, directories or globs; gzip and bzip2 are read transparently;"
            + " repeatable").build());
    o.addOption(Option.builder().longOpt("output").hasArg().argName("dir")
        .desc("output directory; must not exist unless --overwrite").build());
    o.addOption(Option.builder().longOpt("loader").hasArgs().argName("[NAME=]L")
        .desc(ReadPath.names() + " (default nio; " + IpJoinKeys.LOADER.key() + "); NAME=L for one"
            + " index; repeatable").build());
    o.addOption(Option.builder().longOpt("mode").hasArg().argName("M")
        .desc("match, nomatch, tag or count (default match; " + IpJoinKeys.MODE.key() + ")").build());
    o.addOption(Option.builder().longOpt("count-by").hasArg().argName("C")
        .desc("with --mode count: " + CountBy.names() + " (default address; "
            + IpJoinKeys.COUNT_BY.key() + "), or index names NAME[.ATTR],...").build());
    o.addOption(Option.builder().longOpt("where").hasArg().argName("EXPR")
        .desc("when a record matches (match, nomatch, count): index names, NAME=LABEL,"
            + " NAME.ATTR=VALUE, and, or, not, parentheses (default: listed in any index; "
            + IpJoinKeys.WHERE.key() + ")").build());
    o.addOption(Option.builder().longOpt("format").hasArg().argName("F")
        .desc(ClientIpLocators.FORMS + " (default combined; " + IpJoinKeys.FORMAT.key() + ")")
        .build());
    o.addOption(Option.builder().longOpt("client").hasArgs().argName("NAME=F")
        .desc("one of several address columns per record (source, destination), in the forms of"
            + " --format; repeatable, not with --format: each address is looked up in every index,"
            + " tag columns and --where/--count-by names are NAME.INDEX[.ATTR] ("
            + IpJoinKeys.CLIENTS.key() + ")").build());
    o.addOption(Option.builder().longOpt("output-format").hasArg().argName("text|parquet")
        .desc("what match, nomatch and tag write for text input: text (default, the lines) or"
            + " parquet (a Parquet table: the line, and a string column per tag column); not with"
            + " count (" + IpJoinKeys.OUTPUT_FORMAT.key() + ")").build());
    o.addOption(Option.builder().longOpt("chain").hasArg().argName("RULE")
        .desc("which address of a comma-separated chain (X-Forwarded-For) is the client: "
            + ChainRule.FORMS + " (default first; " + IpJoinKeys.CHAIN.key() + ")").build());
    o.addOption(Option.builder().longOpt("time").hasArg().argName("SPEC")
        .desc("where each record's time is: " + RecordTimeLocator.FORMS + "; a record whose time"
            + " cannot be read is set aside as malformed (" + IpJoinKeys.TIME.key() + ")").build());
    o.addOption(Option.builder().longOpt("as-of").hasArg().argName("TIME")
        .desc("one time for every record, e.g. 2026-11-27T07:05:00Z; not with --time ("
            + IpJoinKeys.AS_OF.key() + ")").build());
    o.addOption(Option.builder().longOpt("as-of-outside").hasArg().argName("none|nearest")
        .desc("what a history index answers for a record before its first snapshot or after its"
            + " last one's validity: none (default; tag mode writes ?) or nearest ("
            + IpJoinKeys.AS_OF_OUTSIDE.key() + ")").build());
    o.addOption(Option.builder().longOpt("no-verify-checksum")
        .desc("skip the index payload checksum in each task (" + IpJoinKeys.VERIFY_CHECKSUM.key()
            + "=false)").build());
    o.addOption(Option.builder().longOpt("verify-in-task")
        .desc("have each task compute every section's CRC32C of the index, even where the driver"
            + " verified it and its bytes came checksummed (" + IpJoinKeys.VERIFY_TASK.key()
            + "=true)").build());
    o.addOption(Option.builder().longOpt("no-malformed-output")
        .desc("count malformed records but do not write them under <output>/malformed/ ("
            + IpJoinKeys.MALFORMED_OUTPUT.key() + "=false)").build());
    o.addOption(Option.builder().longOpt("no-verify-index").desc("check only the index header and"
        + " length before submitting, not the whole index (" + IpJoinKeys.VERIFY_INDEX.key() + ")")
        .build());
    o.addOption(Option.builder().longOpt("allow-empty-input")
        .desc("run on an input without data instead of failing with exit code 3 ("
            + IpJoinKeys.ALLOW_EMPTY_INPUT.key() + ")").build());
    o.addOption(Option.builder().longOpt("overwrite").desc("replace an existing output directory,"
        + " once the job succeeded (" + IpJoinKeys.OUTPUT_OVERWRITE.key() + ")").build());
    o.addOption(Option.builder().longOpt("flat-output").desc("write every record directly under"
        + " --output even when inputs are in name=value partition folders ("
        + IpJoinKeys.FLAT_OUTPUT.key() + ")").build());
    o.addOption(Option.builder().longOpt("verbose").desc("print Hadoop's report while the job"
        + " runs (tracking URL, progress, every counter) before the result line ("
        + IpJoinKeys.VERBOSE.key() + ")").build());
    o.addOption(StrictCommandLine.helpOption());
    return o;
  }

  /**
   * Parses {@code args} into {@code join}: each option becomes the API call of the same name, which
   * sets its {@code ipjoin.*} key, after {@code -D} was applied, so the command line wins. Every
   * check of the values is the API's ({@link JoinJob#prepare()}).
   *
   * @return false when {@code --help} was given: print usage, do nothing else
   */
  static boolean parse(String[] args, JoinJob join) throws IpJoinException {
    CommandLine cmd = StrictCommandLine.parse(options(), args, 0, "inputs go after --input; see --help");
    if (cmd.hasOption("help")) {
      return false;
    }
    refuseRepeatedLoaders(cmd.getOptionValues("loader"));
    for (String option : new String[] {"index", "loader"}) {
      String[] values = cmd.getOptionValues(option);
      for (String value : values == null ? new String[0] : values) {
        if (option.equals("index")) {
          join.index(value);
        } else {
          join.loader(value);
        }
      }
    }
    StrictCommandLine.ifGiven(cmd, "where", join::where);
    StrictCommandLine.ifGiven(cmd, "mode", join::mode);
    StrictCommandLine.ifGiven(cmd, "format", join::format);
    String[] clients = cmd.getOptionValues("client");
    for (String client : clients == null ? new String[0] : clients) {
      int eq = client.indexOf('=');
      // The name is checked with the key's other items (OptionChecks): pass what was given.
      join.client(eq < 0 ? "" : client.substring(0, eq), client.substring(eq + 1));
    }
    StrictCommandLine.ifGiven(cmd, "output-format", join::outputFormat);
    StrictCommandLine.ifGiven(cmd, "chain", join::chain);
    StrictCommandLine.ifGiven(cmd, "time", join::time);
    StrictCommandLine.ifGiven(cmd, "as-of", join::asOf);
    StrictCommandLine.ifGiven(cmd, "as-of-outside", join::asOfOutside);
    StrictCommandLine.ifGiven(cmd, "count-by", join::countBy);
    StrictCommandLine.ifGiven(cmd, "output", join::output);
    String[] inputs = cmd.getOptionValues("input");
    if (inputs != null) {
      join.input(inputs);
    }
    if (cmd.hasOption("no-verify-checksum")) {
      join.verifyChecksum(false);
    }
    if (cmd.hasOption("verify-in-task")) {
      join.verifyInTask(true);
    }
    if (cmd.hasOption("no-malformed-output")) {
      join.malformedOutput(false);
    }
    if (cmd.hasOption("no-verify-index")) {
      join.verifyIndex(false);
    }
    if (cmd.hasOption("allow-empty-input")) {
      join.allowEmptyInput(true);
    }
    if (cmd.hasOption("overwrite")) {
      join.overwrite(true);
    }
    if (cmd.hasOption("flat-output")) {
      join.flatOutput(true);
    }
    if (cmd.hasOption("verbose")) {
      join.verbose(true);
    }
    return true;
  }

  /**
   * Two {@code --loader} options for one index (or two for every index) would leave one of them
   * unused without a word: refused, naming both.
   */
  private static void refuseRepeatedLoaders(String[] values) throws IpJoinException {
    Map<String, String> byIndex = new HashMap<>();
    for (String value : values == null ? new String[0] : values) {
      int eq = value.indexOf('=');
      String index = eq < 0 ? "" : value.substring(0, eq).trim();
      String before = byIndex.putIfAbsent(index, value.substring(eq + 1).trim());
      if (before != null) {
        throw IpJoinException.usage("--loader is given twice for " + (index.isEmpty()
            ? "every index" : "index " + OneLine.of(index)) + " (" + OneLine.of(before) + ", "
            + OneLine.of(value.substring(eq + 1).trim()) + "); give one");
      }
    }
  }

  static void printHelp(PrintWriter out) {
    StrictCommandLine.printHelp(out, USAGE, "Map-side join of log records against an IPv4/IPv6 index."
        + " Every option below can also be set as its ipjoin.* key with -D; the command line wins.",
        options(), OUTPUT + "\n" + keysWithoutOption() + "\n" + EXAMPLES, ExitCode.values());
  }

  /**
   * The keys no option sets, each with its default: given with {@code -D} (docs/configuration.md
   * describes every key). The index identity is left out: the driver sets it.
   */
  static String keysWithoutOption() {
    StringBuilder s = new StringBuilder("Keys without an option (-D key=value):");
    String descriptions = options().getOptions().stream().map(Option::getDescription)
        .reduce("", String::concat);
    for (IpJoinKeys k : IpJoinKeys.values()) {
      if (k != IpJoinKeys.INDEX_IDENTITY && !descriptions.contains(k.key())) {
        s.append(' ').append(k.key()).append(" (default ").append(k.defaultValue()).append("),");
      }
    }
    s.setLength(s.length() - 1);
    return s.append("; every key: docs/configuration.md.").toString();
  }
}
