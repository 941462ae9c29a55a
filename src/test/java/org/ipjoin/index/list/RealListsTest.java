package org.ipjoin.index.list;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.ipjoin.RealData;
import org.ipjoin.testing.BlockMerge;
import org.ipjoin.testing.CsvFields;
import org.junit.jupiter.api.Test;

/**
 * Real public lists (src/test/resources/realdata/lists) through parser and normaliser, against
 * an independent reading done here with String code and address arithmetic on longs.
 */
class RealListsTest {

  private static List<String> lines(String file) throws IOException {
    return Files.readAllLines(RealData.file(file), StandardCharsets.UTF_8);
  }

  /** One range of the independent reading; addresses as unsigned values. */
  private record Range(long start, long end, String label, int line) {
    long size() {
      return end - start + 1;
    }
  }

  @Test
  void spamhausDropBlocksWithInlineReferences() throws IOException {
    List<String> lines = lines("lists/spamhaus_drop.txt");
    List<Range> blocks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).trim();
      if (!line.startsWith(";")) {
        blocks.add(block(line.split(";")[0].trim(), i + 1));
      }
    }
    for (OverlapPolicy policy : OverlapPolicy.values()) {
      NormalisedList list = IntervalNormaliser.normalise(
          Lists.entries(LabelColumn.DEFAULT, lines), policy);
      assertEquals(mergedUnlabelled(blocks), Lists.describe(list));
      NormaliseStats s = list.stats();
      assertEquals(blocks.size(), s.blocks());
      assertEquals(0, s.addresses() + s.ranges());
      assertEquals(0, s.labelsSeen(), "the SBL references are inline comments, not labels");
      assertFalse(list.isExactAddresses());
      Lists.checkShape(list);
    }
  }

  /**
   * Spamhaus' IPv6 DROP list: every block parsed, normalised into the intervals an independent
   * reading gives (the JDK's literal parser and BigInteger arithmetic: sort, merge overlapping and
   * touching blocks), under both policies and mixed into the IPv4 DROP list.
   */
  @Test
  void spamhausDropV6Blocks() throws IOException {
    List<String> lines = lines("lists/spamhaus_dropv6.txt");
    List<BigInteger[]> blocks = BlockMerge.ipv6Blocks(lines);
    assertEquals(78, blocks.size(), "the file as documented in realdata/README.md");
    List<String> merged = BlockMerge.mergedIpv6(blocks);
    for (OverlapPolicy policy : OverlapPolicy.values()) {
      NormalisedList list = IntervalNormaliser.normalise(
          Lists.entries(LabelColumn.DEFAULT, lines), policy);
      assertEquals(merged, Lists.describe6Full(list));
      assertEquals(0, list.size());
      NormaliseStats s = list.stats();
      assertEquals(blocks.size(), s.v6().blocks());
      assertEquals(merged.size(), s.v6().intervals());
      assertEquals(0, s.v4().entries());
      assertFalse(list.hasLabels());
      Lists.checkShape(list);
    }
    List<String> v4 = lines("lists/spamhaus_drop.txt");
    long v4Blocks = v4.stream().filter(l -> !l.startsWith(";")).count();
    List<String> both = new ArrayList<>(v4);
    both.addAll(lines);
    NormalisedList mixed = IntervalNormaliser.normalise(
        Lists.entries(LabelColumn.DEFAULT, both), OverlapPolicy.LONGEST);
    assertEquals(merged, Lists.describe6Full(mixed));
    assertEquals(v4Blocks, mixed.stats().v4().blocks());
    assertEquals(v4Blocks + blocks.size(), mixed.stats().blocks());
  }

  @Test
  void cloudProviderBlocks() throws IOException {
    List<String> lines = lines("lists/ipranges_all_ipv4_merged.txt");
    List<Range> blocks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      blocks.add(block(lines.get(i).trim(), i + 1));
    }
    assertEquals(7728, blocks.size());
    NormalisedList list = IntervalNormaliser.normalise(
        Lists.entries(LabelColumn.DEFAULT, lines), OverlapPolicy.LONGEST);
    List<String> expected = mergedUnlabelled(blocks);
    assertEquals(expected, Lists.describe(list));
    assertEquals(7728, list.stats().blocks());
    assertEquals(expected.size(), list.stats().intervals());
    Lists.checkShape(list);
  }

  @Test
  void ipcatDataCentreRangesWithNames() throws IOException {
    List<String> lines = lines("lists/ipcat_datacenters.csv");
    List<Range> ranges = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      List<String> fields = CsvFields.split(lines.get(i));
      ranges.add(new Range(address(fields.get(0)), address(fields.get(1)), fields.get(2), i + 1));
    }
    assertEquals(3429, ranges.size());
    assertEquals("ThePlanet.com Internet Services, Inc.", ranges.stream()
        .filter(r -> r.start == address("64.5.32.0")).findFirst().orElseThrow().label);
    for (OverlapPolicy policy : OverlapPolicy.values()) {
      NormalisedList list = IntervalNormaliser.normalise(
          Lists.entries(LabelColumn.DEFAULT, lines), policy);
      Lists.checkShape(list);
      List<String> expected = segments(ranges, policy);
      assertEquals(expected, Lists.describe(list), policy.toString());
      for (Range r : ranges) {
        long mid = r.start + r.size() / 2;
        for (long a : new long[] {r.start - 1, r.start, mid, r.end, r.end + 1}) {
          if (a >= 0 && a <= 0xFFFF_FFFFL) {
            Range w = winner(ranges, policy, a);
            assertEquals(w == null ? null : w.label, Lists.answer(list, key(a)),
                policy + " " + dotted(a));
          }
        }
      }
      NormaliseStats s = list.stats();
      assertEquals(3429, s.ranges());
      long distinctNames = ranges.stream().map(Range::label).distinct().count();
      assertEquals(distinctNames, s.labelsSeen());
      assertEquals(list.labels().size(), s.labels());
      long identical = 0;
      for (int j = 0; j < ranges.size(); j++) {
        for (int i = 0; i < j; i++) {
          if (ranges.get(i).start == ranges.get(j).start && ranges.get(i).end == ranges.get(j).end) {
            identical++;
            break;
          }
        }
      }
      assertEquals(identical, s.duplicates() + s.labelConflicts());
    }
    // With another column: the URL (field 4).
    NormalisedList urls = IntervalNormaliser.normalise(
        Lists.entries(LabelColumn.column(4), lines), OverlapPolicy.FIRST);
    assertEquals("http://www.amazon.com/aws/", Lists.answer(urls, key(address("3.0.0.0"))));
  }

  @Test
  void ipsumIsAnExactAddressListWithItsCountsAsLabels() throws IOException {
    List<String> lines = lines("lists/ipsum.txt");
    Map<Long, String> first = new LinkedHashMap<>();
    for (String line : lines) {
      if (!line.startsWith("#")) {
        String[] fields = line.split("\t");
        first.putIfAbsent(address(fields[0]), fields[1].trim());
      }
    }
    TreeSet<Long> sorted = new TreeSet<>(first.keySet());
    List<String> expected = new ArrayList<>();
    for (long a : sorted) {
      expected.add(dotted(a) + " " + first.get(a));
    }
    NormalisedList list = IntervalNormaliser.normalise(
        Lists.entries(LabelColumn.DEFAULT, lines), OverlapPolicy.LONGEST);
    assertTrue(list.isExactAddresses());
    assertEquals(expected, Lists.describe(list));
    assertEquals(first.values().stream().distinct().count(), list.labels().size());

    NormalisedList bare = IntervalNormaliser.normalise(
        Lists.entries(LabelColumn.NONE, lines), OverlapPolicy.LONGEST);
    assertFalse(bare.hasLabels());
    assertNull(bare.labelIds());
    assertEquals(sorted.size(), bare.size());
    int i = 0;
    for (long a : sorted) {
      assertEquals(key(a), bare.startKey(i++));
    }
  }

  // Independent reading: String code and long arithmetic.

  private static long address(String dotted) {
    String[] octets = dotted.split("\\.");
    assertEquals(4, octets.length, dotted);
    long a = 0;
    for (String o : octets) {
      a = a * 256 + Integer.parseInt(o);
    }
    return a;
  }

  private static Range block(String cidr, int line) {
    String[] parts = cidr.split("/");
    long start = address(parts[0]);
    long size = 1L << (32 - Integer.parseInt(parts[1]));
    assertEquals(0, start % size, cidr + " is a proper block");
    return new Range(start, start + size - 1, null, line);
  }

  private static String dotted(long a) {
    return (a >>> 24) + "." + ((a >>> 16) & 255) + "." + ((a >>> 8) & 255) + "." + (a & 255);
  }

  private static int key(long address) {
    return (int) (address ^ 0x8000_0000L);
  }

  private static String range(long start, long end) {
    return start == end ? dotted(start) : dotted(start) + "-" + dotted(end);
  }

  /** Sort by start, join what overlaps or touches. */
  private static List<String> mergedUnlabelled(List<Range> ranges) {
    List<Range> sorted = new ArrayList<>(ranges);
    sorted.sort(Comparator.comparingLong(Range::start));
    List<String> out = new ArrayList<>();
    long start = -1;
    long end = -2;
    for (Range r : sorted) {
      if (r.start <= end + 1) {
        end = Math.max(end, r.end);
      } else {
        if (start >= 0) {
          out.add(range(start, end));
        }
        start = r.start;
        end = r.end;
      }
    }
    if (start >= 0) {
      out.add(range(start, end));
    }
    return out;
  }

  private static Range winner(List<Range> ranges, OverlapPolicy policy, long a) {
    Range best = null;
    for (Range r : ranges) {
      if (r.start <= a && a <= r.end
          && (best == null || policy == OverlapPolicy.LONGEST && r.size() < best.size())) {
        best = r;
      }
    }
    return best;
  }

  /** The expected intervals: winners of elementary segments, touching equal labels joined. */
  private static List<String> segments(List<Range> ranges, OverlapPolicy policy) {
    TreeSet<Long> cuts = new TreeSet<>();
    for (Range r : ranges) {
      cuts.add(r.start);
      cuts.add(r.end + 1);
    }
    List<Long> points = new ArrayList<>(cuts);
    List<String> out = new ArrayList<>();
    long start = -1;
    long end = -2;
    String label = null;
    for (int k = 0; k + 1 < points.size(); k++) {
      long from = points.get(k);
      Range w = winner(ranges, policy, from);
      if (w == null) {
        continue;
      }
      if (from == end + 1 && w.label.equals(label)) {
        end = points.get(k + 1) - 1;
        continue;
      }
      if (start >= 0) {
        out.add(range(start, end) + " " + label);
      }
      start = from;
      end = points.get(k + 1) - 1;
      label = w.label;
    }
    if (start >= 0) {
      out.add(range(start, end) + " " + label);
    }
    return out;
  }
}
