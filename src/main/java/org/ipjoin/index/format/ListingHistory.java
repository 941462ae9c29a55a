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
 * <p>The {@code HISTORY} section, little-endian, at these offsets of the section:
 * {@value #SNAPSHOTS_OFFSET} u32 snapshots S (1 .. {@value #MAX_SNAPSHOTS}),
 * {@value #ENTRIES_OFFSET} u32 entries n (the IPv4 intervals plus the IPv6 intervals),
 * {@value #PERIODS_OFFSET} u32 periods p, {@value #RESERVED_OFFSET} u32 reserved (0),
 * {@value #TIMES_OFFSET} S + 1 i64 times (UTC milliseconds: each snapshot's, strictly increasing,
 * then the end of the last one's validity), then n + 1 i32 period offsets (0, then each entry's
 * end in the periods, strictly increasing: every entry has a period; the last is p), then p
 * periods of two i32, from and to (exclusive) snapshot numbers, 0 &lt;= from &lt; to &lt;= S, and
 * inside an entry each period ends before the next begins (periods that touch are one).
 */
public final class ListingHistory {

  public static final int SNAPSHOTS_OFFSET = 0;
  public static final int ENTRIES_OFFSET = 4;
  public static final int PERIODS_OFFSET = 8;
  public static final int RESERVED_OFFSET = 12;
  public static final int TIMES_OFFSET = 16;
  /** Snapshots at most: ten years of hourly lists would not fit, 179 years of daily ones do. */
  public static final int MAX_SNAPSHOTS = 65_535;
  /** Answer of {@link #snapshotAt} for a time before the first snapshot. */
  public static final int BEFORE = -1;

  private final long[] times;
  private final int[] periodEnds;
  private final int[] periods;

  /**
   * @param times the snapshots' times then the end of the last one's validity (S + 1 values)
   * @param periodEnds 0, then each entry's end offset in {@code periods} (in periods, n + 1 values)
   * @param periods from and to snapshot numbers, two values a period
   */
  public ListingHistory(long[] times, int[] periodEnds, int[] periods) {
    this.times = times;
    this.periodEnds = periodEnds;
    this.periods = periods;
  }

  public int snapshots() {
    return times.length - 1;
  }

  public int entries() {
    return periodEnds.length - 1;
  }

  public int periodCount() {
    return periods.length / 2;
  }

  /** The time of snapshot {@code s}; {@code s = snapshots()} gives {@link #validUntil}. */
  public long time(int s) {
    return times[s];
  }

  /** The end (exclusive) of the last snapshot's validity. */
  public long validUntil() {
    return times[times.length - 1];
  }

  /** The periods of {@code entry}: {@link #from} and {@link #to} of {@code first(entry) .. first(entry + 1) - 1}. */
  public int first(int entry) {
    return periodEnds[entry];
  }

  public int from(int period) {
    return periods[2 * period];
  }

  public int to(int period) {
    return periods[2 * period + 1];
  }

  /**
   * The snapshot in force at {@code millis}: {@link #BEFORE} before the first snapshot, {@link
   * #snapshots()} from {@link #validUntil} on.
   */
  public int snapshotAt(long millis) {
    int i = Arrays.binarySearch(times, millis);
    return i >= 0 ? i : -i - 2;
  }

  /** True when {@code entry} was listed in snapshot {@code s} (0 .. snapshots() - 1). */
  public boolean listedIn(int entry, int s) {
    for (int p = periodEnds[entry]; p < periodEnds[entry + 1]; p++) {
      if (s < periods[2 * p]) {
        return false;
      }
      if (s < periods[2 * p + 1]) {
        return true;
      }
    }
    return false;
  }

  /** The section's bytes. */
  public byte[] encode() {
    ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(byteLength(snapshots(), entries(),
        periodCount()))).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(snapshots()).putInt(entries()).putInt(periodCount()).putInt(0);
    for (long t : times) {
      b.putLong(t);
    }
    for (int e : periodEnds) {
      b.putInt(e);
    }
    for (int v : periods) {
      b.putInt(v);
    }
    return b.array();
  }

  /** Bytes of the section of {@code s} snapshots, {@code n} entries and {@code p} periods. */
  public static long byteLength(long s, long n, long p) {
    return TIMES_OFFSET + 8 * (s + 1) + 4 * (n + 1) + 8 * p;
  }

  /**
   * The checked history of the section's {@code bytes} in {@code file}, whose intervals number
   * {@code entries}: each failed check a {@link CorruptIndexException} naming it.
   */
  public static ListingHistory decode(byte[] bytes, long entries, String file)
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
    if (p > Integer.MAX_VALUE / 2 || byteLength(s, n, p) != bytes.length) {
      throw new CorruptIndexException(file, Check.HISTORY_SHAPE, "the history section has "
          + bytes.length + " bytes; " + s + " snapshots, " + n + " entries and " + p
          + " periods take " + byteLength(s, n, p));
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
    int[] ends = new int[(int) n + 1];
    for (int i = 0; i <= n; i++) {
      ends[i] = b.getInt();
      if (i == 0 ? ends[0] != 0 : ends[i] <= ends[i - 1]) {
        throw new CorruptIndexException(file, Check.PERIOD_OFFSETS, "entry " + i + "'s period"
            + " offset " + ends[i] + (i == 0 ? " is not 0" : " is not after " + ends[i - 1]
            + " (every entry has a period)"));
      }
    }
    if (ends[(int) n] != p) {
      throw new CorruptIndexException(file, Check.PERIOD_OFFSETS, "the last period offset "
          + ends[(int) n] + " is not the period count " + p);
    }
    int[] periods = new int[(int) (2 * p)];
    b.asIntBuffer().get(periods);
    for (int e = 0; e < n; e++) {
      for (int k = ends[e]; k < ends[e + 1]; k++) {
        int from = periods[2 * k];
        int to = periods[2 * k + 1];
        if (from < 0 || from >= to || to > s) {
          throw new CorruptIndexException(file, Check.PERIOD_BOUNDS, "entry " + e + "'s period "
              + from + ".." + to + " is not 0 <= from < to <= " + s + " snapshots");
        }
        if (k > ends[e] && from <= periods[2 * k - 1]) {
          throw new CorruptIndexException(file, Check.PERIOD_ORDER, "entry " + e + "'s period "
              + from + ".." + to + " does not begin after the one before, which ends at "
              + periods[2 * k - 1]);
        }
      }
    }
    return new ListingHistory(times, ends, periods);
  }
}
