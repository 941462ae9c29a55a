package org.ipjoin.index.list;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.ipjoin.ip.Ipv4Codec;

/**
 * Turns a list's entries, in file order, into disjoint sorted intervals with one label each
 * ({@link NormalisedList}), under an {@link OverlapPolicy}, for IPv4 and IPv6 entries alike.
 *
 * <p>The rules:
 * <ul>
 *   <li>Every address contained in at least one entry is in exactly one interval, labelled with the
 *       label of the entry the policy picks for it ({@link OverlapPolicy#LONGEST}: the smallest
 *       containing entry, ties to the earliest line; {@link OverlapPolicy#FIRST}: the earliest
 *       line). Addresses in no entry are in no interval.
 *   <li>Of identical ranges the earliest line wins under both policies; a later one with the same
 *       label is a duplicate, with another label a label conflict (counted, the first
 *       {@link #CONFLICT_EXAMPLES} in line order kept with both lines).
 *   <li>Adjacent or overlapping pieces with the same label (or both without one) become one
 *       interval, so the result is as small as the answers allow.
 *   <li>Except: when every entry is a single address (an exact-address list), the result is exactly
 *       the sorted distinct addresses, one one-address interval each, never merged into ranges.
 *       Such a list can then keep the index's plain layout of 4-byte keys.
 *   <li>The label dictionary of the result holds only labels some interval uses, in the order the
 *       list first mentions them.
 * </ul>
 *
 * <p>Cost: O(n log n) for n entries. Ranges are sorted by (start, end, line) with stable radix
 * passes, then swept once with a heap of the entries covering the current address (lazily
 * pruned), so each entry is pushed and popped once. Exact-address lists skip the sweep: one radix
 * sort and a de-duplication.
 *
 * <h2>Two address families, one algorithm</h2>
 * The rules above apply to each family on its own (no address is in both: an IPv4-mapped IPv6
 * entry was made the IPv4 entry it maps to when its line was read), and the results share the one
 * label dictionary. Both families run through the same code, which works on {@code int}
 * <em>positions</em> rather than addresses:
 * <ul>
 *   <li>IPv4: a position is the key itself ({@link Ipv4Codec#toKey}), so the IPv4 path is what it was
 *       before IPv6 existed: no extra pass, array or comparison per entry, and the same speed;
 *   <li>IPv6: {@link Ipv6Positions} numbers the elementary segments the entries' boundaries cut
 *       the 128-bit space into; an entry is a run of whole segments, so overlap, adjacency,
 *       identical ranges and "won all its addresses" are the same questions on segment numbers.
 *       All 128-bit arithmetic (the address after an end, before a start, with the carry between
 *       the two {@code long} halves, and sizes) is done there once, before and after the sweep.
 *       The {@code longest} policy compares sizes, which no longer fit the sweep's 32-bit size
 *       field, so IPv6 entries carry their rank by size instead.
 * </ul>
 * The alternative, a generic sweep over a key comparator per family, would put a call and 128-bit
 * compares into the IPv4 inner loop; a copy of the sweep for {@code long} pairs would double the
 * code that decides answers, with two places for the same rule to go wrong.
 */
public final class IntervalNormaliser {

  /** How many label conflicts are kept with their lines for the summary. */
  public static final int CONFLICT_EXAMPLES = 5;

  private static final long ORDINAL_MASK = 0x7FFF_FFFFL;

  private final OverlapPolicy policy;
  private final int n;
  private final int[] starts;
  private final int[] ends;
  private final int[] labelIds;
  /** IPv6: each entry's size rank for the longest policy; null for IPv4 (size = end − start). */
  private final int[] sizeRanks;
  private final ConflictExamples.RangeText rangeText;
  private final ConflictExamples.LineOf lineOf;
  private final ConflictExamples.LineText where;
  private final LabelInterner labelsSeen;

  private long duplicates;
  private long conflicts;
  private final ConflictExamples conflictExamples = new ConflictExamples(CONFLICT_EXAMPLES);

