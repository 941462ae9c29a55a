package org.ipjoin.index.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.ipjoin.index.format.CorruptIndexException.Check;

/**
 * The listing periods of a history index ({@link IndexByteMap#FLAG_HISTORY}): the times of the
 * snapshots it was built from, and for each entry (IPv4 interval i is entry i, IPv6 interval j is
 * entry IPv4 count + j) the snapshot numbers it was listed in, as periods. Snapshot s is in force
 * from its time to the next one's; the last one until {@link #validUntil}. A period [from, to) in
 * snapshot numbers says the entry was listed in snapshots from .. to - 1, so an entry listed,
 * dropped and listed again has two periods, and an entry listed in every snapshot costs one.
 *
 * <p>Each entry's periods are a few varints (LEB128: 7 bits a byte, low bits first, the high bit
 * set on every byte but the last, at most {@value #MAX_CODE_BYTES} bytes for a value below 2^31,
 * no needless last 0 byte) of snapshot-number deltas: {@code 2 from + more} of its first period
 * (more = 1 when it has more than one), then with more 2 x the byte length of the codes that
 * follow (so that a lookup steps over a whole entry in one read), then its first period's length - 1,
 * then for each further period the gap after the one before - 1 and its length - 1. Periods that
 * touch cannot be written (a gap is at least one snapshot), so each is apart from the next by
 * construction. An entry whose label changed between snapshots (an entry is a piece of the
 * address space, a label a period's) is <em>relabelled</em>: its length code is {@code 2 length
 * + 1} (else {@code 2 length}; a relabelled entry has two periods or more), each of its periods'
 * codes ends with the period's label id, and its gaps are written whole, so that a period may
 * begin where the one before ends when their labels differ. The index's label id column holds
 * each entry's last label. A year of daily snapshots takes one byte for a delta below 128 days, two above:
 * an entry listed once costs two to four bytes, and no offset of its own. The entries are cut in
 * blocks of {@value #BLOCK_ENTRIES}, each block's first byte found in a table, so finding an
 * entry's periods steps over at most {@value #BLOCK_ENTRIES} - 1 entries before it, two or three
 * codes each; the reader does that once per entry when it loads the section, and keeps the
 * offsets found in memory ({@link #inBlock}).
 *
 * <p>The {@code HISTORY} section (docs/index-format.md shows the same map):
 *
 * <pre>
 * offset           size        field          content
 * ---------------  ----------  -------------  -----------------------------------------------
 *               0  4           SNAPSHOTS      u32 S, 1 .. 65,535
 *               4  4           ENTRIES        u32 n, the IPv4 intervals then the IPv6 ones
 *               8  4           PERIODS        u32 p, the periods of every entry
 *              12  4           (reserved)     0
 *              16  8 (S + 1)   TIMES          i64 UTC ms: each snapshot's, increasing, then the
 *                                             end of the last one's validity
 *  16 + 8 (S + 1)  4 (B + 1)   BLOCK_OFFSETS  u32, B = ceil(n / 16): where in CODES entry 16 k
 *                                             begins (0, increasing), then CODES' length
 *            then  the rest    CODES          each entry's periods as varints, entry by entry
 * </pre>
 */
public final class ListingHistory {

  public static final int SNAPSHOTS_OFFSET = 0;
  public static final int ENTRIES_OFFSET = 4;
  public static final int PERIODS_OFFSET = 8;
  public static final int RESERVED_OFFSET = 12;
  public static final int TIMES_OFFSET = 16;
  /** Entries a block offset stands for: the most entries a lookup decodes to find one. */
  public static final int BLOCK_ENTRIES = 16;
  private static final int BLOCK_SHIFT = Integer.numberOfTrailingZeros(BLOCK_ENTRIES);
  /** Bytes of a varint at most: a value below 2^31. */
  public static final int MAX_CODE_BYTES = 5;
  /** Snapshots at most: ten years of hourly lists would not fit, 179 years of daily ones do. */
  public static final int MAX_SNAPSHOTS = 65_535;
  /** Answer of {@link #snapshotAt} for a time before the first snapshot. */
  public static final int BEFORE = -1;
  /** {@link #labelIn}: the entry was not listed then. */
  public static final int NOT_LISTED = -1;
  /** {@link #labelIn}: listed with its one label, the index's label id column's. */
  public static final int ENTRY_LABEL = -2;

