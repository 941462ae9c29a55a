package org.ipjoin.index.load;

import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;

/**
 * Lookups of a history index as of a time: the entry holding the key, when one of its periods
 * holds the snapshot in force at that time ({@link ListingHistory#snapshotAt}). {@link #NOW} asks
 * for the list as it is now, the last snapshot. A time before the first snapshot, or from the end
 * of the last one's validity on, is outside the history: answered per {@link Outside}.
 */
public final class AsOfLookup {

  /** The time of a record that gives none: answered as of the last snapshot. */
  public static final long NOW = Long.MIN_VALUE;
  /** {@link #snapshotFor} of a time outside the history under {@link Outside#NONE}. */
  public static final int NO_SNAPSHOT = -1;

  /** What a time outside the history is answered by. */
  public enum Outside {
    /** No entry: the record matches nothing. */
    NONE,
    /** The nearest snapshot: the first before it, the last after it. */
    NEAREST
  }

  private final Ipv4Lookup index;
  private final Ipv6IntervalIndex index6;
  private final ListingHistory history;
  private final Outside outside;
  /** Entries whose blocks a batch reads ahead of checking them: a few KiB, within L1/L2. */
  private static final int CHUNK = 256;
  /** What {@link #touch} read, kept so that the reads are made; never read itself. */
  @SuppressWarnings("unused")
  private int touched;
  /**
   * The times {@link #snapshotAt} answered last, [{@code knownFrom}, {@code knownTo}), and its
   * answer: records come in time order, so most share the last one's snapshot and need no
   * search. Empty at first; the reason an instance serves one thread (one per map task).
   */
  private long knownFrom = 1;
  private long knownTo = 0;
  private int knownSnapshot;

  public AsOfLookup(LoadedIndex loaded, Outside outside) {
    if (loaded.history() == null) {
      throw new IllegalArgumentException("not a history index");
    }
    this.index = loaded.index();
    this.index6 = loaded.index6();
    this.history = loaded.history();
    this.outside = outside;
  }

  public ListingHistory history() {
    return history;
  }

  /** True when {@code millis} (not {@link #NOW}) lies before the first snapshot or after the last's validity. */
  public boolean isOutside(long millis) {
    if (millis == NOW) {
      return false;
    }
    int s = snapshotAt(millis);
    return s < 0 || s >= history.snapshots();
  }

  /**
   * {@link ListingHistory#snapshotAt}, searched only for a time outside the span of the last
   * answer: snapshot s answers from its time to the next one's, {@link ListingHistory#BEFORE}
   * before the first, {@code snapshots()} from the validity's end on.
   */
  private int snapshotAt(long millis) {
    if (millis >= knownFrom && millis < knownTo) {
      return knownSnapshot;
    }
    int s = history.snapshotAt(millis);
    knownFrom = s < 0 ? Long.MIN_VALUE : history.time(s);
    knownTo = s >= history.snapshots() ? Long.MAX_VALUE : history.time(s + 1);
    knownSnapshot = s;
    return s;
  }

  /** The snapshot that answers for {@code millis}, or {@link #NO_SNAPSHOT}. */
  public int snapshotFor(long millis) {
    int last = history.snapshots() - 1;
    if (millis == NOW) {
      return last;
    }
    int s = snapshotAt(millis);
    if (s >= 0 && s <= last) {
      return s;
    }
    if (outside == Outside.NONE) {
      return NO_SNAPSHOT;
    }
    return s < 0 ? 0 : last;
  }

  /** The IPv4 interval in force for {@code key} at {@code millis}, or {@link Ipv4Lookup#NO_MATCH}. */
  public int match(int key, long millis) {
    return inForce(index.match(key), snapshotFor(millis));
  }

  /** The IPv6 interval in force for the key halves at {@code millis}, or {@link Ipv4Lookup#NO_MATCH}. */
  public int match6(long hiKey, long loKey, long millis) {
    int i = index6.match(hiKey, loKey);
    int s = snapshotFor(millis);
    return i < 0 || s < 0 || !history.listedIn(index.size() + i, s) ? Ipv4Lookup.NO_MATCH : i;
  }