  private IntervalNormaliser(OverlapPolicy policy, int n, int[] starts, int[] ends,
      int[] labelIds, int[] sizeRanks, ConflictExamples.RangeText rangeText,
      ConflictExamples.LineOf lineOf, ConflictExamples.LineText where,
      LabelInterner labelsSeen) {
    this.policy = policy;
    this.labelsSeen = labelsSeen;
    this.n = n;
    this.starts = starts;
    this.ends = ends;
    this.labelIds = labelIds;
    this.sizeRanks = sizeRanks;
    this.rangeText = rangeText;
    this.lineOf = lineOf;
    this.where = where;
  }

  /**
   * Normalises {@code entries}, which it consumes (their arrays are sorted in place and reused).
   */
  public static NormalisedList normalise(ListEntries entries, OverlapPolicy policy) {
    int[] starts4 = entries.takeStarts();
    IntervalNormaliser v4 = new IntervalNormaliser(policy, entries.ipv4Size(), starts4,
        entries.ends(), entries.labelIds(), null,
        (start, end) -> start == end ? Ipv4Codec.format(start)
            : Ipv4Codec.format(start) + "-" + Ipv4Codec.format(end),
        entries::lineOf, entries::where, entries.labels());
    Piece r4 = v4.run(entries.singleAddressesOnly());
    Ipv6Entries e6 = entries.v6();
    Ipv6Positions p6 = Ipv6Positions.of(e6, policy == OverlapPolicy.LONGEST);
    IntervalNormaliser v6 = new IntervalNormaliser(policy, e6.size(), p6.starts(), p6.ends(),
        e6.labelIds(), p6.sizeRanks(), p6::rangeText, e6::lineOf, entries::where,
        entries.labels());
    Piece r6 = v6.run(e6.singleAddressesOnly());
    return joined(entries, policy, r4, r6, p6);
  }

  /** What normalising one family gave, in its position space. */
  private record Piece(int size, int[] starts, int[] ends, int[] labelIds, long overlapped,
      long shadowed, long merges, boolean exact, long duplicates, long conflicts,
      List<LabelConflict> examples) {}

  private Piece run(boolean singleAddresses) {
    if (n == 0) {
      return new Piece(0, new int[0], new int[0], null, 0, 0, 0, true, 0, 0, List.of());
    }
    return singleAddresses ? addresses() : intervals();
  }

  /** Every entry is one address: sort, drop repeats (the first line's label stays). */
  private Piece addresses() {
    if (labelIds == null) {
      SortedKeys.sort(starts, n);
      int unique = SortedKeys.dedup(starts, n);
      duplicates = n - unique;
      return result(unique, starts, starts, null, n - unique, n - unique, 0, true);
    }
    int[] order = identity(n);
    KeyRadixSort.sort(starts, order, n);
    // order[] is reused for the result's label ids: slot w is written after slot i >= w is read.
    int unique = 0;
    int runFirst = -1;
    for (int i = 0; i < n; i++) {
      int ordinal = order[i];
      if (unique > 0 && starts[i] == starts[unique - 1]) {
        repeated(runFirst, ordinal, starts[i], starts[i]);
        continue;
      }
      runFirst = ordinal;
      starts[unique] = starts[i];
      order[unique] = labelIds[ordinal];
      unique++;
    }
    long lost = n - unique;
    return result(unique, starts, starts, order, lost, lost, 0, true);
  }

  /** A later entry with the same range as entry {@code first}: a duplicate or a label conflict. */
  private void repeated(int first, int later, int start, int end) {
    if (label(first) == label(later)) {
      duplicates++;
    } else {
      conflicts++;
      conflictExamples.offer(first, later, start, end);
    }
  }

  /** The general case: sort by (start, end, line), count repeats, sweep. */
  private Piece intervals() {
    int[] order = sortedByStartEndLine();
    for (int j = 1, runFirst = order[0]; j < n; j++) {
      int previous = order[j - 1];
      int o = order[j];
      if (starts[o] == starts[previous] && ends[o] == ends[previous]) {
        repeated(runFirst, o, starts[o], ends[o]);
      } else {
        runFirst = o;
      }
    }
    return sweep(order);
  }

