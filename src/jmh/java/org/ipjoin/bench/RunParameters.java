package org.ipjoin.bench;

/**
 * What the bench was asked for, as {@code index-tools/bench} passes it to the report: the command
 * line, the addresses in the list, MiB of logs asked for, fresh-JVM runs per read path, the job's
 * input split in MiB and the IPv6 share of the data.
 */
record RunParameters(String command, long ips, String logMb, String runs, String splitMb,
    String ipv6Share) {

  /** From the report's arguments after the two directories. */
  static RunParameters of(String[] args, int from) {
    return new RunParameters(args[from], Long.parseLong(args[from + 1]), args[from + 2],
        args[from + 3], args[from + 4], args.length > from + 5 ? args[from + 5] : "0");
  }
}
