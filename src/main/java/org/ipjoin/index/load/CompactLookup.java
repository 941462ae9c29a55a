package org.ipjoin.index.load;

import org.ipjoin.index.format.CompactLayout;
import org.ipjoin.index.format.DecodedIndex;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.lookup.CompactKeySet;
import org.ipjoin.index.lookup.LongColumn;
import org.ipjoin.index.lookup.ShortColumn;

/** The lookup of {@link CompactLayout}: a {@link CompactKeySet} over its buckets. */
final class CompactLookup extends LayoutLookup {

  static final CompactLookup INSTANCE = new CompactLookup();

  private CompactLookup() {}

  @Override
  CompactKeySet onHeap(DecodedIndex d) {
    DecodedIndex.Compact c = d.compact();
    return new CompactKeySet(c.buckets(), ShortColumn.of(c.suffixes()), LongColumn.of(c.bitmaps()),
        ShortColumn.of(c.ranks()));
  }

  /** The bucket directory is always on the heap; the rest stays in the mapping. */
  @Override
  CompactKeySet mapped(DecodedIndex d, MappedSections file) {
    return new CompactKeySet(d.compact().buckets(),
        ShortColumn.of(file.shorts(SectionKind.V4_SUFFIXES)),
        LongColumn.of(file.longs(SectionKind.V4_BITMAPS)),
        ShortColumn.of(file.shorts(SectionKind.V4_BITMAP_RANKS)));
  }
}