  private int[] sortedByStartEndLine() {
    int[] order = identity(n);
    int[] sortKeys = Arrays.copyOf(ends, n);
    KeyRadixSort.sort(sortKeys, order, n); // by end; stable, so equal ends stay in line order
    for (int j = 0; j < n; j++) {
      sortKeys[j] = starts[order[j]];
    }
    KeyRadixSort.sort(sortKeys, order, n); // then by start, keeping (end, line) order within
    return order;
  }

  /**
   * Walks the address space from the lowest start: at each position the heap holds the entries
   * started so far (expired ones are dropped when they reach the top), its top is the winner, and
   * the winner holds until it ends or the next entry starts.
   */
  private Piece sweep(int[] order) {
    IntervalOutput out = new IntervalOutput(labelIds != null);
    long[] won = new long[n];
    EntryHeap heap = new EntryHeap();
    int next = 0;
    long position = 0;
    while (next < n || !heap.isEmpty()) {
      if (heap.isEmpty()) {
        position = starts[order[next]];
      }
      while (next < n && starts[order[next]] <= position) {
        heap.push(priority(order[next++]));
      }
      while (!heap.isEmpty() && ends[ordinal(heap.peek())] < position) {
        heap.pop();
      }
      if (heap.isEmpty()) {
        continue;
      }
      int winner = ordinal(heap.peek());
      long pieceEnd = ends[winner];
      if (next < n) {
        pieceEnd = Math.min(pieceEnd, starts[order[next]] - 1L);
      }
      won[winner] += pieceEnd - position + 1;
      out.add((int) position, (int) pieceEnd, label(winner), winner);
      if (pieceEnd == Integer.MAX_VALUE) {
        break;
      }
      position = pieceEnd + 1;
    }
    long overlapped = 0;
    long shadowed = 0;
    for (int o = 0; o < n; o++) {
      if (won[o] < (long) ends[o] - starts[o] + 1) {
        overlapped++;
        if (won[o] == 0) {
          shadowed++;
        }
      }
    }
    return result(out.size, out.starts, out.ends, out.labelIds, overlapped, shadowed, out.merges,
        false);
  }

  /**
   * Heap order: smaller wins. LONGEST: (size − 1, line), the size as 32 bits: for IPv4 the
   * address count − 1 itself, for IPv6 its rank among the entries' sizes; FIRST: line. Fits 63 bits.
   */
  private long priority(int ordinal) {
    if (policy == OverlapPolicy.FIRST) {
      return ordinal;
    }
    long sizeOrder = sizeRanks != null ? sizeRanks[ordinal]
        : (ends[ordinal] - starts[ordinal]) & 0xFFFF_FFFFL;
    return sizeOrder << 31 | ordinal;
  }

  private static int ordinal(long priority) {
    return (int) (priority & ORDINAL_MASK);
  }

  private int label(int ordinal) {
    return labelIds == null ? LabelInterner.NO_LABEL : labelIds[ordinal];
  }

  private Piece result(int size, int[] outStarts, int[] outEnds, int[] outLabels,
      long overlapped, long shadowed, long merges, boolean exactAddresses) {
    return new Piece(size, outStarts, outEnds, outLabels, overlapped, shadowed, merges,
        exactAddresses, duplicates, conflicts,
        conflictExamples.toList(lineOf, where, labelIds, labelsSeen, rangeText));
  }

