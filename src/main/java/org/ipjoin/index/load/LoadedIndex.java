package org.ipjoin.index.load;

import org.ipjoin.index.IndexIdentity;
import org.ipjoin.index.IpLookup;

/** What a loader returns: the lookup structure and the identity of the file it came from. */
public record LoadedIndex(IpLookup index, IndexIdentity identity) {}
