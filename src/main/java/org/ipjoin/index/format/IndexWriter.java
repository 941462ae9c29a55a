package org.ipjoin.index.format;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.zip.CRC32C;
import org.ipjoin.index.list.AttributeNames;

/**
 * Writes an index file ({@link IndexByteMap}) to any stream, front to back: HDFS output streams
 * cannot seek, so the section CRCs, which the directory at the front holds, are computed first.
 * Which {@link Ipv4Layout} a file takes {@link Ipv4Layout#forWriting} decides; the layout writes
 * its sections, with the sorted layouts' interval columns ({@link #writeColumns}) and the file
 * frame ({@link #writeFile}) from here.
 */
public final class IndexWriter {

  static final int CHUNK_BYTES = 1 << 20;

  private IndexWriter() {}

  /**
   * Writes {@code content} in the layout {@link Ipv4Layout#forWriting} picks for the sorted choice
   * (its ends implicit when that is smaller); does not close {@code out}. Returns the header written.
   */
  public static IndexHeader write(IndexContent content, OutputStream out) throws IOException {
    return write(content, KeyLayout.SORTED, out);
  }

  /**
   * As {@link #write(IndexContent, OutputStream)}, with lookup directories of {@code bits} (IPv4)
   * and {@code v6Bits} (IPv6) rather than the sizes {@link IndexByteMap#directoryBitsFor} gives:
   * what files written under another size rule hold, which every reader must still load.
   */
  static IndexHeader write(IndexContent content, OutputStream out, int bits, int v6Bits)
      throws IOException {
    return writeColumns(content, out, bits, v6Bits, 0, 0);
  }

  /**
   * The sections of the sorted layouts: the interval columns of {@code content} with lookup
   * directories of {@code bits} and {@code v6Bits}, its labels and attribute names, with
   * {@code moreFlags} set in the header and {@code keyCount} at its bytes 40-47 (the listed
   * intervals of implicit ends).
   */
  static IndexHeader writeColumns(IndexContent content, OutputStream out, int bits, int v6Bits,
      int moreFlags, long keyCount) throws IOException {
    return writeColumns(content, out, bits, v6Bits, moreFlags, keyCount, null);
  }

