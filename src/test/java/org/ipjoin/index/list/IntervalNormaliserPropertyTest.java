package org.ipjoin.index.list;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Random lists, dense in a small window of addresses so that entries overlap often, written as
 * text in every syntax, parsed and normalised, against a brute-force scan of the entries written
 * here independently: for every address of the window and around it, and for every elementary
 * segment of the whole address space (which gives the expected interval list and statistics).
 */
class IntervalNormaliserPropertyTest {

  private static final int SEEDS = 300;
  private static final int WINDOW = 1024;
  private static final String[] LABELS = {"spam", "scanner", "Foo, Inc.", "tor exit", "x", "ünï"};

  /** One generated entry: addresses as unsigned values in longs, label null for none. */
  private record Entry(long start, long end, String label, long line) {
    long size() {
      return end - start + 1;
    }
  }

  @Test
  void normaliserAgreesWithABruteForceScanUnderBothPolicies() {
    for (int seed = 0; seed < SEEDS; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      long base = windowBase(seed, random);
      boolean exactOnly = seed % 5 == 0;
      boolean unlabelled = seed % 7 == 0;
      List<String> lines = new ArrayList<>();
      List<Entry> entries = generate(random, base, exactOnly, unlabelled, lines);
      for (OverlapPolicy policy : OverlapPolicy.values()) {
        String context = "seed " + seed + " " + policy + ", lines:\n" + String.join("\n", lines);
        NormalisedList list = IntervalNormaliser.normalise(
            Lists.entries(LabelColumn.DEFAULT, lines), policy);
        Lists.checkShape(list);
        for (long a = Math.max(0, base - 2); a <= Math.min(0xFFFF_FFFFL, base + WINDOW + 1); a++) {
          long address = a;
          assertEquals(expectedAnswer(entries, policy, a), Lists.answer(list, key(a)),
              () -> context + "\naddress " + address);
        }
        for (long edge : new long[] {0, 1, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFEL, 0xFFFF_FFFFL}) {
          assertEquals(expectedAnswer(entries, policy, edge), Lists.answer(list, key(edge)),
              () -> context + "\naddress " + edge);
        }
        Expected expected = new Expected(entries, policy);
        assertEquals(expected.intervals, Lists.describe(list), context);
        NormaliseStats stats = list.stats();
        assertEquals(expected.exact, list.isExactAddresses(), context);
        assertEquals(expected.duplicates, stats.duplicates(), context);
        assertEquals(expected.conflicts, stats.labelConflicts(), context);
        assertEquals(expected.conflictExamples,
            stats.conflictExamples().stream().map(Object::toString).toList(), context);
        assertEquals(expected.overlapped, stats.overlapped(), context);
        assertEquals(expected.shadowed, stats.shadowed(), context);
        assertEquals(expected.merges, stats.merges(), context);
        assertEquals(expected.labelsUsed, stats.labels(), context);
        assertEquals(expected.labelsUsed, list.labels().size(), context);
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

  private static List<Entry> generate(SplittableRandom random, long base, boolean exactOnly,
      boolean unlabelled, List<String> lines) {
    List<Entry> entries = new ArrayList<>();
    int count = 1 + random.nextInt(300);
    for (int i = 0; i < count; i++) {
      if (random.nextInt(10) == 0) {
        lines.add(random.nextBoolean() ? "# comment" : "");
      }
      String label = unlabelled || random.nextInt(5) == 0 ? null
          : LABELS[random.nextInt(LABELS.length)];
      Entry previous = entries.isEmpty() ? null : entries.get(random.nextInt(entries.size()));
      long start;
      long end;
      String text;
      int shape = exactOnly ? 0 : random.nextInt(10);
      if (previous != null && random.nextInt(12) == 0 && (!exactOnly || previous.size() == 1)) {
        start = previous.start; // the same range again, same or other label
        end = previous.end;
        if (random.nextBoolean()) {
          label = previous.label;
        }
        text = start == end ? dotted(start) : dotted(start) + "-" + dotted(end);
      } else if (shape <= 3) {
        start = base + random.nextInt(WINDOW);
        end = start;
        text = dotted(start);
      } else if (shape <= 6) {
        int prefix = random.nextInt(30) == 0 ? random.nextInt(9) : 22 + random.nextInt(11);
        long mask = 0xFFFF_FFFFL >>> prefix;
        start = (base + random.nextInt(WINDOW)) & ~mask;
        end = start | mask;
        text = dotted(start) + "/" + prefix;
      } else {
        start = base + random.nextInt(WINDOW);
        end = Math.min(0xFFFF_FFFFL, start + random.nextInt(random.nextBoolean() ? 8 : 300));
        text = dotted(start) + (random.nextBoolean() ? "-" : " - ") + dotted(end);
        if (label == null && random.nextBoolean()) {
          text = dotted(start) + "," + dotted(end);
        }
      }
      lines.add(withLabel(random, text, start, end, label));
      entries.add(new Entry(start, end, label, lines.size()));
    }
    return entries;
  }

  /** The entry with its label in one of the accepted syntaxes, sometimes with a comment. */
  private static String withLabel(SplittableRandom random, String text, long start, long end,
      String label) {
    String comment = random.nextInt(4) == 0 ? " ; SBL" + random.nextInt(1000) : "";
    if (label == null) {
      return text + comment;
    }
    String csv = "\"" + label.replace("\"", "\"\"") + "\"";
    switch (random.nextInt(4)) {
      case 0:
        return text + "\t" + label + comment;
      case 1:
        return text + "\t " + label + " \tmore" + comment + "\r";
      case 2:
        return text.contains("-") || text.contains("/")
            ? text + "," + csv + ",http://example.com/"
            : dotted(start) + "," + dotted(end) + "," + csv + ",http://example.com/";
      default:
        return text.contains("-") || text.contains("/") || start != end ? text + "\t" + label
            : dotted(start) + "," + (label.contains(",") ? csv : label);
    }
  }

  /** Brute force: the label of the entry the policy picks, "" for none, null if uncovered. */
  private static String expectedAnswer(List<Entry> entries, OverlapPolicy policy, long address) {
    Entry best = winner(entries, policy, address);
    return best == null ? null : best.label == null ? "" : best.label;
  }

  private static Entry winner(List<Entry> entries, OverlapPolicy policy, long address) {
    Entry best = null;
    for (Entry e : entries) { // in line order, so ties keep the earlier line
      if (e.start <= address && address <= e.end) {
        if (best == null || policy == OverlapPolicy.LONGEST && e.size() < best.size()) {
          best = e;
        }
      }
    }
    return best;
  }

  private static String dotted(long a) {
    return (a >>> 24) + "." + ((a >>> 16) & 255) + "." + ((a >>> 8) & 255) + "." + (a & 255);
  }

  private static int key(long address) {
    return (int) (address ^ 0x8000_0000L);
  }

  /** Everything the normaliser should produce, from elementary segments and pairwise checks. */
  private static final class Expected {
    final List<String> intervals = new ArrayList<>();
    final List<String> conflictExamples = new ArrayList<>();
    long duplicates;
    long conflicts;
    long overlapped;
    long shadowed;
    long merges;
    int labelsUsed;
    final boolean exact;

    Expected(List<Entry> entries, OverlapPolicy policy) {
      exact = entries.stream().allMatch(e -> e.start == e.end);
      for (int j = 0; j < entries.size(); j++) {
        Entry later = entries.get(j);
        for (int i = 0; i < j; i++) {
          Entry first = entries.get(i);
          if (first.start == later.start && first.end == later.end) {
            if (java.util.Objects.equals(first.label, later.label)) {
              duplicates++;
            } else {
              conflicts++;
              if (conflictExamples.size() < IntervalNormaliser.CONFLICT_EXAMPLES) {
                String range = first.start == first.end ? dotted(first.start)
                    : dotted(first.start) + "-" + dotted(first.end);
                conflictExamples.add(range + ": line " + first.line + " " + quote(first.label)
                    + " kept, line " + later.line + " " + quote(later.label) + " ignored");
              }
            }
            break;
          }
        }
      }
      // Elementary segments: between consecutive boundaries (starts and ends + 1) the winner is fixed.
      TreeSet<Long> boundaries = new TreeSet<>();
      for (Entry e : entries) {
        boundaries.add(e.start);
        boundaries.add(e.end + 1);
      }
      List<Long> cuts = new ArrayList<>(boundaries);
      long[] won = new long[entries.size()];
      long openStart = -1;
      long openEnd = -2;
      String openLabel = null;
      Entry lastWinner = null;
      TreeSet<String> used = new TreeSet<>();
      for (int k = 0; k + 1 < cuts.size(); k++) {
        long from = cuts.get(k);
        long to = cuts.get(k + 1) - 1;
        Entry w = winner(entries, policy, from);
        if (w == null) {
          continue;
        }
        won[entries.indexOf(w)] += to - from + 1;
        String label = w.label == null ? "" : w.label;
        if (w.label != null) {
          used.add(w.label);
        }
        if (exact) {
          intervals.add(dotted(from) + (w.label == null ? "" : " " + w.label));
          continue;
        }
        if (openEnd + 1 == from && label.equals(openLabel)) {
          openEnd = to;
          if (w != lastWinner) {
            merges++;
          }
        } else {
          close(openStart, openEnd, openLabel);
          openStart = from;
          openEnd = to;
          openLabel = label;
        }
        lastWinner = w;
      }
      close(openStart, openEnd, openLabel);
      for (int j = 0; j < entries.size(); j++) {
        if (won[j] < entries.get(j).size()) {
          overlapped++;
          if (won[j] == 0) {
            shadowed++;
          }
        }
      }
      labelsUsed = used.size();
    }

    private void close(long start, long end, String label) {
      if (start < 0) {
        return;
      }
      String range = start == end ? dotted(start) : dotted(start) + "-" + dotted(end);
      intervals.add(label.isEmpty() ? range : range + " " + label);
    }

    private static String quote(String label) {
      return label == null ? "(no label)" : "'" + label + "'";
    }
  }
}
