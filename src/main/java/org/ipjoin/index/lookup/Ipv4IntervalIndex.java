package org.ipjoin.index.lookup;

import java.util.Arrays;

/**
 * The lookup every read path serves: disjoint IPv4 intervals in address order, each with a label
 * id, and a prefix directory. {@link #match} returns the number of the interval holding a key, or
 * {@value #NO_MATCH}. Keys are {@link org.ipjoin.ip.Ipv4Codec#toKey} values: signed order is address
 * order.
 *
 * <p>An exact-address list is the special case where every interval is one address: then there is
 * no column of ends ({@code ends == null}) and the index costs 4 bytes per key plus the directory,
 * as a sorted {@code int[]} would. Ranges add 4 bytes per interval for the ends, labels 4 more for
 * the label ids, plus the dictionary.
 *
 * <p>With implicit ends ({@link #withImplicitEnds}) there is no column of ends either: interval i
 * ends before start i + 1, the last at 255.255.255.255, and the gaps between listed intervals are
 * intervals of their own with a reserved label id. The search is the same; the predecessor then
 * holds the key unless it is a gap. {@link #size} counts the gaps, {@link #listedCount} does not.
 *
 * <h2>Search</h2>
 * The directory says where each address prefix starts among the interval starts: for lists below
 * 1,024 intervals at most one entry per interval (at least 2^4), from there sized so buckets hold
 * at least ~40 starts and the directory costs at most 0.1 byte per interval (/12 at 287,570 keys,
 * /19, 2 MiB, at 26 M; {@link org.ipjoin.index.format.IndexByteMap#directoryBitsFor}); any stored
 * size from 2^4 to 2^22 works (files written with the earlier 2^16 floor included). Inside the
 * one bucket the search takes <em>one interpolation step</em>: the address bits below the prefix
 * say how far into the bucket the key should sit if starts are evenly spread, which IP lists
 * roughly are inside a small prefix. From that guess a short linear scan (at most {@value #SCAN}
 * slots; a binary search past it, so clustered lists stay O(log bucket)) finds the predecessor, the
 * last interval starting at or before the key, and the key matches when it is at most that
 * interval's end. An exact-address list (no ends) runs the same scan for the start equal to the key
 * and stops at the first start not below it ({@code find}). An interval may start in an earlier bucket and cover
 * this one: the predecessor of a key before a bucket's first start is the interval before the
 * bucket.
 *
 * <h2>Batches</h2>
 * {@link #matchAll} answers a block of keys as {@link #match} does, with the probes of each group of
 * {@value #GROUP} interleaved stage by stage so that their cache misses overlap. Measured on 26 M
 * exact keys (2 shared cores, the variants alternated in one JVM, CPU time): 0.50-0.58 of the time
 * of one {@code match} per key with uniform probes, heap or mapped, with or without 224 bytes of
 * log traffic streamed per key beside the lookups; 0.60-0.72 with Zipf probes; 0.79-0.93 on
 * 1 M ranges, which mostly fit the L3 cache
 * ({@code docs/benchmarks/2026-11-23-batched-lookups.md}). In the
 * full bench run (JMH {@code CompactLookupBenchmark}, 1,024 probes per call): 77 ns per key against
 * 145 ns for one {@code match} per key on the heap, 70 against 134 ns from the mapping.
 *
 * <p>A second interpolation step as a stage of its own (from the guessed start, at the bucket's
 * mean density) was measured and not kept: 0.88-1.0 of the time on uniform lists, 1.19 on a
 * clustered one, no change in the whole job; about half of a batched probe at 26 M keys is the
 * first read, the rest this scan ({@code docs/benchmarks/2026-11-27-one-miss-lookups.md}).
 *
 * <p>Figures (26 M keys, JMH): {@code docs/benchmarks/2026-11-23-full-run.md}, *Lookups*.
 */
public final class Ipv4IntervalIndex implements Ipv4Lookup {

