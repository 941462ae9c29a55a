package org.ipjoin.index.load;

import org.ipjoin.index.IndexIdentity;
import org.ipjoin.index.IpIndex;

/** What a loader returns: the lookup structure and the identity of the file it came from. */
public record LoadedIndex(IpIndex index, IndexIdentity identity) {}
