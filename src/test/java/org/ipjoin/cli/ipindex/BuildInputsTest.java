package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.builder.IndexBuilder;
import org.ipjoin.index.load.ReadPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex build} over several lists, the checks on its inputs and output, the shrink guard,
 * and two builds publishing to one output in an explicitly driven interleaving.
 */
class BuildInputsTest {

  @TempDir Path dir;

  private Path write(String name, String content) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, content);
    return file;
  }

  /** Sorted distinct keys of the first columns of lists, computed with plain String code. */
  private static int[] expectedKeys(String... contents) {
    TreeSet<Long> addresses = new TreeSet<>();
    for (String content : contents) {
      for (String line : content.split("\n")) {
        if (!line.isBlank() && !line.startsWith("#")) {
          String[] o = line.split("[\t ]")[0].split("\\.");
          addresses.add(Long.parseLong(o[0]) << 24 | Long.parseLong(o[1]) << 16
              | Long.parseLong(o[2]) << 8 | Long.parseLong(o[3]));
        }
      }
    }
    return addresses.stream().mapToInt(a -> (int) (a - (1L << 31))).toArray();
  }

  private static int[] keysOf(Path index) throws Exception {
    return org.ipjoin.index.TestLookups.keys(ReadPath.NIO.loader().load(index, true).index());
  }

  private static String addresses(int from, int count) {
    StringBuilder s = new StringBuilder();
    for (int i = from; i < from + count; i++) {
      s.append("10.0.").append(i / 256).append('.').append(i % 256).append('\n');
    }
    return s.toString();
  }

  private static void assertOneLine(Run run, int exit, String line) {
    assertEquals(exit, run.exit(), run.err());
    assertEquals(line + "\n", run.err());
  }

  @Test
  void severalListsBuildOneIndexOfTheirUnionEitherWayTheyAreGiven() throws Exception {
    String a = "10.0.0.1\n10.0.0.2\n# comment\n10.0.0.3\n";
    String b = "10.0.0.3\n192.168.1.1\t5\n";
    Path listA = write("a.tsv", a);
    Path listB = write("b.tsv", b);
    Path one = dir.resolve("one.ipidx");
    Path two = dir.resolve("two.ipidx");
    Run spaced = IndexToolsTest.ipindex("build", "--input", listA.toString(), listB.toString(),
        "--output", one.toString());
    assertEquals(0, spaced.exit(), spaced.err());
    Run repeated = IndexToolsTest.ipindex("build", "--input", listA.toString(), "--input",
        listB.toString(), "--output", two.toString(), "--quiet");
    assertEquals(0, repeated.exit(), repeated.err());
    assertArrayEquals(expectedKeys(a, b), keysOf(one));
    assertArrayEquals(expectedKeys(a, b), keysOf(two));
    assertTrue(spaced.out().contains("built " + one + " from " + listA + ", " + listB + "\n"), spaced.out());
    assertTrue(spaced.out().contains("  lines        6 (" + (a.length() + b.length()) + " bytes)\n"),
        spaced.out());
    assertTrue(spaced.out().contains("    " + listA + "  4 lines (" + a.length() + " bytes)\n"), spaced.out());
    assertTrue(spaced.out().contains("    " + listB + "  2 lines (" + b.length() + " bytes)\n"), spaced.out());
    assertTrue(spaced.out().contains("  duplicates   1\n"), spaced.out());
  }

  @Test
  void anErrorInTheSecondListNamesThatFileAndItsLine() throws Exception {
    Path listA = write("a.tsv", "10.0.0.1\n10.0.0.2\n");
    Path listB = write("b.tsv", "10.0.0.3\n10.0.0.300\n");
    Path out = dir.resolve("x.ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", listA.toString(), listB.toString(),
        "--output", out.toString());
    assertOneLine(run, 1, "ipindex build: " + listB + ":2: address: octet 4 is 300, above 255:"
        + " '10.0.0.300'");
    assertFalse(Files.exists(out));
  }

  @Test
  void theSameListTwiceIsRefusedAlsoUnderAnotherName() throws Exception {
    Path list = write("a.tsv", "10.0.0.1\n");
    Files.createDirectory(dir.resolve("sub"));
    Path out = dir.resolve("x.ipidx");
    assertOneLine(IndexToolsTest.ipindex("build", "--input", list.toString(), list.toString(),
        "--output", out.toString()),
        2, "ipindex build: input " + list + " is given twice; give each list once");
    String other = dir.resolve("sub") + "/../a.tsv";
    assertOneLine(IndexToolsTest.ipindex("build", "--input", list.toString(), "--input",
        "file://" + other, "--output", out.toString()),
        2, "ipindex build: input file:" + list + " is given twice (also as " + list
            + "); give each list once");
    assertFalse(Files.exists(out));
  }

  @Test
  void aListUnderTwoHardLinksIsTheSameListGivenTwiceAlsoInAFolder() throws Exception {
    Path folder = Files.createDirectory(dir.resolve("lists"));
    Path a = Files.writeString(folder.resolve("a.txt"), "10.0.0.1\n10.0.0.2\n");
    Path b = Files.createLink(folder.resolve("b.txt"), a);
    Path out = dir.resolve("x.ipidx");
    assertOneLine(IndexToolsTest.ipindex("build", "--input", a.toString(), "--input",
        b.toString(), "--output", out.toString()),
        2, "ipindex build: input " + b + " is given twice (also as " + a
            + "); give each list once");
    assertOneLine(IndexToolsTest.ipindex("build", "--input", folder.toString(), "--output",
        out.toString()),
        2, "ipindex build: input " + b + " is given twice (also as " + a
            + "); give each list once");
    // With --label-from-file the one file would otherwise take two labels, a.txt and b.txt.
    assertOneLine(IndexToolsTest.ipindex("build", "--input", folder.toString(), "--output",
        out.toString(), "--label-from-file"),
        2, "ipindex build: input " + b + " is given twice (also as " + a
            + "); give each list once");
    assertFalse(Files.exists(out));
  }

  @Test
  void aListReachedThroughASymbolicLinkIsTheSameListGivenTwice() throws Exception {
    Path list = write("a.tsv", "10.0.0.1\n10.0.0.2\n");
    Path link = Files.createSymbolicLink(dir.resolve("current.tsv"), Path.of("a.tsv"));
    Files.createDirectory(dir.resolve("sub"));
    Path linkToLink = Files.createSymbolicLink(dir.resolve("sub/list.tsv"),
        Path.of("../current.tsv"));
    Path out = dir.resolve("x.ipidx");
    assertOneLine(IndexToolsTest.ipindex("build", "--input", link.toString(), list.toString(),
        "--output", out.toString()),
        2, "ipindex build: input " + list + " is given twice (also as " + link
            + "); give each list once");
    assertOneLine(IndexToolsTest.ipindex("build", "--input", list.toString(),
        linkToLink.toString(), "--output", out.toString()),
        2, "ipindex build: input " + linkToLink + " is given twice (also as " + list
            + "); give each list once");
    assertFalse(Files.exists(out));
    // Named once, through its link, the list builds as itself.
    Run once = IndexToolsTest.ipindex("build", "--input", linkToLink.toString(), "--output",
        out.toString(), "--quiet");
    assertEquals(0, once.exit(), once.err());
    assertArrayEquals(expectedKeys("10.0.0.1\n10.0.0.2\n"), keysOf(out));
  }

  @Test
  void aSymbolicLinkToNothingIsRefusedNamingIt() throws Exception {
    Path list = write("a.tsv", "10.0.0.1\n");
    Path link = Files.createSymbolicLink(dir.resolve("current.tsv"), Path.of("gone.tsv"));
    Path out = dir.resolve("x.ipidx");
    assertOneLine(IndexToolsTest.ipindex("build", "--input", list.toString(), link.toString(),
        "--output", out.toString()),
        2, "ipindex build: input " + link + " is a symbolic link to gone.tsv, which does not"
            + " exist");
    assertFalse(Files.exists(out));
  }

  @Test
  void aFolderWithoutListsIsRefused() throws Exception {
    Path lists = Files.createDirectory(dir.resolve("lists"));
    write("lists/.hidden.tsv", "10.0.0.1\n");
    Files.createDirectory(lists.resolve("sub"));
    Path out = dir.resolve("x.ipidx");
    assertOneLine(IndexToolsTest.ipindex("build", "--input", lists.toString(), "--output",
        out.toString()), 2, "ipindex build: input " + lists + " is a folder without lists (no"
        + " plain file whose name does not start with '.' or '_')");
    assertFalse(Files.exists(out));
  }

  @Test
  void aFolderIsItsListsInNameOrder() throws Exception {
    Path lists = Files.createDirectory(dir.resolve("lists"));
    write("lists/b.tsv", "10.0.0.2\n");
    write("lists/a.tsv", "10.0.0.1\n");
    write("lists/_SUCCESS", "");
    write("lists/.a.tsv.crc", "x");
    Path out = dir.resolve("x.ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", lists.toString(), "--output",
        out.toString());
    assertEquals(0, run.exit(), run.err());
    int a = run.out().indexOf(lists.resolve("a.tsv").toString());
    int b = run.out().indexOf(lists.resolve("b.tsv").toString());
    assertTrue(a >= 0 && b > a, run.out());
    assertFalse(run.out().contains("_SUCCESS"), run.out());
  }

  @Test
  void theOutputCannotBeAnInputEvenWithOverwrite() throws Exception {
    String content = "10.0.0.1\n10.0.0.2\n";
    Path list = write("same.tsv", content);
    Run run = IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
        list.toString(), "--overwrite");
    assertOneLine(run, 2, "ipindex build: output " + list + " is also an input; the index would"
        + " replace its own list (--overwrite does not allow that); write it elsewhere");
    assertEquals(content, Files.readString(list), "the list is untouched");
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(list), files.toList());
    }
  }

  @Test
  void maxShrinkRefusesToReplaceAnIndexByOneWithFarFewerKeys() throws Exception {
    Path full = write("full.tsv", addresses(0, 1000));
    Path cut = write("cut.tsv", addresses(0, 600));
    Path slightlyLess = write("less.tsv", addresses(0, 800));
    Path index = dir.resolve("ips.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", full.toString(), "--output",
        index.toString(), "--quiet").exit());
    byte[] old = Files.readAllBytes(index);

    Run refused = IndexToolsTest.ipindex("build", "--input", cut.toString(), "--output",
        index.toString(), "--overwrite", "--max-shrink", "0.25");
    assertOneLine(refused, 1, "ipindex build: the new index would have 600 keys, the existing "
        + index + " has 1,000: 40.0% fewer, more than --max-shrink 0.25 allows; nothing was"
        + " published and " + index + " is unchanged (a list cut short upstream? to publish anyway,"
        + " raise --max-shrink or leave it out)");
    assertArrayEquals(old, Files.readAllBytes(index), "the old index is untouched");
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(4, files.count(), "three lists and the index, no temporary file");
    }

    Run within = IndexToolsTest.ipindex("build", "--input", slightlyLess.toString(), "--output",
        index.toString(), "--overwrite", "--max-shrink", "0.25", "--quiet");
    assertEquals(0, within.exit(), within.err());
    assertArrayEquals(expectedKeys(addresses(0, 800)), keysOf(index));

    Run unguarded = IndexToolsTest.ipindex("build", "--input", cut.toString(), "--output",
        index.toString(), "--overwrite", "--quiet");
    assertEquals(0, unguarded.exit(), unguarded.err());
    assertArrayEquals(expectedKeys(addresses(0, 600)), keysOf(index));

    assertOneLine(IndexToolsTest.ipindex("build", "--input", cut.toString(), "--output",
        index.toString(), "--overwrite", "--max-shrink", "1.5"),
        2, "ipindex build: --max-shrink must be a number from 0 to 1, got '1.5'");
  }

  @Test
  void maxShrinkOverAnExistingFileThatIsNoIndexFailsAndKeepsIt() throws Exception {
    Path list = write("a.tsv", addresses(0, 10));
    Path notIndex = write("old.ipidx", "not an index\n");
    Run run = IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
        notIndex.toString(), "--overwrite", "--max-shrink", "0.1");
    assertEquals(1, run.exit(), run.err());
    assertTrue(run.err().startsWith("ipindex build: --max-shrink needs the key count of the existing "
        + notIndex + ", which is not a readable index (" + notIndex + ": "), run.err());
    assertEquals(1, run.err().split("\n").length, run.err());
    assertEquals("not an index\n", Files.readString(notIndex));
  }

  /**
   * Build 1 has checked the target and read its list; build 2 (the real command) publishes to the
   * same output; then build 1 publishes. Without --overwrite build 1 fails with one line, with
   * --overwrite its rename wins; either way one whole index remains, equal to one of the lists.
   */
  @Test
  void twoBuildsPublishingToOneOutputLeaveOneWholeIndex() throws Exception {
    String a = addresses(0, 300);
    String b = addresses(1000, 50);
    Path listA = write("a.tsv", a);
    Path listB = write("b.tsv", b);
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(dir.resolve("ips.ipidx").toString());
    List<IndexBuilder.ListFile> inputsA = List.of(
        new IndexBuilder.ListFile(fs, new org.apache.hadoop.fs.Path(listA.toString())));

    IndexBuilder.Scanned first = new IndexBuilder(false, false).scan(inputsA, fs, out, n -> { });
    Run second = IndexToolsTest.ipindex("build", "--input", listB.toString(), "--output",
        out.toString(), "--quiet");
    assertEquals(0, second.exit(), second.err());
    FileAlreadyExistsException lost = assertThrows(FileAlreadyExistsException.class,
        () -> new IndexBuilder(false, false).publish(first));
    assertEquals(out + " already exists; pass --overwrite to replace it atomically", lost.getMessage());
    assertEquals(0, IndexToolsTest.ipindex("verify", out.toString()).exit());
    assertArrayEquals(expectedKeys(b), keysOf(dir.resolve("ips.ipidx")), "build 2's index");

    IndexBuilder overwriting = new IndexBuilder(false, true);
    IndexBuilder.Scanned third = overwriting.scan(inputsA, fs, out, n -> { });
    Run fourth = IndexToolsTest.ipindex("build", "--input", listB.toString(), "--output",
        out.toString(), "--overwrite", "--quiet");
    assertEquals(0, fourth.exit(), fourth.err());
    overwriting.publish(third);
    Run verify = IndexToolsTest.ipindex("verify", out.toString());
    assertEquals(0, verify.exit(), verify.err());
    assertArrayEquals(expectedKeys(a), keysOf(dir.resolve("ips.ipidx")), "the last rename won");
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(3, files.count(), "two lists and the index, no temporary file");
    }
  }
}
