package org.ipjoin.index.load;

import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;

/**
 * What a loader returns: the IPv4 lookup (which also holds the label dictionary both families
 * share), the IPv6 lookup ({@link Ipv6IntervalIndex#EMPTY} when the index has no IPv6 intervals) and
 * the identity of the file it came from; for a history index, the listing periods of its entries
 * ({@link AsOfLookup} answers as of a time).
 */
public record LoadedIndex(Ipv4Lookup index, Ipv6IntervalIndex index6, IndexIdentity identity,
    ListingHistory history) {

  /**
   * The heap this index holds: both families' lookups (columns copied to the heap, lookup tables,
   * the label dictionary) and the history's arrays.
   */
  public long heapBytes() {
    return index.heapBytes() + index6.heapBytes() + (history == null ? 0 : history.heapBytes());
  }

  /** An index that is not a history ({@link #history} null). */
  public LoadedIndex(Ipv4Lookup index, Ipv6IntervalIndex index6, IndexIdentity identity) {
    this(index, index6, identity, null);
  }

  /** An index without IPv6 intervals. */
  public LoadedIndex(Ipv4Lookup index, IndexIdentity identity) {
    this(index, Ipv6IntervalIndex.EMPTY, identity);
  }
}
