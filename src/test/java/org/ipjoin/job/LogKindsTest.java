package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.partLines;
import static org.ipjoin.job.DriverRun.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.ipjoin.api.IpJoin;
import org.ipjoin.job.locate.ClientIpLocator;
import org.ipjoin.job.locate.ClientIpLocators;
import org.ipjoin.testing.LocalHadoop;
import org.ipjoin.testing.ProjectFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * docs/job.md's tables of presets and log kinds are what the code does: every preset stands for
 * the format its row names; every kind marked tested is run, with the {@code --format} line as
 * written there, through the driver on the local runner in {@code --mode tag} against an index of
 * its real sample's addresses, and each record's tag is checked against the test's own reading of
 * the sample (plain Java splits written here for each kind, Jackson for JSON), not ipjoin's
 * locators. Kinds without a sample are checked on the made-up lines the doc gives for them.
 */
class LogKindsTest {

  private static final Path SAMPLES = ProjectFiles.resolve("src/test/resources/realdata/logkinds");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** One row of the log kinds table. */
  record Kind(String name, String sample, String formatLine, String tested) {
    /** The format and chain rule (null: the default) of the {@code --format} line. */
    String[] formatAndChain() {
      Matcher m = Pattern.compile("--format (.+?)(?: --chain (\\S+))?").matcher(formatLine);
      assertTrue(m.matches(), "a --format line: " + formatLine);
      return new String[] {m.group(1), m.group(2)};
    }

    @Override
    public String toString() {
      return name + " (" + sample + ", " + formatLine + ")";
    }
  }

  /**
   * The test's own reading of each sample's client column, written from the kind's documentation
   * (the logkinds README's table): the text of the column, null when the record has none. The
   * chain rule is given to the kind that logs a chain.
   */
  private static final Map<String, BiFunction<String, String, String>> READINGS = Map.ofEntries(
      Map.entry("aws_alb.log", (line, chain) -> hostOf(line.split(" ")[3])),
      Map.entry("aws_elb_classic.log", (line, chain) -> hostOf(line.split(" ")[2])),
      // Owner, bucket, the time in brackets (two words: it holds a space), then the remote IP.
      Map.entry("aws_s3_access.log", (line, chain) -> line.split(" ")[4]),
      Map.entry("aws_vpc_flow.log", (line, chain) -> line.split(" ")[3]),
      Map.entry("haproxy_http.log", (line, chain) -> {
        int at = line.indexOf("]: ") + 3;
        String clientAndPort = line.substring(at, line.indexOf(' ', at));
        return clientAndPort.substring(0, clientAndPort.lastIndexOf(':'));
      }),
      Map.entry("sshd_auth.log", (line, chain) -> {
        int from = line.lastIndexOf(" from ");
        return !line.contains(" sshd[") || from < 0 ? null
            : line.substring(from + 6).split(" ")[0];
      }),
      Map.entry("traefik_clf.log", (line, chain) -> line.split(" ")[0]),
      Map.entry("nginx_xff.log", LogKindsTest::forwardedFor),
      // Envoy's JSON object after the container runtime's prefix; text-format lines have none.
      Map.entry("envoy_cri.log", (line, chain) -> {
        int brace = line.indexOf('{');
        String peer = brace < 0 ? null : json(line.substring(brace), "/downstream_remote_address");
        return peer == null || peer.isEmpty() ? peer : hostOf(peer);
      }),
      Map.entry("traefik_json.log", (line, chain) -> {
        String host = json(line, "/ClientHost");
        return host == null || host.isEmpty() ? host : forwardedFor(host, chain);
      }),
      // Common/combined: the first word (no chain here); a host name or error-log text is none.
      Map.entry("apache_mixed.log", (line, chain) -> line.split(" ")[0]),
      Map.entry("suricata_eve.json", (line, chain) -> json(line, "/src_ip")),
      Map.entry("caddy_json.log", (line, chain) -> json(line, "/request/client_ip")),
      Map.entry("cloudflare_logpush.json", (line, chain) -> json(line, "/ClientIP")),
      Map.entry("aws_cloudtrail.json", (line, chain) -> json(line, "/sourceIPAddress")),
      // CloudFront: tab-separated, c-ip the 5th column (no #Fields: lines in this sample).
      Map.entry("aws_cloudfront.log",
          (line, chain) -> line.startsWith("#") ? null : line.split("\t")[4]),
      // Squid native: space-separated, the elapsed time right-aligned (padded with spaces).
      Map.entry("squid_access.log", (line, chain) -> line.trim().split(" +")[2]),
      Map.entry("iptables_kernel.log", (line, chain) -> Arrays.stream(line.split(" "))
          .filter(w -> w.startsWith("SRC=")).map(w -> w.substring(4)).findFirst().orElse(null)),
      Map.entry("pfsense_filterlog_rfc5424.log", LogKindsTest::filterlogSource),
      Map.entry("mikrotik_firewall.log", (line, chain) -> Arrays.stream(line.split(", "))
          .filter(part -> part.contains("->"))
          .map(part -> hostOf(part.substring(0, part.indexOf("->")))).findFirst().orElse(null)),
      Map.entry("bind_syslog.log", (line, chain) -> {
        List<String> words = Arrays.asList(line.split(" "));
        int at = words.indexOf("client");
        if (at < 0) {
          return null;
        }
        String word = words.get(at + 1).startsWith("@") ? words.get(at + 2) : words.get(at + 1);
        return word.substring(0, word.indexOf('#'));
      }),
      Map.entry("windows_4625.xml.log", (line, chain) -> xmlData(line, "IpAddress")),
      Map.entry("zeek_conn.log", (line, chain) -> line.startsWith("#") ? null : line.split("\t")[2]),
      Map.entry("zeek_conn_teredo.log",
          (line, chain) -> line.startsWith("#") ? null : line.split("\t")[2]));

