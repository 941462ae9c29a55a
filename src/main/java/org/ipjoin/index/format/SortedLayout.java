package org.ipjoin.index.format;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Sorted 4-byte starts and a prefix lookup directory ({@code V4_STARTS}, {@code V4_DIRECTORY}),
 * with stored ends ({@code V4_ENDS}, {@link IndexByteMap#FLAG_RANGES}) when some interval is wider
 * than one address and label ids when labelled: the layout of every list, the only one for blocks,
 * ranges and labels unless {@link ImplicitEndsLayout} is smaller.
 */
public final class SortedLayout extends Ipv4Layout {

  static final SortedLayout INSTANCE = new SortedLayout();

  private SortedLayout() {}

  @Override
  public KeyLayout choice() {
    return KeyLayout.SORTED;
  }

  @Override
  boolean has(SectionKind kind, int flags) {
    return switch (kind) {
      case V4_STARTS, V4_DIRECTORY -> true;
      case V4_ENDS -> (flags & IndexByteMap.FLAG_RANGES) != 0;
      case V4_LABEL_IDS -> (flags & IndexByteMap.FLAG_LABELS) != 0;
      default -> false;
    };
  }

  @Override
  void checkSectionSizes(List<Section> sections, String file) throws CorruptIndexException {
    SectionDirectory.checkIntervalCounts(sections, file);
  }

  @Override
  boolean countsIntervals() {
    return false;
  }

  @Override
  public boolean ranges(IndexHeader header) {
    return header.ranges();
  }

  @Override
  long intervalCount(IndexHeader header) {
    return header.section(SectionKind.V4_STARTS).count();
  }

  @Override
  int directoryBits(IndexHeader header) {
    return IndexByteMap.directoryBits(header.section(SectionKind.V4_DIRECTORY).count());
  }

  @Override
  IndexHeader write(IndexContent content, OutputStream out) throws IOException {
    int v6Bits = IndexByteMap.directoryBitsFor(content.hasV6() ? content.v6().count() : 0);
    return IndexWriter.writeColumns(content, out, IndexByteMap.directoryBitsFor(content.count()),
        v6Bits, 0, 0);
  }

  /**
   * The same bytes as {@link #write} of {@link IndexContent#exact} of the keys: the writer reads
   * them twice (the section CRC and the lookup directory come first in the file).
   */
  @Override
  IndexHeader writeExact(IndexWriter.KeySource keys, int count, long sourceBytes,
      long sourceLines, OutputStream out) throws IOException {
    Ipv4LookupDirectory lookup = Ipv4LookupDirectory.forIntervals(count);
    CRC32C crc = new CRC32C();
    ByteBuffer chunk = ByteBuffer.allocate(IndexWriter.CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    AnnouncedKeys announced = new AnnouncedKeys("start", count);
    keys.forEach((k, n) -> {
      lookup.record(k, 0, n, announced.accept(k, n));
      for (int from = 0; from < n; from += IndexWriter.CHUNK_BYTES / 4) {
        int m = Math.min(IndexWriter.CHUNK_BYTES / 4, n - from);
        chunk.clear();
        chunk.asIntBuffer().put(k, from, m);
        crc.update(chunk.array(), 0, m * 4);
      }
    });
    announced.finish();
    int[] directory = lookup.finish(count);
    int[] crcs = new int[SectionKind.values().length];
    crcs[SectionKind.V4_STARTS.ordinal()] = (int) crc.getValue();
    crcs[SectionKind.V4_DIRECTORY.ordinal()] = SectionCrc.of(directory, directory.length);
    List<Section> sections = IndexByteMap.layOut(count, false, false, 0, 0, -1, false, crcs);
    IndexHeader header = HeaderCodec.describe(0, sections, sourceBytes, sourceLines);
    return IndexWriter.writeFile(header, out, kind -> {
      switch (kind) {
        case V4_STARTS -> keys.forEach((k, n) -> IndexWriter.writeInts(k, n, out, chunk));
        case V4_DIRECTORY -> IndexWriter.writeInts(directory, directory.length, out);
        default -> throw new IllegalStateException("an exact-address index has no " + kind);
      }
    });
  }

  @Override
  public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
    return visitor.sorted();
  }
}
