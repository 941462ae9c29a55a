package org.ipjoin.tools;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.util.Tool;
import org.ipjoin.api.IpJoinException;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.list.EmptyIpListException;
import org.ipjoin.index.build.IndexShrinkException;
import org.ipjoin.index.build.InvalidBuildInputException;
import org.ipjoin.index.build.ListTooBigForHeapException;
import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.cli.CommandLineException;
import org.ipjoin.cli.StrictCommandLine;

/**
 * What every {@code ipindex} command shares: option parsing by the convention of every ipjoin
 * command ({@link StrictCommandLine}: commons-cli, no partial matching, no repeated or stray
 * options, generic options first) after ToolRunner has taken the generic options, {@code --help},
 * and the exit codes. Every error is one line on stderr, {@code ipindex <command>: what is wrong}.
 *
 * <p>Exit codes: {@value #OK} success; {@value #FAILED} the command ran and the data failed (corrupt
 * index, malformed list line, list without addresses, a shrink refused, a list too big for the
 * heap, any other I/O error); {@value #USAGE} the command line or its paths are wrong (unknown,
 * repeated or misplaced option, stray argument, input missing or a directory or given twice,
 * output exists or is an input).
 */
abstract class IndexCommand extends Configured implements Tool {

  static final int OK = StrictCommandLine.OK;
  static final int FAILED = StrictCommandLine.FAILED;
  static final int USAGE = StrictCommandLine.USAGE;

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

  /** How many positional arguments the command takes (none unless it says otherwise). */
  int maxArguments() {
    return 0;
  }

  /** What to tell a user who gave a positional argument the command does not take. */
  String argumentHint() {
    return "ipindex " + name + " takes no arguments besides its options; see --help";
  }

  @Override
  public final int run(String[] args) throws Exception {
    Options options = options().addOption(StrictCommandLine.helpOption());
    CommandLine line;
    try {
      line = StrictCommandLine.parse(options, args, maxArguments(), argumentHint());
    } catch (CommandLineException e) {
      return usageError(e.getMessage());
    }
    if (line.hasOption("help")) {
      printHelp(options);
      return OK;
    }
    try {
      return run(line);
    } catch (IpJoinException e) {
      // The API's problem, with the exit code it stands for: one implementation of the checks.
      System.err.println("ipindex " + name + ": " + e.getMessage());
      return e.exitCode();
    } catch (UsageException | FileNotFoundException | FileAlreadyExistsException
        | InvalidBuildInputException e) {
      return usageError(e.getMessage());
    } catch (CorruptIndexException | MalformedIpListException | EmptyIpListException
        | IndexShrinkException | ListTooBigForHeapException e) {
      System.err.println("ipindex " + name + ": " + e.getMessage());
      return FAILED;
    } catch (IOException e) {
      // Any other I/O failure (permission denied, a file system down): one line, not a trace.
      System.err.println("ipindex " + name + ": " + e.getClass().getSimpleName() + ": "
          + String.valueOf(e.getMessage()).replaceAll("\\s*[\\r\\n]+\\s*", " "));
      return FAILED;
    }
  }

  /** Prints the one-line error; returns {@link #USAGE}. The synopsis is in --help. */
  int usageError(String message) {
    System.err.println("ipindex " + name + ": " + message);
    return USAGE;
  }

  /** The single positional argument (the parser refused more), or a usage error. */
  String onlyArgument(CommandLine line, String what) throws UsageException {
    List<String> rest = line.getArgList();
    if (rest.isEmpty()) {
      throw new UsageException("missing the " + what + "; see --help");
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
    StrictCommandLine.printHelp(new PrintWriter(System.out, true),
        "ipindex " + name + " [generic options] " + synopsis, null, options);
  }

  /** A wrong command line or path: exit {@link #USAGE}. */
  static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }
}