  @Test
  void everyPresetIsDocumentedAsTheFormatItStandsFor() throws IOException {
    Map<String, String> documented = new LinkedHashMap<>();
    for (List<String> row : table("Presets", "preset")) {
      assertEquals(4, row.size(), row.toString());
      assertFalse(row.get(2).isEmpty(), "the column " + row.get(0) + " reads");
      assertFalse(row.get(3).isEmpty(), "the destination column of " + row.get(0));
      documented.put(code(row.get(0)), code(row.get(1)));
    }
    assertEquals(ClientIpLocators.PRESETS, documented);
  }

  static Stream<Kind> testedKinds() throws IOException {
    List<Kind> tested = kinds().stream().filter(k -> k.tested().equals("yes")).toList();
    assertTrue(tested.size() >= 20, "tested kinds: " + tested);
    return tested.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("testedKinds")
  void everyTestedKindTagsEachRecordAsTheTestsOwnReadingDoes(Kind kind) throws Exception {
    assertNotNull(kind.sample(), kind.name() + " is tested: it names its sample");
    Path sample = SAMPLES.resolve(kind.sample());
    assertTrue(Files.isRegularFile(sample), sample.toString());
    BiFunction<String, String, String> reading = READINGS.get(kind.sample());
    assertNotNull(reading, "no reading of " + kind.sample() + " in this test");
    String[] formatAndChain = kind.formatAndChain();

    // Expected tags from the test's reading: a label per distinct address, 0 for no address.
    Map<InetAddress, String> labels = new LinkedHashMap<>();
    List<String> expected = new ArrayList<>();
    int malformed = 0;
    for (String line : Files.readAllLines(sample, StandardCharsets.UTF_8)) {
      String client = reading.apply(line, formatAndChain[1]);
      String tag;
      if (client == null) {
        tag = "-";
      } else if (client.isEmpty() || client.equals("-")) {
        tag = "0";
      } else {
        InetAddress address = literal(client);
        tag = address == null ? "-" : labels.computeIfAbsent(address, a -> "host" + labels.size());
      }
      malformed += tag.equals("-") ? 1 : 0;
      // tag on JSON lines adds the tag as a field of the object, named after the index; a line
      // that is no JSON object is written unchanged (docs/job.md, tag with json:PATH).
      boolean json = formatAndChain[0].startsWith("json:")
          || ClientIpLocators.PRESETS.getOrDefault(formatAndChain[0], "").startsWith("json:");
      expected.add(!json ? line + "\t" + tag
          : line.endsWith("}") ? line.substring(0, line.length() - 1) + ",\"kind\":\"" + tag + "\"}"
          : line);
    }
    assertFalse(labels.isEmpty(), "the sample has addresses");

    StringBuilder list = new StringBuilder();
    labels.forEach((address, label) ->
        list.append(address.getHostAddress()).append('\t').append(label).append('\n'));
    Path listFile = Files.writeString(dir.resolve(kind.sample() + ".tsv"), list);
    Path index = dir.resolve(kind.sample() + ".ipidx");
    IpJoin.buildIndex(LocalHadoop.conf(dir)).input(listFile.toString()).output(index.toString())
        .labels("DEFAULT").run();

    Path out = dir.resolve(kind.sample() + ".out");
    List<String> args = new ArrayList<>(List.of("--index", "kind=" + index, "--input",
        sample.toString(), "--output", out.toString(), "--mode", "tag", "--format",
        formatAndChain[0]));
    if (formatAndChain[1] != null) {
      args.addAll(List.of("--chain", formatAndChain[1]));
    }
    DriverRun run = DriverRun.of(args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), kind.name() + ": " + run);
    assertEquals(sorted(expected), sorted(partLines(out)), kind.name());
    assertEquals(malformed, run.counter(IpJoinCounter.MALFORMED), kind.name());
  }

