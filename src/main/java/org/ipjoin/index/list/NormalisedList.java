package org.ipjoin.index.list;

/**
 * A list as disjoint, sorted, closed key intervals, each with a label id, plus the label
 * dictionary. Interval i is {@code [starts()[i], ends()[i]]} (keys as {@link
 * org.ipjoin.ip.IpCodec#toKey}; arrays may be longer than {@link #size()}), its label
 * {@code labels().label(labelId(i))}, or none for id 0. Intervals are in ascending order and do not
 * overlap; two adjacent intervals never have the same label, except in an exact-address list.
 *
 * <p>An exact-address list ({@link #isExactAddresses()}: every entry was one address) is kept as
 * one interval per distinct address, never merged, so that an index can store it as plain sorted
 * 4-byte keys; {@link #ends()} is then the same array as {@link #starts()}.
 */
public final class NormalisedList {

  private final int size;
  private final int[] starts;
  private final int[] ends;
  private final int[] labelIds;
  private final LabelDictionary labels;
  private final NormaliseStats stats;

  NormalisedList(int size, int[] starts, int[] ends, int[] labelIds, LabelDictionary labels,
      NormaliseStats stats) {
    this.size = size;
    this.starts = starts;
    this.ends = ends;
    this.labelIds = labelIds;
    this.labels = labels;
    this.stats = stats;
  }

  /** Number of intervals. */
  public int size() {
    return size;
  }

  public int startKey(int i) {
    return starts[i];
  }

  public int endKey(int i) {
    return ends[i];
  }

  /** The label id of interval i: 0 for none, else 1 … {@code labels().size()}. */
  public int labelId(int i) {
    return labelIds == null ? LabelDictionary.NO_LABEL : labelIds[i];
  }

  /** First keys, ascending, in {@code [0, size())}. */
  public int[] starts() {
    return starts;
  }

  /** Last keys (included), in {@code [0, size())}; the starts array itself for exact addresses. */
  public int[] ends() {
    return ends;
  }

  /** Label ids in {@code [0, size())}; null when no interval has a label ({@link #hasLabels()}). */
  public int[] labelIds() {
    return labelIds;
  }

  public boolean hasLabels() {
    return labelIds != null;
  }

  /** The labels the intervals use, each once, in the order the list first mentions them. */
  public LabelDictionary labels() {
    return labels;
  }

  public boolean isExactAddresses() {
    return stats.exactAddresses();
  }

  public NormaliseStats stats() {
    return stats;
  }
}
