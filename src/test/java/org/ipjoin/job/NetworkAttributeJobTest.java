package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code network} pseudo-attribute on the local runner: a list made here of CIDR blocks,
 * ranges that are no block and single addresses, IPv4 and IPv6, without overlaps and with gaps
 * between entries (so each entry is one interval of the index, as {@code ipindex export} would
 * write it back), every entry written in its canonical form. A log of each entry's edges, their
 * neighbours, addresses inside and random ones is joined in tag mode (among other attributes, and
 * alone on the unnamed labels of the {@code text} read path) and counted by it; the expected
 * network of each record is found by plain {@link BigInteger} containment over the list's lines.
 */
class NetworkAttributeJobTest {

  /** Entry, asn, org: each entry its own label, so the build merges none. */
  private static final String[][] ENTRIES = {
      {"10.0.0.0/8", "AS1", "ten"},
      {"100.64.0.0/31", "AS2", "pair"},
      {"172.16.0.5-172.16.1.4", "AS3", "odd-range"},
      {"192.0.2.7", "AS4", "single"},
      {"198.51.100.0/24", "AS5", "doc-net"},
      {"203.0.113.10-203.0.113.20", "AS6", "doc-range"},
      {"2001:db8::/32", "AS7", "v6-block"},
      {"2001:db9::1-2001:db9::ff", "AS8", "v6-range"},
      {"2001:dba::5", "AS9", "v6-single"},
      {"2001:dbb::/48", "AS10", "v6-48"},
  };

  @TempDir Path dir;
  private Path list;
  private Path bare;
  private Path index;
  private Path log;
  /** The log's records, in order; null where a record is malformed. */
  private final List<String> clients = new ArrayList<>();

  private record Entry(BigInteger start, BigInteger end, boolean v6, String text, String asn,
      String org) {}

  private final List<Entry> entries = new ArrayList<>();

  @BeforeEach
  void listIndexAndLog() throws Exception {
    StringBuilder listText = new StringBuilder("entry\tasn\torg\n");
    StringBuilder bareText = new StringBuilder();
    for (String[] e : ENTRIES) {
      listText.append(e[0]).append('\t').append(e[1]).append('\t').append(e[2]).append('\n');
      bareText.append(e[0]).append('\n');
      entries.add(entry(e));
    }
    list = Files.writeString(dir.resolve("net.tsv"), listText);
    bare = Files.writeString(dir.resolve("bare.txt"), bareText);
    index = dir.resolve("net.ipidx");
    assertEquals(0, IndexTools.run(new Configuration(), new String[] {"build", "--input",
        list.toString(), "--output", index.toString(), "--labels", "asn,org", "--quiet"}));

    List<BigInteger[]> probes = new ArrayList<>();
    Random random = new Random(20261127);
    for (Entry e : entries) {
      BigInteger middle = e.start.add(e.end).shiftRight(1);
      for (BigInteger a : new BigInteger[] {e.start.subtract(BigInteger.ONE), e.start, middle,
          e.end, e.end.add(BigInteger.ONE)}) {
        probes.add(new BigInteger[] {a, e.v6 ? BigInteger.ONE : BigInteger.ZERO});
      }
    }
    for (int i = 0; i < 40; i++) {
      boolean v6 = i % 2 == 1;
      // Random addresses, half of them near the entries so that some land inside.
      BigInteger a = v6 ? new BigInteger("20010db8", 16).shiftLeft(96)
          .add(BigInteger.valueOf(random.nextInt(4)).shiftLeft(96))
          .add(new BigInteger(80, random))
          : BigInteger.valueOf(random.nextLong() & 0xFFFF_FFFFL);
      probes.add(new BigInteger[] {a, v6 ? BigInteger.ONE : BigInteger.ZERO});
    }
    StringBuilder logText = new StringBuilder();
    for (BigInteger[] p : probes) {
      String address = text(p[0], p[1].signum() == 1);
      clients.add(address);
      logText.append(address).append(" - - [27/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 1\n");
    }
    clients.add(null);
    logText.append("not-an-ip - - [27/Nov/2026:10:00:01 +0000] \"GET / HTTP/1.1\" 200 1\n");
    log = Files.writeString(dir.resolve("access.log"), logText);
  }

