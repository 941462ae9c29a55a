package org.ipjoin.api;

import org.apache.hadoop.fs.Path;

/**
 * An index {@link IndexBuild#run()} built and published.
 *
 * @param index the index file, as given to {@link IndexBuild#output}
 * @param intervals intervals in the index (for a list of plain addresses: its distinct addresses)
 * @param lines lines read from all lists
 * @param skipped lines skipped: IPv6 entries and, with skip-invalid, malformed lines
 * @param summary the summary {@code ipindex build} prints, several lines
 */
public record BuiltIndex(Path index, long intervals, long lines, long skipped, String summary) {}
