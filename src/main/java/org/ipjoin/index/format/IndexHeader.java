package org.ipjoin.index.format;

import java.util.List;

/**
 * The decoded, checked header and section directory of an index file ({@link IndexByteMap}).
 *
 * @param flags {@link IndexByteMap#FLAG_RANGES}, {@link IndexByteMap#FLAG_LABELS},
 *     {@link IndexByteMap#FLAG_V6}, {@link IndexByteMap#FLAG_V6_RANGES}
 * @param sections the section directory, in file order
 * @param directoryCrc CRC32C of the directory bytes (it covers every section's CRC, so it pins the
 *     whole content)
 * @param sourceBytes size of the text list(s) the index was built from
 * @param sourceLines lines in them
 * @param compactKeys the IPv4 keys of a compact index ({@link IndexByteMap#FLAG_COMPACT}), the
 *     listed IPv4 intervals with {@link IndexByteMap#FLAG_IMPLICIT_ENDS}, else 0
 */
public record IndexHeader(int flags, List<Section> sections, int directoryCrc, long sourceBytes,
    long sourceLines, long compactKeys) {

  /** A header without the compact layout. */
  public IndexHeader(int flags, List<Section> sections, int directoryCrc, long sourceBytes,
      long sourceLines) {
    this(flags, sections, directoryCrc, sourceBytes, sourceLines, 0);
  }

  /** The layout of the IPv4 keys, as the flags say: the one place a file's layout is chosen. */
  public Ipv4Layout layout() {
    return Ipv4Layout.of(flags);
  }

  /** The build choice that writes this file's layout. */
  public KeyLayout keyLayout() {
    return layout().choice();
  }

  public boolean ranges() {
    return (flags & IndexByteMap.FLAG_RANGES) != 0;
  }

  public boolean labels() {
    return (flags & IndexByteMap.FLAG_LABELS) != 0;
  }

  /** True when the file has IPv6 intervals (its {@code V6_*} sections). */
  public boolean v6() {
    return (flags & IndexByteMap.FLAG_V6) != 0;
  }

  /** True when some IPv6 interval is wider than one address (a {@code V6_ENDS} section). */
  public boolean v6Ranges() {
    return (flags & IndexByteMap.FLAG_V6_RANGES) != 0;
  }

  /** The section of {@code kind}, or null when the file has none. */
  public Section section(SectionKind kind) {
    for (Section s : sections) {
      if (s.kind() == kind) {
        return s;
      }
    }
    return null;
  }

  /**
   * True when the IPv4 intervals end where the next starts and gaps are intervals of their own
   * ({@link IndexByteMap#FLAG_IMPLICIT_ENDS}).
   */
  public boolean implicitEnds() {
    return layout() instanceof ImplicitEndsLayout;
  }

  /**
   * IPv4 intervals (addresses, for an exact-address list): the listed ones, without the gaps of
   * {@link #implicitEnds}.
   */
  public long intervalCount() {
    return layout().intervalCount(this);
  }

  /** IPv6 intervals (0 without IPv6 sections). */
  public long v6IntervalCount() {
    Section starts = section(SectionKind.V6_STARTS);
    return starts == null ? 0 : starts.count();
  }

  /** Intervals of both families: what the index identity counts. */
  public long totalIntervalCount() {
    return intervalCount() + v6IntervalCount();
  }

  /**
   * The entries of a {@code HISTORY} section ({@link ListingHistory}): every stored IPv4
   * interval, the gaps of {@link #implicitEnds} included, then the IPv6 ones.
   */
  public long historyEntries() {
    Section starts = section(SectionKind.V4_STARTS);
    return (starts == null ? intervalCount() : starts.count()) + v6IntervalCount();
  }

  /** Distinct labels (ids 1 .. n). */
  public int labelCount() {
    Section ends = section(SectionKind.LABEL_ENDS);
    return ends == null ? 0 : (int) (ends.count() - 1);
  }

  /** Bits of the address prefix the lookup directory is indexed by (16, the buckets, if compact). */
  public int directoryBits() {
    return layout().directoryBits(this);
  }

  /** Bits of the IPv6 lookup directory (0 without IPv6 sections). */
  public int v6DirectoryBits() {
    Section d = section(SectionKind.V6_DIRECTORY);
    return d == null ? 0 : IndexByteMap.directoryBits(d.count());
  }

  /** The file length this header requires: the end of the last section. */
  public long fileLength() {
    return sections.get(sections.size() - 1).end();
  }

  /** What pins one exact index file: every task checks it loaded the index the driver saw. */
  public IndexIdentity identity(long fileLength) {
    return new IndexIdentity(fileLength, totalIntervalCount(), directoryCrc);
  }
}
