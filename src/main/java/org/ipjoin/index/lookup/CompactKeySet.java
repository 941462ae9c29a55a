package org.ipjoin.index.lookup;

/**
 * The lookup of an exact IPv4 list in the compact layout ({@code ipindex build --layout compact}):
 * the keys in their 65,536 /16 buckets, a bucket of at most 4,096 keys as its sorted 16-bit
 * suffixes, a larger one as a bitmap of 65,536 bits with the bucket's keys before every 512 bits.
 * {@link #match} returns the key's rank (its position among all keys in address order), so
 * {@link #start}, {@link #end} and {@link #size} mean what they mean for {@link Ipv4IntervalIndex} over
 * the same keys, and both layouts give the same answers.
 *
 * <h2>Search</h2>
 * The bucket directory gives the bucket's rank, key count and data start in one cache line. A
 * sparse bucket takes two interpolation steps on the suffix (keys are roughly even inside a /16;
 * the second step starts from the suffix the first one read) and a short linear scan, falling back
 * to a binary search past {@value #SCAN} slots. One step, as {@link Ipv4IntervalIndex} takes in its
 * smaller buckets, misses by about 20 slots in a /16 of ~400 keys, so the scan often left the cache
 * line or ended in the binary search: with the second step one probe at a time took 146 and 118 ns
 * against 186 and 232 ns with one (26 M keys, JMH, the two builds alternated on a quiet machine;
 * {@link #matchAll} unchanged at 81-86 ns, the steps' misses already overlap there). A dense bucket
 * tests the bit; the rank is the bucket's rank, the stored count before the key's 512-bit block,
 * and the popcount of at most 8 words of that block, which is one cache line. Computing the rank
 * costs no extra miss, so every probe returns it rather than only membership.
 *
 * <p>One algorithm over heap arrays or little-endian views of the mapping ({@link ShortColumn},
 * {@link LongColumn}), as {@link Ipv4IntervalIndex} over {@link IntColumn}. Figures (26 M keys, JMH in
 * the full bench run, docs/benchmarks/2026-11-23-full-run.md): 2.02 bytes per key against 4.08
 * for the sorted layout, and about as fast per probe (123 against 145 ns one at a time on the heap,
 * 78 against 77 ns through {@link #matchAll}): a probe costs one or two cache misses in either
 * layout, and half the bytes do not make a miss cheaper.
 */
public final class CompactKeySet implements Ipv4Lookup {

  /** Slots scanned linearly from the interpolation guess before a binary search takes over. */
  static final int SCAN = 16;
  private static final int BUCKETS = 1 << 16;
  private static final int MAX_SPARSE_KEYS = 4096;
  private static final int BITMAP_WORDS = 1024;

  /** Rank and data start per bucket, then the key count and the suffix count. */
  private final int[] buckets;
  private final ShortColumn suffixes;
  private final LongColumn bitmaps;
  /** Per dense bucket, per 512 bits (8 words): the bucket's keys before them. */
  private final ShortColumn ranks;

  /**
   * @param buckets the checked {@code V4_BUCKETS} section: for bucket b, {@code [2b]} the keys
   *     before it and {@code [2b + 1]} where its data starts (first suffix, or first bitmap word),
   *     then the key count and the suffix count
   * @param suffixes {@code V4_SUFFIXES}
   * @param bitmaps {@code V4_BITMAPS}
   * @param ranks {@code V4_BITMAP_RANKS}
   */
  public CompactKeySet(int[] buckets, ShortColumn suffixes, LongColumn bitmaps, ShortColumn ranks) {
    this.buckets = buckets;
    this.suffixes = suffixes;
    this.bitmaps = bitmaps;
    this.ranks = ranks;
  }

  @Override
  public int match(int key) {
    int address = key ^ Integer.MIN_VALUE;
    int b = address >>> 16;
    int low = address & 0xFFFF;
    int rank = buckets[2 * b];
    int n = buckets[2 * b + 2] - rank;
    int data = buckets[2 * b + 1];
    if (n > MAX_SPARSE_KEYS) {
      return inBitmap(rank, data, low);
    }
    return n == 0 ? NO_MATCH : inSuffixes(rank, data, n, low);
  }

