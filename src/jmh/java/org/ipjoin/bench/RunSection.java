package org.ipjoin.bench;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** What the run was: the machine (machine.txt), the command and the data. */
final class RunSection implements ReportSection {

  private static final List<String> MACHINE_KEYS =
      List.of("date", "cpu", "nproc", "memory", "kernel", "thp", "jdk", "load");

  private final RunParameters run;

  RunSection(RunParameters run) {
    this.run = run;
  }

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    Map<String, String> machine = results.machine();
    md.heading(2, "The last run (`index-tools/bench`)");
    md.paragraph("Made by `index-tools/bench`. Every number in this section comes from the run described here;",
        "rerun the command to reproduce. The machine is shared with other builds, so absolute times are",
        "noisy: compare the ratios, which were measured side by side in the same run.");
    md.tableHead(List.of("", ""), List.of(false, false));
    for (String key : MACHINE_KEYS) {
      if (machine.containsKey(key)) {
        md.row(key, machine.get(key));
      }
    }
    md.row("command", "`" + run.command() + "`");
    md.row("data", MarkdownWriter.fmt("%,d", run.ips()) + " addresses (`ipindex sample`, seed 42), "
        + run.logMb() + " MiB of combined-format logs asked for, hit ratio 0.5, IPv6 share "
        + run.ipv6Share() + (Double.parseDouble(run.ipv6Share()) > 0
            ? " (`--ipv6-share`: about that share of the list's addresses and of the logs' clients are IPv6)"
            : " (IPv4 only)"));
    if (machine.containsKey("logs")) {
      md.row("logs", machine.get("logs"));
    }
    md.blank();
  }
}
