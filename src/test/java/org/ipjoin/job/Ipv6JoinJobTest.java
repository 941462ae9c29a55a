package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.partLines;
import static org.ipjoin.job.DriverRun.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.ipjoin.RealData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * IPv4 and IPv6 through the whole job on the LocalJobRunner: a mixed list (blocks, ranges, single
 * addresses, labels shared by both families) over a mixed log (plain, IPv4-mapped, bracketed with
 * ports, 6to4/Teredo/compatible look-alikes, malformed), and the real
 * {@code basjes_hackers-access.log} with its 12 IPv6 clients against mixed lists that cover them.
 * Every mode's output and the counters are checked against {@link MixedList}, an independent
 * reading of the rules (plain String code and {@link java.net.InetAddress}).
 */
class Ipv6JoinJobTest {

  private static final String REST = " - - [23/Nov/2026:06:00:00 +0000] \"GET /%d HTTP/1.1\" 200 1";

  @TempDir Path dir;

  /** The expected results of one log against one list. */
  record Expected(List<String> match, List<String> nomatch, List<String> tag,
      List<String> count, List<String> countByLabel, Map<IpJoinCounter, Long> counters) {}

  private static String client(String record) {
    int space = record.indexOf(' ');
    return space < 0 ? record : record.substring(0, space);
  }

  static Expected expected(MixedList list, List<String> records) throws IOException {
    List<String> match = new ArrayList<>();
    List<String> nomatch = new ArrayList<>();
    List<String> tag = new ArrayList<>();
    TreeMap<MixedList.Address, Long> byAddress = new TreeMap<>(MixedList.ORDER);
    TreeMap<String, Long> byLabel = new TreeMap<>();
    Map<IpJoinCounter, Long> counters = new java.util.EnumMap<>(IpJoinCounter.class);
    for (IpJoinCounter c : List.of(IpJoinCounter.RECORDS, IpJoinCounter.MATCHED,
        IpJoinCounter.UNMATCHED, IpJoinCounter.IPV6, IpJoinCounter.MALFORMED,
        IpJoinCounter.RECORDS_V4, IpJoinCounter.RECORDS_V6, IpJoinCounter.MATCHED_V4,
        IpJoinCounter.MATCHED_V6)) {
      counters.put(c, 0L);
    }
    for (String r : records) {
      MixedList.Answer a = list.answer(r.isEmpty() ? "" : client(r));
      counters.merge(IpJoinCounter.RECORDS, 1L, Long::sum);
      tag.add(r + "\t" + a.tag());
      if (a.malformed()) {
        counters.merge(IpJoinCounter.MALFORMED, 1L, Long::sum);
        continue;
      }
      boolean v6 = a.client().family() == 6;
      counters.merge(v6 ? IpJoinCounter.RECORDS_V6 : IpJoinCounter.RECORDS_V4, 1L, Long::sum);
      if (v6) {
        counters.merge(IpJoinCounter.IPV6, 1L, Long::sum);
      }
      if (a.matched()) {
        match.add(r);
        counters.merge(IpJoinCounter.MATCHED, 1L, Long::sum);
        counters.merge(v6 ? IpJoinCounter.MATCHED_V6 : IpJoinCounter.MATCHED_V4, 1L, Long::sum);
        byAddress.merge(a.client(), 1L, Long::sum);
        byLabel.merge(a.entry().label() == null ? "1" : a.entry().label(), 1L, Long::sum);
      } else {
        nomatch.add(r);
        counters.merge(IpJoinCounter.UNMATCHED, 1L, Long::sum);
      }
    }
    List<String> count = new ArrayList<>();
    for (Map.Entry<MixedList.Address, Long> e : byAddress.entrySet()) {
      count.add(MixedList.text(e.getKey()) + "\t" + e.getValue());
    }
    List<String> countByLabel = new ArrayList<>();
    // Text keys sort by their UTF-8 bytes; these labels are ASCII.
    byLabel.forEach((label, n) -> countByLabel.add(label + "\t" + n));
    return new Expected(match, nomatch, tag, count, countByLabel, counters);
  }

