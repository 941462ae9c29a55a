package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What opening the index in place saves on the local runner: the runner's copy. The runner copies
 * every distributed-cache file under {@code mapreduce.cluster.local.dir} (here a folder of the
 * test's) before the tasks run and names the copies as the task's local cache files; a test
 * mapper ({@link LocalCopyWitnessMapper}) fails its task when such a copy exists, so the job only
 * succeeds when its index was opened where it is. The job's answer comes from plain String code.
 */
class IndexInPlaceJobTest {

  @TempDir Path dir;

  @Test
  void theLocalRunnerMakesNoCopyOfTheIndexAndTheJobAnswersFromItsFile() throws Exception {
    Path index = dir.resolve("listed-in-place.ipidx");
    TestIndexes.write(index, "192.0.2.7", "198.51.100.1");
    List<String> records = List.of(
        "192.0.2.7 - - [21/Nov/2026:00:00:00 +0000] \"GET /a HTTP/1.1\" 200 1",
        "192.0.2.8 - - [21/Nov/2026:00:00:00 +0000] \"GET /b HTTP/1.1\" 200 1",
        "198.51.100.1 - - [21/Nov/2026:00:00:00 +0000] \"GET /c HTTP/1.1\" 200 1");
    Path log = Files.write(dir.resolve("access.log"), records);
    Path localDir = Files.createDirectory(dir.resolve("cluster-local"));
    Path output = dir.resolve("out");

    IpJoinRun run = IpJoinRun.local(List.of(
        "-D", "mapreduce.cluster.local.dir=" + localDir,
        "-D", "mapreduce.job.map.class=" + LocalCopyWitnessMapper.class.getName(),
        "--index", index.toString(), "--input", log.toString(), "--output", output.toString()));

    assertEquals(0, run.exitCode(), run.err());
    assertEquals(List.of(records.get(0), records.get(2)), LabelledJoinJobTest.outputLines(output));
    // The runner did use this directory (its job folder), so the witness looked in the right place.
    try (var entries = Files.list(localDir)) {
      assertTrue(entries.findAny().isPresent(), "the local runner never used " + localDir);
    }
  }
}
