package org.ipjoin.index.list;

import org.ipjoin.ip.IpCodec;

/**
 * Two lines with the same range (same start and end) but different labels. The earlier line wins
 * under every {@link OverlapPolicy}; the later one is counted and, for the first few, kept as one of
 * these for the build summary.
 *
 * @param startKey first key of the range
 * @param endKey last key of the range (included)
 * @param keptLine the earlier line, whose label answers
 * @param keptLabel its label, or null for none
 * @param ignoredLine the later line
 * @param ignoredLabel its label, or null for none
 */
public record LabelConflict(int startKey, int endKey, long keptLine, String keptLabel,
    long ignoredLine, String ignoredLabel) {

  /** E.g. {@code 1.2.3.0-1.2.3.9: line 3 'a' kept, line 7 'b' ignored}. */
  @Override
  public String toString() {
    String range = startKey == endKey ? IpCodec.format(startKey)
        : IpCodec.format(startKey) + "-" + IpCodec.format(endKey);
    return range + ": line " + keptLine + " " + quote(keptLabel) + " kept, line " + ignoredLine
        + " " + quote(ignoredLabel) + " ignored";
  }

  private static String quote(String label) {
    return label == null ? "(no label)" : "'" + label + "'";
  }
}