  private DriverRun run(Path index, Path log, String name, String... more) throws Exception {
    return run(dir, index, log, name, more);
  }

  /** One job with {@code more} options; it must succeed. */
  static DriverRun run(Path dir, Path index, Path log, String name, String... more)
      throws Exception {
    List<String> args = new ArrayList<>(List.of(more));
    args.addAll(List.of("--no-malformed-output", "--index", index.toString(), "--input",
        log.toString(), "--output", dir.resolve(name).toString()));
    DriverRun run = DriverRun.of(args.toArray(new String[0]));
    assertEquals(0, run.exitCode(), run.toString());
    return run;
  }

  /** Every mode over {@code log} against {@code list}'s index, checked against the reading. */
  private void everyModeAgrees(MixedList list, Path log, int reducers) throws Exception {
    Path index = dir.resolve("mixed.ipidx");
    list.writeIndex(index);
    everyModeAgrees(dir, index, list, log, reducers);
  }

  /**
   * Every mode over {@code log} against {@code index} (an index of {@code list}, or with
   * {@code --loader text} in {@code more} the list itself), checked against the reading.
   */
  static void everyModeAgrees(Path dir, Path index, MixedList list, Path log, int reducers,
      String... more) throws Exception {
    List<String> records = Files.readAllLines(log, StandardCharsets.UTF_8);
    Expected expected = expected(list, records);

    DriverRun match = run(dir, index, log, "match", with(more, "--mode", "match"));
    assertEquals(sorted(expected.match()), sorted(partLines(match.output())));
    for (Map.Entry<IpJoinCounter, Long> c : expected.counters().entrySet()) {
      assertEquals(c.getValue(), match.counter(c.getKey()), c.getKey().name());
    }
    long v6Intervals = list.intervals(6).size();
    assertEquals(v6Intervals, match.counter(IpJoinCounter.INDEX_ENTRIES_V6));
    assertEquals(list.intervals(4).size() + v6Intervals,
        match.counter(IpJoinCounter.INDEX_ENTRIES));

    DriverRun nomatch = run(dir, index, log, "nomatch", with(more, "--mode", "nomatch"));
    assertEquals(sorted(expected.nomatch()), sorted(partLines(nomatch.output())));

    DriverRun tag = run(dir, index, log, "tag", with(more, "--mode", "tag"));
    assertEquals(sorted(expected.tag()), sorted(partLines(tag.output())));

    DriverRun count = run(dir, index, log, "count", with(more, "-D",
        "mapreduce.job.reduces=" + reducers, "--mode", "count"));
    assertEquals(expected.count(), partLines(count.output()),
        "IPv4 then IPv6, each by address, over the part files in name order");
    // Every IPv6 address is in the last reducer's file (a reducer with nothing writes none).
    List<String> ipv6Lines = expected.count().stream().filter(l -> l.contains(":")).toList();
    Path last = count.output().resolve(String.format("part-r-%05d", reducers - 1));
    assertEquals(ipv6Lines, Files.readAllLines(last).stream().filter(l -> l.contains(":")).toList());
    assertTrue(!ipv6Lines.isEmpty() || expected.count().isEmpty());

    DriverRun byLabel = run(dir, index, log, "label",
        with(more, "--mode", "count", "--count-by", "label"));
    assertEquals(expected.countByLabel(), partLines(byLabel.output()));
  }

  /** Map tasks of a run: INDEX_BYTES is the index length times the tasks. */

