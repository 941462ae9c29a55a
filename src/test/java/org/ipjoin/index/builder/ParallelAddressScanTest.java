package org.ipjoin.index.builder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.IndexFiles;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.MalformedIpListException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parallel scan of plain-address lists, into the bit set of all addresses or into an
 * {@code int[]}, builds the very file the one-thread scan builds, and says the same: counts, the
 * first skipped lines, the first malformed line. The pieces are cut explicitly small (a few bytes
 * to a few KiB, so a piece boundary falls inside almost every kind of line) and read on 1 to 4
 * threads: the outcome does not depend on the cut or on which thread finishes first. Expected
 * values come from a plain reading of the generated lines.
 */
class ParallelAddressScanTest {

  private static final int[] PIECES = {7, 61, 4096};
  private static final int[] THREADS = {1, 2, 4};

  @TempDir
  Path dir;

  /** A generated list and what a plain reading of it says. */
  record ListText(String text, TreeSet<Long> addresses, long lines, long entries, long blank,
      long comments, List<Long> malformedLines) {}

  private static String address(long a) {
    return (a >>> 24) + "." + (a >>> 16 & 255) + "." + (a >>> 8 & 255) + "." + (a & 255);
  }

  /**
   * Random plain addresses in every spelling a plain list has (CRLF, surrounding blanks, inline
   * comments), duplicates, the extremes, comment and blank lines, a BOM, optionally malformed
   * lines, and a last line without a newline.
   */
  static ListText generate(long seed, int n, double malformedShare) {
    Random random = new Random(seed);
    StringBuilder text = new StringBuilder("\uFEFF");
    TreeSet<Long> addresses = new TreeSet<>();
    List<Long> malformed = new ArrayList<>();
    List<Long> seen = new ArrayList<>();
    long lines = 0;
    long entries = 0;
    long blank = 0;
    long comments = 0;
    long[] pool = {0L, 0xFFFFFFFFL, 0x7FFFFFFFL, 0x80000000L, 0x0A000001L};
    for (int i = 0; i < n; i++) {
      lines++;
      boolean last = i == n - 1; // an address: an empty last line without a newline is no line
      int kind = last ? 99 : random.nextInt(100);
      if (!last && random.nextDouble() < malformedShare) {
        malformed.add(lines);
        String[] bad = {"1.2.3.256", "10.0.0", "hello", "1.2.3.4.5", "01.2.3.4"};
        text.append(bad[random.nextInt(bad.length)]);
      } else if (kind < 4) {
        blank++;
        text.append(kind < 2 ? "" : "   ");
      } else if (kind < 8) {
        comments++;
        text.append(kind < 6 ? "# a comment" : "; another");
      } else {
        entries++;
        long a = kind < 20 ? pool[random.nextInt(pool.length)]
            : kind < 30 && !seen.isEmpty() ? seen.get(random.nextInt(seen.size()))
            : random.nextLong(1L << 32);
        addresses.add(a);
        seen.add(a);
        String[] spellings = {"%s", "%s\r", "  %s  ", "%s # note", "%s ; note", "\t%s"};
        text.append(String.format(spellings[random.nextInt(spellings.length)], address(a)));
      }
      if (i < n - 1) {
        text.append('\n');
      }
    }
    return new ListText(text.toString(), addresses, lines, entries, blank, comments, malformed);
  }

  private Path write(String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    return file;
  }

  private static FileSystem local() throws IOException {
    return FileSystem.getLocal(new Configuration());
  }

  /** Builds {@code input} into {@code output} with the given scan. */
  private static BuildSummary build(IndexBuilder.AddressScan scan, boolean skipInvalid, Path output,
      Path... inputs) throws IOException {
    FileSystem fs = local();
    List<IndexBuilder.ListFile> lists = new ArrayList<>();
    for (Path input : inputs) {
      lists.add(new IndexBuilder.ListFile(fs, new org.apache.hadoop.fs.Path(input.toString())));
    }
    return new IndexBuilder(skipInvalid, true).addressScan(scan)
        .build(lists, fs, new org.apache.hadoop.fs.Path(output.toString()), total -> { });
  }

  private static IndexBuilder.AddressScan oneThread() {
    return new IndexBuilder.AddressScan(Long.MAX_VALUE, 0, 0);
  }

  /** Every parallel variant: bit set or int[], each piece size, each thread count. */
  private static List<IndexBuilder.AddressScan> parallel() {
    List<IndexBuilder.AddressScan> scans = new ArrayList<>();
    for (long bitSetFrom : new long[] {0, Long.MAX_VALUE}) {
      for (int piece : PIECES) {
        for (int threads : THREADS) {
          scans.add(new IndexBuilder.AddressScan(bitSetFrom, threads, piece));
        }
      }
    }
    return scans;
  }

