package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.partLines;
import static org.ipjoin.job.DriverRun.parts;
import static org.ipjoin.job.DriverRun.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.job.task.AddressRangePartitioner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code count} is sorted by address over all its part files, with several reducers; {@code tag}
 * writes every record, the malformed ones tagged {@code -}.
 */
class CountAndTagJobTest {

  @TempDir Path dir;

  private static String dotted(long address) {
    return (address >> 24) + "." + ((address >> 16) & 255) + "." + ((address >> 8) & 255) + "."
        + (address & 255);
  }

  @Test
  void countWithThreeReducersIsSortedAcrossItsPartFilesInNameOrder() throws Exception {
    // Listed addresses over the whole space, the edges of the three ranges included.
    Random random = new Random(20261122);
    List<Long> listed = new ArrayList<>(List.of(0L, 1_431_655_765L, 1_431_655_766L,
        2_863_311_530L, 2_863_311_531L, 4_294_967_295L));
    for (int i = 0; i < 300; i++) {
      listed.add(random.nextLong(1L << 32));
    }
    Set<String> listedText = new HashSet<>();
    for (long a : listed) {
      listedText.add(dotted(a));
    }
    Path index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, listedText.toArray(new String[0]));

    StringBuilder log = new StringBuilder();
    TreeMap<Long, Long> counts = new TreeMap<>();
    for (int i = 0; i < 5000; i++) {
      long address = random.nextInt(3) == 0 ? random.nextLong(1L << 32)
          : listed.get(random.nextInt(listed.size()));
      log.append(dotted(address)).append(" - - [17/May/2015:10:05:03 +0000] \"GET /").append(i)
          .append(" HTTP/1.1\" 200 1\n");
      if (listedText.contains(dotted(address))) {
        counts.merge(address, 1L, Long::sum);
      }
    }
    Path input = dir.resolve("access.log");
    Files.writeString(input, log, StandardCharsets.US_ASCII);

    Path out = dir.resolve("out");
    DriverRun run = DriverRun.of("-D", "mapreduce.job.reduces=3", "--mode", "count",
        "--index", index.toString(), "--input", input.toString(), "--output", out.toString());
    assertEquals(0, run.exitCode(), run.toString());

    List<String> expected = new ArrayList<>();
    counts.forEach((address, count) -> expected.add(dotted(address) + "\t" + count));
    assertEquals(expected, partLines(out), "part files concatenated in name order");
    // Each reducer holds one third of the address space, in order.
    List<Path> files = parts(out);
    assertEquals(List.of("part-r-00000", "part-r-00001", "part-r-00002"),
        files.stream().map(p -> p.getFileName().toString()).toList());
    for (int i = 0; i < 3; i++) {
      final int third = i;
      List<String> inThird = new ArrayList<>();
      counts.forEach((address, count) -> {
        if (address * 3 >= third * (1L << 32) && address * 3 < (third + 1) * (1L << 32)) {
          inThird.add(dotted(address) + "\t" + count);
        }
      });
      assertEquals(inThird, linesOf(files.get(i)), files.get(i).toString());
    }
  }

  private static List<String> linesOf(Path file) throws java.io.IOException {
    String text = Files.readString(file, StandardCharsets.US_ASCII);
    return text.isEmpty() ? List.of() : List.of(text.substring(0, text.length() - 1).split("\n"));
  }

  @Test
  void thePartitionerCutsTheAddressSpaceIntoEqualRangesInOrder() {
    assertEquals(0, AddressRangePartitioner.partition(Ipv4Codec.parseKey("0.0.0.0"), 3));
    assertEquals(0, AddressRangePartitioner.partition(Ipv4Codec.parseKey("85.85.85.85"), 3));
    assertEquals(1, AddressRangePartitioner.partition(Ipv4Codec.parseKey("85.85.85.86"), 3));
    assertEquals(1, AddressRangePartitioner.partition(Ipv4Codec.parseKey("170.170.170.170"), 3));
    assertEquals(2, AddressRangePartitioner.partition(Ipv4Codec.parseKey("170.170.170.171"), 3));
    assertEquals(2, AddressRangePartitioner.partition(Ipv4Codec.parseKey("255.255.255.255"), 3));
    assertEquals(0, AddressRangePartitioner.partition(Ipv4Codec.parseKey("255.255.255.255"), 1));
    assertEquals(127, AddressRangePartitioner.partition(Ipv4Codec.parseKey("127.0.0.1"), 256));
    assertEquals(128, AddressRangePartitioner.partition(Ipv4Codec.parseKey("128.0.0.0"), 256));
  }

  @Test
  void tagWritesEveryRecordAndTagsMalformedOnesWithADash() throws Exception {
    Path index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, "8.8.8.8");
    List<String> records = List.of("8.8.8.8 - - listed", "192.0.2.1 - - unlisted",
        "::1 - - ipv6", "not-an-ip - - malformed", "", "999.1.1.1 - - malformed too");
    Path input = dir.resolve("access.log");
    Files.writeString(input, String.join("\n", records) + "\n", StandardCharsets.US_ASCII);

    Path out = dir.resolve("out");
    DriverRun run = DriverRun.of("--mode", "tag", "--no-malformed-output",
        "--index", index.toString(), "--input", input.toString(), "--output", out.toString());
    assertEquals(0, run.exitCode(), run.toString());
    List<String> expected = new ArrayList<>();
    for (String r : records) {
      String client = r.contains(" ") ? r.substring(0, r.indexOf(' ')) : r;
      String tag = client.equals("8.8.8.8") ? "1"
          : client.equals("192.0.2.1") || client.equals("::1") ? "0" : "-";
      expected.add(r + "\t" + tag);
    }
    assertEquals(sorted(expected), sorted(partLines(out)));
    assertEquals(3, run.counter(IpJoinCounter.MALFORMED));
    assertFalse(Files.exists(out.resolve("malformed")));
  }
}
