package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.RealData;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --chain untrusted=INDEX}: the trusted proxies are one of the job's indexes, built here
 * from a list file (addresses and CIDR blocks of both families), and each record's client is the
 * rightmost hop of its chain not in that list (the leftmost when all are). Jobs on the local
 * runner in {@code combined} (the real nginx X-Forwarded-For sample and generated lines) and
 * {@code json:xff} format, in tag mode; each record's tag of the other index is checked against a
 * reading of the chain computed here: hops split by hand, the list's entries as numeric ranges
 * (BigInteger over InetAddress bytes), the client looked up in the other list as a map.
 */
class ChainTrustedIndexJobTest {

  private static final Path NGINX = RealData.file("logkinds/nginx_xff.log");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  /** The proxies: what a load balancer's or CDN's published list holds. */
  private static final List<String> PROXIES = List.of("10.0.0.0/8", "127.0.0.1", "199.96.1.1",
      "204.246.0.0/16", "2001:db8:aa::/48", "192.0.2.7");
  /** The clients looked for, with labels. */
  private static final Map<String, String> CLIENTS = Map.of("85.181.35.98", "seen",
      "10.0.0.2", "inner", "2a03:0:10ff:f00f::8000", "six", "10.5.102.222", "office",
      "203.0.113.9", "far", "198.51.100.4", "near", "172.17.0.1", "docker");

  @TempDir static Path shared;
  @TempDir Path dir;
  private static Path proxies;
  private static Path clients;

  @BeforeAll
  static void buildIndexes() throws IOException {
    Path proxyList = shared.resolve("proxies.txt");
    Files.write(proxyList, PROXIES, StandardCharsets.UTF_8);
    proxies = shared.resolve("proxies.ipidx");
    BuiltIndexes.write(proxyList, proxies);
    Path clientList = shared.resolve("clients.tsv");
    List<String> lines = new ArrayList<>();
    CLIENTS.forEach((a, l) -> lines.add(a + "\t" + l));
    Files.write(clientList, lines, StandardCharsets.UTF_8);
    clients = shared.resolve("clients.ipidx");
    BuiltIndexes.write(clientList, clients);
  }

  /** Chains beside the real sample's: several trusted hops, all trusted, IPv6 proxies, no address. */
  private static final List<String> CHAINS = List.of(
      "203.0.113.9, 10.1.1.1, 199.96.1.1",
      "198.51.100.4, 203.0.113.9, 204.246.3.3",
      "10.0.0.2, 127.0.0.1, 10.9.9.9",
      "203.0.113.9, 2001:db8:aa::1, 2001:db8:aa:ffff::2",
      "2001:db8:bb::1, 10.3.3.3",
      "unknown, 192.0.2.7",
      "198.51.100.4,192.0.2.7,204.246.255.255",
      "85.181.35.98",
      "192.0.2.8, 192.0.2.7");

  @Test
  void combinedLogsTakeTheRightmostHopTheProxiesListDoesNotHold() throws Exception {
    Path input = dir.resolve("access.log");
    List<String> lines = new ArrayList<>(Files.readAllLines(NGINX, StandardCharsets.UTF_8));
    for (String chain : CHAINS) {
      lines.add(chain + " - - [27/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"-\"");
    }
    Files.write(input, lines, StandardCharsets.UTF_8);
    IpJoinRun run = run(input, "combined");
    assertEquals(0, run.exitCode(), run.err());
    List<String> expected = new ArrayList<>();
    for (String line : lines) {
      expected.add(line + "\t" + tag(combinedChain(line)));
    }
    List<String> got = new ArrayList<>();
    for (String line : LabelledJoinJobTest.outputLines(dir.resolve("out"))) {
      // The two tag columns: clients, then proxies; the clients' tag is the one checked.
      int last = line.lastIndexOf('\t');
      got.add(line.substring(0, last));
    }
    assertEquals(DriverRun.sorted(expected), DriverRun.sorted(got));
  }

