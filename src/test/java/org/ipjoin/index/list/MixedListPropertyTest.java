package org.ipjoin.index.list;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.ipjoin.testing.ListOracle;
import org.ipjoin.testing.RandomMixedList;
import org.junit.jupiter.api.Test;

/**
 * Random lists mixing IPv4 and IPv6 entries ({@link RandomMixedList}), written as text in every
 * syntax, parsed and normalised, against the brute-force oracle: the answer for every probed
 * address of both families, the exact intervals, and every statistic by family, under both
 * policies. The IPv6 windows sit where 128-bit arithmetic breaks (the carry between the halves,
 * the sign bits of the key halves, {@code ::} and the last address), and a quarter of the lists
 * write their IPv4 entries IPv4-mapped.
 */
class MixedListPropertyTest {

  private static final int SEEDS = 200;

  @Test
  void normaliserAgreesWithABruteForceOracleForBothFamilies() {
    for (int seed = 0; seed < SEEDS; seed++) {
      RandomMixedList random = RandomMixedList.generate(seed);
      for (OverlapPolicy policy : OverlapPolicy.values()) {
        String context = "seed " + seed + " " + policy + ", lines:\n"
            + String.join("\n", random.lines());
        NormalisedList list = IntervalNormaliser.normalise(
            Lists.entries(LabelColumn.DEFAULT, random.lines()), policy);
        Lists.checkShape(list);
        for (BigInteger probe : random.probes(false)) {
          int key = (int) (probe.longValue() ^ 0x8000_0000L);
          assertEquals(random.answer(false, probe, policy), Lists.answer(list, key),
              () -> context + "\nIPv4 " + RandomMixedList.dotted(probe.longValue()));
        }
        for (BigInteger probe : random.probes(true)) {
          long hiKey = probe.shiftRight(64).longValue() ^ Long.MIN_VALUE;
          long loKey = probe.longValue() ^ Long.MIN_VALUE;
          assertEquals(random.answer(true, probe, policy), Lists.answer6(list, hiKey, loKey),
              () -> context + "\nIPv6 " + RandomMixedList.canonical(probe));
        }
        RandomMixedList.Expected v4 =
            new RandomMixedList.Expected(random.entries(false), policy, false);
        RandomMixedList.Expected v6 =
            new RandomMixedList.Expected(random.entries(true), policy, true);
        assertEquals(v4.intervals, Lists.describe(list), context);
        assertEquals(v6.intervals, Lists.describe6Full(list), context);
        NormaliseStats stats = list.stats();
        check(v4, random.entries(false), stats.v4(), context + "\nIPv4");
        check(v6, random.entries(true), stats.v6(), context + "\nIPv6");
        List<Object[]> conflicts = new ArrayList<>(v4.conflictExamples);
        conflicts.addAll(v6.conflictExamples);
        conflicts.sort(Comparator.comparingLong(c -> (Long) c[0]));
        assertEquals(conflicts.stream().limit(IntervalNormaliser.CONFLICT_EXAMPLES)
                .map(c -> (String) c[1]).toList(),
            stats.conflictExamples().stream().map(Object::toString).toList(), context);
        TreeSet<String> used = new TreeSet<>(v4.labelsUsed);
        used.addAll(v6.labelsUsed);
        assertEquals(used.size(), stats.labels(), context);
        assertEquals(used.size(), list.labels().size(), context);
        assertEquals(!used.isEmpty(), list.hasLabels(), context);
        assertEquals(random.entries().stream().map(ListOracle.Entry::label)
            .filter(l -> l != null).distinct().count(), stats.labelsSeen(), context);
        assertEquals(random.entries().size(), stats.entries(), context);
      }
    }
  }

  private static void check(RandomMixedList.Expected expected, List<ListOracle.Entry> entries,
      NormaliseStats.Family actual, String context) {
    assertEquals(expected.exact, actual.exactAddresses(), context);
    assertEquals(expected.intervals.size(), actual.intervals(), context);
    assertEquals(expected.duplicates, actual.duplicates(), context);
    assertEquals(expected.conflicts, actual.labelConflicts(), context);
    assertEquals(expected.overlapped, actual.overlapped(), context);
    assertEquals(expected.shadowed, actual.shadowed(), context);
    assertEquals(expected.merges, actual.merges(), context);
    assertEquals(entries.size(), actual.entries(), context);
  }
}
