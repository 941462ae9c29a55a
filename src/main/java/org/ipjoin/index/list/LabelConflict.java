package org.ipjoin.index.list;

/**
 * Two lines with the same range (same start and end) but different labels. The earlier line wins
 * under every {@link OverlapPolicy}; the later one is counted and, for the first few, kept as one of
 * these for the build summary.
 *
 * @param range the range as text: an address, or {@code first-last} (IPv4 or IPv6)
 * @param keptLine the earlier line, whose label answers, counted over every list read
 * @param keptAt that line for a message: {@code file:line} in its own file ({@code line n} for
 *     entries read from no named file)
 * @param keptLabel its label, or null for none
 * @param ignoredLine the later line, counted over every list read
 * @param ignoredAt that line for a message, as {@code keptAt}
 * @param ignoredLabel its label, or null for none
 */
public record LabelConflict(String range, long keptLine, String keptAt, String keptLabel,
    long ignoredLine, String ignoredAt, String ignoredLabel) {

  /** E.g. {@code 1.2.3.0-1.2.3.9: a.tsv:3 'a' kept, b.tsv:7 'b' ignored}. */
  @Override
  public String toString() {
    return range + ": " + keptAt + " " + quote(keptLabel) + " kept, " + ignoredAt + " "
        + quote(ignoredLabel) + " ignored";
  }

  private static String quote(String label) {
    return label == null ? "(no label)" : "'" + label + "'";
  }
}
