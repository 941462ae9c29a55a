package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index's size is reported once per job, not once per map task: a job of several map tasks
 * (small splits) over two indexes gives, in {@code _ipjoin.json}, each index's {@code entries} and
 * the {@code INDEX_*} counters as the lists given to the build say, and {@code INDEX_LOADS} as the
 * number of map tasks (one part file each in tag mode).
 */
class IndexSizeCountersJobTest {

  @TempDir Path dir;

  @Test
  void severalMapTasksCountTheIndexesOnce() throws Exception {
    List<String> first = List.of("10.0.0.1", "10.0.0.2", "10.0.0.3");
    List<String> second = List.of("192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4", "192.0.2.5");
    Path a = dir.resolve("a.ipidx");
    Path b = dir.resolve("b.ipidx");
    TestIndexes.write(a, first.toArray(new String[0]));
    TestIndexes.write(b, second.toArray(new String[0]));
    StringBuilder log = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      log.append("10.0.0.").append(i % 7).append(" - - [x] \"GET /").append(i).append("\" 200 1\n");
    }
    Path input = Files.writeString(dir.resolve("access.log"), log);
    Path out = dir.resolve("out");

    IpJoinRun r = IpJoinRun.local(List.of("-D", "mapreduce.input.fileinputformat.split.maxsize=8192",
        "--index", "a=" + a, "--index", "b=" + b, "--mode", "tag", "--input", input.toString(),
        "--output", out.toString()));
    assertEquals(0, r.exitCode(), r.err());

    long mapTasks;
    try (Stream<Path> parts = Files.list(out)) {
      mapTasks = parts.filter(p -> p.getFileName().toString().startsWith("part-m-")).count();
    }
    assertTrue(mapTasks > 2, mapTasks + " map tasks");
    JsonNode json = new ObjectMapper().readTree(out.resolve("_ipjoin.json").toFile());
    JsonNode counters = json.get("counters");
    assertEquals(first.size() + second.size(), counters.get("INDEX_ENTRIES").asLong());
    assertEquals(0, counters.get("INDEX_ENTRIES_V6").asLong());
    assertEquals(Files.size(a) + Files.size(b), counters.get("INDEX_BYTES").asLong());
    assertEquals(0, counters.get("INDEX_LABELS").asLong());
    assertEquals(mapTasks, counters.get("INDEX_LOADS").asLong());
    assertEquals(first.size(), json.get("indexes").get(0).get("entries").asLong());
    assertEquals(second.size(), json.get("indexes").get(1).get("entries").asLong());
  }
}
