package org.ipjoin.testing;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.testing.ListOracle.Entry;

/**
 * A random list of IPv4 and IPv6 entries (addresses, blocks, ranges, repeats, labels, in every
 * syntax the parser accepts), dense in a small window of each family so that entries overlap
 * often, with a brute-force oracle written with plain String code and BigInteger arithmetic: no
 * ipjoin parsing, formatting or key code. Deterministic for a seed.
 *
 * <p>IPv6 windows sit at the edges where 128-bit arithmetic goes wrong: {@code ::}, the carry
 * between the halves ({@code x:x:x:x:ffff:ffff:ffff:ff00}), the sign bit of either half (where keys
 * flip), and the last address; blocks of up to 2^127 addresses cover them. Some lists write their
 * IPv4 entries IPv4-mapped ({@code ::ffff:a.b.c.d}): the oracle counts them as IPv4, as a list must.
 */
public final class RandomMixedList {

  private static final int WINDOW = 1024;
  private static final String[] LABELS = {"spam", "scanner", "Foo, Inc.", "tor exit", "x", "ünï"};
  private static final BigInteger TWO = BigInteger.TWO;
  private static final BigInteger V4_TOP = TWO.pow(32).subtract(BigInteger.ONE);
  private static final BigInteger V6_TOP = TWO.pow(128).subtract(BigInteger.ONE);
  private static final BigInteger MAPPED_FIRST = new BigInteger("ffff00000000", 16);
  private static final BigInteger MAPPED_LAST = new BigInteger("ffffffffffff", 16);

  private final List<String> lines = new ArrayList<>();
  private final List<Entry> entries = new ArrayList<>();
  private final BigInteger base4;
  private final BigInteger base6;
  /** Whether a block is sometimes written with spaces around its '/'. */
  private final boolean spacedSlashes;

  private RandomMixedList(BigInteger base4, BigInteger base6, boolean spacedSlashes) {
    this.base4 = base4;
    this.base6 = base6;
    this.spacedSlashes = spacedSlashes;
  }

  /** The list of {@code seed}: which families, shapes and windows follow from the seed. */
  public static RandomMixedList generate(int seed) {
    SplittableRandom random = new SplittableRandom(seed * 7919L + 1);
    RandomMixedList list = new RandomMixedList(base4(seed, random), base6(seed, random), true);
    boolean exactOnly4 = seed % 5 == 0;
    boolean exactOnly6 = seed % 5 == 1;
    boolean unlabelled = seed % 7 == 0;
    boolean mappedText = seed % 4 == 3;
    int count4 = seed % 9 == 4 ? 0 : 1 + random.nextInt(200);
    int count6 = seed % 9 == 5 ? 0 : 1 + random.nextInt(200);
    int left4 = count4;
    int left6 = count6;
    while (left4 + left6 > 0) {
      boolean v6 = random.nextInt(left4 + left6) < left6;
      if (v6) {
        left6--;
      } else {
        left4--;
      }
      if (random.nextInt(10) == 0) {
        list.lines.add(random.nextBoolean() ? "# comment" : "");
      }
      list.add(random, v6, v6 ? exactOnly6 : exactOnly4, unlabelled, mappedText && !v6);
    }
    return list;
  }

  /**
   * An IPv4 list of 1 to 300 entries (and comment and blank lines) in the window from {@code base},
   * drawn from {@code random} as {@link #generate} draws its IPv4 entries, blocks always written
   * {@code a.b.c.d/n}.
   */
  public static RandomMixedList ipv4(SplittableRandom random, long base, boolean exactOnly,
      boolean unlabelled) {
    RandomMixedList list = new RandomMixedList(BigInteger.valueOf(base), BigInteger.ZERO, false);
    int count = 1 + random.nextInt(300);
    for (int i = 0; i < count; i++) {
      if (random.nextInt(10) == 0) {
        list.lines.add(random.nextBoolean() ? "# comment" : "");
      }
      list.add(random, false, exactOnly, unlabelled, false);
    }
    return list;
  }

  private static BigInteger base4(int seed, SplittableRandom random) {
    switch (seed % 6) {
      case 1:
        return BigInteger.ZERO;
      case 2:
        return BigInteger.valueOf(0x8000_0000L - WINDOW / 2);
      case 3:
        return BigInteger.valueOf(0x1_0000_0000L - WINDOW);
      default:
        return BigInteger.valueOf(random.nextLong(0x1_0000_0000L - WINDOW) & ~0x3FFL);
    }
  }

