package org.ipjoin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job options' checks that name indexes: index names and their rule, attributes after a
 * ':', a ':' in a file name, links that loop, repeated loaders, more indexes than Hadoop has
 * counters for, {@code --where} nesting and comparisons that never hold, {@code --count-by}'s
 * choices. Each problem is exactly one stderr line, exit code 2, and nothing submitted.
 */
class JobOptionChecksTest {

  @TempDir Path dir;
  private ValidJobFiles job;
  private Path index;
  /** Hadoop's job staging root of the last run. */
  private Path staging;

  @BeforeEach
  void files() throws IOException {
    job = ValidJobFiles.in(dir);
    index = job.index();
  }

  /** Runs the driver with {@code args} and the valid input and output; returns its run. */
  private IpJoinRun run(String... args) throws Exception {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.addAll(List.of("--input", job.input().toString(), "--output", job.output().toString()));
    staging = Files.createTempDirectory(dir, "mr-staging").resolve("root");
    return IpJoinRun.local(staging, all);
  }

  /** Asserts that {@code args} are refused before submission with exactly {@code line}. */
  private void assertRefused(String line, String... args) throws Exception {
    IpJoinRun r = run(args);
    assertEquals(List.of("ipjoin: " + line), r.errLines());
    assertEquals(2, r.exitCode());
    // Hadoop creates its job staging root on the first submission: its absence proves none.
    assertFalse(Files.exists(staging), "a job was submitted");
  }

