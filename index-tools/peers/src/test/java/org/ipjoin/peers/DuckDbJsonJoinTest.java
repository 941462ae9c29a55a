package org.ipjoin.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DuckDbJsonJoinTest {

  @TempDir
  Path dir;

  @Test
  void listedRowsComeOutByteForByteAsTheyWentIn() throws Exception {
    Path logs = TinyJoin.write(dir, "access.json", TinyJoin.jsonLogs());
    Path out = dir.resolve("out.json");
    DuckDbJsonJoin.run("remote_addr", TinyJoin.write(dir, "list.txt", TinyJoin.LIST).toString(), logs.toString(),
        out.toString(), 2, DuckDbJsonJoin.firstKeys(logs));
    assertEquals(TinyJoin.expectedJsonMatch(), TinyJoin.outputLines(out));
  }

  @Test
  void theColumnsAreTheFirstObjectsKeysInOrder() throws Exception {
    Path logs = TinyJoin.write(dir, "access.json", List.of("{\"b\":\"1\",\"a\":\"x\\\"\",\"c\":\"\"}", "{}"));
    assertEquals(List.of("b", "a", "c"), DuckDbJsonJoin.firstKeys(logs));
  }
}
