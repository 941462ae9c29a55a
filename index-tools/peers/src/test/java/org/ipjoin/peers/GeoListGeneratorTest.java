package org.ipjoin.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeoListGeneratorTest {

  @TempDir
  Path dir;

  @Test
  void rangesAreDisjointInOrderWithACountryAndItsOneContinentAndReproducible() throws Exception {
    Path a = dir.resolve("a.csv");
    Path b = dir.resolve("b.csv");
    GeoListGenerator.write(2000, 7, a);
    GeoListGenerator.write(2000, 7, b);
    assertEquals(Files.readString(a), Files.readString(b));
    List<String> lines = Files.readAllLines(a);
    assertEquals(2000, lines.size());
    Map<String, String> continentOf = new HashMap<>();
    long previousEnd = -1;
    int touching = 0;
    for (String line : lines) {
      String[] f = line.split(",", -1);
      assertEquals(4, f.length, line);
      assertTrue(f[2].matches("[A-Z]{2}") && f[3].matches("[A-Z]{2}"), line);
      assertEquals(f[3], continentOf.computeIfAbsent(f[2], c -> f[3]), line);
      long start = TinyJoin.number(f[0]);
      long end = TinyJoin.number(f[1]);
      assertTrue(previousEnd < start && start <= end && end < (1L << 32), line);
      touching += start == previousEnd + 1 ? 1 : 0;
      previousEnd = end;
    }
    assertTrue(continentOf.size() > 10, "countries drawn: " + continentOf.keySet());
    // Mostly contiguous, as a real country export: about one range in GAP_EVERY leaves a gap.
    assertTrue(touching > 2000 * 8 / 10 && touching < 2000 - 2000 / GeoListGenerator.GAP_EVERY / 2,
        "ranges touching the one before: " + touching);
  }

}
