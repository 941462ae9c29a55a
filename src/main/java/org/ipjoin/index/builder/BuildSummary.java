package org.ipjoin.index.builder;

import java.util.List;
import java.util.Map;
import org.ipjoin.index.list.LabelConflict;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.ListWarnings;
import org.ipjoin.index.list.NormaliseStats;
import org.ipjoin.index.list.OverlapPolicy;

/**
 * What {@code ipindex build} did, for its summary and for tests.
 *
 * @param stats entries by kind, duplicates, overlaps, merges, label conflicts, intervals, labels
 * @param labelColumn how the labels were read: {@code --labels} and its value for text lists,
 *     {@code --label-from-file} and its pattern, or {@code --fields} and its value for MaxMind DB
 *     files
 * @param kindCounts lines that were no entry, by kind (blank, comment, malformed)
 * @param skippedExamples the first few skipped malformed lines, one per line
 * @param warnings lines read as entries that may not be what their writer meant, by kind
 * @param notes summary lines of what only the inputs' kind has (a MaxMind DB's networks), each
 *     ending in a line separator; empty for text lists
 * @param listWarnings warnings about whole lists (labels that look like counts, a labelled list
 *     without entries), one line each, for stderr: not part of {@link #format()}
 */
public record BuildSummary(
    List<ListCount> lists,
    String output,
    long inputBytes,
    long lines,
    NormaliseStats stats,
    String labelColumn,
    Map<LineKind, Long> kindCounts,
    String skippedExamples,
    ListWarnings warnings,
    String notes,
    long outputBytes,
    long scanMillis,
    long sortMillis,
    long writeMillis,
    long totalMillis,
    List<String> listWarnings) {

  /** Below a megabyte read, the summary gives no read rate. */
  private static final long MIN_BYTES_FOR_RATE = 1_000_000;

  /** One list file the index was built from: its bytes and lines. */
  public record ListCount(String name, long bytes, long lines) {}

  /** The list files, comma-separated. */
  public String input() {
    return String.join(", ", lists.stream().map(ListCount::name).toList());
  }

  /** Intervals in the index (for an exact-address list: its distinct addresses). */
  public long intervals() {
    return stats.intervals();
  }

  /** Lines of a kind that is not an entry (0 if none). */
  public long count(LineKind kind) {
    return kindCounts.getOrDefault(kind, 0L);
  }

  /** Lines skipped: with --skip-invalid, malformed lines. */
  public long skipped() {
    return count(LineKind.MALFORMED);
  }

  /** The summary the build command prints. */
  public String format() {
    StringBuilder s = new StringBuilder();
    s.append(String.format("built %s from %s%n", output, input()));
    s.append(String.format("  lines        %,d (%,d bytes)%n", lines, inputBytes));
    if (lists.size() > 1) {
      for (ListCount list : lists) {
        s.append(String.format("    %s  %,d lines (%,d bytes)%n", list.name(), list.lines(),
            list.bytes()));
      }
    }
    s.append(notes);
    s.append(String.format("  addresses    %,d%n", stats.addresses()));
    s.append(String.format("  blocks       %,d%n", stats.blocks()));
    s.append(String.format("  ranges       %,d%n", stats.ranges()));
    s.append(String.format("  duplicates   %,d%n", stats.duplicates()));
    s.append(String.format("  conflicts    %,d (same range as an earlier line, another label:"
        + " the earlier line's label is kept)%n", stats.labelConflicts()));
    for (LabelConflict c : stats.conflictExamples()) {
      s.append("    ").append(c).append(System.lineSeparator());
    }
    // Duplicates and label conflicts give up all their addresses too: counted above, not again.
    long counted = stats.duplicates() + stats.labelConflicts();
    s.append(String.format("  overlaps     %,d more entries gave up addresses to others (%,d all"
        + " of them), --overlap %s: %s%n", stats.overlapped() - counted,
        stats.shadowed() - counted, stats.policy().optionValue(), rule(stats.policy())));
    s.append(String.format("  merges       %,d%n", stats.merges()));
    s.append(String.format("  intervals    %,d (index %,d bytes)%n", stats.intervals(),
        outputBytes));
    s.append(String.format("  families     IPv4 %,d entries, %,d intervals; IPv6 %,d entries,"
        + " %,d intervals%n", stats.v4().entries(), stats.v4().intervals(), stats.v6().entries(),
        stats.v6().intervals()));
    s.append(String.format("  labels       %,d (%,d in the list, %s)%n", stats.labels(),
        stats.labelsSeen(), labelColumn));
    s.append(String.format("  blank        %,d%n", count(LineKind.BLANK)));
    s.append(String.format("  comments     %,d%n", count(LineKind.COMMENT)));
    if (count(LineKind.MALFORMED) > 0) {
      s.append(String.format("  skipped      %,d malformed lines%n", count(LineKind.MALFORMED)));
    }
    if (!skippedExamples.isEmpty()) {
      s.append("  first skipped lines:\n").append(skippedExamples);
    }
    if (warnings.total() > 0) {
      s.append(String.format("  warnings     %,d (entries that may not read as their writer meant)%n",
          warnings.total()));
      for (String kind : warnings.lines()) {
        s.append("    ").append(kind).append(System.lineSeparator());
      }
    }
    double seconds = Math.max(totalMillis, 1) / 1000.0;
    // A rate over a few milliseconds of a small list says nothing (it printed 0.0 MB/s).
    String rate = inputBytes >= MIN_BYTES_FOR_RATE
        ? String.format(", %.1f MB/s", inputBytes / 1e6 / seconds) : "";
    s.append(String.format("  time         %,d ms (scan %,d, sort %,d, write+verify+publish %,d)%s%n",
        totalMillis, scanMillis, sortMillis, writeMillis, rate));
    return s.toString();
  }

  private static String rule(OverlapPolicy policy) {
    return policy == OverlapPolicy.LONGEST
        ? "the smallest entry holding an address answers for it"
        : "the earliest line holding an address answers for it";
  }
}
