package org.ipjoin.index.list;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.ipjoin.ip.IpCodec;

/** Test helpers: text lines through parser and normaliser, and plain views of the result. */
final class Lists {

  private Lists() {}

  /** Parses the lines (line numbers from 1; every line must be an entry, blank or comment). */
  static ListEntries entries(LabelColumn labels, List<String> lines) {
    ListLineParser parser = new ListLineParser(labels);
    ListEntries entries = new ListEntries(4);
    long number = 0;
    for (String line : lines) {
      number++;
      byte[] b = line.getBytes(StandardCharsets.UTF_8);
      LineKind kind = parser.parse(b, 0, b.length);
      if (kind.isEntry()) {
        entries.add(parser, number);
      } else if (!kind.isIgnorable()) {
        throw new AssertionError("line " + number + " is " + kind + ": " + parser.error());
      }
    }
    return entries;
  }

  static NormalisedList normalise(OverlapPolicy policy, String... lines) {
    return IntervalNormaliser.normalise(entries(LabelColumn.DEFAULT, List.of(lines)), policy);
  }

  /** Each interval as {@code start-end label} ({@code start} alone for one address). */
  static List<String> describe(NormalisedList list) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      String range = list.startKey(i) == list.endKey(i) ? IpCodec.format(list.startKey(i))
          : IpCodec.format(list.startKey(i)) + "-" + IpCodec.format(list.endKey(i));
      int id = list.labelId(i);
      out.add(id == 0 ? range : range + " " + list.labels().label(id));
    }
    return out;
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

  /** Checks the result's shape: sorted, disjoint, valid label ids, merged unless exact addresses. */
  static void checkShape(NormalisedList list) {
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
}
