package org.ipjoin.index.lookup;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.ipjoin.index.V6Intervals;
import org.ipjoin.index.format.Ipv4LookupDirectory;
import org.ipjoin.index.format.Ipv6LookupDirectory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A file may store a lookup directory of any 2^bits + 1 entries, bits 4 .. 22 (readers take every
 * size, whichever rule wrote it), so the lookups must answer right over each: with few bits a
 * bucket holds many starts (a clustered list of 30,000 keys in one /16 is one bucket of a /4
 * directory), and the interpolation steps, the scan and the binary search behind them must find
 * the same interval as a binary search over the starts ({@link Intervals#expected}), one probe at a
 * time ({@code match}) and batched ({@code matchAll}, whose second interpolation step scales by
 * the directory's width); the IPv6 lookup likewise against {@link V6Intervals}'s own search.
 */
class EveryDirectorySizeLookupTest {

  private static final int MIN_BITS = 4;
  private static final int MAX_BITS = 22;

  /** Uniform keys, a cluster inside one /16, and the extreme keys with a few neighbours. */
  private static int[][] lists() {
    SplittableRandom random = new SplittableRandom(41);
    int[] uniform = IntStream.concat(random.ints(30_000),
        IntStream.of(Integer.MIN_VALUE, Integer.MAX_VALUE)).sorted().distinct().toArray();
    int base = 0x0A0B0000 ^ Integer.MIN_VALUE; // 10.11.0.0 as a key
    int[] cluster = random.ints(30_000, 0, 1 << 16).map(i -> base + i).sorted().distinct().toArray();
    int[] extremes = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, Integer.MIN_VALUE + 5, -1, 0,
        Integer.MAX_VALUE - 2, Integer.MAX_VALUE};
    return new int[][] {uniform, cluster, extremes};
  }

  @ParameterizedTest
  @EnumSource(Intervals.Variant.class)
  void ipv4AnswersAlikeOverEveryDirectorySize(Intervals.Variant v) {
    int seed = 0;
    for (int[] keys : lists()) {
      Intervals list = Intervals.of(keys, v, ++seed);
      int[] probes = probes(list, seed);
      IntColumn starts = Intervals.column(list.starts, v.mapped);
      IntColumn ends = v.ranges ? Intervals.column(list.ends, v.mapped) : null;
      for (int bits = MIN_BITS; bits <= MAX_BITS; bits++) {
        Ipv4IntervalIndex index = new Ipv4IntervalIndex(starts, ends, null, LabelDictionary.NONE,
            Ipv4LookupDirectory.of(list.starts, keys.length, bits), bits);
        int[] batched = new int[probes.length];
        index.matchAll(probes, probes.length, batched);
        for (int i = 0; i < probes.length; i++) {
          int probe = probes[i];
          int expected = list.expected(probe);
          int actual = index.match(probe);
          if (actual != expected || batched[i] != expected) {
            throw new AssertionError("/" + bits + ", " + keys.length + " intervals: key " + probe
                + " should be " + expected + ", match says " + actual + ", matchAll "
                + batched[i]);
          }
        }
      }
    }
  }

  /** Each start and end and their neighbours, and random keys. */
  private static int[] probes(Intervals list, long seed) {
    IntStream.Builder b = IntStream.builder();
    for (int i = 0; i < list.starts.length; i++) {
      b.add(list.starts[i]).add(list.starts[i] - 1).add(list.starts[i] + 1);
      b.add(list.ends[i]).add(list.ends[i] + 1);
    }
    new SplittableRandom(seed).ints(5000).forEach(b::add);
    return b.build().toArray();
  }

  @ParameterizedTest
  @EnumSource(value = Intervals.Variant.class, names = {"EXACT_HEAP", "RANGES_MAPPED"})
  void ipv6AnswersAlikeOverEveryDirectorySize(Intervals.Variant v) {
    for (int n : new int[] {1, 3, 5000}) {
      V6Intervals list = V6Intervals.random(new SplittableRandom(n), n, v.ranges, true, 9);
      long[] probes = list.probes(new SplittableRandom(n + 1), 3000);
      int[] expected = list.expected(probes);
      long[] starts = list.content.starts();
      long[] ends = list.content.ends();
      LongColumn startColumn = Ipv6IntervalIndexTest.column(starts, v.mapped);
      LongColumn endColumn = ends == null ? null : Ipv6IntervalIndexTest.column(ends, v.mapped);
      for (int bits = MIN_BITS; bits <= MAX_BITS; bits++) {
        Ipv6IntervalIndex index = new Ipv6IntervalIndex(startColumn, endColumn,
            IntColumn.of(Arrays.copyOf(list.content.labelIds(), list.count)),
            Ipv6LookupDirectory.of(starts, list.count, bits), bits);
        assertNull(list.disagreement(index, probes, expected), "/" + bits + ", " + n + " intervals");
      }
    }
  }
}
