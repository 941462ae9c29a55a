package org.ipjoin.bench;

import java.io.IOException;

/**
 * The peers step's own section ({@code peers.md}, written by the peers' report), as it is, and the
 * link to the job-level chart the bench draws from the same runs ({@link JobsChart}).
 */
final class PeersSection implements ReportSection {

  static final String CHART = "benchmarks-jobs.png";

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    results.peersMarkdown().ifPresent(text -> md.line(text.strip()).blank());
    if (results.peerRuns().stream().anyMatch(r -> r.wallMillis() != null)) {
      md.paragraph("Chart: [" + CHART + "](" + CHART + "): per join, each system's fastest finished run whose",
          "output is ipjoin's (whole process, seconds, log scale; lower is better). Systems that did not run",
          "are left out.");
    }
  }
}
