package org.ipjoin.index.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.load.ReadPath;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Ipv4Lookup#matchAll} answers every key of a batch as {@link Ipv4Lookup#match} does, and
 * both answer as a binary search over the test's own sorted arrays: for exact, range and labelled
 * lists of many shapes, loaded from a real index file on the heap ({@code nio}) and from a mapping
 * ({@code mmap-direct}), and built straight over heap and direct-buffer columns; in batches of
 * every size around the interleaved group ({@link Ipv4IntervalIndex#GROUP}), with the caller's arrays
 * longer than the batch.
 */
class MatchAllTest {

  /** Batch sizes: none, one, around the group and twice it, odd sizes, and longer than the list. */
  private static final int[] BATCHES = {0, 1, 2, Ipv4IntervalIndex.GROUP - 1, Ipv4IntervalIndex.GROUP,
      Ipv4IntervalIndex.GROUP + 1, 2 * Ipv4IntervalIndex.GROUP + 3, 37, 255, 1001, 4096};
  private static final int UNTOUCHED = 0x5EED;

  @TempDir Path dir;

  @ParameterizedTest(name = "{0} {1} intervals, labels {2}")
  @CsvSource({
      "exact, 0, false", "exact, 1, false", "exact, 3, false", "exact, 17, false",
      "exact, 5000, false", "exact, 60000, false", "exact, 5000, true",
      "edges, 2, false", "edges, 40, true", "edgeRanges, 1, false", "edgeRanges, 40, true",
      "adjacent, 1, false", "adjacent, 3000, false", "adjacent, 30000, true",
      "gaps, 3000, false", "gaps, 40000, true",
      "wide, 1, true", "wide, 30, true", "wide, 5000, false",
      "clustered, 30000, false", "clustered, 30000, true", "clusteredExact, 30000, false"})
  void batchesAnswerAsSingleLookupsAndAsABinarySearch(String shape, int n, boolean labels)
      throws IOException {
    SplittableRandom random = new SplittableRandom(shape.hashCode() * 31L + n + (labels ? 7 : 0));
    Listed list = Listed.of(shape, n, labels, random);
    int[] probes = list.probes(random);

    Path file = dir.resolve("list.ipidx");
    try (OutputStream out = Files.newOutputStream(file)) {
      IndexWriter.write(list.content(), out);
    }
    for (ReadPath path : new ReadPath[] {ReadPath.NIO, ReadPath.MMAP_DIRECT}) {
      assertAgrees(list, path.loader().load(file, true).index(), probes, path.externalName());
    }
    for (boolean mapped : new boolean[] {false, true}) {
      assertAgrees(list, list.direct(mapped), probes, mapped ? "direct buffer" : "heap array");
    }
  }

  private static void assertAgrees(Listed list, Ipv4Lookup index, int[] probes, String where) {
    int[] expected = Arrays.stream(probes).map(list::expected).toArray();
    for (int i = 0; i < probes.length; i++) {
      int single = index.match(probes[i]);
      if (single != expected[i]) {
        throw new AssertionError(where + ": match(" + probes[i] + ") should be " + expected[i]
            + ", is " + single);
      }
    }
    for (int batch : BATCHES) {
      for (int at = 0; at == 0 || at < probes.length; at += Math.max(batch, 1)) {
        int count = Math.min(batch, probes.length - at);
        // The caller's arrays are longer than the batch: the keys past it are not looked up and
        // the ids past it are left as they were.
        int[] keys = new int[count + 3];
        System.arraycopy(probes, at, keys, 0, count);
        Arrays.fill(keys, count, keys.length, probes.length == 0 ? 0 : probes[0]);
        int[] ids = new int[count + 3];
        Arrays.fill(ids, UNTOUCHED);
        index.matchAll(keys, count, ids);
        for (int j = 0; j < count; j++) {
          if (ids[j] != expected[at + j]) {
            throw new AssertionError(where + ", batch " + batch + ": key " + keys[j] + " (#" + j
                + ") should be " + expected[at + j] + ", is " + ids[j]);
          }
        }
        for (int j = count; j < ids.length; j++) {
          assertEquals(UNTOUCHED, ids[j], where + ", batch " + batch + ": id past the batch");
        }
      }
    }
    for (int i = 0; i < probes.length; i++) {
      if (expected[i] >= 0) {
        assertEquals(list.labelIds == null ? 0 : list.labelIds[expected[i]],
            index.labelId(expected[i]), where + ": label of " + expected[i]);
      }
    }
  }

  /** A list the test makes and answers itself: sorted starts, their ends, label ids. */
  private static final class Listed {
    final int[] starts;
    /** Null for an exact list. */
    final int[] ends;
    final int[] labelIds;
    final int labelCount;

    private Listed(int[] starts, int[] ends, int[] labelIds, int labelCount) {
      this.starts = starts;
      this.ends = ends;
      this.labelIds = labelIds;
      this.labelCount = labelCount;
    }

    static Listed of(String shape, int n, boolean labels, SplittableRandom random) {
      int[] starts;
      int[] ends;
      switch (shape) {
        case "exact" -> {
          starts = distinct(random, n, Integer.MIN_VALUE, Integer.MAX_VALUE);
          ends = null;
        }
        case "clusteredExact" -> {
          starts = clustered(random, n);
          ends = null;
        }
        case "edges" -> {
          // 0.0.0.0 and 255.255.255.255 are listed: the first and last key.
          starts = distinct(random, n, Integer.MIN_VALUE, Integer.MAX_VALUE);
          starts[0] = Integer.MIN_VALUE;
          starts[n - 1] = Integer.MAX_VALUE;
          ends = null;
        }
        case "edgeRanges" -> {
          // The first range starts at 0.0.0.0, the last ends at 255.255.255.255.
          starts = distinct(random, n, Integer.MIN_VALUE, Integer.MAX_VALUE);
          starts[0] = Integer.MIN_VALUE;
          ends = widths(random, starts, 1 << 20, true);
          ends[n - 1] = Integer.MAX_VALUE;
        }
        case "adjacent" -> {
          // Each range ends where the next begins, so the list covers one long run of addresses.
          starts = distinct(random, n, -5_000_000, 5_000_000);
          ends = new int[n];
          for (int i = 0; i < n; i++) {
            ends[i] = i + 1 < n ? starts[i + 1] - 1 : starts[i] + random.nextInt(1000);
          }
        }
        case "gaps" -> {
          starts = distinct(random, n, Integer.MIN_VALUE, Integer.MAX_VALUE - 5000);
          ends = widths(random, starts, 5000, false);
        }
        case "wide" -> {
          // Ranges over many directory buckets: the buckets inside are empty, and a key in them
          // is held by a range starting in an earlier bucket.
          starts = distinct(random, n, Integer.MIN_VALUE, Integer.MAX_VALUE);
          ends = widths(random, starts, Integer.MAX_VALUE, true);
        }
        case "clustered" -> {
          starts = clustered(random, n);
          ends = widths(random, starts, 50, false);
        }
        default -> throw new IllegalArgumentException(shape);
      }
      int labelCount = labels ? 1 + random.nextInt(40) : 0;
      int[] ids = labels ? IntStream.range(0, starts.length)
          .map(i -> random.nextInt(labelCount + 1)).toArray() : null;
      return new Listed(starts, ends, ids, labelCount);
    }

    /** n distinct sorted keys in [lo, hi]. */
    private static int[] distinct(SplittableRandom random, int n, int lo, int hi) {
      TreeSet<Integer> set = new TreeSet<>();
      while (set.size() < n) {
        set.add((int) random.nextLong(lo, (long) hi + 1));
      }
      return set.stream().mapToInt(Integer::intValue).toArray();
    }

    /** n distinct keys in a few /20 blocks: dense buckets, long scans, empty buckets between. */
    private static int[] clustered(SplittableRandom random, int n) {
      int[] blocks = random.ints(6).map(b -> b & 0xFFFFF000).toArray();
      TreeSet<Integer> set = new TreeSet<>();
      while (set.size() < n) {
        set.add(blocks[random.nextInt(blocks.length)] + random.nextInt(1 << 14));
      }
      return set.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Ends for sorted starts: random widths below {@code max}, never reaching the next start. */
    private static int[] widths(SplittableRandom random, int[] starts, int max, boolean touch) {
      int[] ends = new int[starts.length];
      for (int i = 0; i < starts.length; i++) {
        long room = (i + 1 < starts.length ? (long) starts[i + 1] - 1 : Integer.MAX_VALUE) - starts[i];
        long width = touch && random.nextInt(4) == 0 ? room : random.nextLong(Math.min(room, max) + 1);
        ends[i] = (int) (starts[i] + width);
      }
      return ends;
    }

    /** The interval holding {@code key}: binary search for the last start at or before it. */
    int expected(int key) {
      int at = Arrays.binarySearch(starts, key);
      if (at >= 0) {
        return at;
      }
      int before = -at - 2;
      return ends != null && before >= 0 && key <= ends[before] ? before : Ipv4Lookup.NO_MATCH;
    }

    /** Every start and end with its neighbours, the ends of the space, and random keys, mixed. */
    int[] probes(SplittableRandom random) {
      IntStream.Builder b = IntStream.builder();
      b.add(Integer.MIN_VALUE).add(Integer.MIN_VALUE + 1).add(Integer.MAX_VALUE)
          .add(Integer.MAX_VALUE - 1).add(0).add(-1);
      for (int i = 0; i < starts.length; i++) {
        int end = ends == null ? starts[i] : ends[i];
        b.add(starts[i]).add(starts[i] - 1).add(end).add(end + 1)
            .add(starts[i] + (int) (((long) end - starts[i]) / 2));
      }
      for (int i = 0; i < 20_000; i++) {
        b.add(random.nextInt());
      }
      int[] probes = b.build().toArray();
      for (int i = probes.length - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int t = probes[i];
        probes[i] = probes[j];
        probes[j] = t;
      }
      return probes;
    }

    IndexContent content() {
      if (labelIds == null) {
        return new IndexContent(starts, ends, null, starts.length, null, null, 0, 0);
      }
      StringBuilder all = new StringBuilder();
      int[] labelEnds = new int[labelCount + 1];
      for (int id = 1; id <= labelCount; id++) {
        all.append("label-").append(id);
        labelEnds[id] = all.length();
      }
      return new IndexContent(starts, ends, labelIds, starts.length, labelEnds,
          all.toString().getBytes(StandardCharsets.US_ASCII), 0, 0);
    }

    /** The lookup built straight over columns on the heap or in a direct buffer. */
    Ipv4Lookup direct(boolean mapped) {
      Ipv4IntervalIndex plain = (Ipv4IntervalIndex) Intervals.index(starts, ends, mapped);
      if (labelIds == null) {
        return plain;
      }
      return new Ipv4IntervalIndex(Intervals.column(starts, mapped),
          ends == null ? null : Intervals.column(ends, mapped), Intervals.column(labelIds, mapped),
          LabelDictionary.NONE, org.ipjoin.index.format.Ipv4LookupDirectory.of(starts, starts.length),
          org.ipjoin.index.format.IndexByteMap.directoryBitsFor(starts.length));
    }
  }
}
