package org.ipjoin.index.list;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.List;
import java.util.SplittableRandom;
import org.ipjoin.testing.ListOracle.Entry;
import org.ipjoin.testing.RandomMixedList;
import org.junit.jupiter.api.Test;

/**
 * Random lists, dense in a small window of addresses so that entries overlap often, written as
 * text in every syntax ({@link RandomMixedList#ipv4}), parsed and normalised, against a
 * brute-force scan of the entries ({@link org.ipjoin.testing.ListOracle}): for every address of
 * the window and around it, and for every elementary segment of the whole address space (which
 * gives the expected interval list and statistics).
 */
class IntervalNormaliserPropertyTest {

  private static final int SEEDS = 300;
  private static final int WINDOW = 1024;

  @Test
  void normaliserAgreesWithABruteForceScanUnderBothPolicies() {
    for (int seed = 0; seed < SEEDS; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      long base = windowBase(seed, random);
      boolean exactOnly = seed % 5 == 0;
      boolean unlabelled = seed % 7 == 0;
      RandomMixedList generated = RandomMixedList.ipv4(random, base, exactOnly, unlabelled);
      List<String> lines = generated.lines();
      List<Entry> entries = generated.entries();
      for (OverlapPolicy policy : OverlapPolicy.values()) {
        String context = "seed " + seed + " " + policy + ", lines:\n" + String.join("\n", lines);
        NormalisedList list = IntervalNormaliser.normalise(
            Lists.entries(LabelColumn.DEFAULT, lines), policy);
        Lists.checkShape(list);
        for (long a = Math.max(0, base - 2); a <= Math.min(0xFFFF_FFFFL, base + WINDOW + 1); a++) {
          long address = a;
          assertEquals(generated.answer(false, BigInteger.valueOf(a), policy),
              Lists.answer(list, key(a)), () -> context + "\naddress " + address);
        }
        for (long edge : new long[] {0, 1, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFEL, 0xFFFF_FFFFL}) {
          assertEquals(generated.answer(false, BigInteger.valueOf(edge), policy),
              Lists.answer(list, key(edge)), () -> context + "\naddress " + edge);
        }
        RandomMixedList.Expected expected = new RandomMixedList.Expected(entries, policy, false);
        assertEquals(expected.intervals, Lists.describe(list), context);
        NormaliseStats stats = list.stats();
        assertEquals(expected.exact, list.isExactAddresses(), context);
        assertEquals(expected.duplicates, stats.duplicates(), context);
        assertEquals(expected.conflicts, stats.labelConflicts(), context);
        assertEquals(expected.conflictExamples.stream().limit(IntervalNormaliser.CONFLICT_EXAMPLES)
                .map(example -> (String) example[1]).toList(),
            stats.conflictExamples().stream().map(Object::toString).toList(), context);
        assertEquals(expected.overlapped, stats.overlapped(), context);
        assertEquals(expected.shadowed, stats.shadowed(), context);
        assertEquals(expected.merges, stats.merges(), context);
        assertEquals(expected.labelsUsed.size(), stats.labels(), context);
        assertEquals(expected.labelsUsed.size(), list.labels().size(), context);
        assertEquals(entries.stream().map(Entry::label).filter(l -> l != null).distinct().count(),
            stats.labelsSeen(), context);
        assertEquals(entries.size(), stats.entries(), context);
      }
    }
  }

  /** Mostly mid-space windows, some at the bottom, the sign boundary of keys, and the top. */
  private static long windowBase(int seed, SplittableRandom random) {
    switch (seed % 6) {
      case 1:
        return 0;
      case 2:
        return 0x8000_0000L - WINDOW / 2;
      case 3:
        return 0x1_0000_0000L - WINDOW;
      default:
        return random.nextLong(0x1_0000_0000L - WINDOW) & ~0x3FFL;
    }
  }

  private static int key(long address) {
    return (int) (address ^ 0x8000_0000L);
  }
}
