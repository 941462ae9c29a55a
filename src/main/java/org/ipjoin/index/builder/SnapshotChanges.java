package org.ipjoin.index.builder;

import java.util.Arrays;
import org.ipjoin.index.list.LabelInterner;
import org.ipjoin.index.list.NormalisedList;

/**
 * What changes from one snapshot of a history to the next: each snapshot, normalised, is merged
 * with the one before it (both are sorted, disjoint intervals), and only the stretches of
 * addresses whose state differs are kept, each with the snapshot and the new state (listed with a
 * label, or not listed). The first snapshot is its change from an empty list.
 *
 * <p>Why this is enough: the merge walks both snapshots bound by bound (a start, or an end + 1),
 * past the intervals the two share unchanged. A bound of snapshot s that s - 1 lacks either has
 * a different state on one side of it in s than in s - 1, so it bounds a change, or has the same
 * state on both sides in both (two neighbouring single addresses, which a list of single
 * addresses keeps apart), and is then kept as a bound alone. The bounds kept are therefore every
 * bound of every snapshot, the cuts that make the history's entries ({@link HistoryBuilder}),
 * and a piece between two cuts changes state exactly where a change covers it. A year of daily
 * snapshots that change by 2% a day thus costs one sort per snapshot (its normalisation) and a
 * linear merge, and the heap holds the changes, not the snapshots.
 *
 * <p>Labels take ids of one dictionary in the order the snapshots first mention them (snapshot
 * by snapshot, each in address order, its IPv4 intervals before its IPv6 ones), the order a list
 * of every snapshot's intervals would give; 0 is listed without a label.
 *
 * <p>IPv6 intervals change the same way, by the same walk ({@link #compare}) over ranks of their
 * 128-bit bounds ({@link Ipv6Changes}): a snapshot is read once whatever family its entries are.
 */
final class SnapshotChanges {

  /** The state of an address no snapshot interval holds. */
  static final int NOT_LISTED = -1;

  private final LabelInterner labels = new LabelInterner();
  private boolean anyLabel;
  private int snapshots;
  /** The previous snapshot's IPv4 intervals and their states (dictionary ids). */
  private Intervals previous = Intervals.NONE;
  /** The snapshot being added, for {@link Ipv4Stretches}. */
  private int snapshot;
  private final Stretches ipv4 = new Ipv4Stretches();
  private final Ipv6Changes v6Changes = new Ipv6Changes();
  /** The changes, four ints each: first key, last key (included), snapshot, new state. */
  private int[] changes = new int[4 * 1024];
  private int count;
  /** Bounds of snapshots where no state changes: two neighbours listed alike, cut apart. */
  private long[] cuts = new long[1024];
  private int cutCount;

  /**
   * Adds the next snapshot, in time order: the changes of its IPv4 intervals from the one before
   * it, and of its IPv6 intervals from that one's ({@link Ipv6Changes}).
   */
  void next(NormalisedList list) {
    int n = list.size();
    NormalisedList.V6 v6 = list.v6();
    int[] states = new int[n];
    int[] states6 = new int[v6.size()];
    if (list.hasLabels()) {
      // Local ids to ids of the one dictionary, made in the order of the intervals: the IPv4
      // ones', then the IPv6 ones'.
      int[] global = new int[list.labels().size() + 1];
      Arrays.fill(global, NOT_LISTED);
      global[LabelInterner.NO_LABEL] = LabelInterner.NO_LABEL;
      for (int i = 0; i < n; i++) {
        states[i] = globalId(list, global, list.labelId(i));
      }
      for (int i = 0; i < states6.length; i++) {
        states6[i] = globalId(list, global, v6.labelId(i));
      }
    }
    int s = snapshots++;
    Intervals current = new Intervals(n, list.starts(), list.ends(), states);
    snapshot = s;
    compare(previous, current, ipv4);
    previous = current;
    v6Changes.next(v6, states6, s);
  }

  private int globalId(NormalisedList list, int[] global, int local) {
    if (global[local] == NOT_LISTED) {
      global[local] = labelId(list, local);
    }
    return global[local];
  }

  /**
   * A snapshot's intervals of one family, as keys of one order (IPv4 keys, or {@link
   * Ipv6Changes}' ranks of IPv6 bounds): interval i is {@code [starts[i], ends[i]]}, in state
   * {@code states[i]}; sorted and disjoint; the arrays may be longer than {@code size}.
   */
  record Intervals(int size, int[] starts, int[] ends, int[] states) {
    static final Intervals NONE = new Intervals(0, new int[0], new int[0], new int[0]);
  }

  /** Told the stretches a walk of two snapshots finds, in address order. */
  interface Stretches {
    /** Keys {@code first .. last} (included) changed to {@code state}. */
    void changed(long first, long last, int state);

    /**
     * Keys {@code first .. next - 1} kept their state, and both are bounds of intervals: listed
     * alike, yet cut apart (one snapshot's single addresses are never merged), or listed in
     * neither.
     */
    void kept(long first, long next);
  }

