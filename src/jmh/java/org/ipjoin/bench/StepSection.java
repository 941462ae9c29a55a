package org.ipjoin.bench;

import java.io.IOException;

/**
 * An optional step's own section, the markdown its script wrote into the results (the formats
 * step's {@code formats.md}, index-tools/lib/formats.sh; the history step's {@code history.md},
 * index-tools/lib/history.sh), as it is, under a heading of its own; nothing when the step did not
 * run.
 */
final class StepSection implements ReportSection {

  private final String file;
  private final String heading;

  StepSection(String file, String heading) {
    this.file = file;
    this.heading = heading;
  }

  static StepSection formats() {
    return new StepSection("formats.md", "Log formats: JSON, ALB and two address columns (`index-tools/bench --formats`)");
  }

  static StepSection history() {
    return new StepSection("history.md", "History indexes: a year of snapshots against one (`index-tools/bench --history`)");
  }

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    var text = results.stepMarkdown(file);
    if (text.isPresent()) {
      md.heading(2, heading);
      md.line(text.get().strip()).blank();
    }
  }
}
