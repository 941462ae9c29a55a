package org.ipjoin.cli.ipindex;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
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
 * Exit codes: 0 success, 1 the data failed (corrupt index, malformed list), 2 usage error.
 */
public final class IndexTools {

  private static final Map<String, Supplier<IndexCommand>> COMMANDS = new LinkedHashMap<>();

  static {
    COMMANDS.put("build", BuildCommand::new);
    COMMANDS.put("verify", VerifyCommand::new);
    COMMANDS.put("inspect", InspectCommand::new);
    COMMANDS.put("export", ExportCommand::new);
    COMMANDS.put("sample", SampleCommand::new);
    COMMANDS.put("load", LoadCommand::new);
  }

  private IndexTools() {}

  public static void main(String[] args) throws Exception {
    System.exit(run(new Configuration(), args));
  }

  /** Runs one command; returns its exit code. */
  public static int run(Configuration conf, String[] args) throws Exception {
    if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help")) {
      System.err.println("usage: ipindex <command> [options]; commands: " + COMMANDS.keySet()
          + "\n       ipindex <command> --help");
      return args.length == 0 ? ExitCode.USAGE.code() : ExitCode.SUCCESS.code();
    }
    Supplier<IndexCommand> command = COMMANDS.get(args[0]);
    if (command == null) {
      System.err.println("ipindex: unknown command '" + args[0] + "'; commands: " + COMMANDS.keySet());
      return ExitCode.USAGE.code();
    }
    return ToolRunner.run(conf, command.get(), Arrays.copyOfRange(args, 1, args.length));
  }
}