  /**
   * Walks {@code before} and {@code after} bound by bound, past the intervals they share
   * unchanged, and tells {@code to} each stretch between two bounds: the one walk of both
   * families, whose keys are IPv4 keys or ranks of IPv6 bounds.
   */
  static void compare(Intervals before, Intervals after, Stretches to) {
    int m = before.size();
    int[] previousStarts = before.starts();
    int[] previousEnds = before.ends();
    int[] previousStates = before.states();
    int n = after.size();
    int[] starts = after.starts();
    int[] ends = after.ends();
    int[] states = after.states();
    int a = 0;
    int b = 0;
    // p: the first address not yet compared; intervals ending before it are passed.
    long p = Long.MIN_VALUE;
    while (true) {
      while (a < m && previousEnds[a] < p) {
        a++;
      }
      while (b < n && ends[b] < p) {
        b++;
      }
      if (a == m && b == n) {
        return;
      }
      if (a < m && b < n && previousStarts[a] == starts[b]
          && previousEnds[a] == ends[b] && previousStates[a] == states[b]) {
        // The common case of a list that changes little: the same interval, the same label.
        p = ends[b] + 1L;
        a++;
        b++;
        continue;
      }
      long at = Math.max(p, Math.min(a < m ? previousStarts[a] : Long.MAX_VALUE,
          b < n ? starts[b] : Long.MAX_VALUE));
      boolean inA = a < m && previousStarts[a] <= at;
      boolean inB = b < n && starts[b] <= at;
      long next = Math.min(
          a == m ? Long.MAX_VALUE : inA ? previousEnds[a] + 1L : previousStarts[a],
          b == n ? Long.MAX_VALUE : inB ? ends[b] + 1L : starts[b]);
      int was = inA ? previousStates[a] : NOT_LISTED;
      int now = inB ? states[b] : NOT_LISTED;
      if (was != now) {
        to.changed(at, next - 1, now);
      } else {
        to.kept(at, next);
      }
      p = next;
    }
  }

  /** The IPv4 stretches of the snapshot being added: its changes, and the bounds kept. */
  private final class Ipv4Stretches implements Stretches {
    @Override
    public void changed(long first, long last, int state) {
      add((int) first, (int) last, snapshot, state);
    }

    @Override
    public void kept(long first, long next) {
      cut(first);
      cut(next);
    }
  }

  /**
   * The dictionary's id of label {@code listId} of {@code list}'s own labels, 0 for none; a label
   * not seen before takes the next id.
   */
  private int labelId(NormalisedList list, int listId) {
    if (!list.hasLabels() || listId == LabelInterner.NO_LABEL) {
      return LabelInterner.NO_LABEL;
    }
    byte[] label = list.labels().bytes(listId);
    anyLabel = true;
    return labels.idOf(label, 0, label.length);
  }

  private void cut(long bound) {
    if (cutCount == cuts.length) {
      cuts = Arrays.copyOf(cuts, 2 * cuts.length);
    }
    cuts[cutCount++] = bound;
  }

  private void add(int first, int last, int s, int state) {
    if (count + 4 > changes.length) {
      changes = Arrays.copyOf(changes, 2 * changes.length);
    }
    changes[count++] = first;
    changes[count++] = last;
    changes[count++] = s;
    changes[count++] = state;
  }

  /** Snapshots added. */
  int snapshots() {
    return snapshots;
  }

  /**
   * Every bound of every snapshot's intervals (keys widened to long), sorted, distinct: the
   * first key and last key + 1 of each change, and the bounds where nothing changed.
   */
  long[] cuts() {
    int n = count / 2 + cutCount;
    long[] all = Arrays.copyOf(cuts, n);
    for (int c = 0, i = cutCount; c < count; c += 4) {
      all[i++] = changes[c];
      all[i++] = changes[c + 1] + 1L;
    }
    // The changes of each snapshot come in address order: runs that the sort merges.
    Arrays.sort(all);
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (m == 0 || all[i] != all[m - 1]) {
        all[m++] = all[i];
      }
    }
    return Arrays.copyOf(all, m);
  }

  /** Told each change of each piece, snapshot by snapshot, pieces in address order. */
  interface PieceChange {
    void changed(int piece, int snapshot, int state);
  }

  /** Replays the changes onto the pieces between {@code cuts} (from {@link #cuts()}). */
  void replay(long[] cuts, PieceChange to) {
    int k = 0;
    int snapshot = -1;
    for (int c = 0; c < count; c += 4) {
      int s = changes[c + 2];
      if (s != snapshot) {
        snapshot = s;
        k = 0;
      }
      // The changes of one snapshot are in address order: search on from the last one.
      k = seek(cuts, k, changes[c]);
      long last = changes[c + 1];
      for (; k < cuts.length - 1 && cuts[k] <= last; k++) {
        to.changed(k, s, changes[c + 3]);
      }
    }
  }

  /** The index of {@code key} in {@code cuts}, at or after {@code from}: galloping, then binary. */
  private static int seek(long[] cuts, int from, long key) {
    int step = 1;
    int lo = from;
    int hi = from;
    while (hi < cuts.length && cuts[hi] < key) {
      lo = hi + 1;
      hi = from + step;
      step <<= 1;
    }
    return Arrays.binarySearch(cuts, lo, Math.min(hi + 1, cuts.length), key);
  }

  /** The IPv6 cuts: every bound of every snapshot's IPv6 intervals ({@link Ipv6Changes#cuts}). */
  Ipv6Cuts cuts6() {
    return v6Changes.cuts();
  }

  /** Replays the IPv6 changes onto the pieces of {@code cuts6} (from {@link #cuts6()}). */
  void replay6(Ipv6Cuts cuts6, PieceChange to) {
    v6Changes.replay(cuts6, to);
  }

  /** The dictionary of every label, ids as the states carry them. */
  LabelInterner labels() {
    return labels;
  }

  /** Whether some interval of some snapshot has a label. */
  boolean anyLabel() {
    return anyLabel;
  }
}
