package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.IndexFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver's memory check counts what a history index's {@code HISTORY} section holds in each
 * map task (the section's bytes, its decoded times and block starts, two bytes an entry of
 * in-block offsets) on the local runner: with a task heap whose 70% the index fits without that
 * and not with it, the job is refused before submission in one line naming the index and its need.
 */
class HistoryMemoryCheckTest {

  @TempDir Path dir;

  @Test
  void aHistoryThatOnlyFitsWithoutItsListingPeriodsIsRefusedBeforeSubmission() throws Exception {
    Path index = historyIndex();
    LoadedIndex heap = ReadPath.NIO.loader().load(index, true);
    long history = heap.history().heapBytes();
    assertTrue(history > 0);

    // mmap-direct: the heap holds the lookup directory (a full load's own copy), the empty label
    // dictionary's offset and the history. 70% of the heap leaves room for the first two and half
    // the history.
    long directory = IndexFiles.section(index, SectionKind.V4_DIRECTORY).length();
    refused(index, "mmap-direct", directory + 4 + history / 2);

    // nio: everything the file holds is copied, and the history's arrays beside its bytes take
    // more than the file's header and section directory: 70% of the heap halfway between the
    // file's length and what the load holds.
    long held = heap.heapBytes();
    long length = Files.size(index);
    assertTrue(held > length, held + " held, a file of " + length);
    refused(index, "nio", (length + held) / 2);
  }

  /** Runs a tag job whose map task heap gives the index {@code allowed} bytes: refused. */
  private void refused(Path index, String loader, long allowed) throws Exception {
    long xmx = (long) Math.ceil(allowed / 0.7);
    Path logs = Files.createDirectories(dir.resolve("logs"));
    Files.writeString(logs.resolve("access.log"),
        "10.0.0.1 - - [02/Mar/2026:12:00:00 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"probe\"\n");
    DriverRun r = DriverRun.of("-D", "mapreduce.map.java.opts=-Xmx" + xmx, "--loader", loader,
        "--index", index.toString(), "--input", logs.toString(), "--output",
        dir.resolve("out-" + loader).toString(), "--time", "combined", "--mode", "tag");
    assertEquals(2, r.exitCode(), loader + ": " + r);
    assertEquals(1, r.errLines().size(), loader + ": " + r);
    String line = r.errLines().get(0);
    assertTrue(line.startsWith("ipjoin: index " + DriverRun.qualified(index) + " needs about "),
        line);
    assertTrue(line.contains("20,000 keys") && line.contains("for its listing history")
        && line.contains("more than 70% of the map task heap of"), line);
    assertFalse(r.submitted(), loader);
  }

  /**
   * Five daily snapshots of 20,000 addresses: every one listed on the first day (so the index
   * has all 20,000 keys), then each on a day with probability 3/4, most with several periods.
   */
  private Path historyIndex() throws Exception {
    Path folder = Files.createDirectories(dir.resolve("snapshots"));
    SplittableRandom random = new SplittableRandom(17);
    int[] keys = random.ints(0x0b000000, 0x7f000000).distinct().limit(20_000).toArray();
    for (int day = 1; day <= 5; day++) {
      List<String> lines = new ArrayList<>();
      for (int key : keys) {
        if (day == 1 || random.nextInt(4) != 0) {
          lines.add((key >>> 24) + "." + (key >>> 16 & 255) + "." + (key >>> 8 & 255) + "."
              + (key & 255));
        }
      }
      Files.write(folder.resolve("2026-03-0" + day + ".txt"), lines);
    }
    Path index = dir.resolve("history.ipidx");
    IpJoin.buildIndex(new Configuration()).input(folder.toString()).output(index.toString())
        .asOfFromFile("(\\d{4}-\\d{2}-\\d{2})\\.txt").run();
    return index;
  }
}
