package org.ipjoin.index.builder;

import java.util.Arrays;
import org.ipjoin.index.list.NormalisedList;

/**
 * The IPv6 half of {@link SnapshotChanges}: what changes from one snapshot's IPv6 intervals to
 * the next one's, found by the same walk ({@link SnapshotChanges#compare}), so that a snapshot
 * with IPv6 entries is read once as one without them is.
 *
 * <p>The walk compares keys that fit a {@code long} with room for an end + 1; an IPv6 key has 128
 * bits and its end + 1 may be 2^128. The walk only ever compares bounds, so it is given ranks: the
 * bounds (every start and end + 1) of the two snapshots, merged into one sorted, distinct list,
 * stand for themselves by their place in it, the end + 1 of the last address ({@code
 * ffff:...:ffff}) by the place after the last. Ranks keep the order of the bounds, so the walk
 * finds the stretches it would find on the keys themselves; each is turned back into keys as the
 * walk tells it. The cuts of the pieces are the bounds of the stretches ({@link Ipv6Cuts}), every
 * bound of every snapshot, as for IPv4.
 */
final class Ipv6Changes {

  /** The states of the previous snapshot's IPv6 intervals. */
  private int[] previousStates = new int[0];
  /** The changes: keys four longs each (first hi, first lo, last hi, last lo), included. */
  private long[] keys = new long[4 * 256];
  /** The changes: two ints each, the snapshot and the new state. */
  private int[] changeStates = new int[2 * 256];
  private int count;
  private final Ipv6Cuts cuts = new Ipv6Cuts();
  /** The ranks of the walk under way: its bounds as key halves (hi, lo), sorted and distinct. */
  private long[] ranks = new long[0];
  private int rankCount;
  /**
   * The two snapshots of the walk under way, the one before and the one added: their bounds as
   * keys, then their intervals as ranks.
   */
  private Ranked before = new Ranked();
  private Ranked after = new Ranked();
  /** The snapshot being added, for the stretches. */
  private int snapshot;
  private final SnapshotChanges.Stretches stretches = new SnapshotChanges.Stretches() {
    @Override
    public void changed(long first, long last, int state) {
      add((int) first, (int) last, state);
    }

    @Override
    public void kept(long first, long next) {
      cut((int) first);
      cut((int) next);
    }
  };

  /**
   * Adds the IPv6 intervals of the next snapshot, {@code s}, in time order, in states {@code
   * states} (dictionary ids, as {@link SnapshotChanges} gives them).
   */
  void next(NormalisedList.V6 v6, int[] states, int s) {
    // The snapshot before's bounds are the last walk's after: swapped, not worked out again.
    Ranked last = before;
    before = after;
    after = last;
    after.bounds(v6);
    if (before.size > 0 || after.size > 0) {
      rank();
      snapshot = s;
      SnapshotChanges.compare(before.intervals(previousStates), after.intervals(states),
          stretches);
    }
    previousStates = states;
  }

  /**
   * Merges the bounds of both snapshots into {@link #ranks} and gives each interval its ranks:
   * its start's, and its end + 1's less one.
   */
  private void rank() {
    int need = 2 * (before.finite + after.finite);
    if (ranks.length < need) {
      ranks = new long[Math.max(need, 2 * ranks.length)];
    }
    rankCount = 0;
    int i = 0;
    int j = 0;
    while (i < before.finite || j < after.finite) {
      Ranked from = j == after.finite
          || i < before.finite && compare(before.bounds, i, after.bounds, j) <= 0 ? before : after;
      int k = from == before ? i++ : j++;
      long hi = from.bounds[2 * k];
      long lo = from.bounds[2 * k + 1];
      if (rankCount == 0 || ranks[2 * rankCount - 2] != hi || ranks[2 * rankCount - 1] != lo) {
        ranks[2 * rankCount] = hi;
        ranks[2 * rankCount + 1] = lo;
        rankCount++;
      }
      from.ranked(k, rankCount - 1);
    }
    // The end + 1 of the last address is past every bound: the rank after the last.
    before.rankTheTop(rankCount);
    after.rankTheTop(rankCount);
  }

