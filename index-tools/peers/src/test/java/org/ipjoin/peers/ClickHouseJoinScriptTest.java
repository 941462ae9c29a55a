package org.ipjoin.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code clickhouse-join.js} through chDB on the tiny join, against the outputs computed with plain
 * String code. Needs node and chDB's node_modules ({@code -Dchdb.modules=DIR}, which the bench passes
 * after installing chDB); skipped without them.
 */
class ClickHouseJoinScriptTest {

  @TempDir
  Path dir;

  private Path logs;

  @BeforeEach
  void chdbInstalled() throws Exception {
    String modules = System.getProperty("chdb.modules", "");
    assumeTrue(!modules.isBlank() && Files.isDirectory(Path.of(modules, "chdb")), "chDB not installed (-Dchdb.modules)");
    logs = TinyJoin.write(dir, "access.log", TinyJoin.LOGS);
  }

  @Test
  void exactJoinKeepsTheListedLinesByteForByte() throws Exception {
    Path out = dir.resolve("out.txt");
    assertEquals(0, run("--mode", "match", "--list", TinyJoin.write(dir, "list.txt", TinyJoin.LIST).toString(),
        "--output", out.toString()));
    assertEquals(TinyJoin.expectedMatch(), TinyJoin.outputLines(out));
  }

  @Test
  void exactJoinOnIpv6ValuesKeepsTheSameLines() throws Exception {
    Path out = dir.resolve("out.txt");
    assertEquals(0, run("--mode", "match", "--list", TinyJoin.write(dir, "list.txt", TinyJoin.LIST).toString(),
        "--output", out.toString(), "--ipv6"));
    assertEquals(TinyJoin.expectedMatch(), TinyJoin.outputLines(out));
  }

  @Test
  void asofJoinOnBlocksTagsEachLineWithItsRangesLabel() throws Exception {
    Path out = dir.resolve("out.txt");
    assertEquals(0, run("--mode", "tag", "--list", TinyJoin.write(dir, "ranges.txt", TinyJoin.RANGES).toString(),
        "--output", out.toString()));
    assertEquals(TinyJoin.expectedTag(), TinyJoin.outputLines(out));
  }

  /** rows: JSONEachRow in and out (the slashes must not come out escaped); lines: LineAsString. */
  @ParameterizedTest
  @ValueSource(strings = {"rows", "lines"})
  void jsonJoinKeepsTheListedLinesByteForByte(String read) throws Exception {
    Path out = dir.resolve("out.json");
    logs = TinyJoin.write(dir, "access.json", TinyJoin.jsonLogs());
    assertEquals(0, run("--mode", "match", "--list", TinyJoin.write(dir, "list.txt", TinyJoin.LIST).toString(),
        "--output", out.toString(), "--json", "remote_addr", "--json-read", read));
    assertEquals(TinyJoin.expectedJsonMatch(), TinyJoin.outputLines(out));
  }

  @Test
  void aMissingListIsOneLineAndExitOne() throws Exception {
    Path out = dir.resolve("out.txt");
    assertEquals(1, run("--mode", "match", "--list", dir.resolve("none.txt").toString(), "--output", out.toString()));
    String err = Files.readString(dir.resolve("stderr.txt"));
    assertTrue(err.startsWith("clickhouse-join: ") && err.strip().lines().count() == 1, err);
  }

  private int run(String... options) throws Exception {
    List<String> command = new ArrayList<>(List.of("node",
        Path.of(System.getProperty("peers.scripts", "."), "clickhouse-join.js").toString(),
        "--threads", "2", "--logs", logs.toString()));
    command.addAll(List.of(options));
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectError(dir.resolve("stderr.txt").toFile()).redirectOutput(dir.resolve("stdout.txt").toFile());
    builder.environment().put("NODE_PATH", System.getProperty("chdb.modules"));
    int code = builder.start().waitFor();
    if (code == 0) {
      assertTrue(Files.readString(dir.resolve("stdout.txt"), StandardCharsets.UTF_8).startsWith("peer=clickhouse "));
    }
    return code;
  }
}