  @Test
  void jsonRecordsTakeTheRightmostHopTheProxiesListDoesNotHold() throws Exception {
    Path input = dir.resolve("access.json");
    List<String> lines = new ArrayList<>();
    for (String line : Files.readAllLines(NGINX, StandardCharsets.UTF_8)) {
      String chain = combinedChain(line);
      lines.add("{\"time\":\"2026-11-27T10:00:00Z\",\"xff\":" + JSON.writeValueAsString(chain)
          + ",\"status\":200}");
    }
    for (String chain : CHAINS) {
      lines.add("{\"xff\": \"" + chain + "\", \"path\": \"/\"}");
    }
    Files.write(input, lines, StandardCharsets.UTF_8);
    IpJoinRun run = run(input, "json:xff");
    assertEquals(0, run.exitCode(), run.err());
    List<String> expected = new ArrayList<>();
    for (String line : lines) {
      expected.add(JSON.readTree(line).get("xff").textValue() + " -> "
          + tag(JSON.readTree(line).get("xff").textValue()));
    }
    List<String> got = new ArrayList<>();
    for (String line : LabelledJoinJobTest.outputLines(dir.resolve("out"))) {
      JsonNode node = JSON.readTree(line);
      got.add(node.get("xff").textValue() + " -> " + node.get("clients").textValue());
    }
    assertEquals(DriverRun.sorted(expected), DriverRun.sorted(got));
  }

  @Test
  void aChainRuleTrustingAnIndexTheJobDoesNotJoinIsOneLineBeforeSubmission() throws Exception {
    Path input = dir.resolve("access.log");
    Files.writeString(input, "1.2.3.4, 10.0.0.1 - - [27/Nov/2026:10:00:00 +0000] \"GET /\" 200 1\n");
    IpJoinRun run = IpJoinRun.local(dir.resolve("staging"), List.of("--index", "clients=" + clients,
        "--index", "edge=" + proxies, "--input", input.toString(), "--output",
        dir.resolve("out").toString(), "--mode", "tag", "--chain", "untrusted=proxies"));
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(List.of("ipjoin: bad chain rule 'untrusted=proxies': proxies is not an index of"
        + " this job (its indexes: clients, edge); give the proxies' list with --index"
        + " proxies=PATH, or CIDR blocks (untrusted=10.0.0.0/8,...)"), run.errLines());
    assertEquals(false, Files.exists(dir.resolve("staging")), "nothing was submitted");
  }

  private IpJoinRun run(Path input, String format) throws Exception {
    return IpJoinRun.local(List.of("--index", "clients=" + clients, "--index", "proxies=" + proxies,
        "--input", input.toString(), "--output", dir.resolve("out").toString(), "--mode", "tag",
        "--format", format, "--chain", "untrusted=proxies"));
  }

  // ---- the independent reading ----

  /** The chain a combined line starts with: a quoted first field, or words while one ends in ','. */
  private static String combinedChain(String line) {
    if (line.startsWith("\"")) {
      return line.substring(1, line.indexOf('"', 1));
    }
    String[] words = line.split(" ");
    StringBuilder chain = new StringBuilder(words[0]);
    for (int w = 1; words[w - 1].endsWith(","); w++) {
      chain.append(' ').append(words[w]);
    }
    return chain.toString();
  }

  /** The clients index's tag of the chain's client: its label, 0 when not listed, - when no address. */
  private static String tag(String chain) throws IOException {
    String[] hops = chain.trim().split("[,\\s]+");
    String client = hops[0];
    for (int h = hops.length - 1; h >= 0; h--) {
      if (!trusted(hops[h])) {
        client = hops[h];
        break;
      }
    }
    InetAddress address = address(client);
    if (address == null) {
      return "-";
    }
    for (Map.Entry<String, String> e : CLIENTS.entrySet()) {
      if (InetAddress.getByName(e.getKey()).equals(address)) {
        return e.getValue();
      }
    }
    return "0";
  }

  private static boolean trusted(String hop) throws IOException {
    InetAddress address = address(hop);
    if (address == null) {
      return false;
    }
    BigInteger value = new BigInteger(1, address.getAddress());
    for (String entry : PROXIES) {
      String[] parts = entry.split("/");
      byte[] start = InetAddress.getByName(parts[0]).getAddress();
      if (start.length != address.getAddress().length) {
        continue;
      }
      int bits = start.length * 8;
      int prefix = parts.length == 2 ? Integer.parseInt(parts[1]) : bits;
      BigInteger first = new BigInteger(1, start);
      BigInteger last = first.add(BigInteger.ONE.shiftLeft(bits - prefix)).subtract(BigInteger.ONE);
      if (value.compareTo(first) >= 0 && value.compareTo(last) <= 0) {
        return true;
      }
    }
    return false;
  }

  /** The hop as an address literal, or null when it is none (InetAddress never resolves these). */
  private static InetAddress address(String hop) throws IOException {
    if (IPV4.matcher(hop).matches() || hop.contains(":") && hop.matches("[0-9a-fA-F:.]+")) {
      return InetAddress.getByName(hop);
    }
    return null;
  }
}
