package org.ipjoin.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.testing.LocalHadoop;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The API's one rule for arguments: a null argument fails at the call with an
 * IllegalArgumentException that names it (not inside Hadoop, not after the job ran), and a
 * prepared join runs once.
 */
class ApiArgumentsTest {

  @TempDir Path dir;
  private Configuration conf;

  @BeforeEach
  void localHadoop() {
    conf = LocalHadoop.conf(dir);
  }

  /** Each call with a null argument, and the argument name its message must give. */
  static Stream<Arguments> nullArguments() {
    Configuration c = new Configuration(false);
    return Stream.of(
        Arguments.of("conf", (Executable) () -> IpJoin.join(null)),
        Arguments.of("conf", (Executable) () -> IpJoin.buildIndex(null)),
        Arguments.of("conf", (Executable) () -> IpJoin.verifyIndex(null, "x.ipidx", true)),
        Arguments.of("index", (Executable) () -> IpJoin.verifyIndex(c, null, true)),
        Arguments.of("path", (Executable) () -> IpJoin.join(c).index(null)),
        Arguments.of("paths", (Executable) () -> IpJoin.join(c).input((String[]) null)),
        Arguments.of("paths[1]", (Executable) () -> IpJoin.join(c).input("a", null)),
        Arguments.of("dir", (Executable) () -> IpJoin.join(c).output(null)),
        Arguments.of("mode", (Executable) () -> IpJoin.join(c).mode(null)),
        Arguments.of("countBy", (Executable) () -> IpJoin.join(c).countBy(null)),
        Arguments.of("format", (Executable) () -> IpJoin.join(c).format(null)),
        Arguments.of("loader", (Executable) () -> IpJoin.join(c).loader(null)),
        Arguments.of("err", (Executable) () -> IpJoin.join(c).warnings(null)),
        Arguments.of("paths[0]", (Executable) () -> IpJoin.buildIndex(c).input((String) null)),
        Arguments.of("path", (Executable) () -> IpJoin.buildIndex(c).output(null)),
        Arguments.of("column", (Executable) () -> IpJoin.buildIndex(c).labels(null)),
        Arguments.of("policy", (Executable) () -> IpJoin.buildIndex(c).overlap(null)),
        Arguments.of("keys", (Executable) () -> IpJoin.buildIndex(c).layout(null)),
        Arguments.of("fraction", (Executable) () -> IpJoin.buildIndex(c).maxShrink(null)),
        Arguments.of("bytesRead", (Executable) () -> IpJoin.buildIndex(c).progress(null)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("nullArguments")
  void aNullArgumentFailsAtTheCallNamingIt(String name, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::execute);
    assertEquals(name + " must not be null", e.getMessage());
  }

  /** {@link org.junit.jupiter.api.function.Executable} that may throw checked exceptions. */
  @FunctionalInterface
  interface Executable {
    void execute() throws Exception;
  }

  @Test
  void aPreparedJoinRunsOnce() throws Exception {
    Path list = Files.write(dir.resolve("list.txt"), List.of("10.0.0.1"));
    Path logs = Files.write(dir.resolve("access.log"),
        List.of("10.0.0.1 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1",
            "10.0.0.2 - - [17/May/2015:10:05:04 +0000] \"GET / HTTP/1.1\" 200 2"));
    String index = dir.resolve("list.ipidx").toString();
    IpJoin.buildIndex(conf).input(list.toString()).output(index).run();
    Path out = dir.resolve("out");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PreparedJoin join = IpJoin.join(conf).index(index).input(logs.toString()).output(out.toString())
        .warnings(new PrintStream(err, true, StandardCharsets.UTF_8)).prepare();

    JoinResult first = join.run();
    assertEquals(0, first.exitCode(), err.toString(StandardCharsets.UTF_8));
    List<String> published = outputFiles(out);
    assertEquals(1, first.counter("MATCHED"));
    IllegalArgumentException typo = assertThrows(IllegalArgumentException.class,
        () -> first.counter("MATCHD"));
    assertTrue(typo.getMessage().startsWith("no ipjoin counter is named 'MATCHD'; the counters: ["),
        typo.getMessage());

    IllegalStateException again = assertThrows(IllegalStateException.class, join::run);
    assertEquals("this prepared join has run already; prepare the join again to run it again (its"
        + " checks then see the output of the first run)", again.getMessage());
    assertEquals(published, outputFiles(out), "the second call ran nothing");
    assertFalse(err.toString(StandardCharsets.UTF_8).contains("another job"),
        "no job was blamed for a second run of the same join");
  }

  private static List<String> outputFiles(Path out) throws IOException {
    try (Stream<Path> s = Files.list(out)) {
      return s.map(p -> p.getFileName() + " " + p.toFile().lastModified()).sorted().toList();
    }
  }
}