  /** Asserts that {@code args} run to success; removes the output for the next run. */
  private void assertRuns(String... args) throws Exception {
    IpJoinRun r = run(args);
    assertEquals(0, r.exitCode(), r.err());
    try (java.util.stream.Stream<Path> files = Files.walk(job.output())) {
      files.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile)
          .forEach(java.io.File::delete);
    }
  }

  @Test
  void aColonInTheFileNameIsRefusedInOneLine() throws Exception {
    Path colon = Files.copy(index, dir.resolve("a:b.ipidx"));
    String escaped = dir.resolve("a\\:b.ipidx").toString();
    assertRefused("index " + colon + ": Hadoop cannot open a file whose name holds ':' (a:b.ipidx);"
        + " give a symbolic link to it or a copy of it under a name without ':'",
        "--index", "blk=" + escaped);
    // What the message advises works.
    Files.createSymbolicLink(dir.resolve("ab.ipidx"), colon.getFileName());
    assertRuns("--index", "blk=" + dir.resolve("ab.ipidx"));
  }

  @Test
  void aNameThatBreaksTheRuleIsRefusedWithTheRule() throws Exception {
    for (String name : new String[] {"1x", "a.b"}) {
      assertRefused("--index '" + name + "=" + index + "': '" + name + "' is no index name (a"
          + " letter, then letters, digits, '_' or '-') and no file " + name + "=" + index
          + " exists", "--index", name + "=" + index);
    }
    assertRefused("--index 'blk=" + index + ":' ends with ':' and no attributes; write"
        + " PATH:ATTRIBUTE[,ATTRIBUTE...] or leave the ':' out", "--index", "blk=" + index + ":");
    assertRefused("--index 'and=" + index + "': 'and' is a --where keyword (and, or, not), which"
        + " --where could not name; choose another name", "--index", "and=" + index);
  }

  @Test
  void aNameDerivedFromAFileNameIsOneWhereCanName() throws Exception {
    Path dotted = Files.copy(index, dir.resolve("hit.v2.ipidx"));
    assertRuns("--index", index.toString(), "--index", dotted.toString(), "--where",
        "hit_v2 and not ips");
    Path digits = Files.copy(index, dir.resolve("2026.ipidx"));
    assertRefused("--index '" + digits + "' would be named '2026' after its file, which is no"
        + " index name (a letter, then letters, digits, '_' or '-', not and, or, not); name it:"
        + " --index NAME=PATH", "--index", index.toString(), "--index", digits.toString());
  }

  @Test
  void aLoaderGivenTwiceForAnIndexIsRefused() throws Exception {
    assertRefused("--loader is given twice for index hit (nio, mmap); give one",
        "--index", "hit=" + index, "--loader", "hit=nio", "--loader", "hit=mmap");
    assertRefused("--loader is given twice for every index (nio, mmap); give one",
        "--index", "hit=" + index, "--loader", "nio", "--loader", "mmap");
  }

  @Test
  void aLoopOfSymbolicLinksIsNamedAsOne() throws Exception {
    Path loop = Files.createSymbolicLink(dir.resolve("loop"), Path.of("loop"));
    assertRefused("index file:" + loop + " is a loop of symbolic links (" + loop + " -> loop)",
        "--index", loop.toString());
    Path a = dir.resolve("a.ipidx");
    Files.createSymbolicLink(a, Path.of("b.ipidx"));
    Files.createSymbolicLink(dir.resolve("b.ipidx"), Path.of("a.ipidx"));
    assertRefused("index file:" + a + " is a loop of symbolic links (" + a + " -> b.ipidx ->"
        + " a.ipidx)", "--index", a.toString());
    Path dangling = Files.createSymbolicLink(dir.resolve("gone.ipidx"), Path.of("missing.ipidx"));
    assertRefused("index file:" + dangling + " is a symbolic link to missing.ipidx, which does"
        + " not exist", "--index", dangling.toString());
  }

  /** The same index under many names: each name costs two counters. */
  private static String[] indexes(int count, Path index, String... more) {
    List<String> args = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      args.addAll(List.of("--index", "i" + i + "=" + index));
    }
    args.addAll(Arrays.asList(more));
    return args.toArray(new String[0]);
  }

  private static String[] concat(String[] first, String[] then) {
    List<String> all = new ArrayList<>(Arrays.asList(first));
    all.addAll(Arrays.asList(then));
    return all.toArray(new String[0]);
  }

  @Test
  void moreIndexesThanHadoopHasCountersForAreRefused() throws Exception {
    // 16 ipjoin counters, 2 of Hadoop's and 2 per index: 51 indexes make 120, Hadoop's default.
    assertRefused("52 indexes need 122 counters (2 per index and 18 more in match mode), more than"
        + " mapreduce.job.counters.max=120 allows: join at most 51 indexes per job, or raise"
        + " mapreduce.job.counters.max in the site files (mapred-site.xml)", indexes(52, index));
    assertRefused("300 indexes need 618 counters (2 per index and 18 more in match mode), more"
        + " than mapreduce.job.counters.max=120 allows: join at most 51 indexes per job, or raise"
        + " mapreduce.job.counters.max in the site files (mapred-site.xml)", indexes(300, index));
    // A reducer adds Hadoop's 6 Shuffle Errors counters.
    assertRefused("49 indexes need 122 counters (2 per index and 24 more in count mode), more than"
        + " mapreduce.job.counters.max=120 allows: join at most 48 indexes per job, or raise"
        + " mapreduce.job.counters.max in the site files (mapred-site.xml)",
        indexes(49, index, "--mode", "count"));
    // A lower limit in the job is the limit.
    assertRefused("2 indexes need 22 counters (2 per index and 18 more in match mode), more than"
        + " mapreduce.job.counters.max=20 allows: join at most 1 indexes per job, or raise"
        + " mapreduce.job.counters.max in the site files (mapred-site.xml)",
        concat(new String[] {"-D", "mapreduce.job.counters.max=20"}, indexes(2, index)));
  }

  @Test
  void asManyIndexesAsTheCheckAllowsRunOnHadoopsLimit() throws Exception {
    // What the check counts is what Hadoop counts: one index more fails after the run.
    assertRuns(indexes(51, index));
    assertRuns(indexes(48, index, "--mode", "count"));
  }

  @Test
  void deepNestingInWhereIsRefused() throws Exception {
    String deep = "(".repeat(5000) + "a" + ")".repeat(5000);
    assertRefused("--where '" + "(".repeat(80) + "...': parentheses and 'not' nest more than 100"
        + " deep here (column 101)", "--index", "a=" + index, "--where", deep);
    String longChain = String.join(" or ", java.util.Collections.nCopies(20_000, "a"));
    assertRefused("--where '" + "a or ".repeat(16) + "...': more than 1000 index names (column"
        + " 5001)", "--index", "a=" + index, "--where", longChain);
  }

  @Test
  void whereComparingWithTheNotListedTagIsRefused() throws Exception {
    assertRefused("--where 'hit=0': hit=0 never holds for a record not listed in hit: it has no"
        + " label there (0 is what tag mode writes for it); write 'not hit' (a label that is 0:"
        + " hit='0') (column 1)", "--index", "hit=" + index, "--where", "hit=0");
    assertRefused("--where 'hit=none': hit=none never holds for a record not listed in hit: it"
        + " has no label there (none is what tag mode writes for it); write 'not hit' (a label"
        + " that is none: hit='none') (column 1)", "-D", "ipjoin.tag.unmatched=none",
        "--index", "hit=" + index, "--where", "hit=none");
  }

  @Test
  void countByNamesEveryValueItAccepts() throws Exception {
    assertRefused("bad count-by: 'nosuch' is no index of this join; count by address, label, or"
        + " index names, several comma-separated: ips", "--index", index.toString(),
        "--mode", "count", "--count-by", "nosuch");
    assertRefused("bad count-by: 'nosuch' is no index of this join; count by address, or index"
        + " names, several comma-separated: a, b", "--index", "a=" + index, "--index",
        "b=" + index, "--mode", "count", "--count-by", "nosuch");
  }
}
