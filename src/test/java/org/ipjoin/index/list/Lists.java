package org.ipjoin.index.list;

import java.util.ArrayList;
import java.util.List;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.testing.ListLines;

/** Test helpers: text lines through parser and normaliser, and plain views of the result. */
final class Lists {

  private Lists() {}

  /** Parses the lines (line numbers from 1; every line must be an entry, blank or comment). */
  static ListEntries entries(LabelColumn labels, List<String> lines) {
    return ListLines.entries(labels, lines);
  }

  static NormalisedList normalise(OverlapPolicy policy, String... lines) {
    return IntervalNormaliser.normalise(entries(LabelColumn.DEFAULT, List.of(lines)), policy);
  }

  /** Each interval as {@code start-end label} ({@code start} alone for one address). */
  static List<String> describe(NormalisedList list) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      String range = list.startKey(i) == list.endKey(i) ? Ipv4Codec.format(list.startKey(i))
          : Ipv4Codec.format(list.startKey(i)) + "-" + Ipv4Codec.format(list.endKey(i));
      int id = list.labelId(i);
      out.add(id == 0 ? range : range + " " + list.labels().label(id));
    }
    return out;
  }

  /**
   * Each IPv6 interval as {@code start-end label} ({@code start} alone for one address), both ends
   * as eight groups of four hex digits
   * (plain formatting, no IPv6 formatter), label only if it has one.
   */
  static List<String> describe6Full(NormalisedList list) {
    NormalisedList.V6 v6 = list.v6();
    List<String> out = new ArrayList<>();
    for (int i = 0; i < v6.size(); i++) {
      String start = full(v6.startHi(i), v6.startLo(i));
      String end = full(v6.endHi(i), v6.endLo(i));
      String range = start.equals(end) ? start : start + "-" + end;
      int id = v6.labelId(i);
      out.add(id == 0 ? range : range + " " + list.labels().label(id));
    }
    return out;
  }

  /** A key (two flipped halves) as eight groups of four hex digits. */
  static String full(long hiKey, long loKey) {
    String digits = String.format("%016x%016x", hiKey ^ Long.MIN_VALUE, loKey ^ Long.MIN_VALUE);
    StringBuilder s = new StringBuilder();
    for (int g = 0; g < 8; g++) {
      s.append(g == 0 ? "" : ":").append(digits, 4 * g, 4 * g + 4);
    }
    return s.toString();
  }

  /**
   * The answer for one key by binary search over the intervals: the label, "" for a covered
   * address without label, null for an address in no interval.
   */
  static String answer(NormalisedList list, int key) {
    int lo = 0;
    int hi = list.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (list.endKey(mid) < key) {
        lo = mid + 1;
      } else if (list.startKey(mid) > key) {
        hi = mid - 1;
      } else {
        int id = list.labelId(mid);
        return id == 0 ? "" : list.labels().label(id);
      }
    }
    return null;
  }

  /**
   * The answer for one IPv6 key by binary search over the IPv6 intervals: the label, "" for a
   * covered address without label, null for an address in no interval.
   */
  static String answer6(NormalisedList list, long hiKey, long loKey) {
    NormalisedList.V6 v6 = list.v6();
    int lo = 0;
    int hi = v6.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (compare(v6.endHi(mid), v6.endLo(mid), hiKey, loKey) < 0) {
        lo = mid + 1;
      } else if (compare(v6.startHi(mid), v6.startLo(mid), hiKey, loKey) > 0) {
        hi = mid - 1;
      } else {
        int id = v6.labelId(mid);
        return id == 0 ? "" : list.labels().label(id);
      }
    }
    return null;
  }

  private static int compare(long aHi, long aLo, long bHi, long bLo) {
    int c = Long.compare(aHi, bHi);
    return c != 0 ? c : Long.compare(aLo, bLo);
  }

  /** Checks the result's shape: sorted, disjoint, valid label ids, merged unless exact addresses. */
  static void checkShape(NormalisedList list) {
    checkShape6(list);
    for (int i = 0; i < list.size(); i++) {
      if (list.startKey(i) > list.endKey(i)) {
        throw new AssertionError("interval " + i + " is backwards");
      }
      if (list.labelId(i) < 0 || list.labelId(i) > list.labels().size()) {
        throw new AssertionError("interval " + i + " has label id " + list.labelId(i));
      }
      if (list.isExactAddresses() && list.startKey(i) != list.endKey(i)) {
        throw new AssertionError("exact-address list with a wider interval " + i);
      }
      if (i > 0) {
        if (list.endKey(i - 1) >= list.startKey(i)) {
          throw new AssertionError("intervals " + (i - 1) + " and " + i + " overlap or are unsorted");
        }
        boolean adjacent = (long) list.endKey(i - 1) + 1 == list.startKey(i);
        if (!list.isExactAddresses() && adjacent && list.labelId(i - 1) == list.labelId(i)) {
          throw new AssertionError("intervals " + (i - 1) + " and " + i + " should be one");
        }
      }
    }
  }

  /** The same checks for the IPv6 intervals, with 128-bit adjacency by BigInteger. */
  static void checkShape6(NormalisedList list) {
    NormalisedList.V6 v6 = list.v6();
    if (list.hasLabels() != (v6.labelIds() != null) && v6.size() > 0) {
      throw new AssertionError("IPv6 label ids must be present exactly when the list has labels");
    }
    for (int i = 0; i < v6.size(); i++) {
      if (compare(v6.startHi(i), v6.startLo(i), v6.endHi(i), v6.endLo(i)) > 0) {
        throw new AssertionError("IPv6 interval " + i + " is backwards");
      }
      if (v6.labelId(i) < 0 || v6.labelId(i) > list.labels().size()) {
        throw new AssertionError("IPv6 interval " + i + " has label id " + v6.labelId(i));
      }
      if (i > 0) {
        if (compare(v6.endHi(i - 1), v6.endLo(i - 1), v6.startHi(i), v6.startLo(i)) >= 0) {
          throw new AssertionError("IPv6 intervals " + (i - 1) + " and " + i + " overlap");
        }
        boolean adjacent = value(v6.endHi(i - 1), v6.endLo(i - 1)).add(java.math.BigInteger.ONE)
            .equals(value(v6.startHi(i), v6.startLo(i)));
        if (!v6.exact() && adjacent && v6.labelId(i - 1) == v6.labelId(i)) {
          throw new AssertionError("IPv6 intervals " + (i - 1) + " and " + i + " should be one");
        }
      }
    }
  }

  static java.math.BigInteger value(long hiKey, long loKey) {
    return new java.math.BigInteger(full(hiKey, loKey).replace(":", ""), 16);
  }
}
