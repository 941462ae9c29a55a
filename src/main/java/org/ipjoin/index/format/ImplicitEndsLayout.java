package org.ipjoin.index.format;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.ipjoin.index.format.CorruptIndexException.Check;

/**
 * The sorted starts without stored ends ({@link IndexByteMap#FLAG_IMPLICIT_ENDS}): each interval
 * ends where the next starts, and the gaps are intervals of their own labelled
 * {@link IndexByteMap#GAP_LABEL_ID} ({@link ImplicitEnds}); the header counts the listed intervals.
 * The writer picks it for labelled ranges with u16 ids when it is smaller.
 */
public final class ImplicitEndsLayout extends Ipv4Layout {

  static final ImplicitEndsLayout INSTANCE = new ImplicitEndsLayout();

  private ImplicitEndsLayout() {}

  @Override
  public KeyLayout choice() {
    return KeyLayout.SORTED;
  }

  /** The starts, their directory and the label ids: no ends. */
  @Override
  boolean has(SectionKind kind, int flags) {
    return switch (kind) {
      case V4_STARTS, V4_DIRECTORY, V4_LABEL_IDS -> true;
      default -> false;
    };
  }

  @Override
  void checkSectionSizes(List<Section> sections, String file) throws CorruptIndexException {
    SectionDirectory.checkIntervalCounts(sections, file);
  }

  /** The largest u16 id marks a gap. */
  @Override
  void checkLabelCount(long labels, String file) throws CorruptIndexException {
    if (labels > IndexByteMap.MAX_IMPLICIT_END_LABELS) {
      throw SectionDirectory.failure(file, labels + " labels are more than implicit ends allow ("
          + IndexByteMap.MAX_IMPLICIT_END_LABELS + "; label id " + IndexByteMap.GAP_LABEL_ID
          + " marks a gap)");
    }
  }

  @Override
  boolean countsIntervals() {
    return true;
  }

  @Override
  public boolean ranges(IndexHeader header) {
    return true;
  }

  @Override
  public String describe(IndexHeader header) {
    return "ranges with implicit ends (each ends where the next starts; gaps are intervals of"
        + " label id " + IndexByteMap.GAP_LABEL_ID + "), labels";
  }

  @Override
  long intervalCount(IndexHeader header) {
    return header.compactKeys();
  }

  @Override
  int directoryBits(IndexHeader header) {
    return IndexByteMap.directoryBits(header.section(SectionKind.V4_DIRECTORY).count());
  }

  @Override
  ColumnDecoder labelIds(IndexHeader header, Section s, String file, boolean verifyChecksums,
      boolean retain) {
    return new ColumnDecoder.GappedLabelIds(s, file, verifyChecksums, retain, header.labelCount(),
        header.intervalCount());
  }

  /** Fills the gaps ({@link ImplicitEnds#fill}) and writes the starts and ids without ends. */
  @Override
  IndexHeader write(IndexContent content, OutputStream out) throws IOException {
    int v6Bits = IndexByteMap.directoryBitsFor(content.hasV6() ? content.v6().count() : 0);
    IndexWriter.checkIntervals(content);
    IndexContent filled = ImplicitEnds.fill(content);
    return IndexWriter.writeColumns(filled, out,
        IndexByteMap.implicitEndsDirectoryBitsFor(filled.count()), v6Bits,
        IndexByteMap.FLAG_IMPLICIT_ENDS, content.count());
  }

  /** Implicit ends need u16 ids (their largest value marks a gap) and exclude stored ends. */
  static void checkFlags(int flags, String file) throws CorruptIndexException {
    if ((flags & IndexByteMap.FLAG_IMPLICIT_ENDS) == 0) {
      return;
    }
    if ((flags & IndexByteMap.FLAG_LABELS) == 0) {
      throw new CorruptIndexException(file, Check.FLAGS,
          "flag 0x80 (implicit ends) is set without flag 0x2 (labels)");
    }
    if ((flags & IndexByteMap.FLAG_SHORT_LABEL_IDS) == 0) {
      throw new CorruptIndexException(file, Check.FLAGS,
          "flag 0x80 (implicit ends) is set without flag 0x40 (short label ids)");
    }
    if ((flags & IndexByteMap.FLAG_RANGES) != 0) {
      throw new CorruptIndexException(file, Check.FLAGS,
          "flag 0x80 (implicit ends) is set with flag 0x1 (ranges)");
    }
  }

  @Override
  public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
    return visitor.implicitEnds();
  }
}
