package org.ipjoin.index.format;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.ShortBuffer;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.ip.Ipv4Codec;

/**
 * Decodes one i32 section (or a u16 label id section, widened) while checking it ({@link SectionDecoder}): its CRC32C (unless switched
 * off), its count, and what its kind requires. The values go into an {@code int[]} (the heap read
 * paths) or, for a column served from a mapping, only through a reused piece buffer. The
 * {@code IndexDecoder} hands it little-endian bytes ({@link #accept}) or single values
 * ({@link #acceptInt}, for the read paths that read value by value).
 */
abstract class ColumnDecoder extends SectionDecoder<int[]> {

  /** 64 Ki values = 256 KiB: fits the L2 cache of the machines this was tuned on. */
  static final int PIECE = 1 << 16;

  /**
   * Whether any value came through {@link #acceptInt}: the CRC is then computed from the retained
   * values at the end, since a stream reader feeds a section's first bytes (read with the head) in
   * a chunk and the rest value by value, and the running CRC has only seen the chunk.
   */
  private boolean valuesByInt;

  ColumnDecoder(Section section, String file, boolean verifyChecksum, boolean retain) {
    super(section, file, verifyChecksum, retain, section.itemBytes(), PIECE,
        allocate(section, file, retain));
  }

  private static int[] allocate(Section section, String file, boolean retain) {
    if (retain && section.count() > Integer.MAX_VALUE - 8) {
      // Not corruption: a valid index too large for one int[]. Say so.
      throw new IllegalStateException(file + ": " + section.count() + " " + section.kind().description
          + " do not fit in one int[]; use --loader mmap-direct");
    }
    return new int[heldItems(section, retain, PIECE)];
  }

  @Override
  final void copy(ByteBuffer bytes, int at, int n) {
    if (section.itemBytes() == Integer.BYTES) {
      bytes.asIntBuffer().get(values, at, n);
      return;
    }
    ShortBuffer shorts = bytes.asShortBuffer(); // u16 label ids (FLAG_SHORT_LABEL_IDS)
    for (int i = 0; i < n; i++) {
      values[at + i] = Short.toUnsignedInt(shorts.get(i));
    }
  }

  /** Takes one value (the CRC is then computed from the retained values at the end). */
  final void acceptInt(int value) throws CorruptIndexException {
    if (!retains()) {
      throw new IllegalStateException("a column served from a mapping takes whole chunks only");
    }
    valuesByInt = true;
    int at = (int) filled;
    values[at] = value;
    runChecks(at, 1, filled);
    filled++;
  }

  @Override
  final void completeChecksum(SectionVerdict verdict) {
    if (valuesByInt) {
      verdict.checksumOf(values, (int) filled);
    }
  }

  /** "IPv6 " in the messages of an IPv6 section; nothing for IPv4, whose messages predate IPv6. */
  String family() {
    return section.kind().compareTo(SectionKind.V6_STARTS) >= 0 ? "IPv6 " : "";
  }

  /** A column whose content was verified before ({@link LoadTrust}): checksummed only. */
  static final class Unchecked extends ColumnDecoder {
    Unchecked(Section section, String file, boolean verify, boolean retain) {
      super(section, file, verify, retain);
      trusting();
    }

    @Override
    void check(int[] k, int at, int n, long base) {}
  }

  /** Interval starts: strictly increasing; the lookup directory is recorded in the same pass. */
  static final class Starts extends ColumnDecoder {
    final Ipv4LookupDirectory directory;
    private int last;

    /** {@code directoryBits}: the stored directory's, which the one built here is compared with. */
    Starts(Section section, String file, boolean verify, boolean retain, int directoryBits) {
      super(section, file, verify, retain);
      this.directory = Ipv4LookupDirectory.withBits(directoryBits);
    }

    @Override
    void check(int[] k, int at, int n, long base) throws CorruptIndexException {
      if (n == 0) {
        return;
      }
      int[] t = directory.raw();
      int shift = directory.shift();
      int end = at + n;
      int offset = (int) (base - at + 1);
      // Branch-free: b - a - 1 in long is negative exactly when a pair is not strictly increasing,
      // and OR keeps the sign bit; the store is Ipv4LookupDirectory.record's. Only a bad piece is walked
      // again to name the first offending start (the directory is garbage then, unused).
      long acc = base == 0 ? 0 : (long) k[at] - last - 1;
      t[((k[at] ^ Integer.MIN_VALUE) >>> shift) + 1] = at + offset;
      for (int i = at + 1; i < end; i++) {
        int key = k[i];
        acc |= (long) key - k[i - 1] - 1;
        t[((key ^ Integer.MIN_VALUE) >>> shift) + 1] = i + offset;
      }
      if (acc < 0) {
        if (base > 0 && k[at] <= last) {
          throw notIncreasing(base, last, k[at]);
        }
        for (int i = at + 1; i < end; i++) {
          if (k[i - 1] >= k[i]) {
            throw notIncreasing(i - at + base, k[i - 1], k[i]);
          }
        }
      }
      last = k[end - 1];
    }

    private CorruptIndexException notIncreasing(long i, int previous, int start) {
      return new CorruptIndexException(file, Check.SORTED, "start " + i + " (" + Ipv4Codec.format(start)
          + ") is not greater than start " + (i - 1) + " (" + Ipv4Codec.format(previous) + ")");
    }
  }