  public static final int NO_MATCH = Ipv4Lookup.NO_MATCH;

  /** Slots scanned linearly from the interpolation guess before a binary search takes over. */
  static final int SCAN = 16;

  /**
   * Probes {@link #matchAll} interleaves: their loads are in flight together. Against one probe at
   * a time (1.00), groups of 4 took 0.89, 8: 0.64, 16: 0.54, 32: 0.49, 64: 0.50 (26 M keys, heap,
   * uniform); in other paired runs 16, 32 and 64 were within a few percent, 32 ahead in most.
   */
  static final int GROUP = 32;

  private final IntColumn starts;
  /** Null when every interval is one address, or when the ends are implicit. */
  private final IntColumn ends;
  /** True when every interval is one address (no ends, none implicit). */
  private final boolean exact;
  /**
   * With implicit ends, the label id of a gap (an interval that answers no match); else -1, which
   * no interval has.
   */
  private final int gapId;
  /** Intervals without the gaps. */
  private final int listed;
  /** Null when the list has no labels (every label id is 0). */
  private final IntColumn labelIds;
  private final LabelDictionary labels;
  private final IntColumn bucketStart;
  private final int shift;
  private final int lowMask;

  /**
   * @param starts interval starts, strictly increasing
   * @param ends interval ends (inclusive; {@code starts[i] <= ends[i] < starts[i + 1]}), or null
   *     when every interval is one address
   * @param labelIds each interval's label id (0 = no label), or null when there are no labels
   * @param labels the label dictionary ({@link LabelDictionary#NONE} without labels)
   * @param directory where each prefix of {@code directoryBits} bits starts in {@code starts},
   *     then {@code starts.size()}: {@code 2^directoryBits + 1} entries
   */
  public Ipv4IntervalIndex(IntColumn starts, IntColumn ends, IntColumn labelIds, LabelDictionary labels,
      int[] directory, int directoryBits) {
    this(starts, ends, labelIds, labels, IntColumn.of(directory), directoryBits);
  }

  /** As above, the directory a column too (a view of the mapping for a trusted mapped load). */
  public Ipv4IntervalIndex(IntColumn starts, IntColumn ends, IntColumn labelIds, LabelDictionary labels,
      IntColumn directory, int directoryBits) {
    this(starts, ends, ends == null, labelIds, -1, starts.size(), labels, directory, directoryBits);
  }

  /**
   * Intervals with implicit ends: interval i ends before start i + 1, the last at the top address,
   * and an interval whose label id is {@code gapId} is a gap between listed intervals, which
   * answers no match, as does a key before the first start. The same search finds the interval by
   * its start; only the test after it differs.
   *
   * @param listed the intervals that are not gaps
   */
  public static Ipv4IntervalIndex withImplicitEnds(IntColumn starts, IntColumn labelIds,
      int gapId, int listed, LabelDictionary labels, IntColumn directory, int directoryBits) {
    return new Ipv4IntervalIndex(starts, null, false, labelIds, gapId, listed, labels, directory,
        directoryBits);
  }

  private Ipv4IntervalIndex(IntColumn starts, IntColumn ends, boolean exact, IntColumn labelIds,
      int gapId, int listed, LabelDictionary labels, IntColumn directory, int directoryBits) {
    this.starts = starts;
    this.ends = ends;
    this.exact = exact;
    this.gapId = gapId;
    this.listed = listed;
    this.labelIds = labelIds;
    this.labels = labels;
    this.bucketStart = directory;
    this.shift = 32 - directoryBits;
    this.lowMask = (int) ((1L << shift) - 1);
  }

  @Override
  public int match(int key) {
    int address = key ^ Integer.MIN_VALUE;
    int prefix = address >>> shift;
    int from = bucketStart.get(prefix);
    int to = bucketStart.get(prefix + 1);
    if (exact) {
      if (from == to) {
        return NO_MATCH;
      }
      int g = guess(address, from, to);
      return find(from, to, g, starts.get(g), key);
    }
    int p = from == to ? from - 1 : predecessorFrom(from, to, guess(address, from, to), key);
    if (p < 0) {
      return NO_MATCH;
    }
    // Implicit ends: the predecessor holds the key unless it is a gap.
    return (ends == null ? labelIds.get(p) != gapId : key <= ends.get(p)) ? p : NO_MATCH;
  }