  /**
   * A kind not marked tested has no sample, or its format is not there yet (a sample with a
   * format that now parses must be tested); each has a made-up line giving its client.
   */
  @Test
  void everyUntestedKindSaysWhyAndHasAMadeUpLine() throws IOException {
    List<List<String>> madeUp = table("Log kinds", "kind", "line");
    for (Kind kind : kinds()) {
      if (kind.tested().equals("yes")) {
        continue;
      }
      Matcher byTest = Pattern.compile("by `(\\w+)`.*").matcher(kind.tested());
      if (byTest.matches()) {
        // Its sample is tested by the named test class, whose reading follows the format's
        // header lines (kept in the output, with the tag column added to them).
        assertTrue(Files.isRegularFile(ProjectFiles.resolve("src/test/java/org/ipjoin/job/"
            + byTest.group(1) + ".java")), kind.tested());
        continue;
      }
      assertTrue(kind.tested().startsWith("no"), kind.toString());
      String[] fc = kind.formatAndChain();
      if (kind.sample() != null) {
        assertTrue(Files.isRegularFile(SAMPLES.resolve(kind.sample())), kind.sample());
        assertThrows(IllegalArgumentException.class, () -> ClientIpLocators.fromSpec(fc[0]),
            kind.name() + " has a sample and its format now parses: mark it tested, add a reading");
        continue;
      }
      assertTrue(madeUp.stream().anyMatch(r -> r.get(0).equals(kind.name())),
          "a made-up line for " + kind.name());
    }
  }

  /**
   * Each made-up line gives the client shown with its kind's {@code --format} line, tested kind
   * or not: a tested kind keeps the lines of the shapes its sample lacks (pfSense's BSD syslog
   * prefix beside the sample's RFC 5424 one).
   */
  @Test
  void everyMadeUpLineGivesItsClientWithItsKindsFormatLine() throws IOException {
    Map<String, Kind> byName = new LinkedHashMap<>();
    kinds().forEach(kind -> byName.put(kind.name(), kind));
    for (List<String> row : table("Log kinds", "kind", "line")) {
      Kind kind = byName.get(row.get(0));
      assertNotNull(kind, "a made-up line of a kind the table has: " + row.get(0));
      String[] fc = kind.formatAndChain();
      ClientIpLocator locator = ClientIpLocators.fromSpec(fc[0], fc[1] == null ? "first" : fc[1]);
      byte[] record = code(row.get(1)).replace("\\t", "\t").getBytes(StandardCharsets.ISO_8859_1);
      ClientIpLocator.Range range = new ClientIpLocator.Range();
      assertTrue(locator.locate(record, 0, record.length, range), row.get(1));
      assertEquals(code(row.get(2)), new String(record, range.from, range.to - range.from,
          StandardCharsets.ISO_8859_1), kind.name() + ": " + row.get(1));
    }
  }

  /** The rows of the log kinds table. */
  private static List<Kind> kinds() throws IOException {
    List<Kind> kinds = new ArrayList<>();
    for (List<String> row : table("Log kinds", "kind", "sample")) {
      assertEquals(5, row.size(), row.toString());
      String sample = row.get(1).startsWith("`") ? code(row.get(1)) : null;
      kinds.add(new Kind(row.get(0), sample, code(row.get(2)), row.get(3)));
    }
    return kinds;
  }

  /**
   * The body rows of the table under the heading {@code ### heading} whose header starts with
   * the cells given, each row's cells trimmed, {@code \|} read as {@code |}.
   */
  private static List<List<String>> table(String heading, String... header) throws IOException {
    List<String> doc = Files.readAllLines(ProjectFiles.resolve("docs/job.md"));
    int at = doc.indexOf("### " + heading);
    assertTrue(at >= 0, "docs/job.md has ### " + heading);
    String head = "| " + String.join(" | ", header) + " |";
    while (!doc.get(at).startsWith(head)) {
      at++;
    }
    List<List<String>> rows = new ArrayList<>();
    for (int i = at + 2; i < doc.size() && doc.get(i).startsWith("|"); i++) {
      String line = doc.get(i);
      List<String> cells = new ArrayList<>();
      for (String cell : line.substring(1, line.length() - 1).split("(?<!\\\\)\\|", -1)) {
        cells.add(cell.trim().replace("\\|", "|"));
      }
      rows.add(cells);
    }
    assertFalse(rows.isEmpty(), heading);
    return rows;
  }

