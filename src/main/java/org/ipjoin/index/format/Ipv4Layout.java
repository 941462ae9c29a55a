package org.ipjoin.index.format;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * How an index file stores its IPv4 keys: one class per layout, chosen from the header's flags in
 * one place ({@link #of}). A layout owns what is particular to it: the facts the header derives
 * from it (interval count, lookup directory bits), the decoders of its sections and the checks on
 * them, and how it is written; the lookup built over it is chosen by {@link #accept}, whose
 * {@link Visitor} the read paths implement (index.load), since this package knows no lookup class.
 *
 * <p>The label dictionary, u16 label ids ({@link IndexByteMap#FLAG_SHORT_LABEL_IDS}), attribute
 * names and the IPv6 sections are not layouts: any layout that has label ids may store them as
 * u16, and every layout has the same IPv6 sections, so those stay header flags of their own.
 *
 * <p>A layout is chosen once per file, when its header is decoded; the per-key work (decoding a
 * section, probing a lookup) runs in the layout's own monomorphic decoder and lookup classes, so
 * no probe pays a call through this type.
 *
 * <p>A new layout (say one with history periods per entry) is one more subclass, one line in
 * {@link #of}, one method of {@link Visitor} and its half in index.load.
 */
public abstract sealed class Ipv4Layout permits SortedLayout, ImplicitEndsLayout, CompactLayout {

  Ipv4Layout() {}

  /** The layout the flags of a decoded header (their combination already checked) say. */
  public static Ipv4Layout of(int flags) {
    if ((flags & IndexByteMap.FLAG_COMPACT) != 0) {
      return CompactLayout.INSTANCE;
    }
    if ((flags & IndexByteMap.FLAG_IMPLICIT_ENDS) != 0) {
      return ImplicitEndsLayout.INSTANCE;
    }
    return SortedLayout.INSTANCE;
  }

  /**
   * The layout {@code content} is written in when built with {@code choice}: the one place a
   * writer picks it. The sorted choice takes implicit ends when they make the file smaller
   * ({@link ImplicitEnds#pays}). {@code content} is null for an exact-address list handed as a
   * {@link IndexWriter.KeySource}, which has no ends to leave out.
   */
  static Ipv4Layout forWriting(KeyLayout choice, IndexContent content) {
    if (choice == KeyLayout.COMPACT) {
      return CompactLayout.INSTANCE;
    }
    return content != null && ImplicitEnds.pays(content) ? ImplicitEndsLayout.INSTANCE
        : SortedLayout.INSTANCE;
  }

  /** Writes {@code content} in this layout; does not close {@code out}. */
  abstract IndexHeader write(IndexContent content, OutputStream out) throws IOException;

  /**
   * Writes {@code count} sorted distinct keys of an exact-address list in this layout, never
   * holding them whole; does not close {@code out}.
   */
  IndexHeader writeExact(IndexWriter.KeySource keys, int count, long sourceBytes,
      long sourceLines, OutputStream out) throws IOException {
    throw new IllegalStateException(getClass().getSimpleName() + " is not a layout of exact keys");
  }

  /** The build choice ({@code ipindex build --layout}) that writes this layout. */
  public abstract KeyLayout choice();

  /**
   * True when a file of this layout whose header has {@code flags} (their combination checked)
   * has an IPv4 section of {@code kind}; the section directory requires exactly these.
   */
  abstract boolean has(SectionKind kind, int flags);

  /** Checks that the sizes of this layout's IPv4 sections agree with each other. */
  abstract void checkSectionSizes(List<Section> sections, String file)
      throws CorruptIndexException;

  /** Checks that this layout can number {@code labels} labels. */
  void checkLabelCount(long labels, String file) throws CorruptIndexException {}

  /** True when the header counts the listed IPv4 intervals at bytes 40-47. */
  abstract boolean countsIntervals();

  /** True when the IPv4 intervals may be wider than one address. */
  public abstract boolean ranges(IndexHeader header);

  /** What the IPv4 part holds, for {@code ipindex inspect}. */
  public String describe(IndexHeader header) {
    return header.ranges() || header.labels()
        ? (header.ranges() ? "ranges" : "exact addresses") + (header.labels() ? ", labels" : "")
        : "exact addresses";
  }

  /** IPv4 intervals (addresses, for an exact-address list) that were listed. */
  abstract long intervalCount(IndexHeader header);

  /** Bits of the address prefix the IPv4 lookup directory is indexed by. */
  abstract int directoryBits(IndexHeader header);

  /**
   * The decoder of the {@code V4_LABEL_IDS} section {@code s}; {@code retain} keeps its values.
   */
  ColumnDecoder labelIds(IndexHeader header, Section s, String file, boolean verifyChecksums,
      boolean retain) {
    return new ColumnDecoder.LabelIds(s, file, verifyChecksums, retain, header.labelCount());
  }

  /** The decoder of the compact sections, or null when the layout has none. */
  CompactDecoder compactDecoder(IndexHeader header, String file, boolean verifyChecksums,
      boolean checkContent, boolean retain) {
    return null;
  }

  /** Hands this layout to the visitor's method for it. */
  public abstract <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X;

  /**
   * One method per layout: what the read paths build over it. Implementing it is how a new
   * layout's lookup becomes a compile error until it is written.
   */
  public interface Visitor<R, X extends Exception> {
    R sorted() throws X;

    R implicitEnds() throws X;

    R compact() throws X;
  }
}