  private static BigInteger base6(int seed, SplittableRandom random) {
    BigInteger hi = BigInteger.valueOf(random.nextLong() >>> 1).shiftLeft(64);
    switch ((seed / 6) % 6) {
      case 1:
        return BigInteger.ZERO;
      case 2: // the carry from the lo half into hi lies inside the window
        return hi.add(TWO.pow(64)).subtract(BigInteger.valueOf(WINDOW / 2));
      case 3: // the sign bit of the hi half (key halves flip there)
        return TWO.pow(127).subtract(BigInteger.valueOf(WINDOW / 2));
      case 4: // the sign bit of the lo half
        return hi.add(TWO.pow(63)).subtract(BigInteger.valueOf(WINDOW / 2));
      case 5:
        return TWO.pow(128).subtract(BigInteger.valueOf(WINDOW));
      default:
        return hi.add(BigInteger.valueOf(random.nextLong() >>> 1));
    }
  }

  private void add(SplittableRandom random, boolean v6, boolean exactOnly, boolean unlabelled,
      boolean mappedText) {
    BigInteger base = v6 ? base6 : base4;
    BigInteger top = v6 ? V6_TOP : V4_TOP;
    int bits = v6 ? 128 : 32;
    String label = unlabelled || random.nextInt(5) == 0 ? null
        : LABELS[random.nextInt(LABELS.length)];
    List<Entry> family = entries.stream().filter(e -> e.v6() == v6).toList();
    Entry previous = family.isEmpty() ? null : family.get(random.nextInt(family.size()));
    BigInteger start;
    BigInteger end;
    String text;
    int shape = exactOnly ? 0 : random.nextInt(10);
    if (previous != null && random.nextInt(12) == 0 && (!exactOnly || previous.start().equals(previous.end()))) {
      start = previous.start(); // the same range again, same or other label
      end = previous.end();
      if (random.nextBoolean()) {
        label = previous.label();
      }
      text = start.equals(end) ? text(v6, start, random, mappedText)
          : text(v6, start, random, mappedText) + "-" + text(v6, end, random, mappedText);
    } else if (shape <= 3) {
      start = base.add(BigInteger.valueOf(random.nextInt(WINDOW)));
      end = start;
      text = text(v6, start, random, mappedText);
    } else if (shape <= 6) {
      int prefix = prefix(random, v6);
      BigInteger hostMask = TWO.pow(bits - prefix).subtract(BigInteger.ONE);
      start = base.add(BigInteger.valueOf(random.nextInt(WINDOW))).andNot(hostMask);
      end = start.or(hostMask);
      if (v6 && crossesMapped(start, end)) {
        start = base.add(BigInteger.valueOf(random.nextInt(WINDOW)));
        end = start;
        text = text(true, start, random, false);
      } else {
        String slash = spacedSlashes && random.nextInt(8) == 0 ? " / " : "/";
        text = mappedText ? text(false, start, random, true) + slash + (prefix + 96)
            : text(v6, start, random, false) + slash + prefix;
      }
    } else {
      start = base.add(BigInteger.valueOf(random.nextInt(WINDOW)));
      end = start.add(BigInteger.valueOf(random.nextInt(random.nextBoolean() ? 8 : 300))).min(top);
      text = text(v6, start, random, mappedText) + (random.nextBoolean() ? "-" : " - ")
          + text(v6, end, random, mappedText);
      if (label == null && random.nextBoolean()) {
        text = text(v6, start, random, mappedText) + "," + text(v6, end, random, mappedText);
      }
    }
    lines.add(withLabel(random, text, v6, start, end, label, mappedText));
    entries.add(new Entry(v6, start, end, label, lines.size()));
  }

  /** Mostly small blocks; now and then a huge one (for IPv6 up to 2^127 addresses). */
  private static int prefix(SplittableRandom random, boolean v6) {
    if (v6) {
      return random.nextInt(20) == 0 ? 1 + random.nextInt(64) : 118 + random.nextInt(11);
    }
    return random.nextInt(30) == 0 ? random.nextInt(9) : 22 + random.nextInt(11);
  }

  private static boolean crossesMapped(BigInteger start, BigInteger end) {
    return start.compareTo(MAPPED_LAST) <= 0 && end.compareTo(MAPPED_FIRST) >= 0;
  }

