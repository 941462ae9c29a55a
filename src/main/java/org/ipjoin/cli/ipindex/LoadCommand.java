package org.ipjoin.cli.ipindex;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.ipjoin.index.format.LoadTrust;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;

/**
 * {@code ipindex load --loader text|stream|buffered|nio|mmap|mmap-direct [--no-checksum] [--trusted [--verify-in-task]] /local/ips.ipidx}
 *
 * <p>Loads a local index once with one read path, exactly as a map task's setup() does, and prints
 * one line: {@code loader=nio keys=N millis=T cpu_millis=C checksum=true checks=full file=F}
 * ({@code cpu_millis}: the loading thread's CPU time, page faults included, which a busy machine
 * disturbs less than the wall time). With
 * {@code --json} the same result is one JSON object on one line instead, with the file's bytes,
 * the IPv6 keys and the lookup's heap bytes besides, for scripts (the benchmark reads it). With
 * {@code --trusted} it loads as a task of a job whose driver verified the whole index does when its
 * bytes came checksummed ({@link LoadTrust}: header and section directory, no content checks, the
 * lookup directories from the file; section CRCs on the heap paths, none for {@code mmap-direct}),
 * to time that; {@code --verify-in-task} as well times a task asked to verify its bytes (every
 * section's CRC32C); by default it runs every check. {@code checksum} says whether CRCs were
 * computed. Run it in a fresh JVM per
 * measurement (the benchmark does) to see what a task pays, cold JIT included; run it on a cluster
 * node to see which path is fastest there. With {@code text} the file is the text list.
 * Exit codes: 0 loaded, 1 the file failed a check, 2 usage error or file missing.
 */
final class LoadCommand extends IndexCommand {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One load: what {@code --json} prints, field by field. */
  record Result(String loader, long keys, long ipv6Keys, double millis, double cpuMillis,
      boolean checksum, String checks, String file, long fileBytes, long heapBytes) {

    /** The default output, unchanged since before {@code --json}: scripts and people read it. */
    String text() {
      return String.format("loader=%s keys=%d millis=%.1f cpu_millis=%.1f checksum=%s checks=%s file=%s",
          loader, keys, millis, cpuMillis, checksum, checks, file);
    }
  }

  LoadCommand() {
    super("load", "--loader " + ReadPath.names().replace(", ", "|")
        + " [--no-checksum] [--trusted [--verify-in-task]] [--json] FILE", "local file");
  }

  @Override
  Options options() {
    return new Options()
        .addOption(Option.builder().longOpt("loader").hasArg().argName("name")
            .desc("read path: " + ReadPath.names() + " (default nio)").build())
        .addOption(Option.builder().longOpt("no-checksum")
            .desc("skip the payload CRC32C (every other check still runs)").build())
        .addOption(Option.builder().longOpt("trusted")
            .desc("load as a map task does when the driver verified the whole index and the bytes"
                + " came checksummed: check the header and section directory, section CRC32Cs on"
                + " the heap paths only (none for mmap-direct), and take the lookup directories"
                + " from the file (to time that; the default runs every check)")
            .build())
        .addOption(Option.builder().longOpt("verify-in-task")
            .desc("with --trusted: load as a task asked to verify its bytes"
                + " (ipjoin.index.verify.task): every section's CRC32C on every path").build())
        .addOption(Option.builder().longOpt("json")
            .desc("print the result as one line of JSON (loader, keys, ipv6Keys, millis, cpuMillis,"
                + " checksum, checks, file, fileBytes, heapBytes) instead of key=value text").build());
  }

  @Override
  int run(CommandLine line) throws Exception {
    ReadPath path;
    try {
      path = ReadPath.fromName(line.getOptionValue("loader", "nio"));
    } catch (IllegalArgumentException e) {
      throw IpJoinException.usage(e.getMessage());
    }
    String argument = fileArgument(line);
    if (argument.contains("://") && !argument.startsWith("file://")) {
      throw IpJoinException.usage("load reads a local file, as a task does; copy " + argument
          + " to local disk first (hadoop fs -get)");
    }
    java.nio.file.Path file = java.nio.file.Path.of(argument.replaceFirst("^file://", ""));
    if (!Files.isRegularFile(file)) {
      throw new java.io.FileNotFoundException(file + " does not exist or is not a file");
    }
    if (line.hasOption("verify-in-task") && !line.hasOption("trusted")) {
      throw IpJoinException.usage("--verify-in-task goes with --trusted (the default load checks"
          + " everything)");
    }
    boolean asked = !line.hasOption("no-checksum");
    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    long cpuStart = threads.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    LoadTrust trust = !line.hasOption("trusted") ? LoadTrust.FULL
        : line.hasOption("verify-in-task") ? LoadTrust.CONTENT_VERIFIED_ELSEWHERE
        : LoadTrust.BYTES_VERIFIED_ELSEWHERE;
    LoadedIndex loaded = path.loader().load(file, asked, trust);
    long nanos = System.nanoTime() - start;
    long cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
    Result result = new Result(path.externalName(), loaded.index().listedCount(), loaded.index6().size(),
        nanos / 1e6, cpuNanos / 1e6, trust.checksums(asked, path.keepsKeysOffHeap()),
        trust.toString(), file.toString(), Files.size(file),
        loaded.index().heapBytes());
    System.out.println(line.hasOption("json") ? JSON.writeValueAsString(result) : result.text());
    return ExitCode.SUCCESS.code();
  }
}
