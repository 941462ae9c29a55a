package org.ipjoin.index.list;

import java.util.List;

/**
 * What normalising a list did, for the build summary.
 *
 * @param policy the overlap policy applied
 * @param addresses entries that were a single address ({@code 1.2.3.4}, {@code 1.2.3.4,label})
 * @param blocks CIDR block entries
 * @param ranges range entries ({@code a-b}, {@code a,b,…})
 * @param duplicates entries identical to an earlier one: same range, same label (or both none)
 * @param labelConflicts entries with the same range as an earlier one but another label; the earlier
 *     line's label answers
 * @param conflictExamples the first few label conflicts, with both lines
 * @param overlapped entries that lost some of their addresses to another entry under the policy
 *     (duplicates and label conflicts included)
 * @param shadowed of those, entries that lost all their addresses
 * @param merges joins of adjacent or overlapping pieces of different entries that have the same
 *     label into one interval (0 for an exact-address list, which is never merged)
 * @param intervals disjoint intervals in the result
 * @param labels labels the result uses
 * @param labelsSeen distinct labels in the list (some may answer for no address at all)
 * @param exactAddresses whether every entry was a single address, so that the result is exactly
 *     the distinct addresses, one interval each
 */
public record NormaliseStats(OverlapPolicy policy, long addresses, long blocks, long ranges,
    long duplicates, long labelConflicts, List<LabelConflict> conflictExamples, long overlapped,
    long shadowed, long merges, int intervals, int labels, int labelsSeen, boolean exactAddresses) {

  public NormaliseStats {
    conflictExamples = List.copyOf(conflictExamples);
  }

  /** All entries. */
  public long entries() {
    return addresses + blocks + ranges;
  }
}
