package org.ipjoin.index.load;

import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.lookup.IntervalIndex;

/** What a loader returns: the lookup and the identity of the file it came from. */
public record LoadedIndex(IntervalIndex index, IndexIdentity identity) {}
