package org.ipjoin.index.format;

/**
 * Sorted 4-byte starts and a prefix lookup directory ({@code V4_STARTS}, {@code V4_DIRECTORY}),
 * with stored ends ({@code V4_ENDS}, {@link IndexByteMap#FLAG_RANGES}) when some interval is wider
 * than one address and label ids when labelled: the layout of every list, the only one for blocks,
 * ranges and labels unless {@link ImplicitEndsLayout} is smaller.
 */
public final class SortedLayout extends Ipv4Layout {

  static final SortedLayout INSTANCE = new SortedLayout();

  private SortedLayout() {}

  @Override
  public KeyLayout choice() {
    return KeyLayout.SORTED;
  }

  @Override
  boolean countsIntervals() {
    return false;
  }

  @Override
  public boolean ranges(IndexHeader header) {
    return header.ranges();
  }

  @Override
  long intervalCount(IndexHeader header) {
    return header.section(SectionKind.V4_STARTS).count();
  }

  @Override
  int directoryBits(IndexHeader header) {
    return IndexByteMap.directoryBits(header.section(SectionKind.V4_DIRECTORY).count());
  }

  @Override
  public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
    return visitor.sorted();
  }
}