  /** The text of the one code span in a cell, with anything after it. */
  private static String code(String cell) {
    int open = cell.indexOf('`');
    int close = cell.indexOf('`', open + 1);
    assertTrue(open >= 0 && close > open, "a code span in " + cell);
    return cell.substring(open + 1, close);
  }

  /** {@code host:port} or {@code [v6]:port} to the host. */
  private static String hostOf(String hostAndPort) {
    if (hostAndPort.startsWith("[")) {
      return hostAndPort.substring(1, hostAndPort.indexOf(']'));
    }
    int colon = hostAndPort.lastIndexOf(':');
    return colon < 0 ? hostAndPort : hostAndPort.substring(0, colon);
  }

  /**
   * The source address of a pfSense filterlog line, by the field list of pfSense's "Filter Log
   * Format" page: the CSV is the line's last word; field 9 is the IP version, the source is field
   * 19 of an IPv4 line and field 16 of an IPv6 one. Null for a line without filterlog CSV.
   */
  private static String filterlogSource(String line, String chain) {
    if (!line.contains("filterlog")) {
      return null;
    }
    String[] words = line.split(" ");
    String[] fields = words[words.length - 1].split(",", -1);
    return switch (fields[8]) {
      case "4" -> fields[18];
      case "6" -> fields[15];
      default -> null;
    };
  }

  /**
   * The text of the {@code <Data Name="NAME">} element of a Windows event written as one line of
   * XML, read with the JDK's DOM parser: null when the line is no event or has no such element.
   */
  private static String xmlData(String line, String name) {
    try {
      Document event = DocumentBuilderFactory.newInstance().newDocumentBuilder()
          .parse(new InputSource(new StringReader(line)));
      NodeList data = event.getElementsByTagName("Data");
      for (int i = 0; i < data.getLength(); i++) {
        Element element = (Element) data.item(i);
        if (element.getAttribute("Name").equals(name)) {
          return element.getTextContent();
        }
      }
      return null;
    } catch (ParserConfigurationException | SAXException | IOException e) {
      return null;
    }
  }

  /** The value at a JSON pointer: null when missing, empty for JSON null. */
  private static String json(String line, String pointer) {
    try {
      JsonNode node = JSON.readTree(line).at(pointer);
      return node.isMissingNode() ? null : node.isNull() ? "" : node.isTextual() ? node.asText()
          : node.toString();
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * The client of a line whose first field is an X-Forwarded-For chain, quoted or with {@code ", "}
   * between hops, picked by the rule ({@code first}, {@code last}, {@code untrusted=CIDRs}).
   */
  private static String forwardedFor(String line, String rule) {
    String field;
    if (line.startsWith("\"")) {
      field = line.substring(1, line.indexOf('"', 1));
    } else {
      Matcher m = Pattern.compile("^((?:\\S+, *)*\\S+)").matcher(line);
      assertTrue(m.find(), line);
      field = m.group(1);
    }
    List<String> hops = Arrays.stream(field.split("[, ]+")).filter(h -> !h.isEmpty()).toList();
    if (rule == null || rule.equals("first")) {
      return hops.get(0);
    }
    if (rule.equals("last")) {
      return hops.get(hops.size() - 1);
    }
    List<String> trusted = List.of(rule.substring("untrusted=".length()).split(","));
    for (int i = hops.size() - 1; i >= 0; i--) {
      InetAddress hop = literal(hops.get(i));
      if (hop == null || trusted.stream().noneMatch(block -> inBlock(hop, block))) {
        return hops.get(i);
      }
    }
    return hops.get(0);
  }

  private static boolean inBlock(InetAddress address, String block) {
    String[] parts = block.split("/");
    byte[] base = literal(parts[0]).getAddress();
    byte[] a = address.getAddress();
    int bits = parts.length > 1 ? Integer.parseInt(parts[1]) : base.length * 8;
    if (a.length != base.length) {
      return false;
    }
    for (int bit = 0; bit < bits; bit++) {
      int mask = 0x80 >>> (bit % 8);
      if ((a[bit / 8] & mask) != (base[bit / 8] & mask)) {
        return false;
      }
    }
    return true;
  }

  private static final Pattern OCTET = Pattern.compile("25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9]");
  private static final Pattern DOTTED_QUAD =
      Pattern.compile("(" + OCTET + ")\\.(" + OCTET + ")\\.(" + OCTET + ")\\.(" + OCTET + ")");

  /** An IPv4 dotted quad or IPv6 literal, without a name lookup; null for anything else. */
  private static InetAddress literal(String text) {
    boolean v4 = DOTTED_QUAD.matcher(text).matches();
    boolean v6 = text.contains(":") && text.matches("[0-9A-Fa-f:.]+");
    if (!v4 && !v6) {
      return null;
    }
    try {
      return InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      return null;
    }
  }
}
