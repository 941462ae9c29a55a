package org.ipjoin.job;

import java.io.ByteArrayOutputStream;
import java.util.List;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.problem.OneLine;

/**
 * The attributes of an index chosen for output ({@code --index asn=asn.ipidx:org}) or counting
 * ({@code --count-by asn.org}): checked against the index's attribute names, then applied once per
 * task by making a dictionary of the chosen values ({@link #project}), so that a record's columns
 * are still one copy of dictionary bytes.
 */
public final class AttributeSelection {

  /** The pseudo-attribute naming the matched entry itself. */
  public static final String NETWORK = "network";
  /** The position {@link #positions} gives the {@value #NETWORK} pseudo-attribute. */
  public static final int NETWORK_POSITION = -2;

  private AttributeSelection() {}

  /** Whether {@code positions} choose the {@value #NETWORK} pseudo-attribute. */
  public static boolean choosesNetwork(int[] positions) {
    for (int p : positions) {
      if (p == NETWORK_POSITION) {
        return true;
      }
    }
    return false;
  }

  /**
   * The positions of {@code chosen} among {@code names}; {@link #NETWORK_POSITION} for the
   * {@value #NETWORK} pseudo-attribute (on any index, one of unnamed labels included).
   *
   * @throws IllegalArgumentException naming the index and its attributes: a name it lacks, or any
   *     choice from an index whose label is one unnamed value
   */
  public static int[] positions(String index, List<String> names, List<String> chosen) {
    int[] positions = new int[chosen.size()];
    for (int i = 0; i < chosen.size(); i++) {
      positions[i] = names.indexOf(chosen.get(i));
      if (positions[i] < 0 && NETWORK.equals(chosen.get(i))) {
        positions[i] = NETWORK_POSITION;
        continue;
      }
      if (names.isEmpty()) {
        throw new IllegalArgumentException("index " + index + " has no named attributes (its label"
            + " is one value), so '" + OneLine.of(chosen.get(i)) + "' cannot be chosen");
      }
      if (positions[i] < 0) {
        throw new IllegalArgumentException("index " + index + " has no attribute '"
            + OneLine.of(chosen.get(i)) + "'; its attributes: " + String.join(", ", names));
      }
    }
    return positions;
  }

  /** The number of columns an index writes: its chosen attributes, else all, else one. */
  public static int columns(List<String> names, List<String> chosen) {
    return !chosen.isEmpty() ? chosen.size() : Math.max(1, names.size());
  }

  /**
   * {@code labels} with each label cut down to the values at {@code positions}, TAB-joined, ids
   * unchanged; {@code labels} itself when nothing is chosen. No position may be {@link
   * #NETWORK_POSITION}: the network is no value of a label.
   */
  public static LabelDictionary project(LabelDictionary labels, int[] positions) {
    if (positions.length == 0) {
      return labels;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int[] ends = new int[labels.count() + 1];
    for (int id = 1; id <= labels.count(); id++) {
      int[] valueStarts = valueStarts(labels, id);
      for (int i = 0; i < positions.length; i++) {
        if (i > 0) {
          bytes.write('\t');
        }
        int p = positions[i];
        if (p + 1 < valueStarts.length) {
          int from = valueStarts[p];
          int to = valueStarts[p + 1] - 1; // before the TAB (or the label's end + 1)
          bytes.write(labels.bytes(), from, to - from);
        }
      }
      ends[id] = bytes.size();
    }
    return new LabelDictionary(bytes.toByteArray(), ends);
  }

  /** Where each TAB-separated value of label {@code id} starts, then its end + 1. */
  private static int[] valueStarts(LabelDictionary labels, int id) {
    byte[] b = labels.bytes();
    int from = labels.offset(id);
    int to = from + labels.length(id);
    int values = 1;
    for (int i = from; i < to; i++) {
      if (b[i] == '\t') {
        values++;
      }
    }
    int[] starts = new int[values + 1];
    starts[0] = from;
    for (int i = from, v = 1; i < to; i++) {
      if (b[i] == '\t') {
        starts[v++] = i + 1;
      }
    }
    starts[values] = to + 1;
    return starts;
  }
}
