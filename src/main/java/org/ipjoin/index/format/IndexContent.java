package org.ipjoin.index.format;

import java.util.List;

/**
 * What an index holds, as the builder hands it to {@link IndexWriter}: disjoint IPv4 intervals in
 * address order, disjoint IPv6 intervals in address order, their labels, and where the list came
 * from. A list of IPv6 intervals only has {@code count} 0 (and empty, not null, IPv4 label ids
 * when it has labels).
 *
 * @param starts interval starts, strictly increasing, in {@code [0, count)}
 * @param ends interval ends (inclusive), or null when every interval is one address
 * @param labelIds each interval's label id (0 = no label), or null when the list has no labels
 * @param count number of intervals
 * @param labelEnds label end offsets into {@code labelBytes}, {@code [0] = 0}; null without labels
 * @param labelBytes the labels' UTF-8 bytes; null without labels
 * @param sourceBytes size of the text list(s) it was built from
 * @param sourceLines lines in them
 * @param v6 the IPv6 intervals, or null when the list has none (the file then has no IPv6 sections)
 * @param attributeNames the names of the attributes each label holds, its values joined by TAB
 *     ({@link org.ipjoin.index.list.AttributeNames}); empty when a label is one unnamed value.
 *     Stored only with labels.
 */
public record IndexContent(int[] starts, int[] ends, int[] labelIds, int count, int[] labelEnds,
    byte[] labelBytes, long sourceBytes, long sourceLines, V6 v6, List<String> attributeNames) {

  public IndexContent {
    attributeNames = List.copyOf(attributeNames);
  }

  /** A list whose label is one unnamed value. */
  public IndexContent(int[] starts, int[] ends, int[] labelIds, int count, int[] labelEnds,
      byte[] labelBytes, long sourceBytes, long sourceLines, V6 v6) {
    this(starts, ends, labelIds, count, labelEnds, labelBytes, sourceBytes, sourceLines, v6,
        List.of());
  }

  /** A list without IPv6 intervals. */
  public IndexContent(int[] starts, int[] ends, int[] labelIds, int count, int[] labelEnds,
      byte[] labelBytes, long sourceBytes, long sourceLines) {
    this(starts, ends, labelIds, count, labelEnds, labelBytes, sourceBytes, sourceLines, null);
  }

  /**
   * The IPv6 intervals of a list: disjoint, in address order, with label ids of the same
   * dictionary as the IPv4 intervals.
   *
   * @param starts interval starts as key halves ({@link org.ipjoin.ip.Ipv6Codec#toKey}), two per
   *     interval, hi then lo: interval i starts at {@code (starts[2i], starts[2i+1])}; strictly
   *     increasing, in {@code [0, 2 count)}
   * @param ends interval ends (inclusive), laid out as the starts, or null when every IPv6
   *     interval is one address
   * @param labelIds each interval's label id, or null exactly when the IPv4 part has none either
   * @param count number of IPv6 intervals (0 is written as no IPv6 part)
   */
  public record V6(long[] starts, long[] ends, int[] labelIds, int count) {

    public boolean ranges() {
      return ends != null;
    }
  }

  /** An exact-address list without labels: sorted, distinct keys. */
  public static IndexContent exact(int[] keys, int count, long sourceBytes, long sourceLines) {
    return new IndexContent(keys, null, null, count, null, null, sourceBytes, sourceLines);
  }

  public boolean ranges() {
    return ends != null;
  }

  public boolean labels() {
    return labelIds != null;
  }

  /**
   * True when the content has IPv6 intervals. A {@code v6} part of count 0 is none: the file is
   * then the one of the IPv4 intervals alone, byte for byte.
   */
  public boolean hasV6() {
    return v6 != null && v6.count() > 0;
  }

  /** True when the labels are named attributes: the file gets an {@code ATTRIBUTE_NAMES} section. */
  public boolean attributes() {
    return labels() && !attributeNames.isEmpty();
  }

  /**
   * True when the label ids are written as u16 ({@link IndexByteMap#FLAG_SHORT_LABEL_IDS}): for
   * an index of named attributes with at most 65,535 labels. An index of one unnamed label keeps
   * its i32 ids, so that its file is what it always was.
   */
  public boolean shortLabelIds() {
    return attributes() && labelEnds.length - 1 <= IndexByteMap.MAX_SHORT_LABEL_IDS;
  }

  int flags() {
    return (ranges() ? IndexByteMap.FLAG_RANGES : 0) | (labels() ? IndexByteMap.FLAG_LABELS : 0)
        | (attributes() ? IndexByteMap.FLAG_ATTRIBUTES : 0)
        | (shortLabelIds() ? IndexByteMap.FLAG_SHORT_LABEL_IDS : 0)
        | (hasV6() ? IndexByteMap.FLAG_V6 : 0)
        | (hasV6() && v6.ranges() ? IndexByteMap.FLAG_V6_RANGES : 0);
  }
}