  /** The section's bytes; the codes are read in place. */
  private final byte[] bytes;
  private final long[] times;
  /** Where each block's first entry begins in {@link #bytes}, then where the codes end. */
  private final int[] blockStarts;
  /**
   * Where each entry begins in its block ({@link #FAR} past 65,534 bytes): found once when the
   * section is loaded, so that a lookup goes straight to its entry's codes instead of stepping
   * over the block's entries before it, and reads ahead ({@link #touch}) the entry's own bytes.
   * Two bytes an entry in memory, none in the file.
   */
  private final char[] inBlock;
  private final int entries;
  private final int periods;

  /** {@link #inBlock} of an entry too far into its block: it is found by stepping. */
  private static final char FAR = 0xffff;

  /** With {@code inBlock} null, each entry's offset is found by a walk over the codes. */
  private ListingHistory(byte[] bytes, long[] times, int[] blockStarts, int entries, int periods,
      char[] inBlock) {
    this.bytes = bytes;
    this.times = times;
    this.blockStarts = blockStarts;
    this.entries = entries;
    this.periods = periods;
    this.inBlock = inBlock != null ? inBlock : inBlock(bytes, blockStarts, entries);
  }

  /** {@link #inBlock}'s value of an entry {@code offset} bytes into its block. */
  private static char inBlockOffset(int offset) {
    return (char) Math.min(offset, FAR);
  }

  /** Each entry's offset in its block, by one walk over the (checked) codes. */
  private static char[] inBlock(byte[] b, int[] blockStarts, int entries) {
    char[] offsets = new char[entries];
    int first = 0;
    int at = 0;
    for (int entry = 0; entry < entries; entry++) {
      if ((entry & (BLOCK_ENTRIES - 1)) == 0) {
        first = blockStarts[entry >>> BLOCK_SHIFT];
        at = first;
      }
      offsets[entry] = inBlockOffset(at - first);
      at = skip(b, at);
    }
    return offsets;
  }

  /**
   * The history of these periods, encoded, each entry with its one label.
   *
   * @param times the snapshots' times then the end of the last one's validity (S + 1 values)
   * @param periodEnds 0, then each entry's end offset in {@code periods} (in periods, n + 1 values)
   * @param periods from and to snapshot numbers, two values a period
   * @throws IllegalArgumentException for an entry without a period, or periods the encoding does
   *     not hold (empty, past the snapshots, unsorted or touching)
   */
  public ListingHistory(long[] times, int[] periodEnds, int[] periods) {
    this(times, periodEnds, periods, null);
  }

  /**
   * As {@link #ListingHistory(long[], int[], int[])}, with each period's label id ({@code
   * labels}, 0 for none; null when the index has no labels): an entry whose periods' labels
   * differ is written relabelled, and its periods may touch where their labels differ.
   */
  public ListingHistory(long[] times, int[] periodEnds, int[] periods, int[] labels) {
    this(Encoder.encode(times, periodEnds, periods, labels));
  }

  private ListingHistory(ListingHistory decoded) {
    this(decoded.bytes, decoded.times, decoded.blockStarts, decoded.entries, decoded.periods,
        decoded.inBlock);
  }

  public int snapshots() {
    return times.length - 1;
  }

  public int entries() {
    return entries;
  }

  public int periodCount() {
    return periods;
  }

  /** The time of snapshot {@code s}; {@code s = snapshots()} gives {@link #validUntil}. */
  public long time(int s) {
    return times[s];
  }

  /** The end (exclusive) of the last snapshot's validity. */
  public long validUntil() {
    return times[times.length - 1];
  }

  /**
   * The snapshot in force at {@code millis}: {@link #BEFORE} before the first snapshot, {@link
   * #snapshots()} from {@link #validUntil} on.
   */
  public int snapshotAt(long millis) {
    int i = Arrays.binarySearch(times, millis);
    return i >= 0 ? i : -i - 2;
  }

