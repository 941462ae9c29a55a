package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.ipjoin.api.JoinJob;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.testing.LocalHadoop;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code tag} mode's unmatched value may not be written like another outcome: empty, {@code 1} (a
 * match without a label) and {@code -} (a malformed record) are refused before submission.
 */
class TagValueCollisionTest {

  @TempDir Path dir;
  private Configuration conf;

  @BeforeEach
  void job() throws Exception {
    conf = LocalHadoop.conf(dir);
    Path list = Files.write(dir.resolve("list.txt"), List.of("10.0.0.1"));
    Path logs = Files.write(dir.resolve("access.log"), List.of("10.0.0.1 - - [x] \"GET /\" 200 1",
        "10.0.0.2 - - [x] \"GET /\" 200 2"));
    String index = dir.resolve("list.ipidx").toString();
    IpJoin.buildIndex(conf).input(list.toString()).output(index).run();
  }

  /** A tag join whose Configuration says {@code ipjoin.tag.unmatched=unmatched}. */
  private JoinJob tagJoin(String unmatched) {
    conf.set("ipjoin.tag.unmatched", unmatched);
    return IpJoin.join(conf).index(dir.resolve("list.ipidx").toString())
        .input(dir.resolve("access.log").toString()).output(dir.resolve("out").toString())
        .mode("tag").warnings(new PrintStream(OutputStream.nullOutputStream()));
  }

  private List<String> refusedWith(String unmatched) {
    IpJoinException e = assertThrows(IpJoinException.class, tagJoin(unmatched)::prepare);
    assertEquals(ExitCode.USAGE, e.exit());
    return e.problems();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "1|a match without a label",
      "-|a malformed record",
      "?|a record outside a history index's snapshots"})
  void anUnmatchedValueWrittenLikeAnotherOutcomeIsRefused(String value, String outcome) {
    assertEquals(List.of("ipjoin.tag.unmatched must not be '" + value + "': that is the tag of "
        + outcome + "; give a value such as 0 (the default) or none"), refusedWith(value));
  }

  @Test
  void anEmptyUnmatchedValueIsRefused() {
    assertEquals(List.of("ipjoin.tag.unmatched must not be empty: an unmatched record would end"
        + " in an empty column; give a value such as 0 (the default) or none"), refusedWith(""));
  }

  @Test
  void anyOtherValueIsAccepted() throws Exception {
    assertEquals(0, tagJoin("none").prepare().run().exitCode());
    assertEquals(List.of("10.0.0.1 - - [x] \"GET /\" 200 1\t1", "10.0.0.2 - - [x] \"GET /\" 200 2\tnone"),
        Files.readAllLines(dir.resolve("out/part-m-00000")));
  }
}
