package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.testing.ValidityReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex build --valid-from COL --valid-to COL} on a hand-made slowly changing dimension
 * (src/test/resources/validity/blocklist-scd.csv): {@code inspect --lookup} prints, for every
 * address of the table, inside its blocks and beside them, the label and the periods the table's
 * rows give it, computed by plain Java ({@link ValidityReference}: at each validity boundary the
 * rows valid then, the narrowest holding the address); the Java API with column numbers builds the
 * same file as the command with headings; bad lines and options are one line with their exit code.
 */
class ValidityHistoryTest {

  @TempDir Path dir;

  private Run build(Path index, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("build", "--input",
        ValidityReference.table().toString(), "--output", index.toString()));
    args.addAll(Arrays.asList(more));
    return IndexToolsTest.ipindex(args.toArray(new String[0]));
  }

  /**
   * What inspect prints after an address for the reference: absent, or its label and the periods
   * it is listed in, from one boundary until (not including) another, the last one open.
   */
  private static String expected(ValidityReference ref, String ip) {
    List<Long> times = ref.boundaries();
    String label = null;
    StringBuilder periods = new StringBuilder();
    int from = -1;
    for (int s = 0; s <= times.size(); s++) {
      String at = s < times.size() ? ref.labelAt(ip, times.get(s)) : null;
      if (at != null) {
        label = at;
      }
      if (at != null && from < 0) {
        from = s;
      } else if (at == null && from >= 0) {
        periods.append(periods.length() == 0 ? " " : ", ")
            .append(ValidityReference.format(times.get(from))).append(" .. ")
            .append(s < times.size() ? ValidityReference.format(times.get(s)) : "open");
        from = -1;
      }
    }
    if (label == null) {
      return "absent";
    }
    return (label.isEmpty() ? "" : "label '" + label + "'") + ", listed" + periods;
  }

  @Test
  void inspectGivesEveryAddressTheLabelAndPeriodsOfTheTablesRows() throws Exception {
    ValidityReference ref = ValidityReference.read();
    Path index = dir.resolve("scd.ipidx");
    Run build = build(index, "--valid-from", "valid_from", "--valid-to", "valid_to", "--labels",
        "category");
    assertEquals(0, build.exit(), build.err());
    List<Long> times = ref.boundaries();
    // Some rows are still valid: every boundary is a snapshot, the last in force for good.
    assertTrue(build.out().contains("history of " + times.size() + " snapshots, 2026-03-01 .. "
        + ValidityReference.format(times.get(times.size() - 1)) + " (valid until open)"),
        build.out());
    assertEquals(0, IndexToolsTest.ipindex("verify", index.toString()).exit());

    List<String> args = new ArrayList<>(List.of("inspect", index.toString()));
    for (String ip : ValidityReference.PROBES) {
      args.add("--lookup");
      args.add(ip);
    }
    Run inspect = IndexToolsTest.ipindex(args.toArray(new String[0]));
    assertEquals(0, inspect.exit(), inspect.err());
    for (String ip : ValidityReference.PROBES) {
      String line = inspect.out().lines().filter(l -> l.startsWith(ip + " ")).findFirst()
          .orElseThrow(() -> new AssertionError(ip + " not in " + inspect.out()));
      String want = expected(ref, ip);
      assertTrue(want.equals("absent") ? line.equals(ip + " absent") : line.endsWith(want),
          line + " -- expected it to end with: " + want);
    }
    // The reference is not vacuous: an address dropped and listed again, one that ends.
    assertEquals("label 'scanner', listed 2026-03-01 .. 2026-03-05, 2026-03-08 .. open",
        expected(ref, "192.0.2.10"));
    assertEquals("label 'spam', listed 2026-03-01T06:00:00Z .. 2026-03-02T18:30:00Z",
        expected(ref, "192.0.2.11"));
  }

  @Test
  void theApiWithColumnNumbersBuildsTheSameIndex() throws Exception {
    Path byHeading = dir.resolve("heading.ipidx");
    assertEquals(0, build(byHeading, "--valid-from", "valid_from", "--valid-to", "valid_to",
        "--labels", "category", "--quiet").exit());
    Path byNumber = dir.resolve("number.ipidx");
    IpJoin.buildIndex(new Configuration()).input(ValidityReference.table().toString())
        .output(byNumber.toString()).validFrom("3").validTo("4").labels("2").run();
    assertEquals(Arrays.toString(Files.readAllBytes(byHeading)),
        Arrays.toString(Files.readAllBytes(byNumber)));
  }

  @Test
  void rowsThatAllEndCloseTheHistoryAtTheLatestValidTo() throws Exception {
    Path table = dir.resolve("ended.tsv");
    Files.writeString(table, "192.0.2.1\t2026-03-01\t2026-03-03\n"
        + "192.0.2.2\t2026-03-02\t2026-03-04\n");
    Path index = dir.resolve("ended.ipidx");
    Run build = IndexToolsTest.ipindex("build", "--input", table.toString(), "--output",
        index.toString(), "--valid-from", "2", "--valid-to", "3");
    assertEquals(0, build.exit(), build.err());
    assertTrue(build.out().contains("history of 3 snapshots, 2026-03-01 .. 2026-03-03 (valid"
        + " until 2026-03-04)"), build.out());
    Run inspect = IndexToolsTest.ipindex("inspect", index.toString(), "--lookup", "192.0.2.2");
    assertTrue(inspect.out().contains("192.0.2.2 present, listed 2026-03-02 .. 2026-03-04"),
        inspect.out());
  }

  private Run refused(String table, String... options) throws Exception {
    Path file = dir.resolve("bad.csv");
    Files.writeString(file, table);
    List<String> args = new ArrayList<>(List.of("build", "--input", file.toString(), "--output",
        dir.resolve("bad.ipidx").toString()));
    args.addAll(Arrays.asList(options));
    Run run = IndexToolsTest.ipindex(args.toArray(new String[0]));
    assertEquals(1, run.err().strip().lines().count(), run.err());
    assertTrue(Files.notExists(dir.resolve("bad.ipidx")));
    return run;
  }

  @Test
  void aBadLineIsOneLineNamingFileAndLineExit1() throws Exception {
    String head = "ip,label,from,to\n";
    String[] by = {"--valid-from", "from", "--valid-to", "to", "--labels", "label"};
    Path file = dir.resolve("bad.csv");

    Run backwards = refused(head + "192.0.2.1,a,2026-03-01,2026-03-05\n"
        + "192.0.2.2,a,2026-03-05,2026-03-05\n", by);
    assertEquals(1, backwards.exit());
    assertEquals("ipindex build: " + file + ":3: --valid-from 2026-03-05 is not before"
        + " --valid-to 2026-03-05: '192.0.2.2,a,2026-03-05,2026-03-05'", backwards.err().strip());

    Run unreadable = refused(head + "192.0.2.1,a,2026-02-30,\n", by);
    assertEquals(1, unreadable.exit());
    assertTrue(unreadable.err().contains(file + ":2: --valid-from: '2026-02-30' is no time"),
        unreadable.err());

    Run twoLabels = refused(head + "192.0.2.1,a,2026-03-01,2026-03-10\n"
        + "192.0.2.9,a,2026-03-01,\n"
        + "192.0.2.1,b,2026-03-09,\n", by);
    assertEquals(1, twoLabels.exit());
    assertEquals("ipindex build: " + file + ":4: 192.0.2.1 'b' valid 2026-03-09 .. open overlaps"
        + " line 2's 'a' valid 2026-03-01 .. 2026-03-10: an entry holds one label at a time",
        twoLabels.err().strip());
  }

  @Test
  void badColumnsAndOptionsAreUsageErrors() throws Exception {
    Path file = dir.resolve("bad.csv");
    String table = "ip,label,from,to\n192.0.2.1,a,2026-03-01,\n";
    Run noHeading = refused(table, "--valid-from", "since", "--valid-to", "to");
    assertEquals(2, noHeading.exit());
    assertEquals("ipindex build: --valid-from: the header line of " + file + " has no column"
        + " 'since' after the address (it has [ip, label, from, to])", noHeading.err().strip());

    Run alone = refused(table, "--valid-from", "from");
    assertEquals(2, alone.exit());
    assertTrue(alone.err().contains("--valid-from needs --valid-to"), alone.err());

    Run column1 = refused(table, "--valid-from", "1", "--valid-to", "4");
    assertEquals(2, column1.exit());
    assertTrue(column1.err().contains("--valid-from 1: a column number starts at 2"),
        column1.err());

    IpJoinException e = org.junit.jupiter.api.Assertions.assertThrows(IpJoinException.class,
        () -> IpJoin.buildIndex(new Configuration()).input(file.toString())
            .output(dir.resolve("x.ipidx").toString()).validFrom("3").validTo("4")
            .layout("compact").run());
    assertTrue(e.getMessage().contains("--valid-from cannot be combined with"), e.getMessage());
  }
}