  /** Probes interleaved per group in {@link #matchAll}, as {@link Ipv4IntervalIndex#matchAll} does. */
  static final int GROUP = 32;

  /**
   * {@link #match} for each key, with the probes of a group interleaved so that their cache misses
   * overlap: first every key's bucket entries are read and the place its probe goes to memory (the
   * guessed suffix, or the bitmap word) computed, then all those places are read (for a dense
   * bucket also the block's rank and first word, which {@link #inBitmap} reads after the word; with
   * them a 472 M-key index took 84-95 ns per probe from the mapping against 95-102 ns without,
   * medians of two alternated runs each of {@code org.ipjoin.bench.ProbeTimes},
   * docs/benchmarks/2026-11-23-full-run.md), and only then each probe runs {@link #match},
   * whose reads now mostly hit
   * the cache. The staging loops have no data-dependent branch but the bucket's kind, which is the
   * same for nearly every bucket of a list (sparse at 26 M keys, dense at 472 M).
   */
  @Override
  public void matchAll(int[] keys, int count, int[] ids) {
    int[] place = new int[GROUP];
    boolean[] dense = new boolean[GROUP];
    int lastSuffix = Math.max(0, suffixes.size() - 1);
    long touched = 0;
    for (int at = 0; at < count; at += GROUP) {
      int n = Math.min(GROUP, count - at);
      for (int j = 0; j < n; j++) {
        int address = keys[at + j] ^ Integer.MIN_VALUE;
        int b = address >>> 16;
        int low = address & 0xFFFF;
        int keysIn = buckets[2 * b + 2] - buckets[2 * b];
        int data = buckets[2 * b + 1];
        dense[j] = keysIn > MAX_SPARSE_KEYS;
        // An empty bucket's guess may lie past the last suffix: clamped, read for nothing.
        place[j] = dense[j] ? data + (low >>> 6) : Math.min(data + ((low * keysIn) >>> 16), lastSuffix);
      }
      for (int j = 0; j < n; j++) {
        int w = place[j];
        touched += dense[j] ? bitmaps.get(w) + ranks.get(w >>> 3) + bitmaps.get(w & -8)
            : suffixes.size() == 0 ? 0 : suffixes.get(w);
      }
      for (int j = 0; j < n; j++) {
        ids[at + j] = match(keys[at + j]);
      }
    }
    sink = touched;
  }

  /** Where {@link #matchAll} leaves what its staging reads read, so that they are not dropped. */
  @SuppressWarnings("unused")
  private long sink;

  /**
   * The second interpolation step inside a sparse bucket of {@code n} suffixes from {@code data}:
   * from the suffix {@code v} read at {@code guess}, where {@code low} should sit, the difference
   * in suffix values times the bucket's keys per suffix value. The first step's error grows with
   * the square root of the bucket's size (about 20 slots for the ~400 keys a /16 holds at 26 M
   * keys, past the linear scan); the second step's with the root of that error, within a cache
   * line.
   */
  private static int refine(int data, int n, int guess, int v, int low) {
    // |low - v| < 2^16 and n <= 4,096: the product fits an int.
    int at = guess + (((low - v) * n) >> 16);
    return Math.max(data, Math.min(at, data + n - 1));
  }

  /** Rank of suffix {@code low} in the dense bucket of rank {@code rank} whose words start at {@code data}. */
  private int inBitmap(int rank, int data, int low) {
    int w = data + (low >>> 6);
    long word = bitmaps.get(w);
    if ((word & (1L << low)) == 0) {
      return NO_MATCH;
    }
    int block = w & -8;
    int r = rank + ranks.get(w >>> 3) + Long.bitCount(word & ((1L << low) - 1));
    for (int i = block; i < w; i++) {
      r += Long.bitCount(bitmaps.get(i));
    }
    return r;
  }

  /**
   * Rank of suffix {@code low} among the {@code n} suffixes from {@code data}, or NO_MATCH: two
   * interpolation steps ({@link #refine}), then a short linear scan from the second.
   */
  private int inSuffixes(int rank, int data, int n, int low) {
    ShortColumn s = suffixes;
    int guess = data + ((low * n) >>> 16);
    int v = s.get(guess);
    if (v == low) {
      return rank + guess - data;
    }
    int at = refine(data, n, guess, v, low);
    return scanFrom(rank, data, data + n, at, at == guess ? v : s.get(at), low);
  }

