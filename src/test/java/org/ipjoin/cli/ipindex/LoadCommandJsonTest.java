package org.ipjoin.cli.ipindex;

import static org.ipjoin.cli.ipindex.IndexToolsTest.ipindex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ipjoin.index.load.ReadPath;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code ipindex load --json}: the one line the bench reads instead of scraping text, for every
 * read path, with the counts of the list it was built from.
 */
class LoadCommandJsonTest {

  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(ReadPath.class)
  void oneJsonLineWithTheListsCounts(ReadPath path) throws Exception {
    List<String> list = List.of("10.0.0.1", "10.0.0.2", "192.0.2.9", "2001:db8::1");
    Path text = Files.write(dir.resolve("list.txt"), list);
    Path index = dir.resolve("list.ipidx");
    assertEquals(0, ipindex("build", "--quiet", "--input", text.toString(), "--output",
        index.toString()).exit());
    String file = path.externalName().equals("text") ? text.toString() : index.toString();

    IndexToolsTest.Run run = ipindex("load", "--loader", path.externalName(), "--json", file);
    assertEquals(0, run.exit(), run.err());
    String[] lines = run.out().split("\n");
    assertEquals(1, lines.length, run.out());
    JsonNode json = new ObjectMapper().readTree(lines[0]);
    assertEquals(path.externalName(), json.get("loader").asText());
    assertEquals(3, json.get("keys").asLong());
    assertEquals(1, json.get("ipv6Keys").asLong());
    assertEquals(Files.size(Path.of(file)), json.get("fileBytes").asLong());
    assertTrue(json.get("millis").asDouble() >= 0);
  }

  /**
   * {@code --trusted} loads as a task of a verified job whose bytes came checksummed: the heap paths
   * checksum what they copy, {@code mmap-direct} computes no CRC; {@code --verify-in-task} as a
   * task asked to verify: every path checksums. {@code checksum} says which; {@code
   * --verify-in-task} alone is a usage error (exit 2, one line).
   */
  @org.junit.jupiter.api.Test
  void trustedLoadsSayWhetherTheSectionsWereChecksummed() throws Exception {
    Path text = Files.write(dir.resolve("list.txt"), List.of("10.0.0.1", "192.0.2.9"));
    Path index = dir.resolve("list.ipidx");
    assertEquals(0, ipindex("build", "--quiet", "--input", text.toString(), "--output",
        index.toString()).exit());
    for (ReadPath path : ReadPath.values()) {
      if (path.readsText()) {
        continue;
      }
      for (boolean asked : new boolean[] {false, true}) {
        List<String> args = new java.util.ArrayList<>(List.of("load", "--loader",
            path.externalName(), "--json", "--trusted"));
        if (asked) {
          args.add("--verify-in-task");
        }
        args.add(index.toString());
        IndexToolsTest.Run run = ipindex(args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.err());
        JsonNode json = new ObjectMapper().readTree(run.out().strip());
        String what = path.externalName() + (asked ? " asked" : "");
        assertEquals(asked || path != ReadPath.MMAP_DIRECT, json.get("checksum").asBoolean(), what);
        assertEquals(asked ? "trusted+crc" : "trusted", json.get("checks").asText(), what);
      }
    }
    IndexToolsTest.Run alone = ipindex("load", "--verify-in-task", index.toString());
    assertEquals(2, alone.exit());
    assertEquals("ipindex load: --verify-in-task goes with --trusted (the default load checks"
        + " everything)", alone.err().strip());
  }
}
