package org.ipjoin.index.list;

/**
 * A list as disjoint, sorted, closed key intervals, each with a label id, plus the label
 * dictionary: the IPv4 intervals, and the IPv6 intervals ({@link #v6()}). Interval i of the IPv4
 * part is {@code [starts()[i], ends()[i]]} (keys as {@link org.ipjoin.ip.Ipv4Codec#toKey}; arrays may
 * be longer than {@link #size()}), its label {@code labels().label(labelId(i))}, or none for id 0.
 * Intervals are in ascending order and do not overlap; two adjacent intervals never have the same
 * label, except where every entry of the family was one address. Both families' label ids are ids
 * of the one dictionary; when any interval has a label ({@link #hasLabels()}), both families carry
 * label ids (0 for an interval without one).
 *
 * <p>A family whose entries were all single addresses ({@link #isExactAddresses()} for IPv4,
 * {@link V6#exact()} for IPv6) is kept as one interval per distinct address, never merged, so that
 * an index can store it as plain sorted keys; its ends array is then the same array as its starts.
 */
public final class NormalisedList {

  private final int size;
  private final int[] starts;
  private final int[] ends;
  private final int[] labelIds;
  private final V6 v6;
  private final LabelInterner labels;
  private final NormaliseStats stats;

  NormalisedList(int size, int[] starts, int[] ends, int[] labelIds, V6 v6,
      LabelInterner labels, NormaliseStats stats) {
    this.size = size;
    this.starts = starts;
    this.ends = ends;
    this.labelIds = labelIds;
    this.v6 = v6;
    this.labels = labels;
    this.stats = stats;
  }

  /**
   * The IPv6 intervals, as 128-bit keys of two {@link org.ipjoin.ip.Ipv6Codec#toKey} halves,
   * interleaved hi then lo: interval i is {@code (starts[2i], starts[2i+1])} to
   * {@code (ends[2i], ends[2i+1])}, included; the arrays hold exactly {@code 2 size} keys.
   *
   * @param size number of IPv6 intervals (0 for a list without IPv6 entries)
   * @param starts first keys, ascending
   * @param ends last keys; the starts array itself when {@code exact}
   * @param labelIds label ids into the list's dictionary, in {@code [0, size)}; null when
   *     no interval of either family has a label
   * @param exact every IPv6 entry was one address: one interval per distinct address
   */
  public record V6(int size, long[] starts, long[] ends, int[] labelIds, boolean exact) {

    public long startHi(int i) {
      return starts[2 * i];
    }

    public long startLo(int i) {
      return starts[2 * i + 1];
    }

    public long endHi(int i) {
      return ends[2 * i];
    }

    public long endLo(int i) {
      return ends[2 * i + 1];
    }

    /** The label id of interval i: 0 for none. */
    public int labelId(int i) {
      return labelIds == null ? LabelInterner.NO_LABEL : labelIds[i];
    }
  }

  /** Number of IPv4 intervals. */
  public int size() {
    return size;
  }

  public int startKey(int i) {
    return starts[i];
  }

  public int endKey(int i) {
    return ends[i];
  }

  /** The label id of IPv4 interval i: 0 for none, else 1 … {@code labels().size()}. */
  public int labelId(int i) {
    return labelIds == null ? LabelInterner.NO_LABEL : labelIds[i];
  }

  /** IPv4 first keys, ascending, in {@code [0, size())}. */
  public int[] starts() {
    return starts;
  }

  /** IPv4 last keys (included), in {@code [0, size())}; the starts array itself for exact addresses. */
  public int[] ends() {
    return ends;
  }

  /** IPv4 label ids in {@code [0, size())}; null when no interval has a label ({@link #hasLabels()}). */
  public int[] labelIds() {
    return labelIds;
  }

  /** The IPv6 intervals; {@code v6().size()} is 0 for a list without IPv6 entries. */
  public V6 v6() {
    return v6;
  }

  /** Whether some interval, of either family, has a label. */
  public boolean hasLabels() {
    return labelIds != null;
  }

  /** The labels the intervals use, each once, in the order the list first mentions them. */
  public LabelInterner labels() {
    return labels;
  }

  /** Whether every IPv4 entry was one address (see the class comment). */
  public boolean isExactAddresses() {
    return stats.exactAddresses();
  }

  public NormaliseStats stats() {
    return stats;
  }
}
