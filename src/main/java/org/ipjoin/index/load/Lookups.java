package org.ipjoin.index.load;

import java.nio.IntBuffer;
import org.ipjoin.index.format.DecodedIndex;
import org.ipjoin.index.format.LookupDirectory;
import org.ipjoin.index.lookup.IntColumn;
import org.ipjoin.index.lookup.IntervalIndex;
import org.ipjoin.index.lookup.LabelDictionary;

/** Turns checked index content into the lookup: on the heap, or over a checked mapping. */
final class Lookups {

  private Lookups() {}

  /** An exact-address lookup over sorted, distinct {@code keys} (the text read path). */
  static IntervalIndex exact(int[] keys) {
    LookupDirectory directory = new LookupDirectory(keys.length);
    directory.record(keys, 0, keys.length, 0);
    return new IntervalIndex(IntColumn.of(keys), null, null, LabelDictionary.NONE,
        directory.finish(keys.length), directory.bits());
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