  /** The periods of {@code entry}: from and to (exclusive) snapshot numbers, two values a period. */
  public int[] periods(int entry) {
    int[] walked = walk(entry);
    int[] out = new int[walked.length / 3 * 2];
    for (int p = 0; p < walked.length / 3; p++) {
      out[2 * p] = walked[3 * p];
      out[2 * p + 1] = walked[3 * p + 1];
    }
    return out;
  }

  /**
   * The label id of each of {@code entry}'s periods when it is relabelled; null when it has one
   * label, the index's label id column's.
   */
  public int[] periodLabels(int entry) {
    int[] walked = walk(entry);
    if (walked[2] == ENTRY_LABEL) {
      return null;
    }
    int[] out = new int[walked.length / 3];
    for (int p = 0; p < out.length; p++) {
      out[p] = walked[3 * p + 2];
    }
    return out;
  }

  /** From, to and label id ({@link #ENTRY_LABEL} when not relabelled) of each of its periods. */
  private int[] walk(int entry) {
    byte[] b = bytes;
    int at = start(entry);
    long code = code(b, at);
    at = next(code);
    int to = (int) code >>> 1;
    int end = at;
    boolean relabelled = false;
    if ((code & 1) != 0) {
      code = code(b, at);
      at = next(code);
      end = at + ((int) code >>> 1);
      relabelled = (code & 1) != 0;
    }
    int[] out = new int[12];
    int n = 0;
    do {
      int from = to;
      if (n > 0) {
        code = code(b, at);
        at = next(code);
        from = to + (int) code + (relabelled ? 0 : 1);
      }
      code = code(b, at);
      at = next(code);
      to = from + (int) code + 1;
      int label = ENTRY_LABEL;
      if (relabelled) {
        code = code(b, at);
        at = next(code);
        label = (int) code;
      }
      if (n == out.length) {
        out = Arrays.copyOf(out, 2 * n);
      }
      out[n++] = from;
      out[n++] = to;
      out[n++] = label;
    } while (at < end);
    return Arrays.copyOf(out, n);
  }

  /** True when {@code entry} was listed in snapshot {@code s} (0 .. snapshots() - 1). */
  public boolean listedIn(int entry, int s) {
    return labelIn(entry, s) != NOT_LISTED;
  }

  /**
   * The label id {@code entry} had in snapshot {@code s} (0 .. snapshots() - 1) when it is
   * relabelled; {@link #ENTRY_LABEL} when it was listed then with its one label; {@link
   * #NOT_LISTED}.
   */
  public int labelIn(int entry, int s) {
    byte[] b = bytes;
    int at = start(entry);
    long code = code(b, at);
    at = next(code);
    int first = (int) code;
    int from = first >>> 1;
    if (s < from) {
      return NOT_LISTED;
    }
    if ((first & 1) == 0) {
      return s < from + (int) code(b, at) + 1 ? ENTRY_LABEL : NOT_LISTED;
    }
    code = code(b, at);
    at = next(code);
    int end = at + ((int) code >>> 1);
    boolean relabelled = (code & 1) != 0;
    int gapBase = relabelled ? 0 : 1;
    code = code(b, at);
    at = next(code);
    int to = from + (int) code + 1;
    int label = ENTRY_LABEL;
    if (relabelled) {
      code = code(b, at);
      at = next(code);
      label = (int) code;
    }
    while (s >= to) {
      if (at == end) {
        return NOT_LISTED;
      }
      code = code(b, at);
      at = next(code);
      from = to + (int) code + gapBase;
      if (s < from) {
        return NOT_LISTED;
      }
      code = code(b, at);
      at = next(code);
      to = from + (int) code + 1;
      if (relabelled) {
        code = code(b, at);
        at = next(code);
        label = (int) code;
      }
    }
    return label;
  }

  /**
   * Reads the first byte of {@code entry}'s codes and returns it: a batch of lookups reads these
   * for all its entries first, so that their cache misses overlap instead of following each other.
   */
  public int touch(int entry) {
    return bytes[start(entry)];
  }

