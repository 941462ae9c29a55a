package org.ipjoin.cli.ipindex;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.ipjoin.cli.StrictCommandLine;
import org.ipjoin.problem.ExitCode;

/**
 * {@code ipindex <command> [generic options] [options]}: the index tools. Each command is its own
 * {@link org.apache.hadoop.util.Tool}, run through {@link ToolRunner}, so Hadoop's generic options
 * ({@code -D fs.defaultFS=hdfs://nn:8020}, {@code -conf site.xml}) work before its own options:
 *
 * <pre>
 * ipindex build   --input ip.tsv [more.tsv …] --output ips.ipidx [--skip-invalid] [--overwrite] [--max-shrink F] [--allow-empty]
 * ipindex verify  [--no-checksum] ips.ipidx
 * ipindex inspect ips.ipidx [--lookup 1.2.3.4 …]
 * ipindex export  ips.ipidx [--output list.txt] [--overwrite]
 * ipindex sample  --ips N --output ip.tsv [--logs access.log --log-lines M --hit-ratio 0.5] [--seed S]
 * ipindex load    --loader text|stream|buffered|nio|mmap|mmap-direct [--no-checksum] /local/ips.ipidx
 * </pre>
 *
 * Exit codes: 0 success (and {@code --help}, printed on stdout), 1 the data failed (corrupt index,
 * malformed list), 2 usage error.
 */
public final class IndexTools {

  /** A command: its name, what it does in a line (for {@code ipindex --help}), and its Tool. */
  private record Command(String name, String summary, Supplier<IndexCommand> tool) {}

  private static final List<Command> COMMANDS = List.of(
      new Command("build", "build a checked index from IP lists and publish it atomically",
          BuildCommand::new),
      new Command("verify", "run every check of an index; prints OK and its identity",
          VerifyCommand::new),
      new Command("inspect", "show what an index holds; look addresses up in it",
          InspectCommand::new),
      new Command("export", "write an index back as a list that builds the same index",
          ExportCommand::new),
      new Command("sample", "write a sample IP list and access logs", SampleCommand::new),
      new Command("load", "load an index by one read path, once, and time it", LoadCommand::new));

  private IndexTools() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(new Configuration(), args));
  }

  /** Runs one command; returns its exit code. */
  public static int run(Configuration conf, String[] args) throws Exception {
    if (args.length == 0) {
      System.err.println("ipindex: missing the command; one of " + names() + ". See ipindex --help");
      return ExitCode.USAGE.code();
    }
    if (args[0].equals("-h") || args[0].equals("--help")) {
      System.out.print(help());
      System.out.flush();
      return ExitCode.SUCCESS.code();
    }
    Optional<Command> command = COMMANDS.stream().filter(c -> c.name().equals(args[0])).findFirst();
    if (command.isEmpty()) {
      System.err.println("ipindex: unknown command '" + args[0] + "'; commands: " + names());
      return ExitCode.USAGE.code();
    }
    return ToolRunner.run(conf, command.get().tool().get(), Arrays.copyOfRange(args, 1, args.length));
  }

  private static List<String> names() {
    return COMMANDS.stream().map(Command::name).toList();
  }

  /** {@code ipindex --help}: the usage, one line per command, where each command's options are. */
  static String help() {
    StringBuilder s = new StringBuilder("usage: ipindex <command> [generic options] [options]\n\n"
        + "Commands:\n");
    for (Command c : COMMANDS) {
      s.append(String.format(Locale.ROOT, "  %-8s %s%n", c.name(), c.summary()));
    }
    return s.append("\nEach command's options: ipindex <command> --help. Hadoop ")
        .append(StrictCommandLine.GENERIC_OPTIONS_RULE).append(".\n")
        .append("Example: ipindex build --input ip.tsv --output ips.ipidx\n")
        .append(ExitCode.helpLine(ExitCode.SUCCESS, ExitCode.FAILED, ExitCode.USAGE)).append('\n')
        .toString();
  }
}
