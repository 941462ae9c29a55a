package org.ipjoin.index.load;

import org.ipjoin.index.format.DecodedIndex;
import org.ipjoin.index.format.Ipv4Layout;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.LabelDictionary;

/**
 * The lookup-building half of an {@link Ipv4Layout}: one subclass per layout, chosen in one place
 * ({@link #of}), since index.format, where the layouts live, knows no lookup class. Each builds
 * its layout's lookup from the checked heap columns or from the mapped sections.
 *
 * <p>This is chosen once per load; the lookup it returns is one concrete class
 * ({@code Ipv4IntervalIndex} or {@code CompactKeySet}) whose probe loop calls no layout code, so
 * the per-probe path stays as monomorphic as it was.
 */
abstract sealed class LayoutLookup permits SortedLookup, ImplicitEndsLookup, CompactLookup {

  private static final Ipv4Layout.Visitor<LayoutLookup, RuntimeException> SELECT =
      new Ipv4Layout.Visitor<>() {
        @Override
        public LayoutLookup sorted() {
          return SortedLookup.INSTANCE;
        }

        @Override
        public LayoutLookup implicitEnds() {
          return ImplicitEndsLookup.INSTANCE;
        }

        @Override
        public LayoutLookup compact() {
          return CompactLookup.INSTANCE;
        }
      };

  /** The half that builds the lookup of {@code layout}. */
  static LayoutLookup of(Ipv4Layout layout) {
    return layout.accept(SELECT);
  }

  /** The IPv4 lookup over the heap columns of {@code d}. */
  abstract Ipv4Lookup onHeap(DecodedIndex d);

  /** The IPv4 lookup over the mapped sections {@code d} was checked from. */
  abstract Ipv4Lookup mapped(DecodedIndex d, MappedSections file);

  static LabelDictionary labels(DecodedIndex d) {
    return d.labelEnds() == null ? LabelDictionary.NONE
        : new LabelDictionary(d.labelBytes(), d.labelEnds(), d.attributeNames());
  }
}
