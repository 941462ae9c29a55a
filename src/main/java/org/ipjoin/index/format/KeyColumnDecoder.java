package org.ipjoin.index.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.zip.CRC32C;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.ip.Ipv6Codec;

/**
 * Decodes one section of 128-bit IPv6 keys (two i64 key halves per item, hi then lo) while checking
 * it, as {@link ColumnDecoder} does for i32 sections: its CRC32C (unless switched off), its count
 * and what its kind requires, piece by piece. The halves go into a {@code long[]} of two per
 * interval (the heap read paths) or, for a column served from a mapping, only through a reused
 * piece buffer. The {@code IndexDecoder} hands it whole items only.
 */
abstract class KeyColumnDecoder {

  /** 16 Ki intervals = 256 KiB, as {@link ColumnDecoder#PIECE}. */
  static final int PIECE = 1 << 14;
  static final int ITEM_BYTES = 16;

  final Section section;
  final String file;
  private final boolean verifyChecksum;
  private final boolean retain;
  /** All halves (retained) or one piece; interval i at {@code [2i, 2i + 1]}. */
  final long[] values;
  private final CRC32C crc = new CRC32C();
  /** As {@link ColumnDecoder}: the first content failure, held until the checksum is known. */
  private CorruptIndexException contentFailure;
  /** As {@link ColumnDecoder}: false when the content was verified before; only the CRC runs. */
  private boolean checkContent = true;
  long filled;

  KeyColumnDecoder(Section section, String file, boolean verifyChecksum, boolean retain) {
    if (retain && section.count() > IndexByteMap.MAX_V6_INTERVALS) {
      throw new IllegalStateException(file + ": " + section.count() + " " + section.kind().description
          + " do not fit in one long[]");
    }
    this.section = section;
    this.file = file;
    this.verifyChecksum = verifyChecksum;
    this.retain = retain;
    this.values = new long[2 * (retain ? (int) section.count() : (int) Math.min(section.count(), PIECE))];
  }

  long remaining() {
    return section.count() - filled;
  }

  /** Skips the content checks from now on: the bytes are only checksummed (and kept if retained). */
  final KeyColumnDecoder trusting() {
    checkContent = false;
    return this;
  }

  /** Takes every whole item of {@code chunk} (position to limit), at most {@link #remaining}. */
  final void accept(ByteBuffer chunk) throws CorruptIndexException {
    ByteBuffer le = chunk.slice().order(ByteOrder.LITTLE_ENDIAN);
    int n = (int) Math.min(le.remaining() / ITEM_BYTES, remaining());
    for (int done = 0; done < n; ) {
      int piece = Math.min(PIECE, n - done);
      ByteBuffer bytes = le.slice(done * ITEM_BYTES, piece * ITEM_BYTES).order(ByteOrder.LITTLE_ENDIAN);
      if (verifyChecksum) {
        crc.update(bytes.duplicate());
      }
      if (!retain && !checkContent) {
        filled += piece;
        done += piece;
        continue;
      }
      int at = retain ? (int) filled : 0;
      bytes.asLongBuffer().get(values, 2 * at, 2 * piece);
      if (contentFailure == null && checkContent) {
        try {
          check(values, at, piece, filled);
        } catch (CorruptIndexException e) {
          if (!verifyChecksum) {
            throw e;
          }
          contentFailure = e;
        }
      }
      filled += piece;
      done += piece;
    }
    chunk.position(chunk.position() + n * ITEM_BYTES);
  }

  /** Runs the end checks; returns the halves when retained. */
  final long[] finish() throws CorruptIndexException {
    if (filled != section.count()) {
      throw new CorruptIndexException(file, Check.FILE_LENGTH, section.kind().description
          + " ended after " + filled + " of " + section.count() + " values");
    }
    if (verifyChecksum) {
      SectionCrc.check(section, (int) crc.getValue(), file);
    }
    if (contentFailure != null) {
      throw contentFailure;
    }
    return retain ? values : null;
  }

  /**
   * Checks intervals {@code base .. base + n - 1} of the section, whose halves are
   * {@code k[2 at, 2 (at + n))}.
   */
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
