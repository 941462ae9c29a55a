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
}
