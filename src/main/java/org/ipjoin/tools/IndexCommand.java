package org.ipjoin.tools;

import java.io.FileNotFoundException;
import java.io.PrintWriter;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.util.Tool;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.EmptyIpListException;
import org.ipjoin.index.MalformedIpListException;

/**
 * What every {@code ipindex} command shares: option parsing with commons-cli (already on every
 * Hadoop classpath, through Hadoop's own GenericOptionsParser) after ToolRunner has taken the
 * generic options, {@code --help}, and the exit codes.
 *
 * <p>Exit codes: {@value #OK} success; {@value #FAILED} the command ran and the data failed (corrupt
 * index, malformed list line, list without addresses, I/O error); {@value #USAGE} the command line or its paths are wrong
 * (unknown option, missing argument, input missing, output exists).
 */
abstract class IndexCommand extends Configured implements Tool {

  static final int OK = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;

  private final String name;
  private final String synopsis;

  IndexCommand(String name, String synopsis) {
    this.name = name;
    this.synopsis = synopsis;
  }

  /** The command's options, besides {@code --help}. */
  abstract Options options();

  /** Runs with parsed options; returns the exit code. */
  abstract int run(CommandLine line) throws Exception;

  @Override
  public final int run(String[] args) throws Exception {
    Options options = options().addOption(Option.builder("h").longOpt("help").desc("show this help").build());
    CommandLine line;
    try {
      line = new DefaultParser().parse(options, args);
    } catch (ParseException e) {
      return usageError(e.getMessage());
    }
    if (line.hasOption("help")) {
      printHelp(options);
      return OK;
    }
    try {
      return run(line);
    } catch (UsageException | FileNotFoundException | FileAlreadyExistsException e) {
      return usageError(e.getMessage());
    } catch (CorruptIndexException | MalformedIpListException | EmptyIpListException e) {
      System.err.println("ipindex " + name + ": " + e.getMessage());
      return FAILED;
    }
  }

  /** Prints a one-line error and the synopsis; returns {@link #USAGE}. */
  int usageError(String message) {
    System.err.println("ipindex " + name + ": " + message);
    System.err.println("usage: ipindex " + name + " " + synopsis + "   (--help for details)");
    return USAGE;
  }

  /** The single positional argument, or a usage error. */
  String onlyArgument(CommandLine line, String what) throws UsageException {
    List<String> rest = line.getArgList();
    if (rest.size() != 1) {
      throw new UsageException("expected one " + what + ", got " + rest.size() + " arguments");
    }
    return rest.get(0);
  }

  /** A required option's value. commons-cli's own required check has a terse message. */
  static String required(CommandLine line, String option) throws UsageException {
    String value = line.getOptionValue(option);
    if (value == null) {
      throw new UsageException("missing --" + option);
    }
    return value;
  }

  static long positiveLong(CommandLine line, String option, long dflt) throws UsageException {
    String value = line.getOptionValue(option);
    if (value == null) {
      return dflt;
    }
    try {
      long n = Long.parseLong(value.replace("_", "").replace(",", ""));
      if (n < 0) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new UsageException("--" + option + " must be a non-negative whole number, got '" + value + "'");
    }
  }

  private void printHelp(Options options) {
    PrintWriter out = new PrintWriter(System.out, true);
    new HelpFormatter().printHelp(out, 100, "ipindex " + name + " " + synopsis,
        null, options, 2, 4, "\nExit codes: 0 success, 1 data failed a check, 2 usage error."
            + "\nHadoop generic options (-D k=v, -conf f, -fs uri) go before the command's own.");
  }

  /** A wrong command line or path: exit {@link #USAGE}. */
  static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }
}
