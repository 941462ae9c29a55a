package org.ipjoin.bench;

import java.util.SplittableRandom;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.Ipv4LookupDirectory;
import org.ipjoin.index.lookup.IntColumn;
import org.ipjoin.index.lookup.Ipv4IntervalIndex;
import org.ipjoin.index.lookup.LabelDictionary;

/**
 * A block-list-like range list for the range benchmarks: disjoint random IPv4 ranges, each 1 to
 * 4096 addresses wide and shortened to end before the next one starts, as keys (address with the
 * top bit flipped), with 1,000 labels.
 */
final class RandomRanges {

  private static final int LABELS = 1000;

  final int[] starts;
  final int[] ends;

  private RandomRanges(int[] starts, int[] ends) {
    this.starts = starts;
    this.ends = ends;
  }

  /** About {@code count} ranges starting at random addresses of the whole space. */
  static RandomRanges uniform(int count, SplittableRandom random) {
    return startingAt(random.longs(count, 0, 1L << 32).sorted().distinct().toArray(), random);
  }

  /** Ranges starting at the sorted distinct {@code addresses} (0 .. 2^32 - 1), widths drawn next. */
  static RandomRanges startingAt(long[] addresses, SplittableRandom random) {
    int n = addresses.length;
    int[] starts = new int[n];
    int[] ends = new int[n];
    for (int i = 0; i < n; i++) {
      long limit = i + 1 < n ? addresses[i + 1] - 1 : (1L << 32) - 1;
      long end = Math.min(limit, addresses[i] + random.nextInt(4096));
      starts[i] = (int) (addresses[i] ^ 0x8000_0000L);
      ends[i] = (int) (end ^ 0x8000_0000L);
    }
    return new RandomRanges(starts, ends);
  }

  int count() {
    return starts.length;
  }

  /** A random address inside range {@code j}, as a key. */
  int inside(int j, SplittableRandom random) {
    return starts[j] + random.nextInt(ends[j] - starts[j] + 1);
  }

  /** A random address inside a random range, as a key. */
  int inside(SplittableRandom random) {
    return inside(random.nextInt(count()), random);
  }

  /**
   * The ranges on the heap, built directly (no file), each with a random label id 0 .. 999 over a
   * dictionary of 1,000 blank 4-byte labels: what a lookup reads, without the writer's checks.
   */
  Ipv4IntervalIndex onHeap(SplittableRandom random) {
    int n = count();
    int[] ids = random.ints(n, 0, LABELS).toArray();
    int[] labelEnds = new int[LABELS + 1];
    for (int id = 1; id <= LABELS; id++) {
      labelEnds[id] = id * 4;
    }
    return new Ipv4IntervalIndex(IntColumn.of(starts), IntColumn.of(ends), IntColumn.of(ids),
        new LabelDictionary(new byte[4 * LABELS], labelEnds), Ipv4LookupDirectory.of(starts, n),
        IndexByteMap.directoryBitsFor(n));
  }

  /**
   * The ranges as the content of an index file, each with a random label id 1 .. 1000 over 1,000
   * 4-letter labels: what the writer takes and a loader checks.
   */
  IndexContent content(SplittableRandom random) {
    int n = count();
    int[] ids = random.ints(n, 1, LABELS + 1).toArray();
    int[] labelEnds = new int[LABELS + 1];
    byte[] labelBytes = new byte[4 * LABELS];
    for (int id = 1; id <= LABELS; id++) {
      labelEnds[id] = id * 4;
      for (int b = (id - 1) * 4; b < id * 4; b++) {
        labelBytes[b] = (byte) ('a' + (id + b) % 26);
      }
    }
    return new IndexContent(starts, ends, ids, n, labelEnds, labelBytes, 0, 0);
  }
}