  /**
   * Where {@code entry}'s codes begin: its block's start and its offset in the block, or (an
   * entry {@link #FAR} into its block) the entries before it stepped over.
   */
  private int start(int entry) {
    int at = blockStarts[entry >>> BLOCK_SHIFT];
    int offset = inBlock[entry];
    if (offset != FAR) {
      return at + offset;
    }
    for (int skip = entry & (BLOCK_ENTRIES - 1); skip > 0; skip--) {
      at = skip(bytes, at);
    }
    return at;
  }

  /** Where the entry after the one at {@code at} begins. */
  private static int skip(byte[] b, int at) {
    long code = code(b, at);
    at = next(code);
    if ((code & 1) == 0) {
      // One period: its length code is the entry's last.
      while (b[at++] < 0) {
        // a continued byte: the varint goes on
      }
      return at;
    }
    code = code(b, at);
    return next(code) + ((int) code >>> 1);
  }

  /** The varint at {@code at} in the low 32 bits, the offset after it in the high ones. */
  private static long code(byte[] b, int at) {
    int v = b[at++];
    if (v >= 0) {
      return (long) at << 32 | v;
    }
    int x = b[at++];
    if (x >= 0) {
      return (long) at << 32 | v & 0x7f | x << 7;
    }
    // Three bytes and more: a first from past snapshot 8,191, a length past 16,384 snapshots.
    v = v & 0x7f | (x & 0x7f) << 7;
    for (int shift = 14; ; shift += 7) {
      x = b[at++];
      v |= (x & 0x7f) << shift;
      if (x >= 0) {
        return (long) at << 32 | v;
      }
    }
  }

  private static int next(long code) {
    return (int) (code >>> 32);
  }

  /**
   * The heap this history holds: the section's bytes (read in place), the snapshot times and the
   * block starts decoded from them, and the two bytes an entry of {@link #inBlock}.
   */
  public long heapBytes() {
    return bytes.length + 8L * times.length + 4L * blockStarts.length + 2L * inBlock.length;
  }

  /**
   * The {@link #heapBytes} of the history a section of {@code sectionBytes} bytes, {@code
   * entries} entries and {@code snapshots} snapshots (its first four bytes) loads into, from
   * those numbers alone: the section's bytes, {@code 8 (S + 1)} of times, {@code 4 (B + 1)} of
   * block starts and two bytes an entry of in-block offsets. A snapshot count outside 1 .. {@value
   * #MAX_SNAPSHOTS} (a corrupt section, which its load refuses) is taken as the most.
   */
  public static long heapBytes(long sectionBytes, long entries, long snapshots) {
    long s = snapshots < 1 || snapshots > MAX_SNAPSHOTS ? MAX_SNAPSHOTS : snapshots;
    return sectionBytes + 8 * (s + 1) + 4 * (blocks(entries) + 1) + 2 * entries;
  }

  /** The section's bytes. */
  public byte[] encode() {
    return bytes.clone();
  }

  /** Where BLOCK_OFFSETS begins in the section of {@code s} snapshots. */
  public static long blockOffsetsAt(long s) {
    return TIMES_OFFSET + 8 * (s + 1);
  }

  /** Where CODES begins in the section of {@code s} snapshots and {@code n} entries. */
  public static long codesAt(long s, long n) {
    return blockOffsetsAt(s) + 4 * (blocks(n) + 1);
  }

  private static long blocks(long n) {
    return (n + BLOCK_ENTRIES - 1) / BLOCK_ENTRIES;
  }

