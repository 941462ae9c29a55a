package org.ipjoin.bench;

import java.io.IOException;

/**
 * The formats step's own section ({@code formats.md}, written by index-tools/lib/formats.sh: the
 * log as JSON and ALB lines, ipjoin's formats against the peers and per GB), as it is, under a
 * heading of its own; nothing when the step did not run.
 */
final class FormatsSection implements ReportSection {

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    var text = results.formatsMarkdown();
    if (text.isPresent()) {
      md.heading(2, "Log formats: JSON, ALB and two address columns (`index-tools/bench --formats`)");
      md.line(text.get().strip()).blank();
    }
  }
}
