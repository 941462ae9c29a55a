package org.ipjoin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.ipjoin.testing.IpJoinRun;
import org.ipjoin.testing.LocalHadoop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A successful join ends with exactly one result line on stdout, and nothing else there. */
class ResultLineTest {

  @TempDir Path dir;

  @Test
  void oneResultLineWithTheCountsTheOutputAndWhereMalformedRecordsWent() throws Exception {
    Configuration conf = LocalHadoop.conf(dir);
    Path list = Files.write(dir.resolve("list.txt"), List.of("10.0.0.1"));
    String index = dir.resolve("list.ipidx").toString();
    IpJoin.buildIndex(conf).input(list.toString()).output(index).run();
    List<String> log = List.of("10.0.0.1 - - [x] \"GET /\" 200 1", "10.0.0.2 - - [x] \"GET /\" 200 2",
        "10.0.0.1 - - [x] \"GET /a\" 200 3", "garbage");
    Path logs = Files.write(dir.resolve("access.log"), log);
    Path out = dir.resolve("out");
    IpJoinRun run = IpJoinRun.local(dir.resolve("mr-staging"),
        List.of("--index", index, "--input", logs.toString(), "--output", out.toString()));

    assertEquals(0, run.exitCode(), run.err());
    // Counted here from the lines: a record is malformed when its first field is no address.
    long records = log.size();
    long malformed = log.stream().filter(l -> !l.matches("\\d+\\.\\d+\\.\\d+\\.\\d+ .*")).count();
    long matched = log.stream().filter(l -> l.startsWith("10.0.0.1 ")).count();
    String[] lines = run.out().split("\n");
    assertEquals(1, lines.length, run.out());
    String expected = "ipjoin: " + records + " records, " + matched + " matched, "
        + (records - matched - malformed) + " unmatched, " + malformed + " malformed (in file:"
        + out.resolve("malformed") + "/); output file:" + out + " (";
    assertTrue(lines[0].startsWith(expected) && lines[0].matches(".* \\(\\d+\\.\\d s\\)"),
        lines[0] + "\nexpected to start with\n" + expected);
  }
}
