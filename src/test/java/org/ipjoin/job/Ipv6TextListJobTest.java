package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.RealData;
import org.ipjoin.cli.ipindex.IndexTools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mixed text list as users have it, through {@code ipindex build} and through the {@code text}
 * read path, over the real {@code basjes_hackers-access.log}: Spamhaus's IPv6 DROP blocks, a block
 * and an address covering the log's 12 IPv6 clients, /24 blocks of a third of its IPv4 clients
 * (some labelled, one written IPv4-mapped, as {@code ::ffff:a.b.c.0/120}). Every mode is checked
 * against {@link MixedList}, read from the same lines by plain code.
 */
class Ipv6TextListJobTest {

  @TempDir Path dir;

  private static String client(String record) {
    int space = record.indexOf(' ');
    return space < 0 ? record : record.substring(0, space);
  }

  /** The list's lines, and the same entries in the reading (mapped ones as IPv4). */
  private List<String> mixedList(MixedList reading) throws Exception {
    List<String> lines = new ArrayList<>();
    for (String line : Files.readAllLines(RealData.file("lists/spamhaus_dropv6.txt"),
        StandardCharsets.UTF_8)) {
      lines.add(line);
      String block = line.split(";")[0].trim();
      if (!block.isEmpty()) {
        reading.add(block);
      }
    }
    lines.add("2001:41d0::/32\tOVH");
    reading.add("2001:41d0::/32\tOVH");
    lines.add("2400:8900::f03c:91ff:fe50:5089\tlinode");
    reading.add("2400:8900::f03c:91ff:fe50:5089\tlinode");
    Set<String> prefixes = new LinkedHashSet<>();
    for (String r : Files.readAllLines(RealData.basjesLog(), StandardCharsets.UTF_8)) {
      String c = client(r);
      if (c.matches("\\d+\\.\\d+\\.\\d+\\.\\d+") && Math.floorMod(c.hashCode(), 3) == 0) {
        prefixes.add(c.substring(0, c.lastIndexOf('.')));
      }
    }
    int n = 0;
    for (String prefix : prefixes) {
      String label = switch (n++ % 3) {
        case 0 -> "\tscanner";
        case 1 -> "\tcrawler";
        default -> "";
      };
      reading.add(prefix + ".0/24" + label);
      // One in five written as the IPv4-mapped block that is the same /24.
      lines.add((n % 5 == 0 ? "::ffff:" + prefix + ".0/120" : prefix + ".0/24") + label);
    }
    reading.requireDisjoint();
    return lines;
  }

  @Test
  void aMixedListBuiltByIpindexAndReadAsTextJoinsTheRealLogAsTheReadingSays() throws Exception {
    MixedList reading = new MixedList();
    Path list = Files.write(dir.resolve("mixed.tsv"), mixedList(reading), StandardCharsets.UTF_8);
    Path index = dir.resolve("mixed.ipidx");
    assertEquals(0, IndexTools.run(new Configuration(), new String[] {"build", "--input",
        list.toString(), "--output", index.toString(), "--quiet"}));
    Path log = RealData.basjesLog();
    Ipv6JoinJobTest.Expected expected = Ipv6JoinJobTest.expected(reading,
        Files.readAllLines(log, StandardCharsets.UTF_8));
    assertEquals(12L, expected.counters().get(IpJoinCounter.MATCHED_V6));

    Path binary = Files.createDirectory(dir.resolve("binary"));
    Ipv6JoinJobTest.everyModeAgrees(binary, index, reading, log, 2);
    Path text = Files.createDirectory(dir.resolve("text"));
    Ipv6JoinJobTest.everyModeAgrees(text, list, reading, log, 2, "--loader", "text");
  }

  @Test
  void exportOfAMixedIndexBuildsBackToTheSameIndex() throws Exception {
    Path list = Files.write(dir.resolve("mixed.tsv"), mixedList(new MixedList()),
        StandardCharsets.UTF_8);
    Path index = dir.resolve("mixed.ipidx");
    Configuration conf = new Configuration();
    assertEquals(0, IndexTools.run(conf, new String[] {"build", "--input", list.toString(),
        "--output", index.toString(), "--quiet"}));
    Path exported = dir.resolve("exported.tsv");
    assertEquals(0, IndexTools.run(conf, new String[] {"export", index.toString(), "--output",
        exported.toString()}));
    List<String> lines = Files.readAllLines(exported, StandardCharsets.UTF_8);
    int firstV6 = 0;
    while (firstV6 < lines.size() && !lines.get(firstV6).contains(":")) {
      firstV6++;
    }
    final int v6From = firstV6;
    assertEquals(List.of(), lines.subList(v6From, lines.size()).stream()
        .filter(l -> !l.contains(":")).toList(), "IPv6 lines after every IPv4 line");
    List<String> v6 = lines.subList(v6From, lines.size());
    assertEquals(true, v6.contains("2001:41d0::/32\tOVH") && v6.contains(
        "2400:8900::f03c:91ff:fe50:5089\tlinode") && v6.contains("2001:678:6c4::/48"), v6.toString());

    Path rebuilt = dir.resolve("rebuilt.ipidx");
    assertEquals(0, IndexTools.run(conf, new String[] {"build", "--input", exported.toString(),
        "--output", rebuilt.toString(), "--quiet"}));
    Path again = dir.resolve("again.tsv");
    assertEquals(0, IndexTools.run(conf, new String[] {"export", rebuilt.toString(), "--output",
        again.toString()}));
    assertArrayEquals(Files.readAllBytes(exported), Files.readAllBytes(again));
  }
}
