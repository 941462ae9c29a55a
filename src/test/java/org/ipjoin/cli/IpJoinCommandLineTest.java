package org.ipjoin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.hadoop.util.ToolRunner;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.TestIndexes;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job's command line follows the same convention as every ipindex command: one stderr line and
 * exit 2 for an option given twice, an unknown option even after --input, a generic option after
 * the job's own options; --help lists every read path. Run through ToolRunner as hadoop jar does.
 */
class IpJoinCommandLineTest {

  @TempDir Path dir;
  private Path index;
  private Path input;
  private Path output;

  @BeforeEach
  void files() throws Exception {
    index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, "8.8.8.8");
    input = dir.resolve("access.log");
    Files.writeString(input, "8.8.8.8 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1\n");
    output = dir.resolve("out");
  }

  private record Result(int exit, String err, String out) {}

  private Result ipjoin(String... args) throws Exception {
    // Hadoop creates its job staging root on the first submission: its absence proves none.
    Path jobStaging = dir.resolve("mr-staging");
    IpJoinRun run = IpJoinRun.local(jobStaging, Arrays.asList(args));
    assertFalse(java.nio.file.Files.exists(jobStaging), "nothing submitted");
    return new Result(run.exitCode(), run.err(), run.out());
  }

  private void assertRefused(Result r, String line) {
    assertEquals(2, r.exit(), r.err());
    assertEquals(line + "\n", r.err());
  }

  @Test
  void anOptionGivenTwiceIsRefused() throws Exception {
    assertRefused(ipjoin("--index", index.toString(), "--input", input.toString(), "--output",
        output.toString(), "--mode", "match", "--mode", "tag"), "ipjoin: option --mode given twice");
  }

  @Test
  void anUnknownOptionAfterInputIsNotAnInputPath() throws Exception {
    assertRefused(ipjoin("--index", index.toString(), "--input", input.toString(), "--mdoe", "tag",
        "--output", output.toString()), "ipjoin: unknown option '--mdoe'; see --help");
  }

  @Test
  void aGenericOptionAfterTheJobsOptionsSaysWhereItGoes() throws Exception {
    assertRefused(ipjoin("--index", index.toString(), "-D", "mapreduce.job.queuename=etl",
        "--input", input.toString(), "--output", output.toString()),
        "ipjoin: '-D' is a Hadoop generic option: generic options (-D, -conf, -fs, -files,"
            + " -libjars) go first, before the command's options");
    assertRefused(ipjoin("--index", index.toString(), "--input", input.toString(), "-libjars",
        "x.jar", "--output", output.toString()),
        "ipjoin: '-libjars' is a Hadoop generic option: generic options (-D, -conf, -fs, -files,"
            + " -libjars) go first, before the command's options");
  }

  @Test
  void aBadChainRuleIsRefusedBeforeSubmission() throws Exception {
    assertRefused(ipjoin("--index", index.toString(), "--input", input.toString(), "--output",
        output.toString(), "--chain", "untrusted=10.0.0.1/8,192.168.0.0/16"),
        "ipjoin: bad chain rule 'untrusted=10.0.0.1/8,192.168.0.0/16': '10.0.0.1/8' has host bits"
            + " set; the block is 10.0.0.0/8");
    assertRefused(ipjoin("--index", index.toString(), "--input", input.toString(), "--output",
        output.toString(), "--chain", "middle"),
        "ipjoin: bad chain rule 'middle'; use one of first, last, untrusted=CIDR,CIDR,..., untrusted=INDEX");
  }

  @Test
  void helpListsEveryReadPathAndTheSharedFooter() throws Exception {
    Result help = ipjoin("--help");
    assertEquals(0, help.exit(), help.err());
    String loaderLine = Arrays.stream(help.out().split("\n"))
        .filter(l -> l.contains("--loader")).findFirst().orElseThrow();
    for (ReadPath path : ReadPath.values()) {
      assertTrue(help.out().contains(path.externalName()), path.externalName() + " in " + help.out());
    }
    assertTrue(help.out().contains("mmap-direct"), loaderLine);
    assertTrue(help.out().startsWith("usage: hadoop jar ipjoin.jar [generic options] "), help.out());
    // HelpFormatter wraps at 100 columns: compare with the line breaks folded.
    String text = help.out().replaceAll("\\s+", " ");
    assertTrue(text.contains("Exit codes: 0 success, 1 the data or the job failed, 2 usage"
        + " or validation error, 3 the input held no data."), help.out());
    // Every key is described in the help once, before the examples: an option's description names
    // it, or the keys without an option list it (docs/configuration.md is made from the same enum).
    String described = text.substring(0, text.indexOf("Examples:"));
    for (IpJoinKeys key : IpJoinKeys.values()) {
      if (key != IpJoinKeys.INDEX_IDENTITY) {
        // Not followed by a dot: ipjoin.as.of is not counted inside ipjoin.as.of.outside.
        assertEquals(1, described.split(java.util.regex.Pattern.quote(key.key()) + "(?![.\\w])", -1)
            .length - 1, key.key() + " once in\n" + help.out());
      }
    }
    assertTrue(help.out().contains("Output: <output>/part-m-*"), help.out());
    assertTrue(help.out().contains("Examples:"), help.out());
  }
}