  /**
   * Writes a history index: {@code content} holds every distinct entry of the snapshots, in the
   * sorted layout (an entry is numbered by its interval), and {@code history} their listing
   * periods ({@link IndexByteMap#FLAG_HISTORY}). Does not close {@code out}.
   */
  public static IndexHeader writeHistory(IndexContent content, ListingHistory history,
      OutputStream out) throws IOException {
    long entries = content.count() + (content.hasV6() ? content.v6().count() : 0);
    if (history.entries() != entries) {
      throw new IllegalArgumentException("the history has " + history.entries()
          + " entries for " + entries + " intervals");
    }
    byte[] bytes = history.encode();
    // The builder's bugs must not become files that every reader refuses.
    try {
      ListingHistory.decode(bytes, entries, content.labels() ? content.labelEnds().length - 1
          : 0, "the history written");
    } catch (CorruptIndexException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    return writeColumns(content, out, IndexByteMap.directoryBitsFor(content.count()),
        IndexByteMap.directoryBitsFor(content.hasV6() ? content.v6().count() : 0),
        IndexByteMap.FLAG_HISTORY, 0, bytes);
  }

  private static IndexHeader writeColumns(IndexContent content, OutputStream out, int bits,
      int v6Bits, int moreFlags, long keyCount, byte[] history) throws IOException {
    int n = content.count();
    checkIntervals(content);
    int[] directory = Ipv4LookupDirectory.of(content.starts(), n, bits);
    int[] crcs = new int[SectionKind.values().length];
    crcs[SectionKind.V4_STARTS.ordinal()] = SectionCrc.of(content.starts(), n);
    crcs[SectionKind.V4_DIRECTORY.ordinal()] = SectionCrc.of(directory, directory.length);
    if (content.ranges()) {
      crcs[SectionKind.V4_ENDS.ordinal()] = SectionCrc.of(content.ends(), n);
    }
    long labelCount = 0;
    long labelBytes = 0;
    boolean shortIds = content.shortLabelIds();
    byte[] shortIds4 = shortIds ? u16(content.labelIds(), n) : null;
    byte[] shortIds6 = shortIds && content.hasV6() ? u16(content.v6().labelIds(),
        content.v6().count()) : null;
    if (content.labels()) {
      crcs[SectionKind.V4_LABEL_IDS.ordinal()] = shortIds ? crcOf(shortIds4)
          : SectionCrc.of(content.labelIds(), n);
      crcs[SectionKind.LABEL_ENDS.ordinal()] =
          SectionCrc.of(content.labelEnds(), content.labelEnds().length);
      CRC32C crc = new CRC32C();
      crc.update(content.labelBytes());
      crcs[SectionKind.LABEL_BYTES.ordinal()] = (int) crc.getValue();
      labelCount = content.labelEnds().length - 1;
      labelBytes = content.labelBytes().length;
    }
    IndexContent.V6 v6 = content.hasV6() ? content.v6() : null;
    int[] directory6 = v6 == null ? null : v6Crcs(v6, content.labels(), v6Bits, crcs);
    if (v6 != null && shortIds) {
      crcs[SectionKind.V6_LABEL_IDS.ordinal()] = crcOf(shortIds6);
    }
    byte[] names = content.attributes() ? AttributeNames.encode(content.attributeNames()) : null;
    if (names != null) {
      crcs[SectionKind.ATTRIBUTE_NAMES.ordinal()] = crcOf(names);
    }
    if (history != null) {
      crcs[SectionKind.HISTORY.ordinal()] = crcOf(history);
    }
    List<Section> sections = IndexByteMap.layOut(n, content.ranges(), content.labels(), labelCount,
        labelBytes, v6 == null ? -1 : v6.count(), v6 != null && v6.ranges(), null, bits, v6Bits,
        names == null ? -1 : names.length, shortIds, history == null ? -1 : history.length, crcs);
    IndexHeader header = HeaderCodec.describe(content.flags() | moreFlags, sections,
        content.sourceBytes(), content.sourceLines(), keyCount);
    return writeFile(header, out, kind -> {
      switch (kind) {
        case V4_STARTS -> writeInts(content.starts(), n, out);
        case V4_ENDS -> writeInts(content.ends(), n, out);
        case V4_LABEL_IDS -> {
          if (shortIds) {
            out.write(shortIds4);
          } else {
            writeInts(content.labelIds(), n, out);
          }
        }
        case V4_DIRECTORY -> writeInts(directory, directory.length, out);
        case LABEL_ENDS -> writeInts(content.labelEnds(), content.labelEnds().length, out);
        case LABEL_BYTES -> out.write(content.labelBytes());
        case V6_STARTS -> writeLongs(v6.starts(), 2 * v6.count(), out);
        case V6_ENDS -> writeLongs(v6.ends(), 2 * v6.count(), out);
        case V6_LABEL_IDS -> {
          if (shortIds) {
            out.write(shortIds6);
          } else {
            writeInts(v6.labelIds(), v6.count(), out);
          }
        }
        case V6_DIRECTORY -> writeInts(directory6, directory6.length, out);
        case ATTRIBUTE_NAMES -> out.write(names);
        case HISTORY -> out.write(history);
        default -> throw new IllegalStateException("a sorted index has no " + kind);
      }
    });
  }

  /**
   * Sorted distinct keys of an exact-address list, handed out in ascending order chunk by chunk,
   * as many times as asked: the writer reads them twice (the section CRC and the lookup directory
   * come first in the file), so the list never has to be one {@code int[]}.
   */
  public interface KeySource {
    /** Hands every key, ascending, to {@code chunks}, in chunks of any size. */
    void forEach(KeyChunks chunks) throws IOException;
  }

  /** Takes the chunks of a {@link KeySource}. */
  public interface KeyChunks {
    /** Takes {@code keys[0, count)}, which continue the keys handed before. */
    void accept(int[] keys, int count) throws IOException;
  }

  /**
   * Writes the index of an exact-address list, {@code count} sorted distinct keys from
   * {@code keys}: the same bytes as {@link #write} of {@link IndexContent#exact} of them, without
   * holding them all. Does not close {@code out}.
   */
  public static IndexHeader writeExact(KeySource keys, int count, long sourceBytes,
      long sourceLines, OutputStream out) throws IOException {
    return writeExact(keys, count, sourceBytes, sourceLines, KeyLayout.SORTED, out);
  }

  /**
   * Writes {@code content} with its IPv4 keys in the layout {@link Ipv4Layout#forWriting} picks
   * for {@code layout}; {@link KeyLayout#COMPACT} takes an exact-address list without labels only
   * (the builder refuses others before it gets here).
   */
  public static IndexHeader write(IndexContent content, KeyLayout layout, OutputStream out)
      throws IOException {
    return Ipv4Layout.forWriting(layout, content).write(content, out);
  }

  /**
   * Writes the index of an exact-address list in {@code layout}, never holding its keys whole.
   */
  public static IndexHeader writeExact(KeySource keys, int count, long sourceBytes,
      long sourceLines, KeyLayout layout, OutputStream out) throws IOException {
    return Ipv4Layout.forWriting(layout, null).writeExact(keys, count, sourceBytes, sourceLines,
        out);
  }

  /** Writes the bytes of one section of a file. */
  interface SectionBody {
    void write(SectionKind kind) throws IOException;
  }

  /**
   * Writes {@code header} and its directory, then each of its sections front to back, the padding
   * before each as zeros and its bytes by {@code bodies}. Returns {@code header}.
   */
  static IndexHeader writeFile(IndexHeader header, OutputStream out, SectionBody bodies)
      throws IOException {
    ByteBuffer head = HeaderCodec.encode(header);
    out.write(head.array(), 0, head.limit());
    long at = head.limit();
    for (Section s : header.sections()) {
      out.write(new byte[(int) (s.offset() - at)]);
      bodies.write(s.kind());
      at = s.end();
    }
    return header;
  }

  /** Puts the IPv6 sections' CRCs into {@code crcs}; returns the IPv6 lookup directory. */
  static int[] v6Crcs(IndexContent.V6 v6, boolean labels, int bits, int[] crcs) {
    int[] directory6 = Ipv6LookupDirectory.of(v6.starts(), v6.count(), bits);
    crcs[SectionKind.V6_STARTS.ordinal()] = SectionCrc.ofKeys(v6.starts(), v6.count());
    if (v6.ranges()) {
      crcs[SectionKind.V6_ENDS.ordinal()] = SectionCrc.ofKeys(v6.ends(), v6.count());
    }
    if (labels) {
      crcs[SectionKind.V6_LABEL_IDS.ordinal()] = SectionCrc.of(v6.labelIds(), v6.count());
    }
    crcs[SectionKind.V6_DIRECTORY.ordinal()] = SectionCrc.of(directory6, directory6.length);
    return directory6;
  }

  /** The builder's bugs must not become files that every reader refuses. */
  static void checkIntervals(IndexContent c) {
    int[] s = c.starts();
    for (int i = 1; i < c.count(); i++) {
      if (s[i - 1] >= s[i]) {
        throw new IllegalArgumentException("starts must be strictly increasing; start " + i + " is not");
      }
      if (c.ranges() && c.ends()[i - 1] >= s[i]) {
        throw new IllegalArgumentException("interval " + (i - 1) + " overlaps the next one");
      }
    }
    if (c.hasV6()) {
      checkIntervals(c.v6(), c.labels());
    }
    if (c.attributes()) {
      checkAttributes(c);
    }
  }

  /** Names that break the rules, or a label without one value per name, no reader would load. */
  private static void checkAttributes(IndexContent c) {
    String problem = AttributeNames.problem(c.attributeNames());
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
    int[] ends = c.labelEnds();
    for (int id = 1; id < ends.length; id++) {
      int values = AttributeNames.valueCount(c.labelBytes(), ends[id - 1], ends[id]);
      if (values != c.attributeNames().size()) {
        throw new IllegalArgumentException("label " + id + " holds " + values + " values for "
            + c.attributeNames().size() + " attribute names");
      }
    }
  }

  static void checkIntervals(IndexContent.V6 v6, boolean labels) {
    if ((v6.labelIds() != null) != labels) {
      throw new IllegalArgumentException("the IPv6 intervals must have label ids exactly when the"
          + " IPv4 intervals have them (one dictionary)");
    }
    long[] s = v6.starts();
    long[] e = v6.ends();
    for (int i = 0; i < v6.count(); i++) {
      if (i > 0 && KeyColumnDecoder.compare(s[2 * i - 2], s[2 * i - 1], s[2 * i], s[2 * i + 1]) >= 0) {
        throw new IllegalArgumentException("IPv6 starts must be strictly increasing; start " + i
            + " is not");
      }
      if (e != null && KeyColumnDecoder.compare(e[2 * i], e[2 * i + 1], s[2 * i], s[2 * i + 1]) < 0) {
        throw new IllegalArgumentException("IPv6 interval " + i + " ends before it starts");
      }
      if (e != null && i > 0
          && KeyColumnDecoder.compare(e[2 * i - 2], e[2 * i - 1], s[2 * i], s[2 * i + 1]) >= 0) {
        throw new IllegalArgumentException("IPv6 interval " + (i - 1) + " overlaps the next one");
      }
    }
  }

  /** {@code ids[0, count)} as little-endian u16 values (each at most 65,535). */
  private static byte[] u16(int[] ids, int count) {
    ByteBuffer b = ByteBuffer.allocate(2 * count).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < count; i++) {
      b.putShort((short) ids[i]);
    }
    return b.array();
  }

  private static int crcOf(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    return (int) crc.getValue();
  }

  static void writeLongs(long[] values, int count, OutputStream out) throws IOException {
    ByteBuffer chunk = ByteBuffer.allocate(CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    int perChunk = CHUNK_BYTES / 8;
    for (int from = 0; from < count; from += perChunk) {
      int k = Math.min(perChunk, count - from);
      chunk.clear();
      chunk.asLongBuffer().put(values, from, k);
      out.write(chunk.array(), 0, k * 8);
    }
  }

  static void writeInts(int[] values, int count, OutputStream out) throws IOException {
    writeInts(values, count, out, ByteBuffer.allocate(CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN));
  }

  static void writeInts(int[] values, int count, OutputStream out, ByteBuffer chunk)
      throws IOException {
    int perChunk = CHUNK_BYTES / 4;
    for (int from = 0; from < count; from += perChunk) {
      int k = Math.min(perChunk, count - from);
      chunk.clear();
      chunk.asIntBuffer().put(values, from, k);
      out.write(chunk.array(), 0, k * 4);
    }
  }
}
