package org.ipjoin.index.load;

import org.ipjoin.index.format.DecodedIndex;
import org.ipjoin.index.format.ImplicitEndsLayout;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.lookup.IntColumn;
import org.ipjoin.index.lookup.Ipv4IntervalIndex;

/**
 * The lookup of {@link ImplicitEndsLayout}: an {@link Ipv4IntervalIndex} whose gaps are intervals
 * with the reserved label id.
 */
final class ImplicitEndsLookup extends LayoutLookup {

  static final ImplicitEndsLookup INSTANCE = new ImplicitEndsLookup();

  private ImplicitEndsLookup() {}

  @Override
  Ipv4IntervalIndex onHeap(DecodedIndex d) {
    return over(d, IntColumn.of(d.starts()), IntColumn.of(d.labelIds()),
        IntColumn.of(d.directory()));
  }

  @Override
  Ipv4IntervalIndex mapped(DecodedIndex d, MappedSections file) {
    return over(d, IntColumn.of(file.ints(SectionKind.V4_STARTS)),
        file.labelIds(SectionKind.V4_LABEL_IDS), IntColumn.of(file.ints(SectionKind.V4_DIRECTORY)));
  }

  static Ipv4IntervalIndex over(DecodedIndex d, IntColumn starts, IntColumn labelIds,
      IntColumn directory) {
    return Ipv4IntervalIndex.withImplicitEnds(starts, labelIds, IndexByteMap.GAP_LABEL_ID,
        Math.toIntExact(d.header().intervalCount()), labels(d), directory, d.directoryBits());
  }
}