  /** The entry of list line {@code e}, its addresses read by InetAddress. */
  private static Entry entry(String[] e) throws Exception {
    String text = e[0];
    boolean v6 = text.contains(":");
    BigInteger start;
    BigInteger end;
    if (text.contains("/")) {
      String[] parts = text.split("/");
      int bits = v6 ? 128 : 32;
      int host = bits - Integer.parseInt(parts[1]);
      start = address(parts[0]);
      end = start.add(BigInteger.ONE.shiftLeft(host)).subtract(BigInteger.ONE);
    } else if (text.contains("-")) {
      String[] parts = text.split("-");
      start = address(parts[0]);
      end = address(parts[1]);
    } else {
      start = end = address(text);
    }
    return new Entry(start, end, v6, text, e[1], e[2]);
  }

  private static BigInteger address(String text) throws Exception {
    return new BigInteger(1, InetAddress.getByName(text).getAddress());
  }

  private static String text(BigInteger address, boolean v6) throws Exception {
    byte[] raw = address.toByteArray();
    byte[] bytes = new byte[v6 ? 16 : 4];
    int n = Math.min(raw.length, bytes.length);
    System.arraycopy(raw, raw.length - n, bytes, bytes.length - n, n);
    return InetAddress.getByAddress(bytes).getHostAddress();
  }

  /** The entry holding {@code client}, or null. */
  private Entry holding(String client) throws Exception {
    BigInteger a = address(client);
    boolean v6 = client.contains(":");
    for (Entry e : entries) {
      if (e.v6 == v6 && a.compareTo(e.start) >= 0 && a.compareTo(e.end) <= 0) {
        return e;
      }
    }
    return null;
  }

  private IpJoinRun run(Path out, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of("--input", log.toString(), "--output",
        out.toString()));
    all.addAll(List.of(args));
    return IpJoinRun.local(all);
  }

  private static List<String> output(Path out) throws Exception {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(out)) {
      for (Path f : files.filter(f -> f.getFileName().toString().startsWith("part-")).sorted()
          .toList()) {
        lines.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
      }
    }
    return lines;
  }

  @Test
  void tagModeWritesTheMatchedEntryAmongTheChosenAttributesAndAloneOnTheTextReadPath()
      throws Exception {
    Path out = dir.resolve("tag");
    IpJoinRun run = run(out, "--mode", "tag", "--index", "net=" + index + ":org,network,asn",
        "--index", "bare=" + bare + ":network", "--loader", "bare=text");
    assertEquals(0, run.exitCode(), run.err());
    List<String> expected = new ArrayList<>();
    List<String> records = Files.readAllLines(log, StandardCharsets.UTF_8);
    int listed = 0;
    for (int r = 0; r < records.size(); r++) {
      String client = clients.get(r);
      String tags;
      if (client == null) {
        tags = "\t-\t-\t-\t-";
      } else {
        Entry e = holding(client);
        listed += e == null ? 0 : 1;
        tags = e == null ? "\t0\t0\t0\t0"
            : "\t" + e.org + "\t" + e.text + "\t" + e.asn + "\t" + e.text;
      }
      expected.add(records.get(r) + tags);
    }
    assertTrue(listed >= 3 * entries.size(), "the log reaches every entry: " + listed);
    List<String> actual = output(out);
    assertEquals(expected.stream().sorted().toList(), actual.stream().sorted().toList());
  }

  @Test
  void countByTheNetworkCountsEachEntrysRecords() throws Exception {
    Path out = dir.resolve("count");
    IpJoinRun run = run(out, "--mode", "count", "--index", "net=" + index,
        "--count-by", "net.network,net.org");
    assertEquals(0, run.exitCode(), run.err());
    Map<String, Long> expected = new TreeMap<>();
    for (String client : clients) {
      Entry e = client == null ? null : holding(client);
      if (e != null) {
        expected.merge(e.text + "\t" + e.org, 1L, Long::sum);
      }
    }
    Map<String, Long> actual = new TreeMap<>();
    for (String line : output(out)) {
      int tab = line.lastIndexOf('\t');
      actual.put(line.substring(0, tab), Long.parseLong(line.substring(tab + 1)));
    }
    assertEquals(expected, actual);
    assertEquals(entries.size(), actual.size(), "every entry counted");
  }

  @Test
  void theNetworkIsNoValueWhereCanCompare() throws Exception {
    Path out = dir.resolve("where");
    IpJoinRun run = run(out, "--mode", "match", "--index", "net=" + index,
        "--where", "net.network=10.0.0.0/8");
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(List.of("ipjoin: --where 'net.network=10.0.0.0/8': 'net.network' (the matched"
        + " entry) is written by tag mode and counted by --count-by, not compared: write net"
        + " (listed there), or filter the tagged output (column 5)"), run.errLines());
    assertFalse(Files.exists(out));
  }
}
