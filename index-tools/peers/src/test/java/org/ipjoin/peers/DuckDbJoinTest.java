package org.ipjoin.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DuckDbJoinTest {

  @TempDir
  Path dir;

  @Test
  void exactJoinKeepsTheListedLinesByteForByte() throws Exception {
    Path out = dir.resolve("out.txt");
    DuckDbJoin.run(options("match", TinyJoin.write(dir, "list.txt", TinyJoin.LIST), out, "between"));
    assertEquals(TinyJoin.expectedMatch(), TinyJoin.outputLines(out));
  }

  @Test
  void betweenJoinTagsEachLineWithItsRangesLabel() throws Exception {
    Path out = dir.resolve("out.txt");
    DuckDbJoin.run(options("tag", TinyJoin.write(dir, "ranges.txt", TinyJoin.RANGES), out, "between"));
    assertEquals(TinyJoin.expectedTag(), TinyJoin.outputLines(out));
  }

  @Test
  void asofJoinTagsEachLineWithItsRangesLabel() throws Exception {
    Path out = dir.resolve("out.txt");
    DuckDbJoin.run(options("tag", TinyJoin.write(dir, "ranges.txt", TinyJoin.RANGES), out, "asof"));
    assertEquals(TinyJoin.expectedTag(), TinyJoin.outputLines(out));
  }

  private PeerOptions options(String mode, Path list, Path out, String join) throws Exception {
    Path logs = TinyJoin.write(dir, "access.log", TinyJoin.LOGS);
    return new PeerOptions(mode, list.toString(), logs.toString(), out.toString(), 2, join);
  }
}
