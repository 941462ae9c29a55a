package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Republishing the index ({@code ipindex build --overwrite}) while jobs use it, at known points
 * rather than by racing a thread against the jobs:
 * <ul>
 *   <li>before submission: the job uses the new index, and gives exactly its answer;
 *   <li>after submission, before the task loads it (a test mapper republishes at the start of its
 *       setup): the task fails on the identity check, and the driver prints exactly that line.
 * </ul>
 * Lists A and B have different addresses and lengths. Expectations come from plain String code;
 * identities ({@code length:count:crc}) from the index file's bytes and the JDK's CRC32C.
 */
class IndexRepublishJobTest {

  @TempDir Path dir;
  private Path listA;
  private Path listB;
  private Path index;
  private Path log;
  private List<String> records;
  private List<String> a;
  private List<String> b;

  @BeforeEach
  void files() throws Exception {
    // A: 10.0.0.1-60, B: 10.0.1.1-90 and 10.0.0.1-10.
    a = new ArrayList<>();
    b = new ArrayList<>();
    for (int i = 1; i <= 60; i++) {
      a.add("10.0.0." + i);
    }
    for (int i = 1; i <= 90; i++) {
      b.add("10.0.1." + i);
    }
    for (int i = 1; i <= 10; i++) {
      b.add("10.0.0." + i);
    }
    listA = dir.resolve("a.tsv");
    listB = dir.resolve("b.tsv");
    Files.writeString(listA, "# list A\n" + String.join("\n", a) + "\n");
    Files.writeString(listB, "# list B\n" + String.join("\n", b) + "\n");

    // One input file: one map task, attempt _m_000000_0.
    records = new ArrayList<>();
    for (int octet3 = 0; octet3 < 3; octet3++) {
      for (int i = 1; i <= 120; i++) {
        records.add("10.0." + octet3 + "." + i + " - - [21/Nov/2026:00:00:00 +0000] \"GET /r" + i
            + " HTTP/1.1\" 200 " + i);
      }
    }
    log = dir.resolve("access.log");
    Files.writeString(log, String.join("\n", records) + "\n");

    index = dir.resolve("ips.ipidx");
    assertEquals(0, build(listA));
  }

  private int build(Path list) throws Exception {
    return IndexTools.run(new Configuration(), new String[] {"build", "--input", list.toString(),
        "--output", index.toString(), "--overwrite", "--quiet"});
  }

  private record Result(int exitCode, List<String> errLines, String jobId, Path output) {}

  private Result job(String... options) throws Exception {
    Path output = dir.resolve("out");
    List<String> args = new ArrayList<>(Arrays.asList(options));
    args.addAll(List.of("--index", index.toString(), "--input", log.toString(),
        "--output", output.toString()));
    IpJoinRun run = IpJoinRun.local(args);
    List<String> lines = Arrays.stream(run.err().split("\n"))
        .filter(l -> l.startsWith("ipjoin: ")).toList();
    return new Result(run.exitCode(), lines, FailedJobLines.jobId(lines), output);
  }

  @Test
  void anIndexRepublishedBeforeSubmissionGivesExactlyTheNewAnswer() throws Exception {
    assertEquals(0, build(listB));
    Result r = job();
    assertEquals(0, r.exitCode(), r.errLines().toString());
    List<String> expectB = matching(Set.copyOf(b));
    assertEquals(100, expectB.size());
    assertEquals(expectB, outputLines(r.output()));
  }

  /**
   * On the local runner tasks open the index where it is (no cache copy whose timestamp Hadoop
   * would check): the identity check is the one that fires, deterministically, and its message is
   * the job's reason.
   */
  @Test
  void anIndexRepublishedAfterSubmissionFailsTheTaskOnTheIdentityCheck() throws Exception {
    republishedAfterSubmission("nio");
  }

  /**
   * The same for a default mmap-direct task, which computes no section CRC32C (the driver verified
   * the index and the local runner opens it in place): the identity, from the header and section
   * directory alone, still refuses the new file.
   */
  @Test
  void anIndexRepublishedAfterSubmissionFailsTheDefaultMmapDirectTask() throws Exception {
    republishedAfterSubmission("mmap-direct");
  }

  private void republishedAfterSubmission(String loader) throws Exception {
    String submitted = identity(index);
    Result r = job("-D", "mapreduce.job.map.class=" + RepublishingMapper.class.getName(),
        "-D", RepublishingMapper.LIST + "=" + listB, "-D", RepublishingMapper.INDEX + "=" + index,
        "--loader", loader);
    String loaded = identity(index); // B, published by the task
    assertFalse(submitted.equals(loaded));
    String attempt = "attempt_" + r.jobId().substring("job_".length()) + "_m_000000_0";
    assertEquals(1, r.exitCode(), r.errLines().toString());
    assertEquals(List.of("ipjoin: job " + r.jobId() + " failed",
        "ipjoin: task " + attempt + " failed: " + index + " (cache file file:" + index
            + "#ipindex): index identity check failed: the job was submitted for the index with"
            + " length:count:crc " + submitted + ", but this task loaded " + loaded + ". The index"
            + " changed after the job was submitted, or the task read a stale local copy (a"
            + " leftover file named like the cache link in the working directory)."),
        r.errLines());
    assertFalse(Files.exists(r.output()), "a failed job publishes nothing");
  }

  /**
   * {@code length:count:crc} from the file's bytes (docs/index-format.md): the key count is the
   * first directory entry's COUNT (the starts section, u64 at byte 64 + 8), the CRC is CRC32C of
   * the section directory (32 bytes per section after the 64-byte header; count u32 at byte 16).
   */
  private static String identity(Path file) throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    java.nio.ByteBuffer le = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    CRC32C crc = new CRC32C();
    crc.update(bytes, 64, 32 * le.getInt(16));
    return bytes.length + ":" + le.getLong(64 + 8) + ":" + String.format("%08x", crc.getValue());
  }

  private List<String> matching(Set<String> listed) {
    return records.stream().filter(r -> listed.contains(r.substring(0, r.indexOf(' ')))).sorted()
        .toList();
  }

  private static List<String> outputLines(Path output) throws Exception {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(output)) {
      for (Path part : files.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
        lines.addAll(Files.readAllLines(part, StandardCharsets.ISO_8859_1));
      }
    }
    lines.sort(null);
    return lines;
  }
}
