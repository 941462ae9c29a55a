package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.ipjoin.RealData;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.load.TextListLoader;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.testing.AddressText;
import org.ipjoin.testing.BlockMerge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex build} of real lists of CIDR blocks and ranges with labels, checked against an
 * independent reading here (String code, addresses as unsigned longs, the overlap rule applied to
 * every piece between two entry edges): the intervals, labels and answers of every read path, and
 * the summary lines.
 */
class BuildIntervalsTest {

  private static final long TOP = 0xFFFF_FFFFL;

  @TempDir Path dir;

  /** One entry of the independent reading. */
  record Range(long start, long end, String label, int line, boolean block) {
    long size() {
      return end - start + 1;
    }
  }

  /** One interval of the expected result. */
  record Interval(long start, long end, String label) {}

  static long address(String dotted) {
    String[] octets = dotted.trim().split("\\.");
    assertEquals(4, octets.length, dotted);
    long value = 0;
    for (String octet : octets) {
      value = value * 256 + Integer.parseInt(octet);
    }
    return value;
  }

  static String dotted(long a) {
    return (a >>> 24) + "." + ((a >>> 16) & 255) + "." + ((a >>> 8) & 255) + "." + (a & 255);
  }

  static int key(long a) {
    return (int) (a - (1L << 31));
  }

  static long unsigned(int key) {
    return key + (1L << 31);
  }

  private static Range block(String cidr, int line) {
    String[] parts = cidr.split("/");
    long start = address(parts[0]);
    int prefix = Integer.parseInt(parts[1].trim());
    return new Range(start, start + (1L << (32 - prefix)) - 1, null, line, true);
  }

