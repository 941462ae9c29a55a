package org.ipjoin.cli;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.MissingArgumentException;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.UnrecognizedOptionException;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;

/**
 * The one command-line convention of every ipjoin command ({@code ipjoin} and each {@code ipindex}
 * command), on top of commons-cli after Hadoop's ToolRunner has taken the generic options:
 *
 * <ul>
 *   <li>No partial matching: {@code --in} is not {@code --input}, it is an unknown option.
 *   <li>An option given twice is refused, unless it takes several values ({@code hasArgs()}), which
 *       is how a command declares an option repeatable ({@code --input a --input b}).
 *   <li>Positional arguments only where the command takes them, and no more than it takes.
 *   <li>A Hadoop generic option after the command's own options is refused with a line saying
 *       where it goes: GenericOptionsParser stops at the first option it does not know, so a late
 *       {@code -D k=v} would otherwise be an unknown option, or worse, the next value of a
 *       repeatable option such as {@code --input}.
 *   <li>Every token that looks like an option must be one: commons-cli would take an unknown
 *       {@code --typo} after {@code --input a} as one more input path.
 * </ul>
 * Each problem is one line; the caller prints it with its command's prefix and exits 2.
 */
public final class StrictCommandLine {

  /** Hadoop's generic options (GenericOptionsParser), which must come before a command's own. */
  static final Set<String> GENERIC_OPTIONS = Set.of("-D", "-conf", "-fs", "-files", "-libjars",
      "-archives", "-jt", "-tokenCacheFile");

  public static final String GENERIC_OPTIONS_RULE = "generic options (-D, -conf, -fs, -files, -libjars)"
      + " go first, before the command's options";


  private StrictCommandLine() {}

  /**
   * Parses {@code args} by the convention.
   *
   * @param maxArguments how many positional arguments the command takes (0 for none)
   * @param argumentHint said after a stray argument, e.g. "inputs go after --input"
   */
  public static CommandLine parse(Options options, String[] args, int maxArguments,
      String argumentHint) throws IpJoinException {
    checkOptionTokens(options, args);
    CommandLine line;
    try {
      line = DefaultParser.builder().setAllowPartialMatching(false).build().parse(options, args);
    } catch (UnrecognizedOptionException e) {
      throw unknownOption(e.getOption());
    } catch (MissingArgumentException e) {
      throw IpJoinException.usage("option " + display(e.getOption()) + " needs a value");
    } catch (ParseException e) {
      throw IpJoinException.usage(e.getMessage() + "; see --help");
    }
    checkRepeats(line);
    List<String> rest = line.getArgList();
    if (rest.size() > maxArguments) {
      throw IpJoinException.usage("unexpected argument '" + rest.get(maxArguments) + "'; "
          + argumentHint);
    }
    return line;
  }

  /** Refuses a late generic option or an unknown option wherever it stands, even as a value. */
  private static void checkOptionTokens(Options options, String[] args)
      throws IpJoinException {
    for (String token : args) {
      if (token.equals("--")) {
        return; // everything after "--" is an argument
      }
      if (isGenericOption(token)) {
        throw IpJoinException.usage("'" + token + "' is a Hadoop generic option: "
            + GENERIC_OPTIONS_RULE);
      }
      if (token.startsWith("-") && token.length() > 1 && !isNumber(token) && !isKnown(options, token)) {
        throw unknownOption(token);
      }
    }
  }

  private static boolean isGenericOption(String token) {
    return GENERIC_OPTIONS.contains(token) || (token.startsWith("-D") && token.length() > 2
        && Character.isLetter(token.charAt(2)));
  }

  private static boolean isKnown(Options options, String token) {
    String name = token.startsWith("--") ? token.substring(2) : token.substring(1);
    int equals = name.indexOf('=');
    if (equals >= 0) {
      name = name.substring(0, equals);
    }
    return token.startsWith("--") ? options.hasLongOption(name) : options.hasShortOption(name);
  }

  private static boolean isNumber(String token) {
    try {
      Double.parseDouble(token);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static IpJoinException unknownOption(String token) {
    return IpJoinException.usage("unknown option '" + token + "'; see --help");
  }

  /** commons-cli records one Option per occurrence; count them. */
  private static void checkRepeats(CommandLine line) throws IpJoinException {
    Map<String, Integer> seen = new HashMap<>();
    for (Option option : line.getOptions()) {
      String key = option.getKey();
      if (seen.merge(key, 1, Integer::sum) == 2 && option.getArgs() != Option.UNLIMITED_VALUES) {
        throw IpJoinException.usage("option " + display(option) + " given twice");
      }
    }
  }

  private static String display(Option option) {
    return option.getLongOpt() != null ? "--" + option.getLongOpt() : "-" + option.getOpt();
  }

  /**
   * Passes an option's value to {@code call} when the option was given: a command line sets only
   * what it was told, so the API's defaults (and {@code -D} keys) stand for the rest.
   */
  public static void ifGiven(CommandLine line, String option, Consumer<String> call) {
    String value = line.getOptionValue(option);
    if (value != null) {
      call.accept(value);
    }
  }

  /** {@code -h} / {@code --help}, the same in every command. */
  public static Option helpOption() {
    return Option.builder("h").longOpt("help").desc("print this help").build();
  }

  /**
   * Prints the help every command shares: the usage line, a description, the options, what the
   * command adds after them ({@code more}, may be empty), where generic options go, and the exit
   * codes the command ends with.
   */
  public static void printHelp(PrintWriter out, String usage, String description, Options options,
      String more, ExitCode... exitCodes) {
    new HelpFormatter().printHelp(out, 100, usage, description, options, 2, 4,
        (more.isEmpty() ? "" : more + "\n") + "Hadoop " + GENERIC_OPTIONS_RULE
            + " (-D key=value, -conf site.xml, -fs uri).\n" + ExitCode.helpLine(exitCodes), false);
    out.flush();
  }
}
