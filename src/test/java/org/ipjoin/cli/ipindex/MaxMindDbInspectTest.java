package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.maxmind.db.DatabaseRecord;
import com.maxmind.db.Metadata;
import com.maxmind.db.Networks;
import com.maxmind.db.Reader;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.problem.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex inspect db.mmdb}: the database's metadata, as MaxMind's reader gives it, and the
 * field paths of its records with an example and a count, as this test reads them with the
 * reader's own records (not the command's walk), so a user can write {@code --fields}.
 */
class MaxMindDbInspectTest {

  @TempDir Path dir;

  private static Path database(String name) throws URISyntaxException {
    URL url = MaxMindDbInspectTest.class.getResource("/mmdb/" + name);
    return Path.of(url.toURI());
  }

  /** The metadata lines the command must print, from the reader's Metadata. */
  private static List<String> expectedMetadata(Path db) throws Exception {
    try (Reader reader = new Reader(db.toFile())) {
      Metadata m = reader.getMetadata();
      // Node count and record size are not public getters; the reader's toString names them.
      Matcher tree = Pattern.compile("nodeCount=(\\d+), recordSize=(\\d+)").matcher(m.toString());
      assertTrue(tree.find(), m.toString());
      List<String> lines = new ArrayList<>(List.of(
          "file           " + db,
          String.format("format         MaxMind DB %d.%d, %,d bytes, data section verified",
              m.getBinaryFormatMajorVersion(), m.getBinaryFormatMinorVersion(), Files.size(db)),
          "database type  " + m.getDatabaseType(),
          "build date     " + m.getBuildDate().toInstant() + " (epoch "
              + m.getBuildDate().getTime() / 1000 + ")",
          "IP version     " + m.getIpVersion(),
          String.format("search tree    %,d nodes, %s-bit records",
              Long.parseLong(tree.group(1)), tree.group(2)),
          "languages      " + String.join(", ", m.getLanguages())));
      new java.util.TreeMap<>(m.getDescription()).forEach((language, text) ->
          lines.add("description    " + language + ": " + text));
      return lines;
    }
  }

  @Test
  void asnDatabaseShowsItsMetadataAndItsTwoFieldsWithExamplesAndCounts() throws Exception {
    Path db = database("GeoLite2-ASN-Test.mmdb");
    // Every network of the test database (fewer than the 1,000 sampled), by the reader.
    int networks = 0;
    int withNumber = 0;
    int withOrganisation = 0;
    Object firstNumber = null;
    Object firstOrganisation = null;
    try (Reader reader = new Reader(db.toFile())) {
      for (Networks<Object> all = reader.networks(false, Object.class); all.hasNext(); ) {
        DatabaseRecord<Object> r = all.next();
        Map<?, ?> record = (Map<?, ?>) r.getData();
        networks++;
        Object number = record.get("autonomous_system_number");
        Object organisation = record.get("autonomous_system_organization");
        withNumber += number != null ? 1 : 0;
        withOrganisation += organisation != null ? 1 : 0;
        firstNumber = firstNumber == null ? number : firstNumber;
        firstOrganisation = firstOrganisation == null ? organisation : firstOrganisation;
        assertEquals(organisation == null ? 1 : 2, record.size(), "the ASN records' two keys");
      }
    }
    Run run = IndexToolsTest.ipindex("inspect", db.toString());
    assertEquals(0, run.exit(), run.err());
    List<String> expected = expectedMetadata(db);
    expected.add(String.format("fields of the records of the first %,d networks (for --fields;"
        + " a floating-point number or bytes is no --fields value):", networks));
    expected.add(String.format("  autonomous_system_number        %s  (%,d of %,d)", firstNumber,
        withNumber, networks));
    expected.add(String.format("  autonomous_system_organization  '%s'  (%,d of %,d)",
        firstOrganisation, withOrganisation, networks));
    assertEquals(expected, run.out().lines().toList());
    assertEquals("", run.err());
  }

  @Test
  void cityDatabaseListsThePathsFieldsTakesArraysByIndex() throws Exception {
    Path db = database("GeoLite2-City-Test.mmdb");
    Run run = IndexToolsTest.ipindex("inspect", db.toString());
    assertEquals(0, run.exit(), run.err());
    List<String> lines = run.out().lines().toList();
    assertEquals(expectedMetadata(db), lines.subList(0, expectedMetadata(db).size()));
    List<String> paths = lines.stream().filter(l -> l.startsWith("  "))
        .map(l -> l.trim().split(" ")[0]).toList();
    // The paths the build's own City test reads, by hand from GeoIP2 City's structure.
    for (String path : List.of("city.names.en", "subdivisions.0.iso_code",
        "subdivisions.1.iso_code", "country.iso_code", "country.is_in_european_union",
        "continent.names.en", "registered_country.geoname_id", "location.latitude")) {
      assertTrue(paths.contains(path), path + " in " + paths);
    }
    assertTrue(paths.stream().noneMatch(p -> p.equals("city") || p.equals("subdivisions")
        || p.equals("subdivisions.0")), "maps and arrays are no leaves: " + paths);
  }

  @Test
  void lookupsAndDamageAreOneLine() throws Exception {
    Path db = database("MaxMind-DB-test-ipv4-24.mmdb");
    Run run = IndexToolsTest.ipindex("inspect", db.toString(), "--lookup", "1.1.1.1");
    assertEquals(ExitCode.USAGE.code(), run.exit());
    assertEquals("ipindex inspect: --lookup looks up an ipjoin index; " + db + " is a MaxMind DB:"
        + " build an index of it (ipindex build --fields ...) and inspect that\n", run.err());
    Path garbage = Files.writeString(dir.resolve("garbage.mmdb"), "not a database\n");
    run = IndexToolsTest.ipindex("inspect", garbage.toString());
    assertEquals(ExitCode.FAILED.code(), run.exit());
    assertEquals("ipindex inspect: " + garbage + ": Could not find a MaxMind DB metadata marker"
        + " in this file. Is this a valid MaxMind DB file?\n", run.err());
  }
}