  /**
   * {@link #match} for each key, with the probes of a group interleaved so that their cache misses
   * overlap: first every group key's directory entries are read and its guess computed, then every
   * guessed start is read, then each probe finishes with {@link #match}'s scan from the start it
   * already holds (mostly cache hits now), and for ranges every predecessor's end is read last.
   * The staging loops are short and branch-free, so the out-of-order core issues a whole group's
   * independent loads together instead of one probe's dependent chain at a time.
   */
  @Override
  public void matchAll(int[] keys, int count, int[] ids) {
    int last = starts.size() - 1;
    if (last < 0) {
      Arrays.fill(ids, 0, count, NO_MATCH);
      return;
    }
    int[] from = new int[GROUP];
    int[] to = new int[GROUP];
    int[] guesses = new int[GROUP];
    int[] seen = new int[GROUP];
    for (int at = 0; at < count; at += GROUP) {
      int n = Math.min(GROUP, count - at);
      for (int j = 0; j < n; j++) {
        int address = keys[at + j] ^ Integer.MIN_VALUE;
        int prefix = address >>> shift;
        int f = bucketStart.get(prefix);
        int t = bucketStart.get(prefix + 1);
        from[j] = f;
        to[j] = t;
        // An empty bucket's guess is its from, which may be size(): clamped, and read for
        // nothing, so that this loop has no branch.
        guesses[j] = Math.min(guess(address, f, t), last);
      }
      for (int j = 0; j < n; j++) {
        seen[j] = starts.get(guesses[j]);
      }
      if (exact) {
        for (int j = 0; j < n; j++) {
          int f = from[j];
          int t = to[j];
          ids[at + j] = f == t ? NO_MATCH : find(f, t, guesses[j], seen[j], keys[at + j]);
        }
      } else {
        for (int j = 0; j < n; j++) {
          int f = from[j];
          int t = to[j];
          guesses[j] = f == t ? f - 1 : predecessor(f, t, guesses[j], seen[j], keys[at + j]);
        }
        if (ends == null) {
          for (int j = 0; j < n; j++) {
            int p = guesses[j];
            ids[at + j] = (p >= 0) & (labelIds.get(Math.max(p, 0)) != gapId) ? p : NO_MATCH;
          }
          continue;
        }
        for (int j = 0; j < n; j++) {
          int p = guesses[j];
          int key = keys[at + j];
          // Both sides evaluated (&): the end is read even for p = -1 (as slot 0), no branch.
          ids[at + j] = (p >= 0) & (key <= ends.get(Math.max(p, 0))) ? p : NO_MATCH;
        }
      }
    }
  }

  /** {@link #predecessor} from {@code guess}, reading its start here. */
  private int predecessorFrom(int from, int to, int guess, int key) {
    return predecessor(from, to, guess, starts.get(guess), key);
  }

  /** Where {@code address} should sit in the non-empty bucket {@code [from, to)} if spread evenly. */
  private int guess(int address, int from, int to) {
    // In long: the low bits are below 2^shift and n is at most 2^shift (distinct addresses under
    // the prefix), so the product fits 32 bits only from 16 directory bits on; a small list's
    // directory has fewer bits, a bucket may then hold far more than 2^(32 - shift) starts.
    return from + (int) (((long) (address & lowMask) * (to - from)) >>> shift);
  }

