package org.ipjoin.index.load;

import org.ipjoin.index.format.DecodedIndex;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.format.SortedLayout;
import org.ipjoin.index.lookup.IntColumn;
import org.ipjoin.index.lookup.Ipv4IntervalIndex;

/** The lookup of {@link SortedLayout}: an {@link Ipv4IntervalIndex} over its stored columns. */
final class SortedLookup extends LayoutLookup {

  static final SortedLookup INSTANCE = new SortedLookup();

  private SortedLookup() {}

  @Override
  Ipv4IntervalIndex onHeap(DecodedIndex d) {
    return new Ipv4IntervalIndex(IntColumn.of(d.starts()),
        d.ends() == null ? null : IntColumn.of(d.ends()),
        d.labelIds() == null ? null : IntColumn.of(d.labelIds()),
        labels(d), d.directory(), d.directoryBits());
  }

  @Override
  Ipv4IntervalIndex mapped(DecodedIndex d, MappedSections file) {
    return over(d, IntColumn.of(file.ints(SectionKind.V4_STARTS)),
        file.ints(SectionKind.V4_ENDS) == null ? null : IntColumn.of(file.ints(SectionKind.V4_ENDS)),
        file.labelIds(SectionKind.V4_LABEL_IDS),
        IntColumn.of(file.ints(SectionKind.V4_DIRECTORY)));
  }

  /** Over mapped columns ({@code ends} and {@code labelIds} null when the file has none). */
  static Ipv4IntervalIndex over(DecodedIndex d, IntColumn starts, IntColumn ends,
      IntColumn labelIds, IntColumn directory) {
    return new Ipv4IntervalIndex(starts, ends, labelIds, labels(d), directory, d.directoryBits());
  }
}
