package org.ipjoin.cli.ipindex;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.UnsupportedFileSystemException;
import org.apache.hadoop.util.Tool;
import org.ipjoin.cli.StrictCommandLine;
import org.ipjoin.index.builder.IndexShrinkException;
import org.ipjoin.index.builder.InvalidBuildInputException;
import org.ipjoin.index.builder.ListTooBigForHeapException;
import org.ipjoin.index.builder.MalformedMaxMindDbException;
import org.ipjoin.index.builder.OutputWriteException;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.list.EmptyIpListException;
import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IoCause;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

/**
 * What every {@code ipindex} command shares: option parsing by the convention of every ipjoin
 * command ({@link StrictCommandLine}: commons-cli, no partial matching, no repeated or stray
 * options, generic options first) after ToolRunner has taken the generic options, {@code --help},
 * and the exit codes. Every error is one line on stderr, {@code ipindex <command>: what is wrong}.
 *
 * <p>Exit codes: 0 success; 1 the command ran and the data failed (corrupt
 * index, malformed list line, list without addresses, a shrink refused, a list too big for the
 * heap, any other I/O error: a full disk, a file size limit, also when a worker thread, a stream or
 * Hadoop's local FileSystem wraps it, and a standard output that could not be written, but for
 * build, whose index is published by then); 2 the
 * command line or its paths are wrong (unknown, repeated or misplaced option, stray argument, input
 * missing or a directory or given twice, output exists or is an input, a path whose scheme has no
 * FileSystem on the classpath).
 */
abstract class IndexCommand extends Configured implements Tool {


  private final String name;
  private final String synopsis;
  /** What the command's one positional argument is ("index file"), or null when it takes none. */
  private final String fileArgument;

  /** A command that takes no positional argument, only options. */
  IndexCommand(String name, String synopsis) {
    this(name, synopsis, null);
  }

  /** A command that takes one file as its positional argument, named {@code fileArgument}. */
  IndexCommand(String name, String synopsis, String fileArgument) {
    this.name = name;
    this.synopsis = synopsis;
    this.fileArgument = fileArgument;
  }

  /** The command's options, besides {@code --help}. */
  abstract Options options();

  /** Runs with parsed options; returns the exit code. */
  abstract int run(CommandLine line) throws Exception;

  /** How many positional arguments the command takes: its file, or none. */
  private int maxArguments() {
    return fileArgument == null ? 0 : 1;
  }

  /** What to tell a user who gave a positional argument the command does not take. */
  private String argumentHint() {
    return fileArgument == null
        ? "ipindex " + name + " takes no arguments besides its options; see --help"
        : "expected one " + fileArgument + "; see --help";
  }

  @Override
  public final int run(String[] args) throws Exception {
    Options options = options().addOption(StrictCommandLine.helpOption());
    CommandLine line;
    try {
      line = StrictCommandLine.parse(options, args, maxArguments(), argumentHint());
    } catch (IpJoinException e) {
      return usageError(e.getMessage());
    }
    if (line.hasOption("help")) {
      printHelp(options);
      return ExitCode.SUCCESS.code();
    }
    int exit;
    try {
      exit = run(line);
    } catch (IpJoinException e) {
      // The API's problem, or the command's own usage error, with the exit code it stands for.
      System.err.println("ipindex " + name + ": " + e.getMessage());
      return e.exitCode();
    } catch (IOException e) {
      return failed(e);
    } catch (RuntimeException | Error e) {
      // An I/O failure a stream, a worker thread or Hadoop's local FileSystem (FSError) wrapped.
      IOException cause = IoCause.of(e);
      if (cause == null) {
        throw e;
      }
      return failed(cause);
    }
    if (exit == ExitCode.SUCCESS.code() && outputIsTheResult() && System.out.checkError()) {
      // PrintStream keeps write errors to itself: without this a full disk or a closed pipe
      // would cut an export short and still exit 0.
      System.err.println("ipindex " + name + ": could not write to standard output (a full disk"
          + " or a closed pipe?); what it received is incomplete");
      return ExitCode.FAILED.code();
    }
    return exit;
  }

  /**
   * Whether what the command writes to standard output is its result, so that output cut short
   * (a full disk, a closed pipe) fails the command. Not for a command whose result is a file it
   * has published before it writes (build): its report going nowhere changes nothing done.
   */
  boolean outputIsTheResult() {
    return true;
  }

  /** One line for an I/O failure, by its kind: 2 for a wrong path, else 1. */
  private int failed(IOException e) {
    if (e instanceof FileNotFoundException || e instanceof FileAlreadyExistsException
        || e instanceof InvalidBuildInputException) {
      return usageError(e.getMessage());
    }
    if (e instanceof UnsupportedFileSystemException) {
      // A scheme Hadoop does not know, met past the commands' own checks: a usage problem.
      return usageError(OneLine.ioFailure(e));
    }
    if (e instanceof CorruptIndexException || e instanceof MalformedIpListException
        || e instanceof EmptyIpListException || e instanceof IndexShrinkException
        || e instanceof ListTooBigForHeapException || e instanceof OutputWriteException
        || e instanceof MalformedMaxMindDbException) {
      System.err.println("ipindex " + name + ": " + OneLine.fold(e.getMessage()));
      return ExitCode.FAILED.code();
    }
    // Any other I/O failure (permission denied, a file system down): one line, not a trace.
    System.err.println("ipindex " + name + ": " + OneLine.ioFailure(e));
    return ExitCode.FAILED.code();
  }

  /** Prints the one-line error; returns {@link ExitCode#USAGE}. The synopsis is in --help. */
  int usageError(String message) {
    System.err.println("ipindex " + name + ": " + message);
    return ExitCode.USAGE.code();
  }

  /** The command's file argument (the parser refused more than one), or a usage error. */
  String fileArgument(CommandLine line) throws IpJoinException {
    List<String> rest = line.getArgList();
    if (rest.isEmpty()) {
      throw IpJoinException.usage("missing the " + fileArgument + "; see --help");
    }
    return rest.get(0);
  }

  /** A required option's value. commons-cli's own required check has a terse message. */
  static String required(CommandLine line, String option) throws IpJoinException {
    String value = line.getOptionValue(option);
    if (value == null) {
      throw IpJoinException.usage("missing --" + option);
    }
    return value;
  }

  static long positiveLong(CommandLine line, String option, long dflt) throws IpJoinException {
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
      throw IpJoinException.usage("--" + option + " must be a non-negative whole number, got '" + value + "'");
    }
  }

  private void printHelp(Options options) {
    StrictCommandLine.printHelp(new PrintWriter(System.out, true),
        "ipindex " + name + " [generic options] " + synopsis, null, options, "",
        ExitCode.SUCCESS, ExitCode.FAILED, ExitCode.USAGE);
  }

}