  /** The summary without its timing line and the output's name. */
  private static String withoutTimes(BuildSummary s) {
    return s.format().replaceAll("(?m)^  time .*$", "").replaceAll("^built \\S+", "built");
  }

  private static long[] keysOf(Path index) throws IOException {
    Section starts = IndexFiles.starts(index);
    ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(index)).order(ByteOrder.LITTLE_ENDIAN);
    long[] keys = new long[(int) starts.count()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = (bytes.getInt((int) starts.offset() + 4 * i) ^ Integer.MIN_VALUE) & 0xFFFFFFFFL;
    }
    return keys;
  }

  @Test
  void everyPieceSizeAndThreadCountBuildsTheFileOfTheOneThreadScan() throws IOException {
    ListText list = generate(42, 20_000, 0);
    Path input = write("ips.tsv", list.text());
    Path expectedFile = dir.resolve("one.ipidx");
    BuildSummary expected = build(oneThread(), false, expectedFile, input);
    // The one-thread scan itself against the plain reading.
    assertArrayEquals(list.addresses().stream().mapToLong(Long::longValue).toArray(),
        keysOf(expectedFile));
    assertEquals(list.lines(), expected.lines());
    assertEquals(list.entries(), expected.stats().addresses());
    assertEquals(list.entries() - list.addresses().size(), expected.stats().duplicates());
    assertEquals(list.blank(), expected.count(LineKind.BLANK));
    assertEquals(list.comments(), expected.count(LineKind.COMMENT));
    byte[] expectedBytes = Files.readAllBytes(expectedFile);
    for (IndexBuilder.AddressScan scan : parallel()) {
      Path output = dir.resolve("parallel.ipidx");
      BuildSummary actual = build(scan, false, output, input);
      assertArrayEquals(expectedBytes, Files.readAllBytes(output), scan.toString());
      assertEquals(withoutTimes(expected), withoutTimes(actual), scan.toString());
    }
  }

  @Test
  void theExtremesAndNothingElse() throws IOException {
    Path input = write("ips.tsv", "255.255.255.255\r\n0.0.0.0\n255.255.255.255\n0.0.0.0");
    for (IndexBuilder.AddressScan scan : parallel()) {
      Path output = dir.resolve("x.ipidx");
      BuildSummary s = build(scan, false, output, input);
      assertArrayEquals(new long[] {0L, 0xFFFFFFFFL}, keysOf(output), scan.toString());
      assertEquals(4, s.lines());
      assertEquals(2, s.stats().duplicates());
    }
  }

  @Test
  void strictBuildsNameTheFirstMalformedLineWhateverTheCut() throws IOException {
    for (long seed = 1; seed <= 3; seed++) {
      ListText list = generate(seed, 3_000, 0.002);
      long first = list.malformedLines().get(0);
      Path input = write("bad.tsv", list.text());
      MalformedIpListException expected = assertThrows(MalformedIpListException.class,
          () -> build(oneThread(), false, dir.resolve("x.ipidx"), input));
      assertEquals(first, expected.line());
      String line = list.text().split("\n", -1)[(int) (first - 1)];
      assertEquals(input + ":" + first + ": ", expected.getMessage().substring(0,
          (input + ":" + first + ": ").length()));
      assertEquals(true, expected.getMessage().endsWith("'" + line + "'"), expected.getMessage());
      for (IndexBuilder.AddressScan scan : parallel()) {
        MalformedIpListException actual = assertThrows(MalformedIpListException.class,
            () -> build(scan, false, dir.resolve("x.ipidx"), input), scan.toString());
        assertEquals(expected.getMessage(), actual.getMessage(), scan.toString());
        assertEquals(first, actual.line());
      }
      assertEquals(false, Files.exists(dir.resolve("x.ipidx")));
    }
  }

  @Test
  void skipInvalidCountsEveryMalformedLineAndKeepsTheFirstFive() throws IOException {
    ListText list = generate(7, 20_000, 0.01);
    Path input = write("bad.tsv", list.text());
    Path expectedFile = dir.resolve("one.ipidx");
    BuildSummary expected = build(oneThread(), true, expectedFile, input);
    assertEquals(list.malformedLines().size(), expected.skipped());
    StringBuilder firstFive = new StringBuilder();
    for (long line : list.malformedLines().subList(0, IpListScanner.EXAMPLES_KEPT)) {
      firstFive.append(line).append(' ');
    }
    StringBuilder named = new StringBuilder();
    for (String example : expected.skippedExamples().split(System.lineSeparator())) {
      String afterName = example.substring(("  " + input + ":").length());
      named.append(afterName, 0, afterName.indexOf(':')).append(' ');
    }
    assertEquals(firstFive.toString(), named.toString());
    assertArrayEquals(list.addresses().stream().mapToLong(Long::longValue).toArray(),
        keysOf(expectedFile));
    byte[] expectedBytes = Files.readAllBytes(expectedFile);
    for (IndexBuilder.AddressScan scan : parallel()) {
      Path output = dir.resolve("parallel.ipidx");
      BuildSummary actual = build(scan, true, output, input);
      assertArrayEquals(expectedBytes, Files.readAllBytes(output), scan.toString());
      assertEquals(withoutTimes(expected), withoutTimes(actual), scan.toString());
    }
  }

  @Test
  void aLineMoreThanAnAddressTakesTheGeneralPathUnlessAMalformedLineComesFirst()
      throws IOException {
    ListText list = generate(9, 5_000, 0);
    String[] lines = list.text().split("\n", -1);
    lines[4000] = "10.0.0.0/8";
    Path blocks = write("blocks.tsv", String.join("\n", lines));
    Path expectedFile = dir.resolve("one.ipidx");
    BuildSummary expected = build(oneThread(), false, expectedFile, blocks);
    assertEquals(1, expected.stats().blocks());
    byte[] expectedBytes = Files.readAllBytes(expectedFile);
    lines[3000] = "10.0.0.300";
    Path bad = write("bad.tsv", String.join("\n", lines));
    for (IndexBuilder.AddressScan scan : parallel()) {
      Path output = dir.resolve("parallel.ipidx");
      BuildSummary actual = build(scan, false, output, blocks);
      assertArrayEquals(expectedBytes, Files.readAllBytes(output), scan.toString());
      assertEquals(withoutTimes(expected), withoutTimes(actual), scan.toString());
      MalformedIpListException e = assertThrows(MalformedIpListException.class,
          () -> build(scan, false, dir.resolve("y.ipidx"), bad), scan.toString());
      assertEquals(3001, e.line(), scan.toString());
    }
  }

  @Test
  void severalFilesNumberTheirOwnLines() throws IOException {
    Path a = write("a.tsv", "10.0.0.1\n10.0.0.2\n# c\n");
    Path b = write("b.tsv", "\uFEFF10.0.0.3\r\n\n10.0.0.1\nnope\n");
    for (IndexBuilder.AddressScan scan : parallel()) {
      Path output = dir.resolve("x.ipidx");
      BuildSummary s = build(scan, true, output, a, b);
      assertEquals(List.of(new BuildSummary.ListCount(a.toString(), 22, 3),
          new BuildSummary.ListCount(b.toString(), 28, 4)), s.lists(), scan.toString());
      assertEquals("  " + b + ":4: " , s.skippedExamples().substring(0, ("  " + b + ":4: ").length()));
      assertArrayEquals(new long[] {0x0A000001L, 0x0A000002L, 0x0A000003L}, keysOf(output));
      MalformedIpListException e = assertThrows(MalformedIpListException.class,
          () -> build(scan, false, dir.resolve("y.ipidx"), a, b), scan.toString());
      assertEquals(4, e.line());
      assertEquals(true, e.getMessage().startsWith(b + ":4: "), e.getMessage());
    }
  }

  @Test
  void anEmptyFileOrABomAloneHasNoLines() throws IOException {
    for (String text : new String[] {"", "\uFEFF"}) {
      Path input = write("empty.tsv", text);
      for (IndexBuilder.AddressScan scan : parallel()) {
        org.ipjoin.index.list.EmptyIpListException e = assertThrows(
            org.ipjoin.index.list.EmptyIpListException.class,
            () -> build(scan, false, dir.resolve("x.ipidx"), input), scan.toString());
        assertEquals(true, e.getMessage().startsWith("no addresses in " + input + ": 0 lines"),
            e.getMessage());
      }
    }
  }

  @Test
  void aLineLongerThanAPieceIsOneLine() throws IOException {
    String longLine = "x".repeat(10_000);
    Path input = write("long.tsv", "10.0.0.1\n" + longLine + "\n10.0.0.2");
    BuildSummary expected = build(oneThread(), true, dir.resolve("one.ipidx"), input);
    for (IndexBuilder.AddressScan scan : parallel()) {
      BuildSummary s = build(scan, true, dir.resolve("x.ipidx"), input);
      assertEquals(withoutTimes(expected), withoutTimes(s), scan.toString());
      assertEquals(3, s.lines());
      assertEquals(1, s.skipped());
    }
  }
}
