package org.ipjoin.cli.ipindex;

import static org.ipjoin.cli.ipindex.IndexToolsTest.ipindex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex build --layout compact}: it builds a list of single addresses (IPv6 entries of
 * any kind beside them), which {@code verify}, {@code export} and {@code inspect --lookup} then
 * read exactly as the sorted layout of the same list; it refuses a list with an IPv4 block or
 * range or with labels, and an unknown layout, each with one line and exit 2, publishing nothing.
 */
class CompactLayoutCommandTest {

  @TempDir Path dir;

  /** 5,000 addresses of 10.1.0.0/16 (a dense bucket), some scattered ones, IPv6 entries. */
  private Path list() throws Exception {
    List<String> lines = new ArrayList<>(List.of("# a list", "0.0.0.0", "255.255.255.255",
        "1.2.3.4", "1.2.3.4", "9.9.9.9/32", "2001:db8::/32", "2001:db9::1"));
    for (int i = 0; i < 5000; i++) {
      int low = 13 * i;
      lines.add("10.1." + (low >>> 8) + "." + (low & 255));
    }
    Path file = dir.resolve("list.tsv");
    Files.write(file, lines, StandardCharsets.US_ASCII);
    return file;
  }

  @Test
  void aCompactIndexReadsAsTheSortedOneOfTheSameList() throws Exception {
    Path list = list();
    Path compact = dir.resolve("compact.ipidx");
    Path sorted = dir.resolve("sorted.ipidx");
    Run built = ipindex("build", "--input", list.toString(), "--output", compact.toString(),
        "--layout", "compact", "--quiet");
    assertEquals(0, built.exit(), built.err());
    Run builtSorted = ipindex("build", "--input", list.toString(), "--output", sorted.toString(),
        "--quiet");
    assertEquals(0, builtSorted.exit(), builtSorted.err());

    assertEquals(0, ipindex("verify", compact.toString()).exit());
    Run export = ipindex("export", compact.toString());
    assertEquals(0, export.exit(), export.err());
    assertEquals(ipindex("export", sorted.toString()).out(), export.out());
    assertTrue(export.out().startsWith("0.0.0.0\n1.2.3.4\n9.9.9.9\n10.1.0.0\n10.1.0.13\n"),
        export.out().substring(0, 60));

    String[] probes = {"0.0.0.0", "1.2.3.4", "1.2.3.5", "10.1.0.13", "10.1.0.14", "10.1.253.244",
        "255.255.255.255", "2001:db8::77", "::ffff:10.1.0.26"};
    List<String> args = new ArrayList<>(List.of("inspect", compact.toString()));
    for (String p : probes) {
      args.add("--lookup");
      args.add(p);
    }
    Run inspect = ipindex(args.toArray(new String[0]));
    assertEquals(0, inspect.exit(), inspect.err());
    args.set(1, sorted.toString());
    Run inspectSorted = ipindex(args.toArray(new String[0]));
    String lookups = inspect.out().substring(inspect.out().indexOf("\n0.0.0.0 "));
    assertEquals(inspectSorted.out().substring(inspectSorted.out().indexOf("\n0.0.0.0 ")), lookups);
    assertTrue(lookups.contains("\n10.1.0.14 absent\n") && lookups.contains("\n10.1.0.13 present\n"),
        lookups);
    // Buckets: 0.0, 1.2, 9.9, 255.255 sparse; 10.1 dense (5,000 keys); the rest empty.
    assertTrue(inspect.out().contains(
        "\nlayout         compact: 4 /16 buckets sparse, 1 dense, 65,531 empty\n"), inspect.out());
    assertTrue(inspect.out().contains("\nkeys           5,004\n"), inspect.out());
  }

  @Test
  void aBlockOrRangeOrLabelIsRefusedWithOneLine() throws Exception {
    String[][] cases = {
        {"1.2.3.4\n10.0.0.0/8\n", "an IPv4 block or range (LIST:2 10.0.0.0/8); build it with"
            + " --layout sorted"},
        {"1.2.3.4\n5.6.7.8-5.6.7.10\n", "an IPv4 block or range (LIST:2 5.6.7.8-5.6.7.10); build"
            + " it with --layout sorted"},
        {"1.2.3.4\tbot\n5.6.7.8\n", "labels (LIST:1 1.2.3.4\\x09bot); build it with --labels"
            + " none to leave them out, or with --layout sorted to keep them"},
    };
    for (String[] c : cases) {
      Path list = dir.resolve("refused.tsv");
      Files.writeString(list, c[0], StandardCharsets.US_ASCII);
      Path out = dir.resolve("refused.ipidx");
      Run run = ipindex("build", "--input", list.toString(), "--output", out.toString(),
          "--layout", "compact");
      assertEquals(2, run.exit(), run.err());
      assertEquals("ipindex build: " + list + ": --layout compact stores single IPv4 addresses"
          + " without labels, and the list has " + c[1].replace("LIST", list.toString()) + "\n",
          run.err());
      assertFalse(Files.exists(out));
    }
  }

  @Test
  void anUnknownLayoutIsAUsageError() throws Exception {
    Path list = list();
    Run run = ipindex("build", "--input", list.toString(), "--output",
        dir.resolve("x.ipidx").toString(), "--layout", "fast");
    assertEquals(2, run.exit());
    assertEquals("ipindex build: --layout: unknown layout 'fast'; choose sorted or compact\n",
        run.err());
  }
}
