package org.ipjoin.index.format;

/**
 * The IPv4 columns of {@link IndexByteMap#FLAG_IMPLICIT_ENDS}: the listed intervals with every gap
 * between two of them, and after the last, made an interval of its own labelled
 * {@link IndexByteMap#GAP_LABEL_ID}, so that each interval ends where the next starts and the ends
 * need not be stored. A list whose ranges mostly touch (countries, ASNs) then costs a start and a
 * u16 id per interval, 6 bytes, plus 6 per gap, against 10 with its ends.
 */
final class ImplicitEnds {

  /** Bytes per interval with implicit ends (start, u16 id) and with stored ends (start, end, id). */
  private static final int GAPPED_BYTES = 4 + 2;
  private static final int ENDED_BYTES = 4 + 4 + 2;

  private ImplicitEnds() {}

  /**
   * True when {@code c} may take implicit ends and its IPv4 columns are smaller so: labelled ranges
   * with u16 ids and a label id left for the gaps. An index of one unnamed label, which keeps its
   * i32 ids, keeps its ends too: its file is what it always was.
   */
  static boolean pays(IndexContent c) {
    if (!c.ranges() || !c.shortLabelIds() || c.count() == 0
        || c.labelEnds().length - 1 > IndexByteMap.MAX_IMPLICIT_END_LABELS) {
      return false;
    }
    long intervals = c.count() + (long) gaps(c);
    return intervals * GAPPED_BYTES < (long) c.count() * ENDED_BYTES;
  }

  /** The gaps between the intervals of {@code c}, and after the last one. */
  private static int gaps(IndexContent c) {
    int[] starts = c.starts();
    int[] ends = c.ends();
    int n = c.count();
    int gaps = ends[n - 1] == Integer.MAX_VALUE ? 0 : 1;
    for (int i = 1; i < n; i++) {
      if (ends[i - 1] + 1 != starts[i]) {
        gaps++;
      }
    }
    return gaps;
  }

  /**
   * The content {@code c} with its gaps as intervals of {@link IndexByteMap#GAP_LABEL_ID} and no
   * ends: what the file's IPv4 sections hold. The IPv6 part and the labels stay as they are.
   */
  static IndexContent fill(IndexContent c) {
    int n = c.count();
    int total = n + gaps(c);
    int[] starts = new int[total];
    int[] ids = new int[total];
    int at = 0;
    for (int i = 0; i < n; i++) {
      if (i > 0 && c.ends()[i - 1] + 1 != c.starts()[i]) {
        starts[at] = c.ends()[i - 1] + 1;
        ids[at++] = IndexByteMap.GAP_LABEL_ID;
      }
      starts[at] = c.starts()[i];
      ids[at++] = c.labelIds()[i];
    }
    if (at < total) {
      starts[at] = c.ends()[n - 1] + 1;
      ids[at] = IndexByteMap.GAP_LABEL_ID;
    }
    return new IndexContent(starts, null, ids, total, c.labelEnds(), c.labelBytes(),
        c.sourceBytes(), c.sourceLines(), c.v6(), c.attributeNames());
  }
}