  /** Interval ends: each between its start and the next start. */
  static final class Ends extends ColumnDecoder {
    private final IntBuffer starts;

    Ends(Section section, String file, boolean verify, boolean retain, IntBuffer starts) {
      super(section, file, verify, retain);
      this.starts = starts;
    }

    @Override
    void check(int[] k, int at, int n, long base) throws CorruptIndexException {
      long count = section.count();
      for (int j = 0; j < n; j++) {
        int i = (int) (base + j);
        int end = k[at + j];
        int start = starts.get(i);
        if (end < start || (i + 1 < count && end >= starts.get(i + 1))) {
          throw new CorruptIndexException(file, Check.INTERVALS, "interval " + i + " ends at "
              + Ipv4Codec.format(end) + ", outside " + Ipv4Codec.format(start) + " .. "
              + (i + 1 < count ? "before " + Ipv4Codec.format(starts.get(i + 1)) : "255.255.255.255"));
        }
      }
    }
  }

  /** Label ids: 0 (no label) up to the dictionary's label count. */
  static class LabelIds extends ColumnDecoder {
    private final int labelCount;

    LabelIds(Section section, String file, boolean verify, boolean retain, int labelCount) {
      super(section, file, verify, retain);
      this.labelCount = labelCount;
    }

    @Override
    void check(int[] k, int at, int n, long base) throws CorruptIndexException {
      for (int j = 0; j < n; j++) {
        int id = k[at + j];
        if (id < 0 || id > labelCount) {
          throw outOfDictionary(base + j, id);
        }
      }
    }

    final CorruptIndexException outOfDictionary(long interval, int id) {
      return new CorruptIndexException(file, Check.LABEL_IDS, family() + "interval " + interval
          + " has label id " + id + "; the dictionary holds ids 1 .. " + labelCount);
    }
  }

  /**
   * The IPv4 label ids of a file with {@link IndexByteMap#FLAG_IMPLICIT_ENDS}: besides the
   * dictionary's ids, {@link IndexByteMap#GAP_LABEL_ID} marks a gap, never first and never twice
   * in a row (a gap is one interval up to the next listed start), and the gaps are the starts the
   * header's listed count leaves.
   */
  static final class GappedLabelIds extends LabelIds {
    private final long listed;
    private boolean previousGap;
    private long gaps;

    GappedLabelIds(Section section, String file, boolean verify, boolean retain, int labelCount,
        long listed) {
      super(section, file, verify, retain, labelCount);
      this.listed = listed;
    }

    @Override
    void check(int[] k, int at, int n, long base) throws CorruptIndexException {
      for (int j = 0; j < n; j++) {
        int id = k[at + j];
        long i = base + j;
        if (id == IndexByteMap.GAP_LABEL_ID) {
          if (i == 0) {
            throw new CorruptIndexException(file, Check.LABEL_IDS, "interval 0 has label id "
                + id + " (a gap); the first interval is a listed one");
          }
          if (previousGap) {
            throw new CorruptIndexException(file, Check.LABEL_IDS, "intervals " + (i - 1)
                + " and " + i + " both have label id " + id + " (a gap); a gap is one interval");
          }
          gaps++;
        } else {
          super.check(k, at + j, 1, i);
        }
        previousGap = id == IndexByteMap.GAP_LABEL_ID;
      }
    }

    @Override
    void checkEnd() throws CorruptIndexException {
      if (section.count() - gaps != listed) {
        throw new CorruptIndexException(file, Check.LABEL_IDS, section.count() + " intervals with "
            + gaps + " gaps are " + (section.count() - gaps) + " listed ones; the header says "
            + listed);
      }
    }
  }

  /** The stored lookup directory: equal to the one the starts give. */
  static final class Directory extends ColumnDecoder {
    private final int[] computed;

    Directory(Section section, String file, boolean verify, int[] computed) {
      super(section, file, verify, true);
      this.computed = computed;
    }

    @Override
    void check(int[] k, int at, int n, long base) throws CorruptIndexException {
      for (int j = 0; j < n; j++) {
        if (k[at + j] != computed[(int) base + j]) {
          throw new CorruptIndexException(file, Check.LOOKUP_DIRECTORY, family() + "entry "
              + (base + j) + " is " + k[at + j] + "; the " + family() + "interval starts give "
              + computed[(int) base + j]);
        }
      }
    }
  }

  /** Label ends: 0 first, non-decreasing, the last one the length of the label bytes. */
  static final class LabelEnds extends ColumnDecoder {
    private final long labelBytes;
    private int last;

    LabelEnds(Section section, String file, boolean verify, long labelBytes) {
      super(section, file, verify, true);
      this.labelBytes = labelBytes;
    }

    @Override
    void check(int[] k, int at, int n, long base) throws CorruptIndexException {
      for (int j = 0; j < n; j++) {
        int end = k[at + j];
        long i = base + j;
        if ((i == 0 && end != 0) || end < last || end > labelBytes) {
          throw new CorruptIndexException(file, Check.LABELS, "label offset " + i + " is " + end
              + " after " + last + " (" + labelBytes + " label bytes)");
        }
        last = end;
      }
    }

    @Override
    void checkEnd() throws CorruptIndexException {
      if (last != labelBytes) {
        throw new CorruptIndexException(file, Check.LABELS, "the last label ends at " + last
            + ", the label bytes are " + labelBytes + " long");
      }
    }
  }
}