  /** The entry with its label in one of the accepted syntaxes, sometimes with a comment. */
  private static String withLabel(SplittableRandom random, String text, boolean v6,
      BigInteger start, BigInteger end, String label, boolean mappedText) {
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
            : text(v6, start, random, mappedText) + "," + text(v6, end, random, mappedText) + ","
                + csv + ",http://example.com/";
      default:
        return text.contains("-") || text.contains("/") || !start.equals(end)
            ? text + "\t" + label
            : text(v6, start, random, mappedText) + "," + (label.contains(",") ? csv : label);
    }
  }

  /** An address in a random accepted text form. */
  private static String text(boolean v6, BigInteger address, SplittableRandom random,
      boolean mapped) {
    if (!v6) {
      String dotted = dotted(address.longValue());
      return mapped ? (random.nextBoolean() ? "::ffff:" : "::FFFF:") + dotted : dotted;
    }
    int[] groups = groups(address);
    switch (random.nextInt(5)) {
      case 0: { // eight groups, upper case, leading zeros
        StringBuilder s = new StringBuilder();
        for (int g = 0; g < 8; g++) {
          s.append(g == 0 ? "" : ":").append(String.format("%04X", groups[g]));
        }
        return s.toString();
      }
      case 1: { // six groups and a dotted-quad tail
        StringBuilder s = new StringBuilder();
        for (int g = 0; g < 6; g++) {
          s.append(Integer.toHexString(groups[g])).append(':');
        }
        return s.append(groups[6] >> 8).append('.').append(groups[6] & 255).append('.')
            .append(groups[7] >> 8).append('.').append(groups[7] & 255).toString();
      }
      case 2: { // "::" for a random run of zero groups, if there is one
        List<int[]> runs = zeroRuns(groups);
        if (runs.isEmpty()) {
          return canonical(address);
        }
        int[] run = runs.get(random.nextInt(runs.size()));
        return compressed(groups, run[0], run[1]);
      }
      default:
        return canonical(address);
    }
  }

  private static int[] groups(BigInteger address) {
    return AddressText.groups(address);
  }

  /** Runs of zero groups as {start, length}, every length from 1. */
  private static List<int[]> zeroRuns(int[] groups) {
    List<int[]> runs = new ArrayList<>();
    for (int g = 0; g < 8; g++) {
      if (groups[g] == 0) {
        int e = g;
        while (e < 8 && groups[e] == 0) {
          e++;
        }
        runs.add(new int[] {g, e - g});
        g = e;
      }
    }
    return runs;
  }

  private static String compressed(int[] groups, int runStart, int runLength) {
    StringBuilder s = new StringBuilder();
    for (int g = 0; g < runStart; g++) {
      s.append(g == 0 ? "" : ":").append(Integer.toHexString(groups[g]));
    }
    s.append("::");
    for (int g = runStart + runLength; g < 8; g++) {
      s.append(g == runStart + runLength ? "" : ":").append(Integer.toHexString(groups[g]));
    }
    return s.toString();
  }

  /** RFC 5952 text (the longest run of two or more zero groups, the first on a tie, is "::"). */
  public static String canonical(BigInteger address) {
    return AddressText.rfc5952(address);
  }

  public static String dotted(long a) {
    return AddressText.dotted(a);
  }

  /** An address of the family as text: dotted quad, or RFC 5952. */
  public static String format(boolean v6, BigInteger address) {
    return v6 ? canonical(address) : dotted(address.longValue());
  }

  public List<String> lines() {
    return lines;
  }

  public List<Entry> entries() {
    return entries;
  }

  public List<Entry> entries(boolean v6) {
    return entries.stream().filter(e -> e.v6() == v6).toList();
  }

  /**
   * Addresses worth probing in a family: the window and two around it, every entry's edges and
   * their neighbours, and the ends of the address space.
   */
  public List<BigInteger> probes(boolean v6) {
    BigInteger base = v6 ? base6 : base4;
    BigInteger top = v6 ? V6_TOP : V4_TOP;
    TreeSet<BigInteger> probes = new TreeSet<>();
    for (int d = -2; d <= WINDOW + 1; d++) {
      probes.add(base.add(BigInteger.valueOf(d)));
    }
    for (Entry e : entries(v6)) {
      for (BigInteger edge : new BigInteger[] {e.start(), e.end()}) {
        probes.add(edge.subtract(BigInteger.ONE));
        probes.add(edge);
        probes.add(edge.add(BigInteger.ONE));
      }
    }
    probes.add(BigInteger.ZERO);
    probes.add(top);
    probes.add(top.add(BigInteger.ONE).shiftRight(1));
    probes.add(top.add(BigInteger.ONE).shiftRight(1).subtract(BigInteger.ONE));
    probes.removeIf(p -> p.signum() < 0 || p.compareTo(top) > 0);
    return new ArrayList<>(probes);
  }

  /** Brute force: the label of the entry the policy picks, "" for none, null if uncovered. */
  public String answer(boolean v6, BigInteger address, OverlapPolicy policy) {
    Entry best = ListOracle.winner(entries(v6), policy, address);
    return best == null ? null : best.label() == null ? "" : best.label();
  }

  /** Everything the normaliser should produce for one family, from elementary segments. */
  public static final class Expected {
    public final List<String> intervals = new ArrayList<>();
    /** Label conflicts as {@code ignoredLine} → text, for merging the families in line order. */
    public final List<Object[]> conflictExamples = new ArrayList<>();
    public long duplicates;
    public long conflicts;
    public long overlapped;
    public long shadowed;
    public long merges;
    public final TreeSet<String> labelsUsed = new TreeSet<>();
    public final boolean exact;

    public Expected(List<Entry> entries, OverlapPolicy policy, boolean v6) {
      exact = entries.stream().allMatch(e -> e.start().equals(e.end()));
      for (int j = 0; j < entries.size(); j++) {
        Entry later = entries.get(j);
        for (int i = 0; i < j; i++) {
          Entry first = entries.get(i);
          if (first.start().equals(later.start()) && first.end().equals(later.end())) {
            if (Objects.equals(first.label(), later.label())) {
              duplicates++;
            } else {
              conflicts++;
              String range = first.start().equals(first.end()) ? format(v6, first.start())
                  : format(v6, first.start()) + "-" + format(v6, first.end());
              conflictExamples.add(new Object[] {later.line(), range + ": line " + first.line() + " "
                  + quote(first.label()) + " kept, line " + later.line() + " " + quote(later.label())
                  + " ignored"});
            }
            break;
          }
        }
      }
      TreeSet<BigInteger> boundaries = new TreeSet<>();
      for (Entry e : entries) {
        boundaries.add(e.start());
        boundaries.add(e.end().add(BigInteger.ONE));
      }
      List<BigInteger> cuts = new ArrayList<>(boundaries);
      BigInteger[] won = new BigInteger[entries.size()];
      java.util.Arrays.fill(won, BigInteger.ZERO);
      BigInteger openStart = null;
      BigInteger openEnd = null;
      String openLabel = null;
      Entry lastWinner = null;
      for (int k = 0; k + 1 < cuts.size(); k++) {
        BigInteger from = cuts.get(k);
        BigInteger to = cuts.get(k + 1).subtract(BigInteger.ONE);
        Entry w = ListOracle.winner(entries, policy, from);
        if (w == null) {
          continue;
        }
        int index = entries.indexOf(w);
        won[index] = won[index].add(to.subtract(from).add(BigInteger.ONE));
        String label = w.label() == null ? "" : w.label();
        if (w.label() != null) {
          labelsUsed.add(w.label());
        }
        if (exact) {
          intervals.add(full(v6, from) + (w.label() == null ? "" : " " + w.label()));
          continue;
        }
        if (openEnd != null && openEnd.add(BigInteger.ONE).equals(from)
            && label.equals(openLabel)) {
          openEnd = to;
          if (w != lastWinner) {
            merges++;
          }
        } else {
          close(v6, openStart, openEnd, openLabel);
          openStart = from;
          openEnd = to;
          openLabel = label;
        }
        lastWinner = w;
      }
      close(v6, openStart, openEnd, openLabel);
      for (int j = 0; j < entries.size(); j++) {
        if (won[j].compareTo(entries.get(j).size()) < 0) {
          overlapped++;
          if (won[j].signum() == 0) {
            shadowed++;
          }
        }
      }
    }

    private void close(boolean v6, BigInteger start, BigInteger end, String label) {
      if (start == null) {
        return;
      }
      String range = start.equals(end) ? full(v6, start) : full(v6, start) + "-" + full(v6, end);
      intervals.add(label.isEmpty() ? range : range + " " + label);
    }

    private static String quote(String label) {
      return label == null ? "(no label)" : "'" + label + "'";
    }
  }

  /**
   * An address as the list tests' {@code Lists.describe} and {@code describe6Full} print it: a dotted quad,
   * or eight groups of four hex digits.
   */
  public static String full(boolean v6, BigInteger address) {
    return v6 ? AddressText.fullIpv6(address) : dotted(address.longValue());
  }
}
