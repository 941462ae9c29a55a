package org.ipjoin.index.format;

import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.ip.Ipv6Codec;

/**
 * Decodes one section of 128-bit IPv6 keys (two i64 key halves per item, hi then lo) while checking
 * it ({@link SectionDecoder}): its CRC32C (unless switched off), its count and what its kind
 * requires. The halves go into a {@code long[]} of two per interval (the heap read paths) or, for a
 * column served from a mapping, only through a reused piece buffer. The {@code IndexDecoder} hands
 * it whole items only.
 */
abstract class KeyColumnDecoder extends SectionDecoder<long[]> {

  /** 16 Ki intervals = 256 KiB, as {@link ColumnDecoder#PIECE}. */
  static final int PIECE = 1 << 14;
  static final int ITEM_BYTES = 16;

  KeyColumnDecoder(Section section, String file, boolean verifyChecksum, boolean retain) {
    super(section, file, verifyChecksum, retain, ITEM_BYTES, PIECE, allocate(section, file, retain));
  }

  /** All halves (retained) or one piece; interval i at {@code [2i, 2i + 1]}. */
  private static long[] allocate(Section section, String file, boolean retain) {
    if (retain && section.count() > IndexByteMap.MAX_V6_INTERVALS) {
      throw new IllegalStateException(file + ": " + section.count() + " " + section.kind().description
          + " do not fit in one long[]");
    }
    return new long[2 * heldItems(section, retain, PIECE)];
  }

  @Override
  final void copy(ByteBuffer bytes, int at, int n) {
    bytes.asLongBuffer().get(values, 2 * at, 2 * n);
  }

  /**
   * Checks intervals {@code base .. base + n - 1} of the section, whose halves are
   * {@code k[2 at, 2 (at + n))}.
   */
  @Override
  abstract void check(long[] k, int at, int n, long base) throws CorruptIndexException;

  /** Signed 128-bit comparison of two keys given as halves. */
  static int compare(long hiA, long loA, long hiB, long loB) {
    int c = Long.compare(hiA, hiB);
    return c != 0 ? c : Long.compare(loA, loB);
  }

  /** The key as RFC 5952 text, for messages. */
  static String text(long hiKey, long loKey) {
    return Ipv6Codec.format(Ipv6Codec.toAddress(hiKey), Ipv6Codec.toAddress(loKey));
  }

  /** IPv6 interval starts: strictly increasing 128-bit keys. */
  static final class Starts extends KeyColumnDecoder {
    private long lastHi;
    private long lastLo;

    Starts(Section section, String file, boolean verify, boolean retain) {
      super(section, file, verify, retain);
    }

    @Override
    void check(long[] k, int at, int n, long base) throws CorruptIndexException {
      long hi = lastHi;
      long lo = lastLo;
      for (int j = 0; j < n; j++) {
        long h = k[2 * (at + j)];
        long l = k[2 * (at + j) + 1];
        long i = base + j;
        if (i > 0 && compare(h, l, hi, lo) <= 0) {
          throw new CorruptIndexException(file, Check.SORTED, "IPv6 start " + i + " (" + text(h, l)
              + ") is not greater than IPv6 start " + (i - 1) + " (" + text(hi, lo) + ")");
        }
        hi = h;
        lo = l;
      }
      lastHi = hi;
      lastLo = lo;
    }
  }

  /** IPv6 interval ends: each between its start and the next start. */
  static final class Ends extends KeyColumnDecoder {
    private final LongBuffer starts;

    Ends(Section section, String file, boolean verify, boolean retain, LongBuffer starts) {
      super(section, file, verify, retain);
      this.starts = starts;
    }

    @Override
    void check(long[] k, int at, int n, long base) throws CorruptIndexException {
      long count = section.count();
      for (int j = 0; j < n; j++) {
        int i = (int) (base + j);
        long endHi = k[2 * (at + j)];
        long endLo = k[2 * (at + j) + 1];
        long startHi = starts.get(2 * i);
        long startLo = starts.get(2 * i + 1);
        boolean last = i + 1 == count;
        if (compare(endHi, endLo, startHi, startLo) < 0
            || (!last && compare(endHi, endLo, starts.get(2 * i + 2), starts.get(2 * i + 3)) >= 0)) {
          throw new CorruptIndexException(file, Check.INTERVALS, "IPv6 interval " + i + " ends at "
              + text(endHi, endLo) + ", outside " + text(startHi, startLo) + " .. "
              + (last ? text(Long.MAX_VALUE, Long.MAX_VALUE)
                  : "before " + text(starts.get(2 * i + 2), starts.get(2 * i + 3))));
        }
      }
    }
  }
}