  /**
   * The checked history of the section's {@code bytes} in {@code file}, whose intervals number
   * {@code entries} and labels {@code labels}: each failed check a {@link CorruptIndexException}
   * naming it.
   */
  public static ListingHistory decode(byte[] bytes, long entries, long labels, String file)
      throws CorruptIndexException {
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    if (bytes.length < TIMES_OFFSET) {
      throw new CorruptIndexException(file, Check.HISTORY_SHAPE, "the history section has "
          + bytes.length + " bytes, fewer than its " + TIMES_OFFSET + "-byte head");
    }
    long s = Integer.toUnsignedLong(b.getInt(SNAPSHOTS_OFFSET));
    long n = Integer.toUnsignedLong(b.getInt(ENTRIES_OFFSET));
    long p = Integer.toUnsignedLong(b.getInt(PERIODS_OFFSET));
    if (s < 1 || s > MAX_SNAPSHOTS) {
      throw new CorruptIndexException(file, Check.HISTORY_SHAPE, s + " snapshots (1 .. "
          + MAX_SNAPSHOTS + ")");
    }
    if (n != entries) {
      throw new CorruptIndexException(file, Check.HISTORY_SHAPE, "the history has " + n
          + " entries; the index has " + entries + " intervals");
    }
    if (b.getInt(RESERVED_OFFSET) != 0) {
      throw new CorruptIndexException(file, Check.HISTORY_SHAPE, "its bytes 12-15 must be 0");
    }
    long head = codesAt(s, n);
    if (head + 2 * n > bytes.length) {
      throw new CorruptIndexException(file, Check.HISTORY_SHAPE, "the history section has "
          + bytes.length + " bytes; " + s + " snapshots and " + n + " entries take at least "
          + (head + 2 * n) + " (two code bytes an entry)");
    }
    long[] times = new long[(int) s + 1];
    b.position(TIMES_OFFSET);
    for (int i = 0; i <= s; i++) {
      times[i] = b.getLong();
      if (i > 0 && times[i] <= times[i - 1]) {
        throw new CorruptIndexException(file, Check.SNAPSHOT_TIMES, (i == s ? "the validity end "
            : "snapshot " + i + "'s time ") + times[i] + " is not after " + times[i - 1]);
      }
    }
    int blocks = (int) blocks(n);
    int codesStart = (int) head;
    int codesLength = bytes.length - codesStart;
    int[] starts = new int[blocks + 1];
    for (int k = 0; k <= blocks; k++) {
      long offset = Integer.toUnsignedLong(b.getInt());
      long before = k == 0 ? -1 : starts[k - 1] - codesStart;
      if (k == 0 ? offset != 0 : offset <= before) {
        throw new CorruptIndexException(file, Check.BLOCK_OFFSETS, "block " + k + "'s offset "
            + offset + (k == 0 ? " is not 0" : " is not after " + before
            + " (every block holds an entry)"));
      }
      if (k == blocks && offset != codesLength) {
        throw new CorruptIndexException(file, Check.BLOCK_OFFSETS, "the last block offset "
            + offset + " is not the codes' length " + codesLength);
      }
      if (offset > codesLength) {
        throw new CorruptIndexException(file, Check.BLOCK_OFFSETS, "block " + k + "'s offset "
            + offset + " is past the codes' length " + codesLength);
      }
      starts[k] = codesStart + (int) offset;
    }
    Checker checker = new Checker(bytes, starts, (int) n, (int) s, labels, file);
    long counted = checker.check();
    if (counted != p) {
      throw new CorruptIndexException(file, Check.HISTORY_SHAPE, "the entries hold " + counted
          + " periods; the head says " + p);
    }
    return new ListingHistory(bytes, times, starts, (int) n, (int) p, checker.inBlock);
  }

  /** Walks every entry's codes once with every check: {@link #decode}'s second half. */
  private static final class Checker {
    private final byte[] bytes;
    private final int[] starts;
    private final int entries;
    private final int snapshots;
    private final long labels;
    private final String file;
    private int at;
    private int end;
    /** Where the current entry's codes must end: its block's end, or its length code's. */
    private int limit;
    private int entry;
    /** Each entry's offset in its block, noted as the walk meets it: {@link #inBlock}'s. */
    private final char[] inBlock;

    Checker(byte[] bytes, int[] starts, int entries, int snapshots, long labels, String file) {
      this.bytes = bytes;
      this.starts = starts;
      this.entries = entries;
      this.snapshots = snapshots;
      this.labels = labels;
      this.file = file;
      this.inBlock = new char[entries];
    }

