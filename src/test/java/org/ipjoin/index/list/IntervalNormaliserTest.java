package org.ipjoin.index.list;

import static org.ipjoin.index.list.Lists.describe;
import static org.ipjoin.index.list.Lists.normalise;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class IntervalNormaliserTest {

  private static final OverlapPolicy LONGEST = OverlapPolicy.LONGEST;
  private static final OverlapPolicy FIRST = OverlapPolicy.FIRST;

  @Test
  void longestLetsAnExceptionInsideABlockAnswer() {
    NormalisedList list = normalise(LONGEST, "10.0.0.0/8\tcorp", "10.1.0.0/16\tlab");
    assertEquals(List.of("10.0.0.0-10.0.255.255 corp", "10.1.0.0-10.1.255.255 lab",
        "10.2.0.0-10.255.255.255 corp"), describe(list));
    NormaliseStats s = list.stats();
    assertEquals(1, s.overlapped(), "the /8 lost the /16");
    assertEquals(0, s.shadowed());
    assertEquals(0, s.merges());
    assertEquals(3, s.intervals());
    assertEquals(2, s.labels());
    assertFalse(list.isExactAddresses());
    Lists.checkShape(list);
  }

  @Test
  void firstLetsTheEarliestLineAnswer() {
    NormalisedList list = normalise(FIRST, "10.0.0.0/8\tcorp", "10.1.0.0/16\tlab");
    assertEquals(List.of("10.0.0.0-10.255.255.255 corp"), describe(list));
    assertEquals(1, list.stats().overlapped());
    assertEquals(1, list.stats().shadowed(), "the /16 answers for nothing");
    assertEquals(1, list.stats().labels(), "'lab' is dropped from the dictionary");
    assertEquals(2, list.stats().labelsSeen());
    assertEquals("corp", list.labels().label(1));

    NormalisedList later = normalise(FIRST, "10.1.0.0/16\tlab", "10.0.0.0/8\tcorp");
    assertEquals(List.of("10.0.0.0-10.0.255.255 corp", "10.1.0.0-10.1.255.255 lab",
        "10.2.0.0-10.255.255.255 corp"), describe(later));
    assertEquals("lab", later.labels().label(1), "ids in first-seen order");
    assertEquals("corp", later.labels().label(2));
  }

  @Test
  void equalSizesGoToTheEarlierLineUnderLongest() {
    NormalisedList list = normalise(LONGEST, "1.2.3.0-1.2.3.9\ta", "1.2.3.5-1.2.3.14\tb");
    assertEquals(List.of("1.2.3.0-1.2.3.9 a", "1.2.3.10-1.2.3.14 b"), describe(list));
  }

  @Test
  void adjacentAndOverlappingPiecesWithTheSameLabelBecomeOne() {
    NormalisedList list = normalise(LONGEST, "1.2.3.0/25\tx", "1.2.3.128/25\tx",
        "1.2.4.0-1.2.4.9\ty", "1.2.4.5-1.2.4.20\ty", "1.2.4.21\ty", "1.2.4.22\tz");
    assertEquals(List.of("1.2.3.0-1.2.3.255 x", "1.2.4.0-1.2.4.21 y", "1.2.4.22 z"),
        describe(list));
    assertEquals(3, list.stats().merges(), "x+x, y+y (overlap), y+y (address)");
    Lists.checkShape(list);
  }

  @Test
  void unlabelledEntriesMergeAndCoverOnlyWhatIsListed() {
    NormalisedList list = normalise(LONGEST, "10.0.0.0/24", "10.0.0.200-10.0.1.5", "10.0.1.6",
        "10.0.3.0/24");
    assertEquals(List.of("10.0.0.0-10.0.1.6", "10.0.3.0-10.0.3.255"), describe(list));
    assertFalse(list.hasLabels());
    assertNull(list.labelIds());
    assertEquals(2, list.stats().merges());
    assertEquals(1, list.stats().overlapped(), "the /24 lost 10.0.0.200-255 to the smaller range");
  }

  @Test
  void differentLabelsStaySeparateAndNoLabelIsALabelOfItsOwn() {
    NormalisedList list = normalise(LONGEST, "10.0.0.0/8", "10.1.0.0/16\tlab",
        "10.1.0.0/24\tlab");
    assertEquals(List.of("10.0.0.0-10.0.255.255", "10.1.0.0-10.1.255.255 lab",
        "10.2.0.0-10.255.255.255"), describe(list));
    assertEquals(0, list.labelId(0));
    assertEquals(1, list.labelId(1));
    assertEquals(1, list.stats().merges(), "the /24 and the rest of the /16");
    assertEquals(2, list.stats().overlapped(), "/8 and /16 each lost to a smaller block");
  }

  @Test
  void anExactAddressListStaysOneIntervalPerDistinctAddress() {
    NormalisedList list = normalise(LONGEST, "1.2.3.5", "1.2.3.4", "# comment", "1.2.3.4",
        "1.2.3.6/32", "1.2.3.7-1.2.3.7");
    assertEquals(List.of("1.2.3.4", "1.2.3.5", "1.2.3.6", "1.2.3.7"), describe(list),
        "adjacent addresses are not merged into a range");
    assertTrue(list.isExactAddresses());
    assertSame(list.starts(), list.ends());
    NormaliseStats s = list.stats();
    assertEquals(3, s.addresses());
    assertEquals(1, s.blocks());
    assertEquals(1, s.ranges());
    assertEquals(1, s.duplicates());
    assertEquals(1, s.overlapped());
    assertEquals(1, s.shadowed());
    assertEquals(0, s.merges());
    assertEquals(4, s.intervals());
    Lists.checkShape(list);
  }

  @Test
  void oneWiderEntryMakesTheWholeListIntervals() {
    NormalisedList list = normalise(LONGEST, "1.2.3.4", "1.2.3.5", "1.2.3.6-1.2.3.7");
    assertEquals(List.of("1.2.3.4-1.2.3.7"), describe(list));
    assertFalse(list.isExactAddresses());
  }

  @Test
  void labelledExactAddressesKeepTheFirstLinesLabel() {
    for (OverlapPolicy policy : OverlapPolicy.values()) {
      NormalisedList list = normalise(policy, "9.9.9.9\tz", "1.2.3.4\ta", "1.2.3.4\tb",
          "1.2.3.4\ta", "1.2.3.4", "2.2.2.2\tb");
      assertEquals(List.of("1.2.3.4 a", "2.2.2.2 b", "9.9.9.9 z"), describe(list));
      NormaliseStats s = list.stats();
      assertEquals(1, s.duplicates());
      assertEquals(2, s.labelConflicts());
      assertEquals(List.of("1.2.3.4: line 2 'a' kept, line 3 'b' ignored",
          "1.2.3.4: line 2 'a' kept, line 5 (no label) ignored"),
          s.conflictExamples().stream().map(Object::toString).toList());
      assertEquals(3, s.overlapped());
      assertEquals("z", list.labels().label(1));
      assertEquals("a", list.labels().label(2));
      assertEquals("b", list.labels().label(3));
    }
  }

  @Test
  void identicalRangesWithDifferentLabelsGoToTheFirstLineUnderBothPolicies() {
    for (OverlapPolicy policy : OverlapPolicy.values()) {
      NormalisedList list = normalise(policy, "10.0.0.0/8\tcorp", "1.0.0.0/8\tx",
          "10.0.0.0-10.255.255.255\tlab", "10.0.0.0,10.255.255.255,corp", "1.0.0.0/8");
      assertEquals(List.of("1.0.0.0-1.255.255.255 x", "10.0.0.0-10.255.255.255 corp"),
          describe(list), policy.toString());
      NormaliseStats s = list.stats();
      assertEquals(1, s.duplicates());
      assertEquals(2, s.labelConflicts());
      assertEquals(List.of(
          "10.0.0.0-10.255.255.255: line 1 'corp' kept, line 3 'lab' ignored",
          "1.0.0.0-1.255.255.255: line 2 'x' kept, line 5 (no label) ignored"),
          s.conflictExamples().stream().map(Object::toString).toList());
      assertEquals(3, s.blocks());
      assertEquals(2, s.ranges());
      assertEquals(3, s.shadowed());
    }
  }

  @Test
  void conflictExamplesAreTheEarliestLinesInLineOrder() {
    String[] lines = new String[20];
    for (int i = 0; i < 10; i++) {
      lines[i] = "10." + (9 - i) + ".0.0/16\ta";
      lines[10 + i] = "10." + (9 - i) + ".0.0/16\tb";
    }
    NormaliseStats s = normalise(LONGEST, lines).stats();
    assertEquals(10, s.labelConflicts());
    assertEquals(IntervalNormaliser.CONFLICT_EXAMPLES, s.conflictExamples().size());
    for (int k = 0; k < IntervalNormaliser.CONFLICT_EXAMPLES; k++) {
      LabelConflict c = s.conflictExamples().get(k);
      assertEquals(11 + k, c.ignoredLine());
      assertEquals(1 + k, c.keptLine());
      assertEquals("10." + (9 - k) + ".0.0-10." + (9 - k) + ".255.255", c.range());
    }
  }

  @Test
  void theWholeAddressSpaceAndItsEdges() {
    NormalisedList list = normalise(LONGEST, "0.0.0.0/0\tall", "255.255.255.255\ttop",
        "0.0.0.0\tbottom", "127.255.255.255-128.0.0.0\tmiddle");
    assertEquals(List.of("0.0.0.0 bottom", "0.0.0.1-127.255.255.254 all",
        "127.255.255.255-128.0.0.0 middle", "128.0.0.1-255.255.255.254 all",
        "255.255.255.255 top"), describe(list));
    NormalisedList first = normalise(FIRST, "0.0.0.0/0\tall", "255.255.255.255\ttop");
    assertEquals(List.of("0.0.0.0-255.255.255.255 all"), describe(first));
    NormalisedList last = normalise(LONGEST, "255.255.255.0-255.255.255.255", "255.255.255.255");
    assertEquals(List.of("255.255.255.0-255.255.255.255"), describe(last));
  }

  /** An IPv6 key of the address {@code (hi, lo)} given as unsigned halves. */
  private static long[] key6(long hi, long lo) {
    return new long[] {hi ^ Long.MIN_VALUE, lo ^ Long.MIN_VALUE};
  }

  private static void add6(ListEntries entries, LineKind kind, long[] start, long[] end,
      String label, long line) {
    int id = label == null ? 0 : entries.labels().idOf(label);
    entries.add6(kind, start[0], start[1], end[0], end[1], id, line);
  }

  @Test
  void ipv6SizesAreComparedInFull128Bits() {
    // a: 2^64 addresses; b: 2^64 + 1. Sizes cut to 64 bits would make b the smaller one.
    ListEntries entries = new ListEntries();
    add6(entries, LineKind.CIDR, key6(1, 0), key6(1, -1), "a", 1);
    add6(entries, LineKind.RANGE, key6(1, 0), key6(2, 0), "b", 2);
    NormalisedList list = IntervalNormaliser.normalise(entries, LONGEST);
    assertEquals(List.of(
        "0000:0000:0000:0001:0000:0000:0000:0000-0000:0000:0000:0001:ffff:ffff:ffff:ffff a",
        "0000:0000:0000:0002:0000:0000:0000:0000 b"), Lists.describe6Full(list));
    assertEquals(1, list.stats().v6().overlapped());
    assertEquals(0, list.stats().v6().shadowed());
  }

  @Test
  void ipv6PiecesAcrossTheCarryBetweenHalvesAndAtTheTop() {
    ListEntries entries = new ListEntries();
    // A range across the carry from lo into hi, split by a one-address entry just before it.
    add6(entries, LineKind.RANGE, key6(5, -16), key6(6, 15), "r", 1);
    add6(entries, LineKind.ADDRESS, key6(5, -1), key6(5, -1), "x", 2);
    // The last address of the space, and a block ending there.
    add6(entries, LineKind.CIDR, key6(-1, 0), key6(-1, -1), "top", 3);
    add6(entries, LineKind.ADDRESS, key6(-1, -1), key6(-1, -1), null, 4);
    NormalisedList list = IntervalNormaliser.normalise(entries, LONGEST);
    assertEquals(List.of(
        "0000:0000:0000:0005:ffff:ffff:ffff:fff0-0000:0000:0000:0005:ffff:ffff:ffff:fffe r",
        "0000:0000:0000:0005:ffff:ffff:ffff:ffff x",
        "0000:0000:0000:0006:0000:0000:0000:0000-0000:0000:0000:0006:0000:0000:0000:000f r",
        "ffff:ffff:ffff:ffff:0000:0000:0000:0000-ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe top",
        "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"), Lists.describe6Full(list));
    assertEquals(0, list.stats().v6().merges(), "pieces of one entry split by another");
    Lists.checkShape(list);
  }

  @Test
  void bothFamiliesShareOneDictionaryAndConflictsComeInLineOrder() {
    NormalisedList list = normalise(LONGEST, "2001:db8::/32\tv6", "10.0.0.0/8\tv4",
        "2001:db8::/32\tother", "10.0.0.0/8\tv6", "1.2.3.4\tunused-v4",
        "1.2.3.4\tv4");
    assertEquals(List.of("1.2.3.4 unused-v4", "10.0.0.0-10.255.255.255 v4"), describe(list));
    assertEquals(List.of("2001:0db8:0000:0000:0000:0000:0000:0000-2001:0db8:ffff:ffff:ffff:ffff:ffff:ffff v6"),
        Lists.describe6Full(list));
    assertEquals(List.of(
        "2001:db8::-2001:db8:ffff:ffff:ffff:ffff:ffff:ffff: line 1 'v6' kept, line 3 'other' ignored",
        "10.0.0.0-10.255.255.255: line 2 'v4' kept, line 4 'v6' ignored",
        "1.2.3.4: line 5 'unused-v4' kept, line 6 'v4' ignored"),
        list.stats().conflictExamples().stream().map(Object::toString).toList());
    assertEquals(3, list.stats().labels(), "'other' answers for nothing");
    assertEquals(4, list.stats().labelsSeen());
    assertEquals(1, list.stats().v6().labelConflicts());
    assertEquals(2, list.stats().v4().labelConflicts());
  }

  @Test
  void ipv6LabelsAloneGiveIpv4LabelIdsToo() {
    NormalisedList list = normalise(LONGEST, "10.0.0.1", "10.0.0.2", "::1\tloopback");
    assertTrue(list.hasLabels());
    assertTrue(list.isExactAddresses());
    assertEquals(2, list.size());
    assertEquals(0, list.labelId(0));
    assertEquals(0, list.labelId(1));
    assertEquals(1, list.v6().labelId(0));
    assertTrue(list.v6().exact());
    assertEquals("loopback", list.labels().label(1));
  }

  @Test
  void anEmptyListIsEmpty() {
    NormalisedList list = normalise(LONGEST, "# nothing");
    assertEquals(0, list.size());
    assertTrue(list.isExactAddresses());
    assertEquals(0, list.stats().entries());
    assertEquals(0, list.labels().size());
  }

  @Test
  void entriesAreConsumed() {
    ListEntries entries = new ListEntries();
    entries.add(LineKind.ADDRESS, 1, 1, 0, 1);
    IntervalNormaliser.normalise(entries, LONGEST);
    assertEquals("these entries were normalised already", assertThrows(IllegalStateException.class,
        () -> entries.add(LineKind.ADDRESS, 2, 2, 0, 2)).getMessage());
    assertThrows(IllegalStateException.class, () -> IntervalNormaliser.normalise(entries, FIRST));
  }

  @Test
  void entriesRejectWhatIsNotAnEntry() {
    ListEntries entries = new ListEntries();
    assertThrows(IllegalArgumentException.class, () -> entries.add(LineKind.BLANK, 1, 1, 0, 1));
    assertThrows(IllegalArgumentException.class,
        () -> entries.add6(LineKind.RANGE, 0, 2, 0, 1, 0, 1));
    assertThrows(IllegalArgumentException.class,
        () -> entries.add6(LineKind.RANGE, 1, 0, 0, 5, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> entries.add(LineKind.RANGE, 2, 1, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> entries.add(LineKind.RANGE, 1, 2, 1, 1),
        "label id 1 does not exist yet");
  }

  @Test
  void policyOptionValues() {
    assertEquals(LONGEST, OverlapPolicy.parse("longest"));
    assertEquals(FIRST, OverlapPolicy.parse("first"));
    assertEquals("longest", LONGEST.optionValue());
    // Option keywords are read in any case, as every option keyword of ipjoin.
    assertEquals(LONGEST, OverlapPolicy.parse("LONGEST"));
    assertEquals(FIRST, OverlapPolicy.parse("First"));
    assertEquals("overlap policy must be 'longest' or 'first': 'largest'",
        assertThrows(IllegalArgumentException.class, () -> OverlapPolicy.parse("largest"))
            .getMessage());
  }
}
