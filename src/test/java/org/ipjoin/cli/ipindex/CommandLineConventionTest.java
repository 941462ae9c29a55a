package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one command-line convention, through every ipindex command as users run it: no partial
 * option names, no option given twice unless repeatable, no stray arguments, generic options
 * first; one stderr line and exit 2 for each mistake, nothing written.
 */
class CommandLineConventionTest {

  private static final String GENERIC_RULE = "generic options (-D, -conf, -fs, -files, -libjars)"
      + " go first, before the command's options";

  @TempDir Path dir;
  private Path list;
  private Path index;

  @BeforeEach
  void files() throws Exception {
    list = dir.resolve("ip.tsv");
    Files.writeString(list, "10.0.0.1\n10.0.0.2\n");
    index = dir.resolve("x.ipidx");
  }

  /** Exit 2, exactly the one stderr line, and no index written. */
  private void assertRefused(Run run, String line) {
    assertEquals(2, run.exit(), run.err());
    assertEquals(line + "\n", run.err().replace("\r\n", "\n"));
    assertFalse(Files.exists(index), "nothing written");
  }

  @Test
  void partialOptionNamesAreUnknownOptions() throws Exception {
    assertRefused(IndexToolsTest.ipindex("build", "--in", list.toString(), "--out", index.toString()),
        "ipindex build: unknown option '--in'; see --help");
    assertRefused(IndexToolsTest.ipindex("verify", "--no-check", index.toString()),
        "ipindex verify: unknown option '--no-check'; see --help");
  }

  @Test
  void anUnknownOptionAfterARepeatableOneIsNotTakenAsAValue() throws Exception {
    assertRefused(IndexToolsTest.ipindex("build", "--input", list.toString(), "--skip-invalidd",
        "--output", index.toString()), "ipindex build: unknown option '--skip-invalidd'; see --help");
  }

  @Test
  void anOptionGivenTwiceIsRefusedUnlessRepeatable() throws Exception {
    assertRefused(IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
        index.toString(), "--output", dir.resolve("y.ipidx").toString()),
        "ipindex build: option --output given twice");
    assertRefused(IndexToolsTest.ipindex("build", "--quiet", "--input", list.toString(), "--output",
        index.toString(), "--quiet"), "ipindex build: option --quiet given twice");
    assertRefused(IndexToolsTest.ipindex("load", "--loader", "nio", "--loader", "mmap",
        index.toString()), "ipindex load: option --loader given twice");
  }

  @Test
  void strayArgumentsAreRefused() throws Exception {
    assertRefused(IndexToolsTest.ipindex("build", "--output", index.toString(), "extra.tsv",
        "--input", list.toString()),
        "ipindex build: unexpected argument 'extra.tsv'; ipindex build takes no arguments besides"
            + " its options; see --help");
    assertRefused(IndexToolsTest.ipindex("verify", "a.ipidx", "b.ipidx"),
        "ipindex verify: unexpected argument 'b.ipidx'; expected one index file; see --help");
    assertRefused(IndexToolsTest.ipindex("sample", "--ips", "10", "--output",
        dir.resolve("s.tsv").toString(), "more"),
        "ipindex sample: unexpected argument 'more'; ipindex sample takes no arguments besides its"
            + " options; see --help");
    assertFalse(Files.exists(dir.resolve("s.tsv")));
  }

  @Test
  void aGenericOptionAfterTheCommandsOptionsSaysWhereItGoes() throws Exception {
    assertRefused(IndexToolsTest.ipindex("build", "--input", list.toString(), "-D", "k=v",
        "--output", index.toString()),
        "ipindex build: '-D' is a Hadoop generic option: " + GENERIC_RULE);
    assertRefused(IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
        index.toString(), "-Dk=v"), "ipindex build: '-Dk=v' is a Hadoop generic option: " + GENERIC_RULE);
    assertRefused(IndexToolsTest.ipindex("verify", index.toString(), "-conf", "site.xml"),
        "ipindex verify: '-conf' is a Hadoop generic option: " + GENERIC_RULE);
    // In front of the command's options they are Hadoop's, as always.
    Run first = IndexToolsTest.ipindex("build", "-D", "ipjoin.test=1", "--input", list.toString(),
        "--output", index.toString(), "--quiet");
    assertEquals(0, first.exit(), first.err());
  }

  @Test
  void everyCommandsHelpHasTheSameShape() throws Exception {
    for (String command : new String[] {"build", "verify", "inspect", "export", "sample", "load"}) {
      Run help = IndexToolsTest.ipindex(command, "--help");
      assertEquals(0, help.exit(), help.err());
      assertTrue(help.out().startsWith("usage: ipindex " + command + " [generic options] "), help.out());
      assertTrue(help.out().contains("Hadoop " + GENERIC_RULE), help.out());
      assertTrue(help.out().contains(
          "Exit codes: 0 success, 1 the data or the job failed, 2 usage or validation error."),
          help.out());
    }
  }
}