    /** The periods counted. */
    long check() throws CorruptIndexException {
      long periods = 0;
      for (int k = 0; k + 1 < starts.length; k++) {
        at = starts[k];
        end = starts[k + 1];
        int last = (int) Math.min(entries, (k + 1L) * BLOCK_ENTRIES);
        for (entry = k * BLOCK_ENTRIES; entry < last; entry++) {
          inBlock[entry] = inBlockOffset(at - starts[k]);
          periods += entry();
        }
        if (at != end) {
          throw new CorruptIndexException(file, Check.BLOCK_OFFSETS, "block " + k + "'s entries"
              + " end at code byte " + (at - starts[0]) + "; block " + (k + 1) + " begins at "
              + (end - starts[0]));
        }
      }
      return periods;
    }

    private int entry() throws CorruptIndexException {
      limit = end;
      int first = code();
      long to = first >>> 1;
      if ((first & 1) == 0) {
        period(1, to, to + code() + 1);
        return 1;
      }
      int lengthCode = code();
      int length = lengthCode >>> 1;
      boolean relabelled = (lengthCode & 1) != 0;
      if (length > end - at) {
        throw new CorruptIndexException(file, Check.PERIOD_CODES, "entry " + entry
            + "'s length code says " + length + " bytes, past the end of its block, code byte "
            + (end - starts[0]));
      }
      limit = at + length;
      int count = 0;
      int label = -1;
      boolean differ = false;
      do {
        long before = to;
        long from = count == 0 ? to : to + code() + (relabelled ? 0 : 1);
        to = from + code() + 1;
        period(++count, from, to);
        if (relabelled) {
          int id = code();
          if (id > labels) {
            throw new CorruptIndexException(file, Check.PERIOD_LABELS, "entry " + entry
                + "'s period " + count + " has label id " + id + "; the index has " + labels
                + " labels");
          }
          if (count > 1 && from == before && id == label) {
            throw new CorruptIndexException(file, Check.PERIOD_LABELS, "entry " + entry
                + "'s periods " + (count - 1) + " and " + count + " touch at snapshot " + from
                + " with one label id, " + id + " (they are one period)");
          }
          differ |= count > 1 && id != label;
          label = id;
        }
      } while (at < limit);
      if (count < 2) {
        throw new CorruptIndexException(file, Check.PERIOD_CODES, "entry " + entry + " is marked"
            + " with more than one period, but its codes hold one");
      }
      if (relabelled && !differ) {
        throw new CorruptIndexException(file, Check.PERIOD_LABELS, "entry " + entry
            + " is written relabelled, but each of its periods has label id " + label);
      }
      return count;
    }

    private void period(int p, long from, long to) throws CorruptIndexException {
      if (to > snapshots) {
        throw new CorruptIndexException(file, Check.PERIOD_BOUNDS, "entry " + entry
            + "'s period " + p + ", " + from + ".." + to + ", ends after the " + snapshots
            + " snapshots");
      }
    }

    private int code() throws CorruptIndexException {
      long v = 0;
      for (int i = 0; ; i++) {
        if (at >= limit) {
          throw new CorruptIndexException(file, Check.PERIOD_CODES, "entry " + entry
              + "'s codes run past the end of its " + (limit == end ? "block" : "length code")
              + ", code byte " + (limit - starts[0]));
        }
        int x = bytes[at++];
        v |= (long) (x & 0x7f) << (7 * i);
        if (x >= 0) {
          if (x == 0 && i > 0) {
            throw new CorruptIndexException(file, Check.PERIOD_CODES, "entry " + entry
                + " has a code that ends in a needless 0 byte, code byte " + (at - 1 - starts[0]));
          }
          if (v > Integer.MAX_VALUE) {
            throw new CorruptIndexException(file, Check.PERIOD_CODES, "entry " + entry
                + " has a code of " + v + ", above 2^31 - 1, at code byte "
                + (at - i - 1 - starts[0]));
          }
          return (int) v;
        }
        if (i + 1 == MAX_CODE_BYTES) {
          throw new CorruptIndexException(file, Check.PERIOD_CODES, "entry " + entry
              + " has a code longer than " + MAX_CODE_BYTES + " bytes, at code byte "
              + (at - MAX_CODE_BYTES - starts[0]));
        }
      }
    }
  }

