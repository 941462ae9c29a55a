package org.ipjoin.index.build;

import org.ipjoin.index.list.IpListLine;
import java.util.List;
import java.util.Map;

/** What {@code ipindex build} did, for its summary and for tests. */
public record BuildSummary(
    List<ListCount> lists,
    String output,
    long inputBytes,
    long lines,
    long addresses,
    long keys,
    Map<IpListLine.Kind, Long> kindCounts,
    String skippedExamples,
    long outputBytes,
    long scanMillis,
    long sortMillis,
    long writeMillis,
    long totalMillis) {

  /** One list file the index was built from: its bytes and lines. */
  public record ListCount(String name, long bytes, long lines) {}

  /** The list files, comma-separated. */
  public String input() {
    return String.join(", ", lists.stream().map(ListCount::name).toList());
  }

  /** Address lines that repeated an address already seen. */
  public long duplicates() {
    return addresses - keys;
  }

  /** Lines of a kind (0 if none). */
  public long count(IpListLine.Kind kind) {
    return kindCounts.getOrDefault(kind, 0L);
  }

  /** Lines skipped as invalid (not blank, not comments). */
  public long skipped() {
    return kindCounts.entrySet().stream()
        .filter(e -> !e.getKey().isIgnorable()).mapToLong(Map.Entry::getValue).sum();
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
    s.append(String.format("  addresses    %,d%n", addresses));
    s.append(String.format("  duplicates   %,d%n", duplicates()));
    s.append(String.format("  keys         %,d (index %,d bytes)%n", keys, outputBytes));
    s.append(String.format("  blank        %,d%n", count(IpListLine.Kind.BLANK)));
    s.append(String.format("  comments     %,d%n", count(IpListLine.Kind.COMMENT)));
    for (IpListLine.Kind kind : IpListLine.Kind.values()) {
      if (!kind.isIgnorable() && kind != IpListLine.Kind.ADDRESS && count(kind) > 0) {
        s.append(String.format("  skipped      %,d %s%n", count(kind), kind.description));
      }
    }
    if (!skippedExamples.isEmpty()) {
      s.append("  first skipped lines:\n").append(skippedExamples);
    }
    double seconds = Math.max(totalMillis, 1) / 1000.0;
    s.append(String.format("  time         %,d ms (scan %,d, sort %,d, write+verify+publish %,d),"
        + " %.1f MB/s%n", totalMillis, scanMillis, sortMillis, writeMillis,
        inputBytes / 1e6 / seconds));
    return s.toString();
  }
}
