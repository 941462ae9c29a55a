package org.ipjoin.index.format;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.zip.CRC32C;
import org.ipjoin.index.format.CorruptIndexException.Check;

/**
 * The keys of an exact IPv4 address list in their /16 buckets ({@link IndexByteMap#FLAG_COMPACT}:
 * {@code V4_BUCKETS}, {@code V4_SUFFIXES}, {@code V4_BITMAPS}, {@code V4_BITMAP_RANKS}), each
 * bucket sorted 16-bit suffixes or a 65,536-bit bitmap ({@link CompactBuckets}); the header counts
 * the keys. Chosen at build time with {@code --layout compact}.
 */
public final class CompactLayout extends Ipv4Layout {

  static final CompactLayout INSTANCE = new CompactLayout();

  private CompactLayout() {}

  @Override
  public KeyLayout choice() {
    return KeyLayout.COMPACT;
  }

  @Override
  boolean has(SectionKind kind, int flags) {
    return switch (kind) {
      case V4_BUCKETS, V4_SUFFIXES, V4_BITMAPS, V4_BITMAP_RANKS -> true;
      default -> false;
    };
  }

  /**
   * The bucket directory of its fixed size, the bitmaps whole, one rank entry per 512 bits of
   * them. How many buckets are dense, and whether the counts agree with the directory's, only the
   * content tells (checked while reading it, {@link CompactDecoder}).
   */
  @Override
  void checkSectionSizes(List<Section> sections, String file) throws CorruptIndexException {
    Section buckets = SectionDirectory.find(sections, SectionKind.V4_BUCKETS);
    Section bitmaps = SectionDirectory.find(sections, SectionKind.V4_BITMAPS);
    Section ranks = SectionDirectory.find(sections, SectionKind.V4_BITMAP_RANKS);
    if (buckets.count() != IndexByteMap.BUCKET_ENTRIES) {
      throw SectionDirectory.failure(file, "the compact bucket directory has " + buckets.count()
          + " entries, not " + IndexByteMap.BUCKET_ENTRIES);
    }
    long dense = bitmaps.count() / IndexByteMap.BITMAP_WORDS;
    if (bitmaps.count() % IndexByteMap.BITMAP_WORDS != 0 || dense > IndexByteMap.COMPACT_BUCKETS
        || ranks.count() != dense * IndexByteMap.RANKS_PER_BITMAP) {
      throw SectionDirectory.failure(file, "the compact bitmaps (" + bitmaps.count()
          + " words) and their ranks (" + ranks.count() + " entries) are not whole bitmaps of "
          + IndexByteMap.BITMAP_WORDS + " words with " + IndexByteMap.RANKS_PER_BITMAP
          + " ranks each");
    }
  }

  @Override
  boolean countsIntervals() {
    return true;
  }

  @Override
  public boolean ranges(IndexHeader header) {
    return false;
  }

  @Override
  long intervalCount(IndexHeader header) {
    return header.compactKeys();
  }

  /** The buckets are the directory: 16 bits. */
  @Override
  int directoryBits(IndexHeader header) {
    return 16;
  }

  @Override
  CompactDecoder compactDecoder(IndexHeader header, String file, boolean verifyChecksums,
      boolean checkContent, boolean retain) {
    return new CompactDecoder(header, file, verifyChecksums, checkContent, retain);
  }

  @Override
  IndexHeader write(IndexContent content, OutputStream out) throws IOException {
    if (content.ranges() || content.labels()) {
      throw new IllegalArgumentException("the compact layout holds single addresses without labels");
    }
    IndexWriter.checkIntervals(content);
    int[] starts = content.starts();
    int n = content.count();
    return writeCompact((chunks) -> chunks.accept(starts, n), n,
        content.hasV6() ? content.v6() : null, content.sourceBytes(), content.sourceLines(), out);
  }

  @Override
  IndexHeader writeExact(IndexWriter.KeySource keys, int count, long sourceBytes,
      long sourceLines, OutputStream out) throws IOException {
    return writeCompact(keys, count, null, sourceBytes, sourceLines, out);
  }

  /**
   * The compact layout ({@link IndexByteMap#FLAG_COMPACT}) of {@code count} sorted distinct keys,
   * and the IPv6 sections of {@code v6} (null: none). The keys are read once to count the buckets,
   * once per compact section for its CRC and once more for its bytes, never held whole.
   */
  private static IndexHeader writeCompact(IndexWriter.KeySource keys, int count,
      IndexContent.V6 v6, long sourceBytes, long sourceLines, OutputStream out) throws IOException {
    int[] counts = new int[IndexByteMap.COMPACT_BUCKETS];
    AnnouncedKeys announced = new AnnouncedKeys("key", count);
    keys.forEach((k, n) -> {
      announced.accept(k, n);
      for (int i = 0; i < n; i++) {
        counts[CompactBuckets.bucket(k[i])]++;
      }
    });
    announced.finish();
    CompactShape shape = CompactShape.of(counts);
    int[] buckets = CompactBuckets.directory(counts);
    int[] crcs = new int[SectionKind.values().length];
    crcs[SectionKind.V4_BUCKETS.ordinal()] = SectionCrc.of(buckets, buckets.length);
    for (SectionKind kind : List.of(SectionKind.V4_SUFFIXES, SectionKind.V4_BITMAPS,
        SectionKind.V4_BITMAP_RANKS)) {
      CRC32C crc = new CRC32C();
      CompactBuckets.emit(keys, counts, kind, crc::update);
      crcs[kind.ordinal()] = (int) crc.getValue();
    }
    int[] directory6 = v6 == null ? null
        : IndexWriter.v6Crcs(v6, false, IndexByteMap.directoryBitsFor(v6.count()), crcs);
    List<Section> sections = IndexByteMap.layOut(0, false, false, 0, 0, v6 == null ? -1 : v6.count(),
        v6 != null && v6.ranges(), shape, crcs);
    int flags = IndexByteMap.FLAG_COMPACT | (v6 == null ? 0 : IndexByteMap.FLAG_V6)
        | (v6 != null && v6.ranges() ? IndexByteMap.FLAG_V6_RANGES : 0);
    IndexHeader header = HeaderCodec.describe(flags, sections, sourceBytes, sourceLines, count);
    return IndexWriter.writeFile(header, out, kind -> {
      switch (kind) {
        case V4_BUCKETS -> IndexWriter.writeInts(buckets, buckets.length, out);
        case V4_SUFFIXES, V4_BITMAPS, V4_BITMAP_RANKS -> CompactBuckets.emit(keys, counts, kind,
            b -> out.write(b.array(), b.arrayOffset() + b.position(), b.remaining()));
        case V6_STARTS -> IndexWriter.writeLongs(v6.starts(), 2 * v6.count(), out);
        case V6_ENDS -> IndexWriter.writeLongs(v6.ends(), 2 * v6.count(), out);
        case V6_DIRECTORY -> IndexWriter.writeInts(directory6, directory6.length, out);
        default -> throw new IllegalStateException("a compact index has no " + kind);
      }
    });
  }

  /** Single addresses without labels only. */
  static void checkFlags(int flags, String file) throws CorruptIndexException {
    if ((flags & IndexByteMap.FLAG_COMPACT) != 0
        && (flags & (IndexByteMap.FLAG_RANGES | IndexByteMap.FLAG_LABELS)) != 0) {
      throw new CorruptIndexException(file, Check.FLAGS,
          "flag 0x10 (compact) is set with flag 0x1 (ranges) or 0x2 (labels)");
    }
  }

  @Override
  public <R, X extends Exception> R accept(Visitor<R, X> visitor) throws X {
    return visitor.compact();
  }
}