  /** Spamhaus DROP: {@code block ; SBL…} lines and {@code ;} comments; no labels. */
  static List<Range> spamhaus() throws IOException {
    List<String> lines = Files.readAllLines(RealData.file("lists/spamhaus_drop.txt"));
    List<Range> ranges = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).startsWith(";")) {
        ranges.add(block(lines.get(i).split(";")[0].trim(), i + 1));
      }
    }
    return ranges;
  }

  /** Cloud provider ranges: one block per line. */
  static List<Range> ipranges() throws IOException {
    List<String> lines = Files.readAllLines(RealData.file("lists/ipranges_all_ipv4_merged.txt"));
    List<Range> ranges = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      ranges.add(block(lines.get(i), i + 1));
    }
    return ranges;
  }

  /** ipcat: {@code start,end,name,url}, the name sometimes quoted; {@code column} 3 or 4. */
  static List<Range> ipcat(int column) throws IOException {
    List<String> lines = Files.readAllLines(RealData.file("lists/ipcat_datacenters.csv"),
        StandardCharsets.UTF_8);
    List<Range> ranges = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      List<String> fields = new ArrayList<>();
      String rest = lines.get(i);
      while (rest != null) {
        if (rest.startsWith("\"")) {
          int close = rest.indexOf('"', 1);
          fields.add(rest.substring(1, close));
          int comma = rest.indexOf(',', close);
          rest = comma < 0 ? null : rest.substring(comma + 1);
        } else {
          int comma = rest.indexOf(',');
          fields.add((comma < 0 ? rest : rest.substring(0, comma)).trim());
          rest = comma < 0 ? null : rest.substring(comma + 1);
        }
      }
      String label = fields.get(column - 1);
      ranges.add(new Range(address(fields.get(0)), address(fields.get(1)),
          label.isEmpty() ? null : label, i + 1, false));
    }
    return ranges;
  }

  /** Of the entries holding an address, the one that answers for it. */
  static Range winner(List<Range> holding, String policy) {
    Range best = null;
    for (Range r : holding) {
      if (best == null || better(r, best, policy)) {
        best = r;
      }
    }
    return best;
  }

  private static boolean better(Range r, Range than, String policy) {
    if (policy.equals("longest") && r.size() != than.size()) {
      return r.size() < than.size();
    }
    return r.line < than.line;
  }
  /** What the index must answer, with the summary's counts. */
  record Expected(List<Interval> intervals, long duplicates, long conflicts,
      List<String> conflictExamples, long overlapped, long shadowed, long merges, int labels,
      int labelsSeen) {}

  /**
   * Cuts the address space at every entry start and end + 1, picks the winner of each piece among
   * the entries holding it, and joins touching pieces with the same label.
   */
  static Expected expected(List<Range> ranges, String policy) {
    return expected(ranges, policy, line -> "line " + line);
  }

  /** The same, naming an entry's line in conflict examples by {@code where}. */
  static Expected expected(List<Range> ranges, String policy,
      java.util.function.LongFunction<String> where) {
    TreeSet<Long> cuts = new TreeSet<>();
    for (Range r : ranges) {
      cuts.add(r.start);
      cuts.add(r.end + 1);
    }
    List<Range> byStart = new ArrayList<>(ranges);
    byStart.sort(Comparator.comparingLong(Range::start));
    int next = 0;
    List<Range> holding = new ArrayList<>();
    List<Interval> intervals = new ArrayList<>();
    java.util.Map<Range, Long> won = new java.util.IdentityHashMap<>();
    long merges = 0;
    Range previousWinner = null;
    Long[] points = cuts.toArray(new Long[0]);
    for (int i = 0; i + 1 < points.length; i++) {
      long from = points[i];
      long to = points[i + 1] - 1;
      while (next < byStart.size() && byStart.get(next).start <= from) {
        holding.add(byStart.get(next++));
      }
      holding.removeIf(r -> r.end < from);
      Range w = winner(holding, policy);
      if (w == null) {
        previousWinner = null;
        continue;
      }
      won.merge(w, to - from + 1, Long::sum);
      Interval last = intervals.isEmpty() ? null : intervals.get(intervals.size() - 1);
      if (last != null && last.end + 1 == from && Objects.equals(last.label, w.label)) {
        intervals.set(intervals.size() - 1, new Interval(last.start, to, last.label));
        if (w != previousWinner) {
          merges++;
        }
      } else {
        intervals.add(new Interval(from, to, w.label));
      }
      previousWinner = w;
    }
    long duplicates = 0;
    long conflicts = 0;
    List<String> examples = new ArrayList<>();
    java.util.Map<String, Range> firstWithRange = new java.util.HashMap<>();
    for (Range r : ranges) { // in line order
      Range first = firstWithRange.putIfAbsent(r.start + "-" + r.end, r);
      if (first == null) {
        continue;
      }
      if (Objects.equals(first.label, r.label)) {
        duplicates++;
      } else {
        conflicts++;
        if (examples.size() < 5) {
          examples.add("    " + dotted(r.start) + (r.start == r.end ? "" : "-" + dotted(r.end))
              + ": " + where.apply(first.line) + " " + quote(first.label) + " kept, "
              + where.apply(r.line) + " " + quote(r.label) + " ignored");
        }
      }
    }
    long overlapped = 0;
    long shadowed = 0;
    for (Range r : ranges) {
      long w = won.getOrDefault(r, 0L);
      if (w < r.size()) {
        overlapped++;
        shadowed += w == 0 ? 1 : 0;
      }
    }
    Set<String> used = new LinkedHashSet<>();
    intervals.stream().map(Interval::label).filter(Objects::nonNull).forEach(used::add);
    Set<String> seen = new LinkedHashSet<>();
    ranges.stream().map(Range::label).filter(Objects::nonNull).forEach(seen::add);
    return new Expected(intervals, duplicates, conflicts, examples, overlapped, shadowed, merges,
        used.size(), seen.size());
  }

  private static String quote(String label) {
    return label == null ? "(no label)" : "'" + label + "'";
  }

  /** Every interval of {@code index} as start, end and label. */
  static List<Interval> intervals(Ipv4Lookup index) {
    List<Interval> list = new ArrayList<>();
    for (int i = 0; i < index.size(); i++) {
      int id = index.labelId(i);
      list.add(new Interval(unsigned(index.start(i)), unsigned(index.end(i)),
          id == 0 ? null : index.labels().label(id)));
    }
    return list;
  }

  /** Every entry's start-1, start, end and end+1, every interval's ends, and random addresses. */
  static long[] probes(List<Range> ranges, List<Interval> intervals) {
    List<Long> probes = new ArrayList<>();
    for (Range r : ranges) {
      probes.addAll(List.of(r.start - 1, r.start, r.end, r.end + 1));
    }
    for (Interval i : intervals) {
      probes.addAll(List.of(i.start - 1, i.start, i.end, i.end + 1));
    }
    Random random = new Random(7);
    for (int i = 0; i < 2000; i++) {
      probes.add(random.nextLong() & TOP);
    }
    return probes.stream().mapToLong(Long::longValue).filter(a -> a >= 0 && a <= TOP).toArray();
  }

  /** The label {@code index} answers for {@code a}, "-" for no match. */
  static String answer(Ipv4Lookup index, long a) {
    int i = index.match(key(a));
    if (i == Ipv4Lookup.NO_MATCH) {
      return "-";
    }
    int id = index.labelId(i);
    return id == 0 ? "(listed)" : index.labels().label(id);
  }

  /** What the expected intervals answer for {@code a}, "-" for no match. */
  static String answer(List<Interval> intervals, long a) {
    int lo = 0;
    int hi = intervals.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      Interval i = intervals.get(mid);
      if (a < i.start) {
        hi = mid - 1;
      } else if (a > i.end) {
        lo = mid + 1;
      } else {
        return i.label == null ? "(listed)" : i.label;
      }
    }
    return "-";
  }

  /**
   * Builds {@code list} with {@code options}; checks the summary line by line, every read path's
   * intervals and answers (the text path only with the default options it always uses).
   */
  private void check(Path list, List<Range> ranges, String policy, String labels,
      String... options) throws Exception {
    check(List.of(list), ranges, policy, labels, options);
  }

  /** The same for the union of several lists; entry lines are counted across them in order. */
  private void check(List<Path> lists, List<Range> ranges, String policy, String labels,
      String... options) throws Exception {
    // Conflicts name file:line, the line counted in its own file.
    List<Long> linesBefore = new ArrayList<>();
    long before = 0;
    for (Path list : lists) {
      linesBefore.add(before);
      before += Files.readAllLines(list, StandardCharsets.UTF_8).size();
    }
    Expected want = expected(ranges, policy, line -> {
      int file = lists.size() - 1;
      while (linesBefore.get(file) >= line) {
        file--;
      }
      return lists.get(file) + ":" + (line - linesBefore.get(file));
    });
    Path index = dir.resolve("out-" + policy + "-" + labels + ".ipidx");
    List<String> args = new ArrayList<>(List.of("build", "--input"));
    lists.forEach(l -> args.add(l.toString()));
    args.addAll(List.of("--output", index.toString()));
    args.addAll(List.of(options));
    Run run = IndexToolsTest.ipindex(args.toArray(new String[0]));
    assertEquals(0, run.exit(), run.err());
    assertEquals("", run.err());

    long lineCount = 0;
    long bytes = 0;
    long comments = 0;
    List<String> perList = new ArrayList<>();
    for (Path list : lists) {
      List<String> lines = Files.readAllLines(list, StandardCharsets.UTF_8);
      lineCount += lines.size();
      bytes += Files.size(list);
      comments += lines.stream().filter(l -> l.startsWith(";") || l.startsWith("#")).count();
      perList.add(String.format("    %s  %,d lines (%,d bytes)", list, lines.size(),
          Files.size(list)));
    }
    long blocks = ranges.stream().filter(Range::block).count();
    List<String> summary = new ArrayList<>(List.of(
        "built " + index + " from " + String.join(", ", lists.stream().map(Path::toString).toList()),
        String.format("  lines        %,d (%,d bytes)", lineCount, bytes)));
    if (lists.size() > 1) {
      summary.addAll(perList);
    }
    summary.addAll(List.of(
        "  addresses    0",
        String.format("  blocks       %,d", blocks),
        String.format("  ranges       %,d", ranges.size() - blocks),
        String.format("  duplicates   %,d", want.duplicates()),
        String.format("  conflicts    %,d (same range as an earlier line, another label: the"
            + " earlier line's label is kept)", want.conflicts())));
    summary.addAll(want.conflictExamples());
    summary.addAll(List.of(
        String.format("  overlaps     %,d more entries gave up addresses to others (%,d all of them),"
            + " --overlap %s: %s", want.overlapped() - want.duplicates() - want.conflicts(),
            want.shadowed() - want.duplicates() - want.conflicts(), policy,
            policy.equals("longest") ? "the smallest entry holding an address answers for it"
                : "the earliest line holding an address answers for it"),
        String.format("  merges       %,d", want.merges()),
        String.format("  intervals    %,d (index %,d bytes)", want.intervals().size(),
            Files.size(index)),
        String.format("  families     IPv4 %,d entries, %,d intervals; IPv6 0 entries,"
            + " 0 intervals", ranges.size(), want.intervals().size()),
        String.format("  labels       %,d (%,d in the list, --labels %s)", want.labels(),
            want.labelsSeen(), labels),
        "  blank        0",
        String.format("  comments     %,d", comments)));
    List<String> printed = run.out().lines().toList();
    assertEquals(summary, printed.subList(0, printed.size() - 2), run.out());
    assertTrue(printed.get(printed.size() - 2).startsWith("  time         "), run.out());
    assertTrue(printed.get(printed.size() - 1).startsWith(String.format("ipindex build: %,d"
        + " intervals from %,d lines (0 skipped); index file:%s (", want.intervals().size(),
        lineCount, index)), run.out());

    long[] probes = probes(ranges, want.intervals());
    boolean defaults = policy.equals("longest") && labels.equals("default") && lists.size() == 1;
    for (ReadPath path : ReadPath.values()) {
      if (path.readsText() && !defaults) {
        continue; // the text path reads one list with the default options
      }
      LoadedIndex loaded = path.loader().load(path.readsText() ? lists.get(0) : index, true);
      String what = path.externalName() + " " + policy + " " + labels;
      assertEquals(want.intervals(), intervals(loaded.index()), what);
      for (long a : probes) {
        assertEquals(answer(want.intervals(), a), answer(loaded.index(), a), what + " " + dotted(a));
      }
      assertEquals(want.intervals().size(), loaded.identity().count(), what);
    }
  }

  @Test
  void spamhausDropBuildsItsBlocks() throws Exception {
    Path list = RealData.file("lists/spamhaus_drop.txt");
    List<Range> ranges = spamhaus();
    check(list, ranges, "longest", "default");
    check(list, ranges, "first", "default", "--overlap", "first");
  }

  @Test
  void cloudProviderRangesBuildTheirBlocks() throws Exception {
    check(RealData.file("lists/ipranges_all_ipv4_merged.txt"), ipranges(), "longest", "default");
  }

  @Test
  void ipcatRangesAreLabelledWithTheNameColumn() throws Exception {
    Path list = RealData.file("lists/ipcat_datacenters.csv");
    List<Range> names = ipcat(3);
    assertEquals("ThePlanet.com Internet Services, Inc.", names.stream()
        .filter(r -> r.start == address("64.5.32.0")).findFirst().orElseThrow().label());
    check(list, names, "longest", "default");
    check(list, names, "first", "default", "--overlap", "first");
    check(list, ipcat(4), "longest", "4", "--labels", "4");
    List<Range> unlabelled = names.stream()
        .map(r -> new Range(r.start(), r.end(), null, r.line(), false)).toList();
    check(list, unlabelled, "longest", "none", "--labels", "none", "--overlap", "longest");
  }

  /**
   * ipcat's named ranges with the cloud providers' unlabelled blocks, which overlap them: the two
   * policies answer differently, and each as the brute-force reading.
   */
  @Test
  void overlappingListsAreResolvedByEitherPolicy() throws Exception {
    List<Range> union = new ArrayList<>(ipcat(3));
    int offset = union.size();
    for (Range r : ipranges()) {
      union.add(new Range(r.start(), r.end(), null, offset + r.line(), true));
    }
    Expected longest = expected(union, "longest");
    Expected first = expected(union, "first");
    assertTrue(longest.overlapped() > 0 && first.overlapped() > 0, "the lists overlap");
    assertNotEquals(longest.intervals(), first.intervals(), "the policies answer differently");
    List<Path> lists = List.of(RealData.file("lists/ipcat_datacenters.csv"),
        RealData.file("lists/ipranges_all_ipv4_merged.txt"));
    check(lists, union, "longest", "default");
    check(lists, union, "first", "default", "--overlap", "first");
  }

  /** A plain list still takes the fast path: exactly the index of its sorted distinct keys. */
  @Test
  void aPlainListGivesTheExactAddressIndexByteForByte() throws Exception {
    Path ipsum = RealData.ipsum();
    List<String> lines = Files.readAllLines(ipsum, StandardCharsets.US_ASCII);
    int[] keys = lines.stream().filter(l -> !l.startsWith("#") && !l.isEmpty())
        .mapToInt(l -> key(address(l.split("\t")[0]))).sorted().distinct().toArray();
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    IndexWriter.write(IndexContent.exact(keys, keys.length, Files.size(ipsum), lines.size()),
        expected);
    Path index = dir.resolve("ipsum.ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", ipsum.toString(), "--output",
        index.toString(), "--labels", "none");
    assertEquals(0, run.exit(), run.err());
    assertArrayEquals(expected.toByteArray(), Files.readAllBytes(index));
    assertTrue(run.out().contains(String.format("%n  labels       0 (0 in the list, --labels none)%n")),
        run.out());

    // No label column at all: the same bytes with labels on.
    Path plain = dir.resolve("plain.tsv");
    StringBuilder text = new StringBuilder("# addresses\n");
    Random random = new Random(3);
    List<Integer> written = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      long a = random.nextLong() & TOP;
      written.add(key(a));
      text.append(dotted(a)).append(i % 7 == 0 ? "\r\n" : "\n");
    }
    Files.writeString(plain, text);
    int[] sorted = written.stream().mapToInt(Integer::intValue).sorted().distinct().toArray();
    ByteArrayOutputStream exact = new ByteArrayOutputStream();
    IndexWriter.write(IndexContent.exact(sorted, sorted.length, Files.size(plain), 5001), exact);
    Path plainIndex = dir.resolve("plain.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", plain.toString(), "--output",
        plainIndex.toString(), "--quiet").exit());
    assertArrayEquals(exact.toByteArray(), Files.readAllBytes(plainIndex));
  }

  @Test
  void labelledAddressesKeepOneIntervalPerAddress() throws Exception {
    Path list = dir.resolve("labelled.tsv");
    Files.writeString(list, "10.0.0.1\tbot\n10.0.0.2\tbot\n10.0.0.1\tscan\n10.0.0.3\n");
    Path index = dir.resolve("labelled.ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
        index.toString());
    assertEquals(0, run.exit(), run.err());
    for (String line : List.of("  addresses    4", "  duplicates   0", "  conflicts    1 (same"
        + " range as an earlier line, another label: the earlier line's label is kept)",
        "    10.0.0.1: " + list + ":1 'bot' kept, " + list + ":3 'scan' ignored",
        "  merges       0",
        "  intervals    3 (index ", "  labels       1 (2 in the list, --labels default)")) {
      assertTrue(run.out().contains("\n" + line), line + " in\n" + run.out());
    }
    Ipv4Lookup loaded = ReadPath.NIO.loader().load(index, true).index();
    assertTrue(loaded.exact(), "single addresses: no ends column");
    assertEquals(List.of(new Interval(address("10.0.0.1"), address("10.0.0.1"), "bot"),
        new Interval(address("10.0.0.2"), address("10.0.0.2"), "bot"),
        new Interval(address("10.0.0.3"), address("10.0.0.3"), null)), intervals(loaded));
  }

  /** Driver and tasks compute the text list's identity alike; a label change changes it. */
  @Test
  void theTextIdentityCoversEndsAndLabels() throws Exception {
    byte[] a = "10.0.0.0/24\tbot\n10.0.1.0/24\tscan\n".getBytes(StandardCharsets.US_ASCII);
    byte[] b = "10.0.0.0/24\tbot\n10.0.1.0/24\tscam\n".getBytes(StandardCharsets.US_ASCII);
    byte[] c = "10.0.0.0/24\tbot\n10.0.1.0/25\tscan\n".getBytes(StandardCharsets.US_ASCII);
    TextListLoader loader = new TextListLoader();
    var idA = loader.load(new java.io.ByteArrayInputStream(a), "a", a.length).identity();
    assertEquals(idA, loader.load(new java.io.ByteArrayInputStream(a), "a", a.length).identity());
    assertEquals(2, idA.count());
    assertNotEquals(idA, loader.load(new java.io.ByteArrayInputStream(b), "b", b.length).identity());
    assertNotEquals(idA, loader.load(new java.io.ByteArrayInputStream(c), "c", c.length).identity());
  }

  /** The same for the IPv6 part: another IPv6 block end, label or address changes the identity. */
  @Test
  void theTextIdentityCoversTheIpv6Intervals() throws Exception {
    String[] lists = {
        "10.0.0.0/24\tbot\n2001:db8::/48\tscan\n2001:db8:1::1\n",
        "10.0.0.0/24\tbot\n2001:db8::/48\tscam\n2001:db8:1::1\n",
        "10.0.0.0/24\tbot\n2001:db8::/49\tscan\n2001:db8:1::1\n",
        "10.0.0.0/24\tbot\n2001:db8::/48\tscan\n2001:db8:1::2\n"};
    TextListLoader loader = new TextListLoader();
    List<Object> ids = new java.util.ArrayList<>();
    for (String list : lists) {
      byte[] bytes = list.getBytes(StandardCharsets.US_ASCII);
      ids.add(loader.load(new java.io.ByteArrayInputStream(bytes), "l", bytes.length).identity());
    }
    assertEquals(3, ((org.ipjoin.index.format.IndexIdentity) ids.get(0)).count());
    assertEquals(ids.size(), new java.util.HashSet<>(ids).size(), ids.toString());
    byte[] again = lists[0].getBytes(StandardCharsets.US_ASCII);
    assertEquals(ids.get(0),
        loader.load(new java.io.ByteArrayInputStream(again), "l", again.length).identity());
  }

  @Test
  void badOptionValuesAreOneLineUsageErrors() throws Exception {
    Path list = dir.resolve("ip.tsv");
    Files.writeString(list, "10.0.0.1\n");
    Path out = dir.resolve("x.ipidx");
    // One heading alone is no form of --labels either: the line names every form, with name=N.
    for (String value : new String[] {"1", "region"}) {
      Run labels = IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
          out.toString(), "--labels", value);
      assertEquals(2, labels.exit());
      assertEquals("ipindex build: --labels: label column must be 'none', 'default', a column"
          + " number from 2 (column 1 is the address), or attributes: column numbers (3,4),"
          + " name=N (region=3, or asn=3,org=4) or two or more headings of the lists' header"
          + " line (asn,org): '" + value + "'\n", labels.err());
    }
    Run overlap = IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
        out.toString(), "--overlap", "widest");
    assertEquals(2, overlap.exit());
    assertEquals("ipindex build: --overlap: overlap policy must be 'longest' or 'first':"
        + " 'widest'\n", overlap.err());
    assertFalse(Files.exists(out));

    Run help = IndexToolsTest.ipindex("build", "--help");
    assertEquals(0, help.exit());
    for (String option : List.of("--labels <none|default|N|attributes>",
        "--label-from-file <REGEX>", "--overlap <longest|first>",
        "--skip-invalid")) {
      assertTrue(help.out().contains(option), option + " in\n" + help.out());
    }
  }

  @Test
  void ipv6EntriesAreIndexedBesideIpv4AndCountedByFamily() throws Exception {
    Path list = dir.resolve("mixed.txt");
    Files.writeString(list, "10.0.0.0/8\n2001:db8::/32\tdoc\n::1\n2001:db8::1\tone\n"
        + "::ffff:192.168.0.0/112\tmapped\n");
    Path out = dir.resolve("mixed.ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
        out.toString());
    assertEquals(0, run.exit(), run.err());
    for (String line : List.of("  addresses    2", "  blocks       3", "  ranges       0",
        "  overlaps     1 more entries gave up addresses to others (0 all of them), --overlap longest:"
            + " the smallest entry holding an address answers for it",
        "  intervals    6 (index ",
        "  families     IPv4 2 entries, 2 intervals; IPv6 3 entries, 4 intervals",
        "  labels       3 (3 in the list, --labels default)")) {
      assertTrue(run.out().contains("\n" + line), line + " in\n" + run.out());
    }
    for (ReadPath path : ReadPath.values()) {
      LoadedIndex loaded = path.loader().load(path.readsText() ? list : out, true);
      assertEquals(List.of(new Interval(address("10.0.0.0"), address("10.255.255.255"), null),
          new Interval(address("192.168.0.0"), address("192.168.255.255"), "mapped")),
          intervals(loaded.index()), path.externalName());
      assertEquals(List.of("0000:0000:0000:0000:0000:0000:0000:0001",
          "2001:0db8:0000:0000:0000:0000:0000:0000 doc",
          "2001:0db8:0000:0000:0000:0000:0000:0001 one",
          "2001:0db8:0000:0000:0000:0000:0000:0002-2001:0db8:ffff:ffff:ffff:ffff:ffff:ffff doc"),
          intervals6(loaded), path.externalName());
    }
    Run verify = IndexToolsTest.ipindex("verify", out.toString());
    assertEquals(0, verify.exit(), verify.err());
    assertTrue(verify.out().startsWith("OK " + out + ": 2 IPv4 and 4 IPv6 intervals, length:count:crc "
        + Files.size(out) + ":6:"), verify.out());
  }

  /** The shrink guard counts the intervals of both families, old and new. */
  @Test
  void maxShrinkCountsIpv6Intervals() throws Exception {
    Path full = dir.resolve("full.txt");
    Files.writeString(full, "10.0.0.1\n2001:db8::1\n2001:db8::3\n2001:db8::5\n");
    Path cut = dir.resolve("cut.txt");
    Files.writeString(cut, "10.0.0.1\n2001:db8::1\n");
    Path index = dir.resolve("ips.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", full.toString(), "--output",
        index.toString()).exit());
    Run refused = IndexToolsTest.ipindex("build", "--input", cut.toString(), "--output",
        index.toString(), "--overwrite", "--max-shrink", "0.25");
    assertEquals(1, refused.exit());
    assertEquals("ipindex build: the new index would have 2 keys, the existing " + index
        + " has 4: 50.0% fewer, more than --max-shrink 0.25 allows; nothing was published and "
        + index + " is unchanged (a list cut short upstream? to publish anyway, raise"
        + " --max-shrink or leave it out)\n", refused.err());
  }

  /**
   * Spamhaus' IPv6 DROP list (78 blocks, ';' comments) builds into the intervals an independent
   * reading gives: the JDK's literal parser, BigInteger sort and merge of overlapping or touching
   * blocks; every read path loads them.
   */
  @Test
  void spamhausDropV6BuildsItsBlocks() throws Exception {
    Path list = RealData.file("lists/spamhaus_dropv6.txt");
    List<BigInteger[]> blocks = BlockMerge.ipv6Blocks(Files.readAllLines(list, StandardCharsets.UTF_8));
    List<String> merged = BlockMerge.mergedIpv6(blocks);
    Path out = dir.resolve("dropv6.ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
        out.toString());
    assertEquals(0, run.exit(), run.err());
    assertTrue(run.out().contains(String.format("%n  blocks       %d%n", blocks.size())),
        run.out());
    assertTrue(run.out().contains(String.format("%n  families     IPv4 0 entries, 0 intervals;"
        + " IPv6 %d entries, %d intervals%n", blocks.size(), merged.size())), run.out());
    for (ReadPath path : ReadPath.values()) {
      LoadedIndex loaded = path.loader().load(path.readsText() ? list : out, true);
      assertEquals(merged, intervals6(loaded), path.externalName());
      assertEquals(0, loaded.index().size(), path.externalName());
    }
  }

  /** The IPv6 intervals as {@code start-end label}, eight groups of four hex digits each. */
  static List<String> intervals6(LoadedIndex loaded) {
    Ipv6IntervalIndex index = loaded.index6();
    List<String> out = new ArrayList<>();
    for (int i = 0; i < index.size(); i++) {
      String start = full(index.startHi(i), index.startLo(i));
      String end = full(index.endHi(i), index.endLo(i));
      int id = index.labelId(i);
      out.add((start.equals(end) ? start : start + "-" + end)
          + (id == 0 ? "" : " " + loaded.index().labels().label(id)));
    }
    return out;
  }

  private static String full(long hiKey, long loKey) {
    return AddressText.fullIpv6(new BigInteger(1, ByteBuffer.allocate(16)
        .putLong(hiKey ^ Long.MIN_VALUE).putLong(loKey ^ Long.MIN_VALUE).array()));
  }
}
