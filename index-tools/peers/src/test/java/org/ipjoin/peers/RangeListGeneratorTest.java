package org.ipjoin.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RangeListGeneratorTest {

  @TempDir
  Path dir;

  @Test
  void rangesAreDisjointInOrderLabelledAndReproducible() throws Exception {
    Path a = dir.resolve("a.txt");
    Path b = dir.resolve("b.txt");
    RangeListGenerator.write(1000, 7, 50, a);
    RangeListGenerator.write(1000, 7, 50, b);
    assertEquals(Files.readString(a), Files.readString(b));
    List<String> lines = Files.readAllLines(a);
    assertEquals(1000, lines.size());
    long previousEnd = -1;
    for (String line : lines) {
      String[] rangeLabel = line.split("\t");
      assertEquals(2, rangeLabel.length, line);
      assertTrue(rangeLabel[1].matches("AS\\d+ net-\\d+"), line);
      String[] ends = rangeLabel[0].split("-");
      long start = TinyJoin.number(ends[0]);
      long end = TinyJoin.number(ends[1]);
      assertTrue(previousEnd < start && start <= end && end < (1L << 32), line);
      assertEquals(ends[0], RangeListGenerator.dotted(start));
      previousEnd = end;
    }
  }

}
