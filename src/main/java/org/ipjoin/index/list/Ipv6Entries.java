package org.ipjoin.index.list;

import java.util.Arrays;

/**
 * The IPv6 entries of a list in file order, beside {@link ListEntries}' IPv4 arrays: 128-bit start
 * and end keys as two {@code long} key halves each ({@link org.ipjoin.ip.Ipv6Codec#toKey}), hi then
 * lo, interleaved ({@code starts[2i], starts[2i+1]}), label ids into the list's one
 * {@link LabelInterner}, and the line of each. Like the IPv4 part, end keys are stored only once
 * some entry is wider than one address, label ids only once some IPv6 entry has a label.
 */
final class Ipv6Entries {

  private static final int MAX_ENTRIES = (Integer.MAX_VALUE - 16) / 2;

  private final LineNumbers lines = new LineNumbers();
  private final long[] kinds = new long[LineKind.RANGE.ordinal() + 1];
  private long[] starts = new long[32];
  /** Null while every entry is a single address. */
  private long[] ends;
  /** Null while no entry has a label. */
  private int[] labelIds;
  private int count;

  void add(LineKind kind, long startHi, long startLo, long endHi, long endLo, int labelId,
      long line) {
    if (count == MAX_ENTRIES) {
      throw new IllegalStateException("a list holds at most " + MAX_ENTRIES + " IPv6 entries");
    }
    if (2 * count == starts.length) {
      int capacity = (int) Math.min(2L * MAX_ENTRIES, starts.length * 3L / 2 + 32) & ~1;
      starts = Arrays.copyOf(starts, capacity);
      ends = ends == null ? null : Arrays.copyOf(ends, capacity);
      labelIds = labelIds == null ? null : Arrays.copyOf(labelIds, capacity / 2);
    }
    starts[2 * count] = startHi;
    starts[2 * count + 1] = startLo;
    if (ends == null && (endHi != startHi || endLo != startLo)) {
      ends = Arrays.copyOf(starts, starts.length);
    }
    if (ends != null) {
      ends[2 * count] = endHi;
      ends[2 * count + 1] = endLo;
    }
    if (labelIds == null && labelId != LabelInterner.NO_LABEL) {
      labelIds = new int[starts.length / 2];
    }
    if (labelIds != null) {
      labelIds[count] = labelId;
    }
    lines.add(line);
    kinds[kind.ordinal()]++;
    count++;
  }

  int size() {
    return count;
  }

  long count(LineKind kind) {
    return kinds[kind.ordinal()];
  }

  boolean singleAddressesOnly() {
    return ends == null;
  }

  /** Start keys, interleaved hi, lo: {@code [0, 2 size())}. */
  long[] starts() {
    return starts;
  }

  /** End keys like the starts; the starts array itself while every entry is one address. */
  long[] ends() {
    return ends == null ? starts : ends;
  }

  int[] labelIds() {
    return labelIds;
  }

  long lineOf(int ordinal) {
    return lines.lineOf(ordinal);
  }
}
