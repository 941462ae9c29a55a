package org.ipjoin.index.load;

import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.lookup.Interval6Index;
import org.ipjoin.index.lookup.Ipv4Lookup;

/**
 * What a loader returns: the IPv4 lookup (which also holds the label dictionary both families
 * share), the IPv6 lookup ({@link Interval6Index#EMPTY} when the index has no IPv6 intervals) and
 * the identity of the file it came from.
 */
public record LoadedIndex(Ipv4Lookup index, Interval6Index index6, IndexIdentity identity) {

  /** An index without IPv6 intervals. */
  public LoadedIndex(Ipv4Lookup index, IndexIdentity identity) {
    this(index, Interval6Index.EMPTY, identity);
  }
}