  /**
   * Batched as {@link Ipv4Lookup#matchAll}: {@code ids[i]} is the interval in force for
   * {@code keys[i]} at {@code times[i]}, or {@link Ipv4Lookup#NO_MATCH}. The keys are looked up
   * in one batch first, then each match is checked against its periods.
   */
  public void matchAll(int[] keys, long[] times, int count, int[] ids) {
    matchAll(keys, times, 0, count, ids, null);
  }

  /**
   * As {@link #matchAll(int[], long[], int, int[])}, and {@code labels[i]} what {@link #labelId}
   * needs of each match besides the index's label column: the id of the label {@code ids[i]} had
   * at {@code times[i]}, or a negative number when that is the entry's one label: {@link
   * #matchedLabelId} gives the label id from it. Each entry's periods are read once for both.
   */
  public void matchAll(int[] keys, long[] times, int count, int[] ids, int[] labels) {
    matchAll(keys, times, 0, count, ids, labels);
  }

  /**
   * As {@link #matchAll(int[], long[], int, int[])} with one time for every key ({@code --as-of},
   * or {@link #NOW}): the snapshot is found once.
   */
  public void matchAll(int[] keys, long time, int count, int[] ids) {
    matchAll(keys, null, time, count, ids, null);
  }

  /** As {@link #matchAll(int[], long, int, int[])}, with the labels beside the matches. */
  public void matchAll(int[] keys, long time, int count, int[] ids, int[] labels) {
    matchAll(keys, null, time, count, ids, labels);
  }

  /**
   * The batched lookups above: each key at {@code times[i]}, or at {@code time} when {@code times}
   * is null; {@code labels} filled when not null.
   */
  private void matchAll(int[] keys, long[] times, long time, int count, int[] ids, int[] labels) {
    index.matchAll(keys, count, ids);
    int fixed = times == null ? snapshotFor(time) : NO_SNAPSHOT;
    for (int from = 0; from < count; from += CHUNK) {
      int to = Math.min(count, from + CHUNK);
      touch(ids, from, to);
      for (int i = from; i < to; i++) {
        int id = ids[i];
        int s = times == null ? fixed : snapshotFor(times[i]);
        int label = id < 0 || s < 0 ? ListingHistory.NOT_LISTED : history.labelIn(id, s);
        ids[i] = label == ListingHistory.NOT_LISTED ? Ipv4Lookup.NO_MATCH : id;
        if (labels != null) {
          labels[i] = label;
        }
      }
    }
  }

  /**
   * Reads the history's block of each matched entry of {@code ids[from, to)} ({@link
   * ListingHistory#touch}): the reads do not depend on each other, so their cache misses overlap,
   * and the checks that follow find the blocks in cache. The sum is kept so that none is skipped.
   */
  private void touch(int[] ids, int from, int to) {
    int sum = 0;
    for (int i = from; i < to; i++) {
      int id = ids[i];
      if (id >= 0) {
        sum += history.touch(id);
      }
    }
    touched += sum;
  }

  /**
   * The label id in force at {@code millis} of {@code entry} (IPv4 interval i, or the IPv4
   * interval count + IPv6 interval j), which a lookup at that time matched: its period's label
   * when its label changed over the snapshots, else {@code entryLabel}, the index's label column's.
   */
  public int labelId(int entry, long millis, int entryLabel) {
    int s = snapshotFor(millis);
    int id = s < 0 ? ListingHistory.NOT_LISTED : history.labelIn(entry, s);
    return id < 0 ? entryLabel : id;
  }

  /**
   * {@link #labelId(int, long)} of IPv4 interval {@code interval}, which {@link #matchAll(int[],
   * long[], int, int[], int[])} matched with {@code label} beside it.
   */
  public int matchedLabelId(int interval, int label) {
    return label < 0 ? index.labelId(interval) : label;
  }

  /** {@link #labelId(int, long, int)} of an IPv4 interval. */
  public int labelId(int interval, long millis) {
    return labelId(interval, millis, index.labelId(interval));
  }

  /** {@link #labelId(int, long, int)} of an IPv6 interval. */
  public int labelId6(int interval, long millis) {
    return labelId(index.size() + interval, millis, index6.labelId(interval));
  }

  private int inForce(int interval, int snapshot) {
    return interval < 0 || snapshot < 0 || !history.listedIn(interval, snapshot)
        ? Ipv4Lookup.NO_MATCH : interval;
  }
}
