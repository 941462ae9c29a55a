package org.ipjoin.index.load;

import java.nio.IntBuffer;
import java.util.Arrays;
import org.ipjoin.index.list.NormalisedList;
import org.ipjoin.index.format.DecodedIndex;
import org.ipjoin.index.format.LookupDirectory;
import org.ipjoin.index.lookup.IntColumn;
import org.ipjoin.index.lookup.IntervalIndex;
import org.ipjoin.index.lookup.LabelDictionary;

/** Turns checked index content into the lookup: on the heap, or over a checked mapping. */
final class Lookups {

  private Lookups() {}

  /**
   * The lookup over a normalised list (the text read path), with the columns an index built from
   * it would have: no ends when every interval is one address, no label ids without labels.
   */
  static IntervalIndex ofList(NormalisedList list) {
    int n = list.size();
    int[] starts = Arrays.copyOf(list.starts(), n);
    boolean wide = false;
    for (int i = 0; i < n && !wide; i++) {
      wide = list.startKey(i) != list.endKey(i);
    }
    LookupDirectory directory = new LookupDirectory(n);
    directory.record(starts, 0, n, 0);
    return new IntervalIndex(IntColumn.of(starts),
        wide ? IntColumn.of(Arrays.copyOf(list.ends(), n)) : null,
        list.hasLabels() ? IntColumn.of(Arrays.copyOf(list.labelIds(), n)) : null,
        list.hasLabels()
            ? new LabelDictionary(list.labels().concatenatedBytes(), list.labels().endOffsets())
            : LabelDictionary.NONE,
        directory.finish(n), directory.bits());
  }

  static IntervalIndex onHeap(DecodedIndex d) {
    return new IntervalIndex(IntColumn.of(d.starts()),
        d.ends() == null ? null : IntColumn.of(d.ends()),
        d.labelIds() == null ? null : IntColumn.of(d.labelIds()),
        labels(d), d.directory(), d.directoryBits());
  }

  /** The columns are little-endian views of the very sections {@code d} was checked from. */
  static IntervalIndex mapped(DecodedIndex d, IntBuffer starts, IntBuffer ends, IntBuffer labelIds) {
    return new IntervalIndex(IntColumn.of(starts), ends == null ? null : IntColumn.of(ends),
        labelIds == null ? null : IntColumn.of(labelIds), labels(d), d.directory(), d.directoryBits());
  }

  private static LabelDictionary labels(DecodedIndex d) {
    return d.labelEnds() == null ? LabelDictionary.NONE : new LabelDictionary(d.labelBytes(), d.labelEnds());
  }
}
