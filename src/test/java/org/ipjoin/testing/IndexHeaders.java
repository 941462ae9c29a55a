package org.ipjoin.testing;

import org.ipjoin.index.format.CompactShape;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.load.VerifyReader;

/**
 * Headers of index files too large to write in a test, laid out by the format's own rules
 * ({@link IndexByteMap#layOut}): for the driver's memory check, which needs only the section
 * directory.
 */
public final class IndexHeaders {

  private IndexHeaders() {}

  /** An exact-address index of {@code keys} keys in the sorted layout. */
  public static VerifyReader.HeaderRead exact(long keys) {
    return read(new IndexHeader(0, IndexByteMap.layOut(keys, false, false, 0, 0, noCrcs()), 0, 0,
        0));
  }

  /** A compact-layout index whose keys fall into buckets as {@code shape} says. */
  public static VerifyReader.HeaderRead compact(CompactShape shape) {
    return read(new IndexHeader(IndexByteMap.FLAG_COMPACT, IndexByteMap.layOut(0, false, false, 0,
        0, -1, false, shape, noCrcs()), 0, 0, 0, shape.keys()));
  }

  /** As the driver reads {@code header}, of a file as long as it says (no history: 0 snapshots). */
  private static VerifyReader.HeaderRead read(IndexHeader header) {
    return new VerifyReader.HeaderRead(header, header.fileLength(), 0);
  }

  private static int[] noCrcs() {
    return new int[SectionKind.values().length];
  }
}
