package org.ipjoin.index.list;

import java.util.List;

/**
 * What normalising a list did, for the build summary: counts for each address family, and their
 * totals. The two families never overlap each other (an IPv4-mapped IPv6 entry was made the IPv4
 * entry it maps to when the line was read), so each count is the sum of the families'.
 *
 * @param policy the overlap policy applied
 * @param v4 the IPv4 entries and intervals
 * @param v6 the IPv6 entries and intervals
 * @param conflictExamples the first few label conflicts (of both families, in line order), with
 *     both lines
 * @param labels labels the result uses
 * @param labelsSeen distinct labels in the list (some may answer for no address at all)
 */
public record NormaliseStats(OverlapPolicy policy, Family v4, Family v6,
    List<LabelConflict> conflictExamples, int labels, int labelsSeen) {

  public NormaliseStats {
    conflictExamples = List.copyOf(conflictExamples);
  }

  /**
   * The counts of one address family.
   *
   * @param addresses entries that were a single address ({@code 1.2.3.4}, {@code 1.2.3.4,label})
   * @param blocks CIDR block entries
   * @param ranges range entries ({@code a-b}, {@code a,b,…})
   * @param duplicates entries identical to an earlier one: same range, same label (or both none)
   * @param labelConflicts entries with the same range as an earlier one but another label; the
   *     earlier line's label answers
   * @param overlapped entries that lost some of their addresses to another entry under the policy
   *     (duplicates and label conflicts included)
   * @param shadowed of those, entries that lost all their addresses
   * @param merges joins of adjacent or overlapping pieces of different entries that have the same
   *     label into one interval (0 when every entry is a single address: never merged)
   * @param intervals disjoint intervals in the result
   * @param exactAddresses whether every entry of the family was a single address, so that its
   *     intervals are exactly the distinct addresses, one each (true for a family without entries)
   */
  public record Family(long addresses, long blocks, long ranges, long duplicates,
      long labelConflicts, long overlapped, long shadowed, long merges, int intervals,
      boolean exactAddresses) {

    /** A family without entries. */
    public static final Family NONE = new Family(0, 0, 0, 0, 0, 0, 0, 0, 0, true);

    /** All entries of the family. */
    public long entries() {
      return addresses + blocks + ranges;
    }
  }

  /** All entries. */
  public long entries() {
    return v4.entries() + v6.entries();
  }

  public long addresses() {
    return v4.addresses() + v6.addresses();
  }

  public long blocks() {
    return v4.blocks() + v6.blocks();
  }

  public long ranges() {
    return v4.ranges() + v6.ranges();
  }

  public long duplicates() {
    return v4.duplicates() + v6.duplicates();
  }

  public long labelConflicts() {
    return v4.labelConflicts() + v6.labelConflicts();
  }

  public long overlapped() {
    return v4.overlapped() + v6.overlapped();
  }

  public long shadowed() {
    return v4.shadowed() + v6.shadowed();
  }

  public long merges() {
    return v4.merges() + v6.merges();
  }

  /** Intervals of both families. */
  public long intervals() {
    return (long) v4.intervals() + v6.intervals();
  }

  /**
   * Whether every IPv4 entry was a single address, so that the IPv4 intervals are exactly the
   * distinct addresses (the index's plain layout, without labels).
   */
  public boolean exactAddresses() {
    return v4.exactAddresses();
  }
}