  /**
   * Rank of suffix {@code low} in {@code [from, to)}, scanning from {@code at} (whose suffix
   * {@code v} the caller has read) at most {@value #SCAN} slots, then by binary search.
   */
  private int scanFrom(int rank, int from, int to, int at, int v, int low) {
    ShortColumn s = suffixes;
    if (v == low) {
      return rank + at - from;
    }
    if (v < low) {
      int stop = Math.min(to, at + 1 + SCAN);
      for (int i = at + 1; i < stop; i++) {
        int x = s.get(i);
        if (x >= low) {
          return x == low ? rank + i - from : NO_MATCH;
        }
      }
      return stop == to ? NO_MATCH : binary(stop, to, low, rank - from);
    }
    int stop = Math.max(from, at - SCAN);
    for (int i = at - 1; i >= stop; i--) {
      int x = s.get(i);
      if (x <= low) {
        return x == low ? rank + i - from : NO_MATCH;
      }
    }
    return stop == from ? NO_MATCH : binary(from, stop, low, rank - from);
  }

  /** Binary search of {@code [from, to)} for {@code low}: its index plus {@code offset}, or NO_MATCH. */
  private int binary(int from, int to, int low, int offset) {
    int lo = from;
    int hi = to - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int x = suffixes.get(mid);
      if (x < low) {
        lo = mid + 1;
      } else if (x > low) {
        hi = mid - 1;
      } else {
        return mid + offset;
      }
    }
    return NO_MATCH;
  }

  @Override
  public int size() {
    return buckets[2 * BUCKETS];
  }

  /**
   * The key of rank {@code interval}: its bucket by binary search over the ranks, then the suffix
   * or, in a dense bucket, the set bit of that rank (found through the block ranks).
   */
  @Override
  public int start(int interval) {
    if (interval < 0 || interval >= size()) {
      throw new IndexOutOfBoundsException("key " + interval + " of " + size());
    }
    int lo = 0;
    int hi = BUCKETS - 1;
    while (lo < hi) {
      // The last bucket whose rank is at most interval: the non-empty bucket holding it.
      int mid = (lo + hi + 1) >>> 1;
      if (buckets[2 * mid] <= interval) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    int b = lo;
    int k = interval - buckets[2 * b];
    int n = buckets[2 * b + 2] - buckets[2 * b];
    int data = buckets[2 * b + 1];
    int low = n > MAX_SPARSE_KEYS ? selectInBitmap(data, k) : suffixes.get(data + k);
    return ((b << 16) | low) ^ Integer.MIN_VALUE;
  }

  /** The suffix of the {@code k}-th set bit of the bitmap whose words start at {@code data}. */
  private int selectInBitmap(int data, int k) {
    int firstRank = data >>> 3;
    int block = 0;
    while (block + 1 < BITMAP_WORDS / 8 && ranks.get(firstRank + block + 1) <= k) {
      block++;
    }
    int left = k - ranks.get(firstRank + block);
    for (int w = block * 8; ; w++) {
      long word = bitmaps.get(data + w);
      int bits = Long.bitCount(word);
      if (left < bits) {
        for (int j = 0; j < left; j++) {
          word &= word - 1;
        }
        return w * 64 + Long.numberOfTrailingZeros(word);
      }
      left -= bits;
    }
  }

  @Override
  public int end(int interval) {
    return start(interval);
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public int labelId(int interval) {
    return 0;
  }

  @Override
  public LabelDictionary labels() {
    return LabelDictionary.NONE;
  }

  /** Dense buckets: one bitmap each. */
  public int denseBuckets() {
    return bitmaps.size() / BITMAP_WORDS;
  }

  /** Buckets holding at least one key. */
  public int nonEmptyBuckets() {
    int n = 0;
    for (int b = 0; b < BUCKETS; b++) {
      n += buckets[2 * b + 2] != buckets[2 * b] ? 1 : 0;
    }
    return n;
  }

  @Override
  public long heapBytes() {
    return 4L * buckets.length + suffixes.heapBytes() + bitmaps.heapBytes() + ranks.heapBytes();
  }
}