  private static int compare(long[] x, int i, long[] y, int j) {
    return x[2 * i] != y[2 * j] ? Long.compare(x[2 * i], y[2 * j])
        : Long.compare(x[2 * i + 1], y[2 * j + 1]);
  }

  /** Ranks {@code first .. last} changed to {@code state} in the snapshot being added. */
  private void add(int first, int last, int state) {
    if (4 * count + 4 > keys.length) {
      keys = Arrays.copyOf(keys, 2 * keys.length);
      changeStates = Arrays.copyOf(changeStates, 2 * changeStates.length);
    }
    keys[4 * count] = ranks[2 * first];
    keys[4 * count + 1] = ranks[2 * first + 1];
    if (last + 1 == rankCount) {
      keys[4 * count + 2] = Long.MAX_VALUE;
      keys[4 * count + 3] = Long.MAX_VALUE;
    } else {
      // The key before the next bound: the low half borrows from the high one at its least.
      long hi = ranks[2 * last + 2];
      long lo = ranks[2 * last + 3];
      keys[4 * count + 2] = lo == Long.MIN_VALUE ? hi - 1 : hi;
      keys[4 * count + 3] = lo - 1;
    }
    changeStates[2 * count] = snapshot;
    changeStates[2 * count + 1] = state;
    count++;
    cut(first);
    cut(last + 1);
  }

  /** The bound of rank {@code r} is a cut. */
  private void cut(int r) {
    if (r == rankCount) {
      cuts.addTheTop();
    } else {
      cuts.add(ranks[2 * r], ranks[2 * r + 1]);
    }
  }

  /** Every bound of every snapshot's IPv6 intervals, sorted, distinct; call once, at the end. */
  Ipv6Cuts cuts() {
    cuts.finish();
    return cuts;
  }

  /** Replays the changes onto the pieces of {@code cuts}, as {@link SnapshotChanges#replay}. */
  void replay(Ipv6Cuts cuts, SnapshotChanges.PieceChange to) {
    int pieces = cuts.pieces();
    for (int c = 0; c < count; c++) {
      long hi = keys[4 * c + 2];
      long lo = keys[4 * c + 3];
      for (int j = cuts.pieceAt(keys[4 * c], keys[4 * c + 1]);
          j < pieces && cuts.beginsByOrAt(j, hi, lo); j++) {
        to.changed(j, changeStates[2 * c], changeStates[2 * c + 1]);
      }
    }
  }

  /** One snapshot's IPv6 intervals in a walk: their bounds as keys, then as ranks. */
  private static final class Ranked {
    /** Bound k as key halves at 2k, 2k + 1: interval i's start is bound 2i, its end + 1 2i + 1. */
    private long[] bounds = new long[0];
    /** The bounds that are keys: all but an end + 1 past the last address. */
    private int finite;
    private int size;
    private int[] starts = new int[0];
    private int[] ends = new int[0];

    void bounds(NormalisedList.V6 v6) {
      size = v6.size();
      if (bounds.length < 4 * size) {
        bounds = new long[4 * size];
        starts = new int[size];
        ends = new int[size];
      }
      finite = 2 * size;
      for (int i = 0; i < size; i++) {
        bounds[4 * i] = v6.startHi(i);
        bounds[4 * i + 1] = v6.startLo(i);
        long hi = v6.endHi(i);
        long lo = v6.endLo(i) + 1;
        if (lo == Long.MIN_VALUE) {
          // The low half wrapped: carry into the high one, or past the last address (then the
          // last interval's, the last bound).
          if (hi == Long.MAX_VALUE) {
            finite--;
            continue;
          }
          hi++;
        }
        bounds[4 * i + 2] = hi;
        bounds[4 * i + 3] = lo;
      }
    }

    /** Bound {@code k} has rank {@code r}. */
    void ranked(int k, int r) {
      if ((k & 1) == 0) {
        starts[k >> 1] = r;
      } else {
        ends[k >> 1] = r - 1;
      }
    }

    /** The end + 1 past the last address, if one is a bound here, has rank {@code r}. */
    void rankTheTop(int r) {
      if (finite < 2 * size) {
        ends[size - 1] = r - 1;
      }
    }

    SnapshotChanges.Intervals intervals(int[] states) {
      return new SnapshotChanges.Intervals(size, starts, ends, states);
    }
  }
}