  /**
   * The index in {@code [from, to)} whose start equals {@code key}, or {@link #NO_MATCH}: the
   * exact-address search. It answers straight from the value that ends the scan instead of going
   * through {@link #predecessor} and reading the start again: on 26 M keys (JMH, uniform probes,
   * one run each on this machine) 81 ns per lookup against 107 ns through the predecessor, the
   * same as format 1's membership test (79 ns). The lookup is bound by memory latency, and the
   * extra dependent read and branch after the scan cost the overlap between consecutive probes.
   */
  private int find(int from, int to, int guess, int v, int key) {
    // v is the start at guess: match reads it just before, matchAll a stage earlier.
    IntColumn s = starts;
    if (v == key) {
      return guess;
    }
    if (v < key) {
      int stop = Math.min(to, guess + 1 + SCAN);
      for (int i = guess + 1; i < stop; i++) {
        int w = s.get(i);
        if (w >= key) {
          return w == key ? i : NO_MATCH;
        }
      }
      return stop == to ? NO_MATCH : equalIn(stop, to, key);
    }
    int stop = Math.max(from, guess - SCAN);
    for (int i = guess - 1; i >= stop; i--) {
      int w = s.get(i);
      if (w <= key) {
        return w == key ? i : NO_MATCH;
      }
    }
    return stop == from ? NO_MATCH : equalIn(from, stop, key);
  }

  /** Binary search: the index in {@code [from, to)} whose start is {@code key}, or NO_MATCH. */
  private int equalIn(int from, int to, int key) {
    int p = lastAtMost(from, to, key);
    return p >= from && starts.get(p) == key ? p : NO_MATCH;
  }

  /**
   * The last index in {@code [from, to)} whose start is at most {@code key}, or {@code from - 1},
   * scanning from {@code guess}, whose start {@code v} the caller has read.
   */
  private int predecessor(int from, int to, int guess, int v, int key) {
    IntColumn s = starts;
    if (v == key) {
      return guess;
    }
    if (v < key) {
      int stop = Math.min(to, guess + 1 + SCAN);
      for (int i = guess + 1; i < stop; i++) {
        if (s.get(i) > key) {
          return i - 1;
        }
      }
      return stop == to ? to - 1 : lastAtMost(stop, to, key);
    }
    int stop = Math.max(from, guess - SCAN);
    for (int i = guess - 1; i >= stop; i--) {
      if (s.get(i) <= key) {
        return i;
      }
    }
    return stop == from ? from - 1 : lastAtMost(from, stop, key);
  }

  /** Binary search: the last index in {@code [from, to)} with start at most key, or from - 1. */
  private int lastAtMost(int from, int to, int key) {
    int lo = from;
    int hi = to - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (starts.get(mid) <= key) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return hi;
  }

  /** Number of intervals (keys, for an exact-address list), gaps included. */
  @Override
  public int size() {
    return starts.size();
  }

  @Override
  public int listedCount() {
    return listed;
  }

  @Override
  public boolean listed(int interval) {
    return ends != null || exact || labelIds.get(interval) != gapId;
  }

  @Override
  public int start(int interval) {
    return starts.get(interval);
  }

  /** The last address of {@code interval} (its start, in an exact-address list). */
  @Override
  public int end(int interval) {
    if (ends != null) {
      return ends.get(interval);
    }
    if (exact) {
      return starts.get(interval);
    }
    return interval + 1 < starts.size() ? starts.get(interval + 1) - 1 : Integer.MAX_VALUE;
  }

  /** True when every interval is one address. */
  @Override
  public boolean exact() {
    return exact;
  }

  /** The label id of {@code interval}: 0 for none, else an id of {@link #labels()}. */
  @Override
  public int labelId(int interval) {
    return labelIds == null ? 0 : labelIds.get(interval);
  }

  @Override
  public LabelDictionary labels() {
    return labels;
  }

  /** Heap held: the columns copied to the heap, the directory and the dictionary. */
  @Override
  public long heapBytes() {
    return starts.heapBytes() + (ends == null ? 0 : ends.heapBytes())
        + (labelIds == null ? 0 : labelIds.heapBytes()) + bucketStart.heapBytes()
        + labels.heapBytes();
  }
}
