package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.maxmind.db.DatabaseRecord;
import com.maxmind.db.Network;
import com.maxmind.db.Networks;
import com.maxmind.db.Reader;
import java.math.BigInteger;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.BuiltIndex;
import org.ipjoin.api.IpJoin;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex build --fields} on MaxMind's published test databases: every network, read again
 * by MaxMind's reader in the test, answers through the ipjoin index (every read path of the binary
 * index) what {@code reader.get} answers, at its edges, inside and just outside it; the IPv4
 * networks once, as IPv4, and no aliased IPv6 copy of them.
 */
class MaxMindDbBuildTest {

  @TempDir Path dir;

  /** One attribute as the test reads it from a record, independently of the build's paths. */
  private record Attribute(String spec, Function<Map<?, ?>, Object> value) {}

  private static Path database(String name) {
    URL url = MaxMindDbBuildTest.class.getResource("/mmdb/" + name);
    if (url == null) {
      throw new IllegalStateException("test data mmdb/" + name + " is not on the test classpath");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Object at(Object record, Object... keys) {
    Object value = record;
    for (Object key : keys) {
      if (value instanceof Map<?, ?> map) {
        value = map.get(key);
      } else if (value instanceof List<?> list && key instanceof Integer i) {
        value = i < list.size() ? list.get(i) : null;
      } else {
        return null;
      }
    }
    return value;
  }

  /** The label the index must answer for {@code record}: null for none. */
  private static String expectedLabel(Object record, List<Attribute> attributes) {
    if (record == null) {
      return null;
    }
    List<String> values = new ArrayList<>();
    boolean any = false;
    for (Attribute a : attributes) {
      Object v = a.value().apply((Map<?, ?>) record);
      String text = v == null ? "" : v.toString();
      any |= !text.isEmpty();
      values.add(text);
    }
    return any ? String.join("\t", values) : null;
  }

  private static final List<Attribute> ASN = List.of(
      new Attribute("asn=autonomous_system_number", r -> r.get("autonomous_system_number")),
      new Attribute("org=autonomous_system_organization",
          r -> r.get("autonomous_system_organization")));

  private static final List<Attribute> COUNTRY = List.of(
      new Attribute("country.iso_code", r -> at(r, "country", "iso_code")),
      new Attribute("continent=continent.names.en", r -> at(r, "continent", "names", "en")),
      new Attribute("eu=country.is_in_european_union", r -> at(r, "country", "is_in_european_union")),
      new Attribute("registered_country.geoname_id", r -> at(r, "registered_country", "geoname_id")));

  private static final List<Attribute> CITY = List.of(
      new Attribute("city.names.en", r -> at(r, "city", "names", "en")),
      new Attribute("subdivisions.0.iso_code", r -> at(r, "subdivisions", 0, "iso_code")),
      new Attribute("subdivision2=subdivisions.1.iso_code", r -> at(r, "subdivisions", 1, "iso_code")),
      new Attribute("country.iso_code", r -> at(r, "country", "iso_code")));

  private static String spec(List<Attribute> attributes) {
    return String.join(",", attributes.stream().map(Attribute::spec).toList());
  }

  @Test
  void asnDatabaseAnswersAsMaxMindsReader() throws Exception {
    roundTripByCommand("GeoLite2-ASN-Test.mmdb", ASN);
  }

  @Test
  void countryDatabaseAnswersAsMaxMindsReader() throws Exception {
    roundTripByCommand("GeoLite2-Country-Test.mmdb", COUNTRY);
  }

  @Test
  void cityDatabaseBuiltThroughTheApiAnswersAsMaxMindsReader() throws Exception {
    Path db = database("GeoLite2-City-Test.mmdb");
    Path index = dir.resolve("city.ipidx");
    BuiltIndex built = IpJoin.buildIndex(new Configuration()).input(db.toString())
        .output(index.toString()).fields(spec(CITY)).run();
    List<Network> networks = checkAnswers(db, index, CITY);
    assertEquals(networks.size(), built.lines());
    assertTrue(built.summary().contains(String.format("networks without any field: %,d (skipped)",
        withoutAny(db, CITY))), built.summary());
  }

  @Test
  void ipv4OnlyDatabaseBuildsIpv4Intervals() throws Exception {
    List<Attribute> ip = List.of(new Attribute("ip", r -> r.get("ip")));
    roundTripByCommand("MaxMind-DB-test-ipv4-24.mmdb", ip);
  }

  /** Builds with the command; checks the answers, the summary's counts and the result line. */
  private void roundTripByCommand(String name, List<Attribute> attributes) throws Exception {
    Path db = database(name);
    Path index = dir.resolve(name + ".ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", db.toString(), "--output",
        index.toString(), "--fields", spec(attributes));
    assertEquals(0, run.exit(), run.err());
    assertEquals("", run.err());
    List<Network> networks = checkAnswers(db, index, attributes);
    long v4 = networks.stream().filter(n -> n.getNetworkAddress() instanceof Inet4Address).count();
    long skipped = withoutAny(db, attributes);
    long v4Skipped = withoutAny(db, attributes, true);
    assertTrue(run.out().contains(String.format("%n  networks     %,d (the lines above); networks"
        + " without any field: %,d (skipped)%n", networks.size(), skipped)), run.out());
    assertTrue(run.out().contains(String.format("  families     IPv4 %,d entries, ", v4 - v4Skipped)),
        run.out());
    assertTrue(run.out().contains(String.format(" IPv6 %,d entries, ",
        networks.size() - v4 - (skipped - v4Skipped))), run.out());
  }

  private static long withoutAny(Path db, List<Attribute> attributes) throws Exception {
    return withoutAny(db, attributes, false);
  }

  /** Networks (IPv4 ones only, or all) whose record has none of the attributes. */
  private static long withoutAny(Path db, List<Attribute> attributes, boolean ipv4Only)
      throws Exception {
    long n = 0;
    try (Reader reader = new Reader(db.toFile())) {
      Networks<Object> all = reader.networks(false, Object.class);
      while (all.hasNext()) {
        DatabaseRecord<Object> r = all.next();
        boolean v4 = r.getNetwork().getNetworkAddress() instanceof Inet4Address;
        if ((v4 || !ipv4Only) && expectedLabel(r.getData(), attributes) == null) {
          n++;
        }
      }
    }
    return n;
  }

  /**
   * Every network of {@code db}, as MaxMind's reader (opened on the file, not a stream) iterates
   * it: its first and last address, a few inside and the neighbours just outside answer through
   * every binary read path what {@code reader.get} answers; the IPv4-mapped and 6to4 forms of IPv4
   * addresses are no IPv6 interval. Returns the networks.
   */
  private static List<Network> checkAnswers(Path db, Path index, List<Attribute> attributes)
      throws Exception {
    List<Network> networks = new ArrayList<>();
    long labelled = 0;
    List<LoadedIndex> loaded = new ArrayList<>();
    for (ReadPath path : ReadPath.values()) {
      if (!path.readsText()) {
        loaded.add(path.loader().load(index, true));
      }
    }
    try (Reader reader = new Reader(db.toFile())) {
      Networks<Object> all = reader.networks(false, Object.class);
      while (all.hasNext()) {
        Network network = all.next().getNetwork();
        networks.add(network);
        for (InetAddress probe : probes(network)) {
          String want = expectedLabel(reader.get(probe, Object.class), attributes);
          labelled += want == null ? 0 : 1;
          for (LoadedIndex l : loaded) {
            assertEquals(want, answer(l, probe), network + " " + probe.getHostAddress());
          }
        }
        if (network.getNetworkAddress() instanceof Inet4Address v4) {
          byte[] a = v4.getAddress();
          for (LoadedIndex l : loaded) {
            assertEquals(Ipv4Lookup.NO_MATCH, l.index6().match(Ipv6Codec.toKey(0),
                Ipv6Codec.toKey(0xFFFF_0000_0000L | unsigned(a))), "::ffff:" + network);
            assertEquals(Ipv4Lookup.NO_MATCH, l.index6().match(Ipv6Codec.toKey(0x2002L << 48
                | unsigned(a) << 16), Ipv6Codec.toKey(0)), "6to4 of " + network);
            assertEquals(Ipv4Lookup.NO_MATCH, l.index6().match(Ipv6Codec.toKey(0),
                Ipv6Codec.toKey(unsigned(a))), "::" + network);
          }
        }
      }
    }
    assertTrue(labelled >= networks.size() / 2, labelled + " labelled probes");
    return networks;
  }

  private static long unsigned(byte[] ipv4) {
    return new BigInteger(1, ipv4).longValue();
  }

  /** The label the index answers for {@code address}, or null for none. */
  private static String answer(LoadedIndex loaded, InetAddress address) {
    byte[] a = address.getAddress();
    int interval;
    int labelId;
    if (a.length == 4) {
      interval = loaded.index().match(Ipv4Codec.toKey(unsigned(a)));
      labelId = interval == Ipv4Lookup.NO_MATCH ? 0 : loaded.index().labelId(interval);
    } else {
      long hi = new BigInteger(1, Arrays.copyOfRange(a, 0, 8)).longValue();
      long lo = new BigInteger(1, Arrays.copyOfRange(a, 8, 16)).longValue();
      interval = loaded.index6().match(Ipv6Codec.toKey(hi), Ipv6Codec.toKey(lo));
      labelId = interval == Ipv4Lookup.NO_MATCH ? 0 : loaded.index6().labelId(interval);
    }
    if (interval == Ipv4Lookup.NO_MATCH) {
      return null;
    }
    assertTrue(labelId != 0, "an interval without a label at " + address.getHostAddress());
    return loaded.index().labels().label(labelId);
  }

  /** First, last, a few inside, and the addresses just before and after {@code network}. */
  private static List<InetAddress> probes(Network network) throws Exception {
    byte[] a = network.getNetworkAddress().getAddress();
    int bits = a.length * 8;
    BigInteger start = new BigInteger(1, a);
    BigInteger size = BigInteger.ONE.shiftLeft(bits - network.getPrefixLength());
    BigInteger last = start.add(size).subtract(BigInteger.ONE);
    BigInteger max = BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
    List<BigInteger> values = new ArrayList<>(List.of(start, last, start.add(size.shiftRight(1)),
        start.add(size.divide(BigInteger.valueOf(3))), start.subtract(BigInteger.ONE),
        last.add(BigInteger.ONE)));
    List<InetAddress> probes = new ArrayList<>();
    for (BigInteger v : values) {
      if (v.signum() >= 0 && v.compareTo(max) <= 0 && !(a.length == 16 && isIpv4Alias(v))) {
        probes.add(InetAddress.getByAddress(bytes(v, a.length)));
      }
    }
    return probes;
  }

  /**
   * IPv6 addresses MaxMind's reader answers through the IPv4 tree ({@code ::/96},
   * {@code ::ffff:0:0/96}, 6to4, Teredo): the index holds them as IPv4 only.
   */
  private static boolean isIpv4Alias(BigInteger v) {
    BigInteger top96 = v.shiftRight(32);
    return top96.signum() == 0 || top96.equals(BigInteger.valueOf(0xFFFF))
        || v.shiftRight(112).equals(BigInteger.valueOf(0x2002))
        || v.shiftRight(96).equals(BigInteger.valueOf(0x2001_0000L));
  }

  private static byte[] bytes(BigInteger v, int length) {
    byte[] raw = v.toByteArray();
    byte[] out = new byte[length];
    int copy = Math.min(raw.length, length);
    System.arraycopy(raw, raw.length - copy, out, length - copy, copy);
    return out;
  }

  // Usage errors: one line each, exit 2, nothing written.

  private void assertUsage(String message, String... args) throws Exception {
    Run run = IndexToolsTest.ipindex(args);
    assertEquals(ExitCode.USAGE.code(), run.exit(), run.out() + run.err());
    assertEquals("ipindex build: " + message + "\n", run.err());
    assertFalse(Files.exists(dir.resolve("out.ipidx")));
  }

  @Test
  void fieldsNeedAMaxMindDatabase() throws Exception {
    Path list = Files.writeString(dir.resolve("ips.txt"), "1.2.3.4\n");
    assertUsage("--fields reads MaxMind DB files (.mmdb), and input " + list + " is a text list;"
        + " give its labels with --labels",
        "build", "--input", list.toString(), "--output", dir.resolve("out.ipidx").toString(),
        "--fields", "country.iso_code");
  }

  @Test
  void aMaxMindDatabaseNeedsFields() throws Exception {
    Path db = database("GeoLite2-ASN-Test.mmdb");
    assertUsage("input " + db + " is a MaxMind DB: name what to index with --fields (e.g. --fields"
        + " country.iso_code)",
        "build", "--input", db.toString(), "--output", dir.resolve("out.ipidx").toString());
  }

  @Test
  void aMaxMindDatabaseAndATextListDoNotMix() throws Exception {
    Path db = database("GeoLite2-ASN-Test.mmdb");
    Path list = Files.writeString(dir.resolve("ips.txt"), "1.2.3.4\n");
    assertUsage("input " + db + " is a MaxMind DB and " + list + " a text list; build each kind"
        + " into its own index",
        "build", "--input", list.toString(), db.toString(), "--output",
        dir.resolve("out.ipidx").toString(), "--fields", "autonomous_system_number");
  }

  @Test
  void fieldsTakeNoLabelsOption() throws Exception {
    Path db = database("GeoLite2-ASN-Test.mmdb");
    assertUsage("--labels is for text lists; a MaxMind DB's labels are its --fields",
        "build", "--input", db.toString(), "--output", dir.resolve("out.ipidx").toString(),
        "--fields", "autonomous_system_number", "--labels", "none");
  }

  @Test
  void malformedFieldListsAreNamed() throws Exception {
    Path db = database("GeoLite2-ASN-Test.mmdb");
    String out = dir.resolve("out.ipidx").toString();
    assertUsage("--fields: field name 'autonomous_system_number' is given twice; name each field"
        + " once (name=path)", "build", "--input", db.toString(), "--output", out, "--fields",
        "autonomous_system_number,autonomous_system_number");
    assertUsage("--fields: field path 'country..iso_code' has an empty segment; give keys"
        + " separated by single dots, e.g. country.iso_code", "build", "--input", db.toString(),
        "--output", out, "--fields", "country..iso_code");
    assertUsage("--fields: empty field in 'a,,b'; separate fields by single commas", "build",
        "--input", db.toString(), "--output", out, "--fields", "a,,b");
    assertUsage("--fields: field '=a' has an empty name; give name=path or just the path",
        "build", "--input", db.toString(), "--output", out, "--fields", "=a");
  }

  @Test
  void aPathToAMapIsAUsageErrorNamingIt() throws Exception {
    Path db = database("GeoLite2-Country-Test.mmdb");
    Network first;
    try (Reader reader = new Reader(db.toFile())) {
      Networks<Object> all = reader.networks(false, Object.class);
      DatabaseRecord<Object> r;
      do {
        assertTrue(all.hasNext(), "a network with a country");
        r = all.next();
      } while (at(r.getData(), "country") == null);
      first = r.getNetwork();
    }
    assertUsage(db + ": network " + first + ": --fields country is a map, not a string, integer"
        + " or boolean", "build", "--input", db.toString(), "--output",
        dir.resolve("out.ipidx").toString(), "--fields", "iso=country.iso_code,country");
  }

  @Test
  void aPathToAFloatingPointNumberIsAUsageError() throws Exception {
    IpJoinException e = org.junit.jupiter.api.Assertions.assertThrows(IpJoinException.class,
        () -> IpJoin.buildIndex(new Configuration())
            .input(database("GeoLite2-City-Test.mmdb").toString())
            .output(dir.resolve("out.ipidx").toString()).fields("location.latitude").run());
    assertEquals(ExitCode.USAGE, e.exit());
    assertTrue(e.getMessage().endsWith(": --fields location.latitude is a floating-point number,"
        + " not a string, integer or boolean"), e.getMessage());
  }

  @Test
  void emptyAndGarbageFilesAreOneLineNamingTheFile() throws Exception {
    String reason = "Could not find a MaxMind DB metadata marker in this file. Is this a valid"
        + " MaxMind DB file?";
    Path empty = Files.write(dir.resolve("empty.mmdb"), new byte[0]);
    Path garbage = Files.writeString(dir.resolve("garbage.mmdb"), "1.2.3.4\tnot a database\n");
    for (Path db : List.of(empty, garbage)) {
      Run run = IndexToolsTest.ipindex("build", "--input", db.toString(), "--output",
          dir.resolve("out.ipidx").toString(), "--fields", "country.iso_code");
      assertEquals(ExitCode.FAILED.code(), run.exit(), run.err());
      assertEquals("ipindex build: " + db + ": " + reason + "\n", run.err());
    }
  }

  @Test
  void fieldsNoNetworkHasBuildNothingUnlessAllowed() throws Exception {
    Path db = database("GeoLite2-ASN-Test.mmdb");
    Path out = dir.resolve("out.ipidx");
    long networks;
    try (Reader reader = new Reader(db.toFile())) {
      networks = 0;
      for (Networks<Object> all = reader.networks(false, Object.class); all.hasNext(); all.next()) {
        networks++;
      }
    }
    Run run = IndexToolsTest.ipindex("build", "--input", db.toString(), "--output", out.toString(),
        "--fields", "city.names.en");
    assertEquals(ExitCode.FAILED.code(), run.exit(), run.err());
    assertEquals(String.format("ipindex build: no network in %s has any of --fields city.names.en"
        + " (%,d networks, none with a value); check the field paths against the database's"
        + " records. Nothing was published. Pass --allow-empty to build an empty index anyway.%n",
        db, networks), run.err());
    assertFalse(Files.exists(out));
    run = IndexToolsTest.ipindex("build", "--input", db.toString(), "--output", out.toString(),
        "--fields", "city.names.en", "--allow-empty");
    assertEquals(0, run.exit(), run.err());
    assertTrue(run.out().contains(String.format("networks without any field: %,d (skipped)",
        networks)), run.out());
    assertEquals(0, ReadPath.NIO.loader().load(out, true).identity().count());
  }

  /**
   * Damage MaxMind's reader decodes as other data, or fails on with a runtime exception: the
   * ASN test database's first record (data section offset 0, right after the 16 zero bytes that
   * end the search tree) is {@code E2 58 "autonomous_system_number" C2 3B 41 5D 01
   * "autonomous_system_organization" ...}, a map of 2 pairs. With its size byte made 1 pair, the
   * reader reads the record without its organisation and skips the networks of it, exit 0; the
   * walk finds the second pair left over: its key (offset 1 + 1 + 24 + 3 = 29) is one later
   * records point at, its value (29 + 2 + 30 = 61) nothing leads to. With the first key's control
   * byte made a 2-byte uint32 (C2), the reader fails with a ClassCastException.
   */
  @Test
  void aDamagedDataSectionFailsInOneLineNamingTheFileAndTheDamage() throws Exception {
    byte[] whole = Files.readAllBytes(database("GeoLite2-ASN-Test.mmdb"));
    byte[] key = "autonomous_system_number".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    int record = indexOf(whole, key) - 2;
    assertEquals((byte) 0xE2, whole[record]);
    for (int i = record - 16; i < record; i++) {
      assertEquals(0, whole[i], "the separator before the data section");
    }
    Map<String, byte[]> damages = new java.util.LinkedHashMap<>();
    damages.put("a value at data section offset 61 that neither the search tree nor a pointer"
        + " leads to (what is left of a damaged record)", damaged(whole, record, (byte) 0xE1));
    damages.put("a map key of type 6, not a string at data section offset 1",
        damaged(whole, record + 1, (byte) 0xC2));
    for (Map.Entry<String, byte[]> damage : damages.entrySet()) {
      Path db = Files.write(dir.resolve("damaged.mmdb"), damage.getValue());
      Path out = dir.resolve("out.ipidx");
      Run run = IndexToolsTest.ipindex("build", "--input", db.toString(), "--output",
          out.toString(), "--fields", "org=autonomous_system_organization");
      assertEquals(ExitCode.FAILED.code(), run.exit(), run.err());
      assertEquals("ipindex build: " + db + ": the data section is damaged: " + damage.getKey()
          + "\n", run.err());
      assertFalse(Files.exists(out));
    }
  }

  private static byte[] damaged(byte[] whole, int at, byte value) {
    byte[] copy = whole.clone();
    copy[at] = value;
    return copy;
  }

  private static int indexOf(byte[] bytes, byte[] what) {
    outer:
    for (int i = 0; i + what.length <= bytes.length; i++) {
      for (int j = 0; j < what.length; j++) {
        if (bytes[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError("not found");
  }

  @Test
  void aCorruptSearchTreeIsOneLineNamingTheFile() throws Exception {
    byte[] whole = Files.readAllBytes(database("GeoLite2-ASN-Test.mmdb"));
    Arrays.fill(whole, 0, 4000, (byte) 0xFF);
    Path db = Files.write(dir.resolve("corrupt.mmdb"), whole);
    Run run = IndexToolsTest.ipindex("build", "--input", db.toString(), "--output",
        dir.resolve("out.ipidx").toString(), "--fields", "autonomous_system_number");
    assertEquals(ExitCode.FAILED.code(), run.exit(), run.err());
    assertTrue(run.err().startsWith("ipindex build: " + db + ": The MaxMind DB file's search tree"
        + " is corrupt"), run.err());
    assertEquals(1, run.err().lines().count(), run.err());
  }
}
