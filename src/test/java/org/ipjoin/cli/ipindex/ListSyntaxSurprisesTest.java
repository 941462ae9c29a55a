package org.ipjoin.cli.ipindex;

import static org.ipjoin.cli.ipindex.IndexToolsTest.ipindex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * List text that used to be read as something else without a word: labels that export wrote and
 * build cut, several addresses on one line, conflicts named by the wrong line, and the lines that
 * now warn (counted in the summary, first line named) or fail.
 */
class ListSyntaxSurprisesTest {

  @TempDir Path dir;

  private Path list(String name, String text) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  private Run build(Path input, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("build", "--input", input.toString(), "--output",
        dir.resolve("out.ipidx").toString(), "--overwrite"));
    args.addAll(List.of(more));
    return ipindex(args.toArray(String[]::new));
  }

  /** The summary lines from {@code warnings} on, up to the time line. */
  private static String warnings(Run run) {
    int from = run.out().indexOf("  warnings");
    int to = run.out().indexOf("  time");
    return from < 0 ? "" : run.out().substring(from, to);
  }

  // Every label byte survives export and build.

  /**
   * Labels holding every byte a label may: each printable ASCII character alone, inside a word,
   * after a space (where a list starts a comment) and first; every UTF-8 lead byte with every
   * continuation byte; C1 controls, a byte order mark and line separators inside; the longest
   * label allowed.
   */
  private static List<String> everyLabel() {
    Set<String> labels = new LinkedHashSet<>();
    for (char c = 0x21; c < 0x7F; c++) {
      labels.add(String.valueOf(c));
      labels.add("a" + c + "b");
      labels.add("a " + c + " b");
      labels.add(c + " tail");
      labels.add(c + "" + c);
    }
    labels.addAll(List.of("foo ;bar", "#1 threat", "\"quoted\"", "a\"\"b", "\"#\"", "x, \"y\"",
        "a\u0085b\u2028c\uFEFFd", "\u00A0nbsp inside\u00A0"));
    StringBuilder chars = new StringBuilder();
    for (int cp = 0x80; cp < 0x800; cp++) { // every 2-byte lead with every continuation byte
      chars.appendCodePoint(cp);
    }
    for (int lead = 0; lead < 16; lead++) { // every 3-byte lead, every continuation byte
      for (int c = 0; c < 64; c++) {
        int cp = lead << 12 | c << 6 | c;
        if (cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF)) {
          chars.appendCodePoint(cp);
        }
      }
    }
    for (int plane = 1; plane <= 16; plane++) { // every 4-byte lead, every continuation byte
      for (int c = 0; c < 64; c++) {
        int cp = plane << 16 | c << 12 | c << 6 | c;
        if (cp <= Character.MAX_CODE_POINT) {
          chars.appendCodePoint(cp);
        }
      }
    }
    String all = chars.toString();
    int i = 0;
    while (i < all.length()) { // cut into labels of at most 1,023 bytes
      StringBuilder label = new StringBuilder();
      while (i < all.length() && label.toString().getBytes(StandardCharsets.UTF_8).length < 1020) {
        label.appendCodePoint(all.codePointAt(i));
        i += Character.charCount(all.codePointAt(i));
      }
      labels.add(label.toString());
    }
    labels.add("x".repeat(1024)); // the longest label a list may hold
    return new ArrayList<>(labels);
  }

  private static int key(long address) {
    return (int) (address ^ 0x8000_0000L);
  }

  @Test
  void exportThenBuildKeepsEveryLabelByteALabelMayHold() throws Exception {
    List<String> labels = everyLabel();
    int n = labels.size();
    int[] starts = new int[n];
    int[] ends = new int[n];
    int[] labelIds = new int[n];
    int[] endOffsets = new int[n + 1];
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < n; i++) {
      long first = 0x0A00_0000L + 8L * i; // a single address, a /31 block or a 3-address range
      long last = first + i % 3;
      starts[i] = key(first);
      ends[i] = key(last);
      labelIds[i] = i + 1;
      bytes.writeBytes(labels.get(i).getBytes(StandardCharsets.UTF_8));
      endOffsets[i + 1] = bytes.size();
    }
    Path original = dir.resolve("original.ipidx");
    BuiltIndexes.write(new IndexContent(starts, ends, labelIds, n, endOffsets, bytes.toByteArray(),
        0, 0), original);
    Path text = dir.resolve("exported.txt");
    Run export = ipindex("export", original.toString(), "--output", text.toString());
    assertEquals(0, export.exit(), export.err());

    Path rebuilt = dir.resolve("rebuilt.ipidx");
    Run run = ipindex("build", "--input", text.toString(), "--output", rebuilt.toString());
    assertEquals(0, run.exit(), run.err());
    Ipv4Lookup index = ReadPath.NIO.loader().load(rebuilt, true).index();
    assertEquals(n, index.size());
    for (int i = 0; i < n; i++) {
      assertEquals(starts[i], index.start(i), "interval " + i);
      assertEquals(ends[i], index.end(i), "interval " + i);
      int id = index.labelId(i);
      assertEquals(labels.get(i), id == 0 ? null : index.labels().label(id), "interval " + i);
    }
    Path again = dir.resolve("again.txt");
    Run export2 = ipindex("export", rebuilt.toString(), "--output", again.toString());
    assertEquals(0, export2.exit(), export2.err());
    assertArrayEquals(Files.readAllBytes(text), Files.readAllBytes(again));
  }

  @Test
  void aLabelWithACommentMarkIsExportedQuoted() throws Exception {
    Path input = list("ip.csv", "1.2.3.4,\"foo ;bar\"\n1.2.3.5-1.2.3.9,\"#1 \"\"threat\"\"\"\n"
        + "1.2.4.0/24\tAT&T\n");
    assertEquals(0, build(input, "--quiet").exit());
    Run export = ipindex("export", dir.resolve("out.ipidx").toString());
    assertEquals(0, export.exit(), export.err());
    assertEquals("1.2.3.4,\"foo ;bar\"\n1.2.3.5-1.2.3.9,\"#1 \"\"threat\"\"\"\n1.2.4.0/24\tAT&T\n",
        export.out());
  }

  @Test
  void aLabelLongerThanTheLimitFailsNamingTheLine() throws Exception {
    Path input = list("long.tsv", "1.2.3.4\tok\n1.2.3.5\t" + "y".repeat(1025) + "\n");
    Run run = build(input);
    assertEquals(1, run.exit(), run.err());
    assertEquals("ipindex build: " + input + ":2: label: 1,025 bytes, more than the 1,024 a label"
        + " may hold: '1.2.3.5\\x09" + "y".repeat(192) + "… (1033 bytes)'\n", run.err());
  }

  // Several entries on one line.

  @Test
  void severalAddressesOnOneLineFailNamingTheLine() throws Exception {
    Path input = list("spaced.txt", "9.9.9.8\n1.2.3.4 5.6.7.8 9.9.9.9\n");
    Run run = build(input);
    assertEquals(1, run.exit(), run.err());
    assertEquals("ipindex build: " + input + ":2: several entries on one line (give one entry per"
        + " line): '1.2.3.4 5.6.7.8 9.9.9.9'\n", run.err());
    assertFalse(Files.exists(dir.resolve("out.ipidx")));

    for (String line : new String[] {"10.0.0.0/8 2001:db8::1", "1.2.3.0-1.2.3.9  5.6.7.8/32",
        "2001:db8::/32 10.0.0.1", "1.2.3.4 5.6.7.8\tlabel"}) {
      Path other = list("other.txt", "9.9.9.8\n" + line + "\n");
      Run failed = build(other, "--labels", "none");
      assertEquals(1, failed.exit(), line);
      assertEquals("ipindex build: " + other + ":2: several entries on one line (give one entry"
          + " per line): '" + line.replace("\t", "\\x09") + "'\n", failed.err());
    }
  }

  @Test
  void severalAddressesOnOneLineAreSkippedAndCountedWithSkipInvalid() throws Exception {
    Path input = list("spaced.txt", "9.9.9.8\n1.2.3.4 5.6.7.8 9.9.9.9\n");
    Run run = build(input, "--skip-invalid");
    assertEquals(0, run.exit(), run.err());
    assertTrue(run.out().contains("  skipped      1 malformed lines\n  first skipped lines:\n  "
        + input + ":2: several entries on one line (give one entry per line): '1.2.3.4 5.6.7.8"
        + " 9.9.9.9'\n"), run.out());
    assertTrue(run.out().contains("  intervals    1 "), run.out());
  }

  // Conflicts across files.

  @Test
  void aConflictInTheSecondFileNamesThatFilesLine() throws Exception {
    Path a = list("a.tsv", "10.0.0.0/8\tcorp\n1.2.3.4\tx\n");
    Path b = list("b.tsv", "# one\n# two\n\n5.6.7.8\n1.2.3.4\ty\n10.0.0.0/8\tlab\n");
    Run run = ipindex("build", "--input", a.toString(), b.toString(), "--output",
        dir.resolve("out.ipidx").toString());
    assertEquals(0, run.exit(), run.err());
    assertTrue(run.out().contains("  conflicts    2 (same range as an earlier line, another"
        + " label: the earlier line's label is kept)\n"
        + "    1.2.3.4: " + a + ":2 'x' kept, " + b + ":5 'y' ignored\n"
        + "    10.0.0.0-10.255.255.255: " + a + ":1 'corp' kept, " + b + ":6 'lab' ignored\n"),
        run.out());
  }

  // Warnings, counted, first line named.

  @Test
  void lineThatMayNotMeanWhatItReadsAsAreCountedWithTheFirstLine() throws Exception {
    Path input = list("warn.txt", "1.2.3.4,5.6.7.8\n9.9.9.9 botnet\n10.0.0.1\t1\n10.0.0.2\t-\n"
        + "10.0.0.3\t0\n11.0.0.0,11.0.0.9,ipcat\n12.0.0.1 # a comment\n12.0.0.2\t-x\n"
        + "12.0.0.3,12.0.0.4\n");
    Run run = build(input);
    assertEquals(0, run.exit(), run.err());
    assertEquals("  warnings     6 (entries that may not read as their writer meant)\n"
        + "    comma range: 2 lines, first " + input + ":1: '1.2.3.4,5.6.7.8' (two"
        + " comma-separated addresses read as the range start,end)\n"
        + "    text after a space: 1 line, first " + input + ":2: '9.9.9.9 botnet' (text after"
        + " the entry and a space is no label (a label follows a TAB or a comma))\n"
        + "    label 0, 1 or -: 3 lines, first " + input + ":3: '10.0.0.1\\x091' (--mode tag"
        + " writes this label as it writes no match (0), a match without a label (1) or a"
        + " malformed record (-))\n", warnings(run));
  }

  @Test
  void aPlainAddressListWithTextAfterASpaceWarnsOnTheFastPath() throws Exception {
    Path input = list("plain.txt", "1.1.1.1\n2.2.2.2 scanner\n3.3.3.3\n");
    Run run = build(input);
    assertEquals(0, run.exit(), run.err());
    assertEquals("  warnings     1 (entries that may not read as their writer meant)\n"
        + "    text after a space: 1 line, first " + input + ":2: '2.2.2.2 scanner' (text after"
        + " the entry and a space is no label (a label follows a TAB or a comma))\n",
        warnings(run));
    assertEquals("", warnings(build(input, "--labels", "none")));
  }

  @Test
  void aLabelColumnTheLinesDoNotHaveIsCounted() throws Exception {
    Path input = list("two.tsv", "# addresses\n1.2.3.4\ta\n5.6.7.8\n9.9.9.9\ta\tb\tc\n");
    Run run = build(input, "--labels", "3");
    assertEquals(0, run.exit(), run.err());
    assertEquals("  warnings     2 (entries that may not read as their writer meant)\n"
        + "    no label column: 2 lines, first " + input + ":2: '1.2.3.4\\x09a' (the line has no"
        + " column --labels names: no label)\n", warnings(run));
    assertEquals("", warnings(build(input)));
  }

  // Compact layout refusals name the list's line.

  @Test
  void compactRefusalsNameTheListLineAndTheFix() throws Exception {
    Path ranged = list("ranged.tsv", "1.2.3.4\n10.0.0.0/16\n10.0.0.0/8\n");
    Run run = build(ranged, "--layout", "compact");
    assertEquals(2, run.exit(), run.err());
    assertEquals("ipindex build: " + ranged + ": --layout compact stores single IPv4 addresses"
        + " without labels, and the list has an IPv4 block or range (" + ranged + ":2"
        + " 10.0.0.0/16); build it with --layout sorted\n", run.err());

    Path labelled = list("labelled.tsv", "1.2.3.4\n5.6.7.8\tbot\n");
    run = build(labelled, "--layout", "compact");
    assertEquals(2, run.exit(), run.err());
    assertEquals("ipindex build: " + labelled + ": --layout compact stores single IPv4 addresses"
        + " without labels, and the list has labels (" + labelled + ":2 5.6.7.8\\x09bot); build"
        + " it with --labels none to leave them out, or with --layout sorted to keep them\n",
        run.err());
    assertEquals(0, build(labelled, "--layout", "compact", "--labels", "none").exit());
  }
}
