package org.ipjoin.api;

import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * An index {@link IndexBuild#run()} built and published.
 *
 * @param index the index file, as given to {@link IndexBuild#output}
 * @param intervals intervals in the index (for a list of plain addresses: its distinct addresses)
 * @param lines lines read from all lists
 * @param skipped lines skipped: IPv6 entries and, with skip-invalid, malformed lines
 * @param summary the summary {@code ipindex build} prints, several lines
 * @param warnings warnings about whole lists, one line each ({@code ipindex build} prints them on
 *     stderr): labels that are all small numbers (a count column read as labels), a list of a
 *     labelled folder without entries
 */
public record BuiltIndex(Path index, long intervals, long lines, long skipped, String summary,
    List<String> warnings) {

  /** Without warnings. */
  public BuiltIndex(Path index, long intervals, long lines, long skipped, String summary) {
    this(index, intervals, lines, skipped, summary, List.of());
  }

  public BuiltIndex {
    warnings = List.copyOf(warnings);
  }
}