  /** Periods given as from and to numbers, written as the section's bytes. */
  private static final class Encoder {
    private byte[] codes = new byte[1024];
    private int length;

    static ListingHistory encode(long[] times, int[] periodEnds, int[] periods, int[] labels) {
      int s = times.length - 1;
      int n = periodEnds.length - 1;
      int blocks = (int) blocks(n);
      int[] offsets = new int[blocks + 1];
      Encoder e = new Encoder();
      for (int entry = 0; entry < n; entry++) {
        if (entry % BLOCK_ENTRIES == 0) {
          offsets[entry / BLOCK_ENTRIES] = e.length;
        }
        e.entry(entry, s, periods, labels, periodEnds[entry], periodEnds[entry + 1]);
      }
      offsets[blocks] = e.length;
      int head = Math.toIntExact(codesAt(s, n));
      ByteBuffer b = ByteBuffer.allocate(Math.addExact(head, e.length))
          .order(ByteOrder.LITTLE_ENDIAN);
      b.putInt(s).putInt(n).putInt(periods.length / 2).putInt(0);
      for (long t : times) {
        b.putLong(t);
      }
      for (int o : offsets) {
        b.putInt(o);
      }
      b.put(e.codes, 0, e.length);
      int[] starts = new int[blocks + 1];
      for (int k = 0; k <= blocks; k++) {
        starts[k] = head + offsets[k];
      }
      return new ListingHistory(b.array(), times.clone(), starts, n, periods.length / 2, null);
    }

    private void entry(int entry, int s, int[] periods, int[] labels, int first, int end) {
      int count = end - first;
      if (count < 1) {
        throw new IllegalArgumentException("entry " + entry + " has no period");
      }
      boolean relabelled = false;
      for (int p = first + 1; labels != null && p < end; p++) {
        relabelled |= labels[p] != labels[first];
      }
      int to = 0;
      for (int p = first; p < end; p++) {
        int from = periods[2 * p];
        int next = periods[2 * p + 1];
        boolean apart = p == first ? from >= 0 : from > to
            || from == to && relabelled && labels[p] != labels[p - 1];
        if (!apart || next <= from || next > s) {
          throw new IllegalArgumentException("entry " + entry + "'s period " + from + ".." + next
              + " is not after " + to + " (nor touches it with another label), non-empty and"
              + " inside " + s + " snapshots");
        }
        to = next;
      }
      put(2 * periods[2 * first] + (count > 1 ? 1 : 0));
      if (count == 1) {
        put(periods[2 * first + 1] - periods[2 * first] - 1);
        return;
      }
      // The codes after the length come first into a scratch area, then behind their length.
      int mark = length;
      to = periods[2 * first];
      for (int p = first; p < end; p++) {
        if (p > first) {
          put(periods[2 * p] - to - (relabelled ? 0 : 1));
        }
        put(periods[2 * p + 1] - periods[2 * p] - 1);
        if (relabelled) {
          put(labels[p]);
        }
        to = periods[2 * p + 1];
      }
      byte[] tail = Arrays.copyOfRange(codes, mark, length);
      length = mark;
      put(2 * tail.length + (relabelled ? 1 : 0));
      if (length + tail.length > codes.length) {
        codes = Arrays.copyOf(codes, Math.max(2 * codes.length, length + tail.length));
      }
      System.arraycopy(tail, 0, codes, length, tail.length);
      length += tail.length;
    }

    private void put(int value) {
      if (length + MAX_CODE_BYTES > codes.length) {
        codes = Arrays.copyOf(codes, 2 * codes.length);
      }
      int v = value;
      while (v >= 0x80) {
        codes[length++] = (byte) (v | 0x80);
        v >>>= 7;
      }
      codes[length++] = (byte) v;
    }
  }
}