  /** {@code first} then {@code rest}; generic options (-D) must come first, so they go last here. */
  private static String[] with(String[] first, String... rest) {
    List<String> all = new ArrayList<>();
    List<String> generic = new ArrayList<>();
    for (int i = 0; i < rest.length; i++) {
      if (rest[i].equals("-D")) {
        generic.add(rest[i]);
        generic.add(rest[++i]);
      } else {
        all.add(rest[i]);
      }
    }
    generic.addAll(List.of(first));
    generic.addAll(all);
    return generic.toArray(new String[0]);
  }

  @Test
  void aMixedListJoinsAMixedLogInEveryModeAsTheIndependentReadingSays() throws Exception {
    MixedList list = new MixedList()
        .add("10.0.0.0/8\tprivate")
        .add("192.0.2.0/24\tdoc")
        .add("198.51.100.7")
        .add("203.0.113.10-203.0.113.20\tdoc")
        .add("2001:db8::/32\tdoc")
        .add("2001:db9:1::/48")
        .add("fc00::/7\tprivate")
        .add("2a00:1450:4001:81c::200e\tsearch")
        .add("2001:0:4136:e378::-2001:0:4136:e378:ffff::\tteredo-server");
    Random random = new Random(20261123);
    String[] ipv6Listed = {"2001:db8::1", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff",
        "fc00::1", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "2a00:1450:4001:81c::200e",
        "2001:0:4136:e378:8000:63bf:3fff:fdfe", "2001:DB8:0:0:0:0:0:2", "2001:db8:0::3"};
    String[] ipv6Other = {"2001:db9::1", "fe00::1", "2a00:1450:4001:81c::200f", "::1", "::",
        "2002:c000:201::1", "::192.0.2.1", "64:ff9b::192.0.2.1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
        "fe80::1%eth0", "2001:db8::5%25eth0"};
    String[] malformed = {"fe80::1%", "[fe80::1%25eth0]:443x", "[192.0.2.1]", "192.0.2.1:80:80",
        "2001:db8::1::1", "not-an-ip", "::ffff:192.0.2.256", "[2001:db8::1]:99999", "[2001:db8::1"};
    List<String> records = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      String client = switch (random.nextInt(10)) {
        case 0 -> "10." + random.nextInt(256) + "." + random.nextInt(256) + "." + random.nextInt(256);
        case 1 -> "192.0.2." + random.nextInt(256);
        case 2 -> "203.0.113." + random.nextInt(30);
        case 3 -> (random.nextBoolean() ? "::ffff:" : "::FFFF:") + "192.0.2." + random.nextInt(256);
        case 4 -> "::ffff:198.51.100." + (6 + random.nextInt(3));
        case 5 -> ipv6Listed[random.nextInt(ipv6Listed.length)];
        case 6 -> "2001:db" + (8 + random.nextInt(2)) + ":" + random.nextInt(3) + "::"
            + Integer.toHexString(random.nextInt(65536));
        case 7 -> ipv6Other[random.nextInt(ipv6Other.length)];
        case 8 -> malformed[random.nextInt(malformed.length)];
        default -> random.nextInt(256) + "." + random.nextInt(256) + ".0.1";
      };
      switch (random.nextInt(6)) {
        case 0 -> client = client.contains(":") && !client.contains("[") ? "[" + client + "]" : client;
        case 1 -> client = client.contains(":") && !client.contains("[")
            ? "[" + client + "]:" + random.nextInt(65536) : client;
        default -> { }
      }
      records.add(client + String.format(REST, i));
    }
    Path log = dir.resolve("mixed.log");
    Files.write(log, records, StandardCharsets.UTF_8);
    Expected expected = expected(list, records);
    for (IpJoinCounter c : List.of(IpJoinCounter.MATCHED_V4, IpJoinCounter.MATCHED_V6,
        IpJoinCounter.RECORDS_V6, IpJoinCounter.MALFORMED)) {
      assertTrue(expected.counters().get(c) > 100, c + ": the log exercises it");
    }
    everyModeAgrees(list, log, 3);
  }

  /**
   * The real log: its 12 IPv6 records (2001:41d0:8:f69::1 ×6, 2400:8900::f03c:91ff:fe50:5089 ×6)
   * against a list with a labelled /32 holding the first and the second as a single address,
   * beside /24 blocks of a third of its IPv4 clients.
   */
  @Test
  void theRealLogsIpv6ClientsMatchAMixedListThatCoversThem() throws Exception {
    Path log = RealData.basjesLog();
    List<String> records = Files.readAllLines(log, StandardCharsets.UTF_8);
    Set<String> blocks = new LinkedHashSet<>();
    int v6 = 0;
    for (String r : records) {
      String c = client(r);
      if (c.contains(":")) {
        v6++;
      } else if (c.matches("\\d+\\.\\d+\\.\\d+\\.\\d+") && c.hashCode() % 3 == 0) {
        blocks.add(c.substring(0, c.lastIndexOf('.')) + ".0/24");
      }
    }
    assertEquals(12, v6, "the log's IPv6 records");
    MixedList list = new MixedList()
        .add("2001:41d0::/32\tOVH")
        .add("2400:8900::f03c:91ff:fe50:5089");
    int n = 0;
    for (String block : blocks) {
      list.add(block + (n++ % 2 == 0 ? "\tscanner" : ""));
    }
    Expected expected = expected(list, records);
    assertEquals(12L, expected.counters().get(IpJoinCounter.MATCHED_V6));
    assertTrue(expected.counters().get(IpJoinCounter.MATCHED_V4) > 100,
        expected.counters().toString());
    everyModeAgrees(list, log, 2);
  }

  /**
   * The real log rewritten: every IPv4 client of every third record as {@code ::ffff:a.b.c.d},
   * every IPv6 client in brackets with a port. Count mode gives the same output as for the
   * original log, and match mode the same records (rewritten), since the job reads both forms as
   * the same clients.
   */
  @Test
  void mappedAndBracketedSpellingsOfTheRealLogCountAsTheOriginal() throws Exception {
    List<String> original = Files.readAllLines(RealData.basjesLog(), StandardCharsets.UTF_8);
    List<String> rewritten = new ArrayList<>();
    for (int i = 0; i < original.size(); i++) {
      String r = original.get(i);
      String c = client(r);
      String rest = r.substring(c.length());
      if (c.contains(":")) {
        rewritten.add("[" + c + "]:" + (1024 + i) + rest);
      } else if (i % 3 == 0 && c.matches("\\d+\\.\\d+\\.\\d+\\.\\d+")) {
        rewritten.add("::ffff:" + c + rest);
      } else {
        rewritten.add(r);
      }
    }
    Path variant = dir.resolve("rewritten.log");
    Files.write(variant, rewritten, StandardCharsets.UTF_8);
    MixedList list = new MixedList().add("2001:41d0::/32\tOVH").add("0.0.0.0/1\tlow half")
        .add("2400:8900::/32");
    Path index = dir.resolve("mixed.ipidx");
    list.writeIndex(index);

    DriverRun a = run(index, RealData.basjesLog(), "count-original", "--mode", "count");
    DriverRun b = run(index, variant, "count-rewritten", "--mode", "count");
    List<String> counted = partLines(a.output());
    assertEquals(counted, partLines(b.output()));
    assertEquals(expected(list, original).count(), counted);
    for (IpJoinCounter c : List.of(IpJoinCounter.RECORDS_V4, IpJoinCounter.RECORDS_V6,
        IpJoinCounter.MATCHED_V4, IpJoinCounter.MATCHED_V6, IpJoinCounter.MALFORMED)) {
      assertEquals(a.counter(c), b.counter(c), c.name());
    }
    assertEquals(12, b.counter(IpJoinCounter.MATCHED_V6));
    DriverRun match = run(index, variant, "match-rewritten", "--mode", "match");
    assertEquals(sorted(expected(list, rewritten).match()), sorted(partLines(match.output())));
  }
}
