package org.ipjoin.bench;

import java.io.IOException;

/** One section of the bench report, written from the run's results. */
interface ReportSection {

  void write(BenchResults results, MarkdownWriter md) throws IOException;
}
