package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.ip.Ipv4Codec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ipindex commands, run as users run them (through IndexTools and ToolRunner) on real files. */
class IndexToolsTest {

  
  static final Path IPSUM = org.ipjoin.RealData.ipsum();

  @TempDir Path dir;

  /** Exit code and what the command printed. */
  record Run(int exit, String out, String err) {}

  static Run ipindex(String... args) throws Exception {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      int exit = IndexTools.run(new Configuration(), args);
      return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  /** Distinct first-column addresses of ipsum.txt, computed with plain String code. */
  static Set<String> ipsumAddresses() throws IOException {
    Set<String> ips = new HashSet<>();
    try (Stream<String> lines = Files.lines(IPSUM)) {
      lines.filter(l -> !l.startsWith("#") && !l.isBlank()).forEach(l -> ips.add(l.split("\t")[0]));
    }
    return ips;
  }

  @Test
  void buildsIpsumIntoAnIndexWhoseCountIsTheDistinctAddresses() throws Exception {
    Path index = dir.resolve("ipsum.ipidx");
    Run build = ipindex("build", "--input", IPSUM.toString(), "--output", index.toString());
    assertEquals(0, build.exit(), build.err());
    int expected = ipsumAddresses().size();
    // Labels are on by default: each address keeps its count column as its label, so the index
    // holds one labelled interval per distinct address.
    assertTrue(build.out().contains(String.format("intervals    %,d", expected)), build.out());
    assertTrue(build.out().contains("comments     7"), build.out());

    Run inspect = ipindex("inspect", index.toString());
    assertEquals(0, inspect.exit(), inspect.err());
    assertTrue(inspect.out().contains(String.format("keys           %,d%n", expected)), inspect.out());
    // Only the index itself: no .crc side file, no leftover temporary file.
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(index), files.toList());
    }
  }

  /**
   * ipsum's second column counts the block lists an address is on: read as labels by default,
   * {@code 1} would read as tag's "listed, without label". The build says so in one stderr line
   * with the smallest and largest count, computed here with String code; not when the column is
   * chosen (--labels 2) or left out (--labels none), nor for a list of names.
   */
  @Test
  void aListWhoseLabelsAreAllSmallNumbersWarnsInOneLineWithTheLabelsNoneAdvice() throws Exception {
    Path index = dir.resolve("ipsum.ipidx");
    int smallest = Integer.MAX_VALUE;
    int largest = 0;
    for (String line : Files.readAllLines(IPSUM)) {
      if (!line.startsWith("#") && !line.isBlank()) {
        int count = Integer.parseInt(line.split("\t")[1].trim());
        smallest = Math.min(smallest, count);
        largest = Math.max(largest, count);
      }
    }
    Run build = ipindex("build", "--input", IPSUM.toString(), "--output", index.toString(),
        "--quiet");
    assertEquals(0, build.exit(), build.err());
    assertEquals("ipindex build: warning: every label of " + IPSUM + " is a number (" + smallest
        + " to " + largest + "): a count, such as ipsum's second column, rather than a name?"
        + " --mode tag writes 1 both for the label '1' and for a match without a label; build"
        + " with --labels none to leave the numbers out, or give their column (--labels N) to"
        + " keep them\n", build.err());
    for (String labels : new String[] {"none", "2"}) {
      build = ipindex("build", "--input", IPSUM.toString(), "--output", index.toString(),
          "--quiet", "--overwrite", "--labels", labels);
      assertEquals(0, build.exit(), build.err());
      assertEquals("", build.err(), labels);
    }
    Path named = Files.writeString(dir.resolve("named.tsv"), "1.2.3.4\t1\n1.2.3.5\tbot\n");
    build = ipindex("build", "--input", named.toString(), "--output", index.toString(),
        "--quiet", "--overwrite");
    assertEquals(0, build.exit(), build.err());
    assertEquals("", build.err());
  }

  @Test
  void inspectLooksUpAddresses() throws Exception {
    Path index = dir.resolve("ipsum.ipidx");
    // Without labels: membership only, as for any exact-address list.
    assertEquals(0, ipindex("build", "--input", IPSUM.toString(), "--output", index.toString(),
        "--labels", "none", "--quiet").exit());
    String listed = ipsumAddresses().iterator().next();
    Run run = ipindex("inspect", index.toString(), "--lookup", listed, "1.2.3.4");
    assertEquals(0, run.exit(), run.err());
    assertTrue(run.out().contains(listed + " present"), run.out());
    assertTrue(run.out().contains("1.2.3.4 absent"), run.out());

    Run bad = ipindex("inspect", index.toString(), "--lookup", "1.2.3.256");
    assertEquals(2, bad.exit());
    assertTrue(bad.err().contains("1.2.3.256") && bad.err().contains("above 255"), bad.err());
  }

  @Test
  void malformedLineFailsTheBuildWithFileAndLineAndPublishesNothing() throws Exception {
    Path list = dir.resolve("ip.tsv");
    Files.writeString(list, "# header\n10.0.0.1\n10.0.0.2\t5\n10.0.0.300\n10.0.0.4\n");
    Path index = dir.resolve("out.ipidx");
    Run run = ipindex("build", "--input", list.toString(), "--output", index.toString());
    assertEquals(1, run.exit());
    assertEquals("ipindex build: " + list + ":4: address: octet 4 is 300, above 255: '10.0.0.300'\n",
        run.err());
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(list), files.toList(), "nothing published, no temporary left behind");
    }
  }

  @Test
  void skipInvalidCountsEveryKindAndKeepsTheAddresses() throws Exception {
    Path list = dir.resolve("ip.tsv");
    Files.write(list, ("\uFEFF10.0.0.1\r\n"      // BOM, CRLF
        + "  10.0.0.2  \n"                        // surrounding spaces
        + "\n# comment\n; comment\n"
        + "10.0.0.3 # inline comment\n"
        + "10.0.0.1\n"                            // duplicate
        + "2001:db8::1\n"
        + "10.1.0.0/16\n"
        + "10.2.0.0-10.2.0.9\n"
        + "3.0.0.0,3.1.255.255,Amazon AWS,http://www.amazon.com/aws/\n"
        + "not an address\n").getBytes(StandardCharsets.UTF_8));
    Path index = dir.resolve("out.ipidx");
    Run run = ipindex("build", "--input", list.toString(), "--output", index.toString(), "--skip-invalid");
    assertEquals(0, run.exit(), run.err());
    String out = run.out();
    // 10.0.0.1-3 (one a duplicate) join into one unlabelled interval, as do the adjacent block
    // 10.1.0.0/16 and range 10.2.0.0-10.2.0.9; the labelled ipcat range stays apart; the IPv6
    // address is an interval of its own; the malformed line is skipped.
    for (String line : List.of("  addresses    5", "  blocks       1", "  ranges       2",
        "  duplicates   1", "  merges       3", "  intervals    4 (index ",
        "  families     IPv4 7 entries, 3 intervals; IPv6 1 entries, 1 intervals",
        "  labels       1 (1 in the list, --labels default)", "  blank        1",
        "  comments     2", "  skipped      1 malformed lines",
        "  " + list + ":12: not an IPv4 or IPv6 address, block or range: 'not an address'")) {
      assertTrue(out.contains("\n" + line), line + " in\n" + out);
    }

    LoadedIndex loaded = ReadPath.NIO.loader().load(index, true);
    assertArrayEquals(new int[] {Ipv4Codec.parseKey("3.0.0.0"), Ipv4Codec.parseKey("10.0.0.1"),
        Ipv4Codec.parseKey("10.1.0.0")},
        org.ipjoin.index.TestLookups.keys(loaded.index()));
  }

  /**
   * An empty list, or one of only blank lines and comments, is refused (exit 1, nothing published):
   * in a nightly pipeline it is almost always an upstream failure. --allow-empty builds it.
   */
  @Test
  void aListWithoutAddressesFailsUnlessAllowEmpty() throws Exception {
    Path empty = dir.resolve("empty.tsv");
    Files.write(empty, new byte[0]);
    Path comments = dir.resolve("comments.tsv");
    Files.writeString(comments, "# ipsum export\n\n; generated 2026-11-21\n   \n\r\n# end\n");
    Path index = dir.resolve("out.ipidx");

    Run none = ipindex("build", "--input", empty.toString(), "--output", index.toString());
    assertEquals(1, none.exit(), none.err());
    assertTrue(none.err().startsWith("ipindex build: no addresses in " + empty
        + ": 0 lines, all blank/comments/skipped"), none.err());
    assertTrue(none.err().contains("--allow-empty"), none.err());
    assertEquals("", none.out());

    Run onlyComments = ipindex("build", "--input", comments.toString(), "--output", index.toString());
    assertEquals(1, onlyComments.exit(), onlyComments.err());
    assertTrue(onlyComments.err().startsWith("ipindex build: no addresses in " + comments
        + ": 6 lines, all blank/comments/skipped (3 blank, 3 comments, 0 skipped as invalid)"),
        onlyComments.err());
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(Set.of(empty, comments), Set.copyOf(files.toList()), "nothing published");
    }

    for (Path list : List.of(empty, comments)) {
      Run allowed = ipindex("build", "--input", list.toString(), "--output", index.toString(),
          "--allow-empty", "--overwrite");
      assertEquals(0, allowed.exit(), allowed.err());
      assertTrue(allowed.out().contains("intervals    0 (index " + String.format("%,d", Files.size(index))
          + " bytes)"), allowed.out());
      assertEquals(0, ReadPath.NIO.loader().load(index, true).index().size());
      Run verify = ipindex("verify", index.toString());
      assertEquals(0, verify.exit(), verify.err());
    }
  }

  /** Every line invalid under --skip-invalid: still no address, still refused. */
  @Test
  void aListWhoseEveryLineIsSkippedFailsUnlessAllowEmpty() throws Exception {
    Path list = dir.resolve("ip.tsv");
    Files.writeString(list, "# header\nfe80::1%eth0\n10.0.0.1/8\nnot an address\n10.0.0.256\n");
    Path index = dir.resolve("out.ipidx");
    Run refused = ipindex("build", "--input", list.toString(), "--output", index.toString(),
        "--skip-invalid");
    assertEquals(1, refused.exit(), refused.err());
    assertTrue(refused.err().startsWith("ipindex build: no addresses in " + list
        + ": 5 lines, all blank/comments/skipped (0 blank, 1 comments, 4 skipped as invalid)"),
        refused.err());
    assertFalse(Files.exists(index));

    // Without --skip-invalid the first malformed line is the complaint.
    Run strict = ipindex("build", "--input", list.toString(), "--output", index.toString());
    assertEquals(1, strict.exit());
    assertEquals("ipindex build: " + list + ":2: zone id not allowed in a list: 'fe80::1%eth0'\n",
        strict.err());

    Run allowed = ipindex("build", "--input", list.toString(), "--output", index.toString(),
        "--skip-invalid", "--allow-empty");
    assertEquals(0, allowed.exit(), allowed.err());
    assertTrue(allowed.out().contains("skipped      4 malformed lines"), allowed.out());
    assertEquals(0, ReadPath.NIO.loader().load(index, true).index().size());
  }

  @Test
  void existingOutputNeedsOverwriteWhichReplacesIt() throws Exception {
    Path list = dir.resolve("ip.tsv");
    Files.writeString(list, "10.0.0.1\n");
    Path index = dir.resolve("out.ipidx");
    assertEquals(0, ipindex("build", "--input", list.toString(), "--output", index.toString()).exit());

    Files.writeString(list, "10.0.0.1\n10.0.0.2\n");
    Run refused = ipindex("build", "--input", list.toString(), "--output", index.toString());
    assertEquals(2, refused.exit());
    assertTrue(refused.err().contains("already exists; pass --overwrite"), refused.err());
    assertEquals(1, ReadPath.NIO.loader().load(index, true).index().size());

    Run replaced = ipindex("build", "--input", list.toString(), "--output", index.toString(), "--overwrite");
    assertEquals(0, replaced.exit(), replaced.err());
    assertEquals(2, ReadPath.NIO.loader().load(index, true).index().size());
  }

  @Test
  void verifyReportsTheFailedCheckWithExitOne() throws Exception {
    Path list = dir.resolve("ip.tsv");
    Files.writeString(list, "10.0.0.1\n10.0.0.5\n10.0.0.9\n");
    Path index = dir.resolve("out.ipidx");
    assertEquals(0, ipindex("build", "--input", list.toString(), "--output", index.toString()).exit());
    Run ok = ipindex("verify", index.toString());
    assertEquals(0, ok.exit(), ok.err());
    assertTrue(ok.out().startsWith("OK " + index), ok.out());

    byte[] bytes = Files.readAllBytes(index);
    // The middle key's low byte (little-endian): 10.0.0.5 -> .7, order kept.
    bytes[org.ipjoin.IndexFiles.startsOffset(index) + 4] ^= 0x02;
    Files.write(index, bytes);
    Run corrupt = ipindex("verify", index.toString());
    assertEquals(1, corrupt.exit());
    assertTrue(corrupt.err().contains(index + ": section checksum check failed: IPv4 interval starts"),
        corrupt.err());
    assertEquals(0, ipindex("verify", "--no-checksum", index.toString()).exit());

    Files.write(index, java.util.Arrays.copyOf(bytes, bytes.length - 2));
    Run truncated = ipindex("verify", index.toString());
    assertEquals(1, truncated.exit());
    assertTrue(truncated.err().contains("file length check failed"), truncated.err());
  }

  @Test
  void usageErrorsExitTwoWithOneClearLine() throws Exception {
    Run noCommand = ipindex();
    assertEquals(2, noCommand.exit());
    Run unknown = ipindex("frobnicate");
    assertEquals(2, unknown.exit());
    assertTrue(unknown.err().contains("unknown command 'frobnicate'"), unknown.err());
    Run unknownOption = ipindex("build", "--inptu", "x");
    assertEquals(2, unknownOption.exit());
    assertTrue(unknownOption.err().contains("inptu"), unknownOption.err());
    Run missing = ipindex("build", "--input", dir.resolve("nope.tsv").toString(), "--output", "x");
    assertEquals(2, missing.exit());
    assertTrue(missing.err().contains("nope.tsv does not exist"), missing.err());
    Run badLoader = ipindex("load", "--loader", "fast", "x");
    assertEquals(2, badLoader.exit());
    assertTrue(badLoader.err().contains("unknown loader 'fast'"), badLoader.err());
    Run help = ipindex("build", "--help");
    assertEquals(0, help.exit());
    assertTrue(help.out().contains("--skip-invalid"), help.out());
  }

  @Test
  void helpGoesToStdoutWithALinePerCommand() throws Exception {
    Run help = ipindex("--help");
    assertEquals(0, help.exit());
    assertEquals("", help.err());
    for (String command : List.of("build", "verify", "inspect", "export", "sample", "load")) {
      assertTrue(help.out().lines().anyMatch(l -> l.startsWith("  " + command + " ")),
          command + " in\n" + help.out());
      assertEquals(0, ipindex(command, "--help").exit(), command);
    }
    assertTrue(help.out().contains("Exit codes: 0 success, 1 the data or the job failed,"
        + " 2 usage or validation error."), help.out());
    Run none = ipindex();
    assertEquals(2, none.exit());
    assertEquals("", none.out());
    assertTrue(none.err().contains("See ipindex --help"), none.err());
  }

  @Test
  void sampleIsReproducibleAndItsLogsHitTheList() throws Exception {
    Path a = dir.resolve("a.tsv");
    Path b = dir.resolve("b.tsv");
    Path logs = dir.resolve("access.log");
    assertEquals(0, ipindex("sample", "--ips", "5000", "--output", a.toString(), "--logs",
        logs.toString(), "--log-lines", "2000", "--hit-ratio", "0.5", "--seed", "7").exit());
    assertEquals(0, ipindex("sample", "--ips", "5000", "--output", b.toString(), "--seed", "7").exit());
    assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    List<String> listed = Files.readAllLines(a);
    assertEquals(5000, listed.size());
    Set<String> set = new HashSet<>(listed);
    List<String> lines = Files.readAllLines(logs);
    assertEquals(2000, lines.size());
    long hits = lines.stream().filter(l -> set.contains(l.substring(0, l.indexOf(' ')))).count();
    // Binomial(2000, 0.5): 6 standard deviations either side is 866..1134.
    assertTrue(hits > 866 && hits < 1134, "hits " + hits);
    assertTrue(lines.get(0).matches(
        "\\d+\\.\\d+\\.\\d+\\.\\d+ - - \\[01/Jan/2026:00:00:00 \\+0000\\] \"[A-Z]+ \\S+ HTTP/1\\.[01]\" \\d{3} \\d+ \"-\" \"[^\"]+\""),
        lines.get(0));
    assertFalse(Files.exists(dir.resolve(".a.tsv.crc")), "no checksum side files");
  }

  @Test
  void loadReportsKeysWithEveryReadPath() throws Exception {
    Path index = dir.resolve("ipsum.ipidx");
    assertEquals(0, ipindex("build", "--input", IPSUM.toString(), "--output", index.toString(), "--quiet").exit());
    int expected = ipsumAddresses().size();
    for (ReadPath path : ReadPath.values()) {
      Path file = path.readsText() ? IPSUM : index;
      Run run = ipindex("load", "--loader", path.externalName(), file.toString());
      assertEquals(0, run.exit(), run.err());
      assertTrue(run.out().startsWith("loader=" + path.externalName() + " keys=" + expected + " millis="),
          run.out());
    }
  }
}
