package org.ipjoin.index.load;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import org.ipjoin.index.format.DecodedIndex;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.Ipv4LookupDirectory;
import org.ipjoin.index.list.NormalisedList;
import org.ipjoin.index.lookup.IntColumn;
import org.ipjoin.index.lookup.Ipv4IntervalIndex;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.index.lookup.LongColumn;

/** Turns checked index content into the lookup: on the heap, or over a checked mapping. */
final class Lookups {

  private Lookups() {}

  /**
   * The lookup over a normalised list (the text read path), with the columns an index built from
   * it would have: no ends when every interval is one address, no label ids without labels.
   */
  static Ipv4IntervalIndex ofList(NormalisedList list) {
    int n = list.size();
    int[] starts = Arrays.copyOf(list.starts(), n);
    boolean wide = false;
    for (int i = 0; i < n && !wide; i++) {
      wide = list.startKey(i) != list.endKey(i);
    }
    Ipv4LookupDirectory directory = Ipv4LookupDirectory.forIntervals(n);
    directory.record(starts, 0, n, 0);
    return new Ipv4IntervalIndex(IntColumn.of(starts),
        wide ? IntColumn.of(Arrays.copyOf(list.ends(), n)) : null,
        list.hasLabels() ? IntColumn.of(Arrays.copyOf(list.labelIds(), n)) : null,
        list.hasLabels()
            ? new LabelDictionary(list.labels().concatenatedBytes(), list.labels().endOffsets(),
                list.labels().attributeNames())
            : LabelDictionary.NONE,
        directory.finish(n), directory.bits());
  }

  /**
   * The IPv6 lookup over a normalised list (the text read path), with the columns an index built
   * from it would have ({@link Ipv6IntervalIndex#EMPTY} without IPv6 intervals). Its label ids are ids
   * of the dictionary {@link #ofList} gives the IPv4 lookup.
   */
  static Ipv6IntervalIndex ofList6(NormalisedList list) {
    NormalisedList.V6 v6 = list.v6();
    int n = v6.size();
    boolean wide = false;
    for (int i = 0; i < n && !wide; i++) {
      wide = v6.startHi(i) != v6.endHi(i) || v6.startLo(i) != v6.endLo(i);
    }
    return Ipv6IntervalIndex.of(v6.starts(), wide ? v6.ends() : null, v6.labelIds(), n);
  }

  /** The IPv4 lookup over the heap columns of {@code d}, in the layout the file has. */
  static Ipv4Lookup onHeap(DecodedIndex d) {
    return LayoutLookup.of(d.header().layout()).onHeap(d);
  }

  /**
   * The IPv4 lookup, in the layout the file has, over little-endian views of the very sections
   * {@code d} was checked from ({@code file}: the whole file, mapped). A sorted layout's stored
   * lookup directory is served from the mapping like the columns: a full load compared it entry
   * by entry with the one the starts give, a trusted one checksummed it. That keeps its setup
   * constant and every column of the lookup one kind, so the JIT sees one {@link
   * org.ipjoin.index.lookup.IntColumn} class: with the directory a heap column beside mapped
   * starts, batched lookups took 79-87 ns, against 64-72 ns while it was a plain {@code int[]}
   * (26 M keys, JMH {@code CompactLookupBenchmark}, the builds alternated); with both mapped, 70 ns
   * in the full bench run (docs/benchmarks/2026-11-23-full-run.md).
   */
  static Ipv4Lookup mapped(DecodedIndex d, ByteBuffer file) {
    return LayoutLookup.of(d.header().layout()).mapped(d, new MappedSections(file, d.header()));
  }

  /** Both families on the heap, as every heap read path returns them. */
  static LoadedIndex loadedOnHeap(DecodedIndex d, IndexIdentity identity) {
    return new LoadedIndex(onHeap(d), onHeap6(d), identity, d.history());
  }

  /** The IPv6 lookup over the heap columns of {@code d} ({@link Ipv6IntervalIndex#EMPTY} without). */
  static Ipv6IntervalIndex onHeap6(DecodedIndex d) {
    DecodedIndex.V6 v6 = d.v6();
    if (v6 == null) {
      return Ipv6IntervalIndex.EMPTY;
    }
    return new Ipv6IntervalIndex(LongColumn.of(v6.starts()),
        v6.ends() == null ? null : LongColumn.of(v6.ends()),
        v6.labelIds() == null ? null : IntColumn.of(v6.labelIds()),
        v6.directory(), v6.directoryBits());
  }

  /**
   * The IPv6 lookup over little-endian views of the very IPv6 sections {@code d} was checked from
   * ({@link Ipv6IntervalIndex#EMPTY} without).
   */
  static Ipv6IntervalIndex mapped6(DecodedIndex d, LongBuffer starts, LongBuffer ends,
      IntColumn labelIds) {
    DecodedIndex.V6 v6 = d.v6();
    if (v6 == null) {
      return Ipv6IntervalIndex.EMPTY;
    }
    return new Ipv6IntervalIndex(LongColumn.of(starts), ends == null ? null : LongColumn.of(ends),
        labelIds, v6.directory(), v6.directoryBits());
  }
}
