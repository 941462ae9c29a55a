package org.ipjoin.bench;

import java.io.IOException;

/** The peers step's own section ({@code peers.md}, written by the peers' report), as it is. */
final class PeersSection implements ReportSection {

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    results.peersMarkdown().ifPresent(text -> md.line(text.strip()).blank());
  }
}