  /**
   * Both families' results as one list: the label dictionary keeps only labels some interval of
   * either family uses, renumbered in the order the list first mentions them; when any interval
   * has a label, both families carry label ids (an index has labels for all intervals or none).
   */
  private static NormalisedList joined(ListEntries entries, OverlapPolicy policy, Piece r4,
      Piece r6, Ipv6Positions p6) {
    LabelInterner seen = entries.labels();
    LabelInterner used = seen;
    int[] labels4 = r4.labelIds();
    int[] labels6 = r6.labelIds();
    boolean[] isUsed = new boolean[seen.size() + 1];
    int usedCount = markUsed(labels4, r4.size(), isUsed) + markUsed(labels6, r6.size(), isUsed);
    if (usedCount == 0) {
      labels4 = null;
      labels6 = null;
      used = new LabelInterner();
    } else {
      if (usedCount < seen.size()) {
        int[] remap = new int[seen.size() + 1];
        used = seen.keepOnly(isUsed, remap);
        renumber(labels4, r4.size(), remap);
        renumber(labels6, r6.size(), remap);
      }
      labels4 = labels4 != null ? labels4 : new int[r4.size()];
      labels6 = labels6 != null ? labels6 : new int[r6.size()];
    }
    List<LabelConflict> examples = new ArrayList<>(r4.examples());
    examples.addAll(r6.examples());
    examples.sort(Comparator.comparingLong(LabelConflict::ignoredLine));
    NormaliseStats stats = new NormaliseStats(policy, familyStats(entries::ipv4Count, r4),
        familyStats(entries.v6()::count, r6),
        examples.subList(0, Math.min(CONFLICT_EXAMPLES, examples.size())), used.size(),
        seen.size());
    long[] starts6 = p6.startKeys(r6.starts(), r6.size());
    long[] ends6 = r6.exact() ? starts6 : p6.endKeys(r6.ends(), r6.size());
    return new NormalisedList(r4.size(), r4.starts(), r4.ends(), labels4,
        new NormalisedList.V6(r6.size(), starts6, ends6, labels6, r6.exact()), used, stats);
  }

  private static NormaliseStats.Family familyStats(java.util.function.ToLongFunction<LineKind> kinds,
      Piece r) {
    return new NormaliseStats.Family(kinds.applyAsLong(LineKind.ADDRESS),
        kinds.applyAsLong(LineKind.CIDR), kinds.applyAsLong(LineKind.RANGE), r.duplicates(),
        r.conflicts(), r.overlapped(), r.shadowed(), r.merges(), r.size(), r.exact());
  }

  /** Marks the label ids {@code labels[0, size)} use; returns how many labels were new. */
  private static int markUsed(int[] labels, int size, boolean[] isUsed) {
    int count = 0;
    for (int i = 0; labels != null && i < size; i++) {
      if (!isUsed[labels[i]]) {
        isUsed[labels[i]] = true;
        count += labels[i] == 0 ? 0 : 1;
      }
    }
    return count;
  }

  private static void renumber(int[] labels, int size, int[] remap) {
    for (int i = 0; labels != null && i < size; i++) {
      labels[i] = remap[labels[i]];
    }
  }

  private static int[] identity(int n) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    return order;
  }

  /** The growing result of the sweep: joins a piece to the last interval when it may. */
  private static final class IntervalOutput {
    int[] starts = new int[1024];
    int[] ends = new int[1024];
    int[] labelIds;
    int size;
    long merges;
    private int lastEntry = -1;

    IntervalOutput(boolean labelled) {
      labelIds = labelled ? new int[1024] : null;
    }

    void add(int start, int end, int label, int entry) {
      if (size > 0 && (long) ends[size - 1] + 1 == start && labelAt(size - 1) == label) {
        ends[size - 1] = end;
        if (entry != lastEntry) {
          merges++; // pieces of one entry split by a losing entry are not a merge
        }
        lastEntry = entry;
        return;
      }
      if (size == starts.length) {
        int capacity = (int) Math.min(Integer.MAX_VALUE - 16, size * 2L);
        starts = Arrays.copyOf(starts, capacity);
        ends = Arrays.copyOf(ends, capacity);
        if (labelIds != null) {
          labelIds = Arrays.copyOf(labelIds, capacity);
        }
      }
      starts[size] = start;
      ends[size] = end;
      if (labelIds != null) {
        labelIds[size] = label;
      }
      size++;
      lastEntry = entry;
    }

    private int labelAt(int i) {
      return labelIds == null ? LabelInterner.NO_LABEL : labelIds[i];
    }
  }
}
