package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.load.AsOfLookup;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.testing.AttributeHistoryReference;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * History indexes whose labels are several named attributes, built from the hand-made snapshots
 * of src/test/resources/history-attributes ({@code --as-of-from-file} with {@code --labels}) and
 * from the validity table that tells the same history ({@code --valid-from} with {@code
 * --labels}): each address's values as of every probe time, against the files read by plain Java
 * ({@link AttributeHistoryReference}); inspect's periods with their values; export writing the
 * snapshots back byte for byte, and the rebuild from them byte for byte the index.
 */
class HistoryAttributesTest {

  private static final long HOUR = 3_600_000L;

  @TempDir Path dir;

  private Run buildFolder(Path index, String labels) throws Exception {
    return IndexToolsTest.ipindex("build", "--input",
        AttributeHistoryReference.snapshots().toString(), "--as-of-from-file",
        AttributeHistoryReference.DATED, "--labels", labels, "--output", index.toString());
  }

  private Run buildTable(Path index, String labels) throws Exception {
    return IndexToolsTest.ipindex("build", "--input",
        AttributeHistoryReference.table().toString(), "--valid-from", "valid_from", "--valid-to",
        "valid_to", "--labels", labels, "--output", index.toString());
  }

  /** Midnight, a second after, noon and each day's last millisecond, a day before to a day after. */
  private static List<Long> probeTimes(AttributeHistoryReference ref) {
    List<Long> times = new ArrayList<>();
    long first = ref.days().get(0);
    for (int d = -1; d <= ref.days().size(); d++) {
      long midnight = first + d * 24 * HOUR;
      times.addAll(List.of(midnight, midnight + 1000, midnight + 12 * HOUR,
          midnight + 24 * HOUR - 1));
    }
    return times;
  }

  /** The values the index answers for {@code ip} at {@code millis}, as the reference gives them. */
  private static List<String> answered(LoadedIndex loaded, String ip, long millis) {
    AsOfLookup asOf = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
    int interval = asOf.match(Ipv4Codec.parseKey(ip), millis);
    if (interval == Ipv4Lookup.NO_MATCH) {
      return null;
    }
    int id = asOf.labelId(interval, millis);
    LabelDictionary labels = loaded.index().labels();
    return id == 0 ? List.of() : Arrays.asList(labels.label(id).split("\t", -1));
  }

  private static void assertAnswersAsReference(AttributeHistoryReference ref, Path index,
      boolean table) throws Exception {
    LoadedIndex loaded = IndexReaders.viaFileSystem(index, true);
    assertEquals(List.of("asn", "org"), loaded.index().labels().attributeNames());
    int changes = 0;
    for (String ip : AttributeHistoryReference.PROBES) {
      List<String> before = null;
      for (long t : probeTimes(ref)) {
        int s = ref.inForce(t);
        List<String> expected = s < 0 || s == ref.days().size() ? null : ref.values(ip, s);
        if (table) {
          // The table tells the same history as the snapshots: the references agree.
          assertEquals(expected, ref.tableValues(ip, t), ip + " at " + t);
        }
        assertEquals(expected, answered(loaded, ip, t), ip + " at " + t);
        changes += expected != null && before != null && !expected.equals(before) ? 1 : 0;
        before = expected == null ? before : expected;
      }
    }
    // Not vacuous: values change from one snapshot to the next at several addresses.
    assertTrue(changes >= 10, changes + " changes of values");
  }

  @Test
  void snapshotsOfAttributesAnswerTheValuesInForceAndExportBackByteForByte() throws Exception {
    AttributeHistoryReference ref = AttributeHistoryReference.read();
    Path index = dir.resolve("numbered.ipidx");
    Run build = buildFolder(index, "2,3");
    assertEquals(0, build.exit(), build.err());
    assertTrue(build.out().contains("history of 4 snapshots, 2026-04-01 .. 2026-04-04 (valid until"
        + " 2026-04-05): 6 entries"), build.out());
    assertEquals(0, IndexToolsTest.ipindex("verify", index.toString()).exit());
    assertAnswersAsReference(ref, index, false);

    // Named by heading, by name=N and from Java: the same file.
    byte[] bytes = Files.readAllBytes(index);
    for (String labels : List.of("asn,org", "asn=2,org=3")) {
      Path other = dir.resolve(labels.replace(',', '_').replace('=', '-') + ".ipidx");
      assertEquals(0, buildFolder(other, labels).exit(), labels);
      assertArrayEquals(bytes, Files.readAllBytes(other), labels);
    }
    Path api = dir.resolve("api.ipidx");
    IpJoin.buildIndex(new Configuration()).input(AttributeHistoryReference.snapshots().toString())
        .output(api.toString()).asOfFromFile(AttributeHistoryReference.DATED).labels("asn,org")
        .run();
    assertArrayEquals(bytes, Files.readAllBytes(api));

    Run inspect = IndexToolsTest.ipindex("inspect", index.toString(), "--lookup", "192.0.2.7",
        "--lookup", "198.51.100.77", "--lookup", "192.0.2.9", "--lookup", "203.0.113.4");
    assertEquals(0, inspect.exit(), inspect.err());
    String out = inspect.out();
    assertTrue(out.contains("attributes     asn, org"), out);
    assertTrue(out.contains("192.0.2.7 in 192.0.2.7 label asn='AS64496' org='Example Hosting',"
        + " listed 2026-04-01 .. 2026-04-02 label asn='AS64496' org='Example Hosting',"
        + " 2026-04-02 .. 2026-04-03 label asn='AS64496' org='Example Hosting Group',"
        + " 2026-04-03 .. 2026-04-04 label asn='AS64510' org='Example Hosting Group',"
        + " 2026-04-04 .. 2026-04-05 label asn='AS64496' org='Example Hosting'\n"), out);
    assertTrue(out.contains("198.51.100.77 in 198.51.100.77, listed 2026-04-02 .. 2026-04-03 no"
        + " label, 2026-04-03 .. 2026-04-04 label asn='AS64502' org='Example Mobile', 2026-04-04"
        + " .. 2026-04-05 no label\n"), out);
    assertTrue(out.contains("192.0.2.9 in 192.0.2.9 label asn='AS64497' org='Documentation"
        + " Networks', listed 2026-04-01 .. 2026-04-02, 2026-04-03 .. 2026-04-04\n"), out);
    assertTrue(out.contains("203.0.113.4 in 203.0.113.0-203.0.113.9 label asn='AS64501' org='',"
        + " listed 2026-04-01 .. 2026-04-02 label asn='AS64500' org='Test Transit', 2026-04-02 .."
        + " 2026-04-04 label asn='AS64501' org='Test Transit', 2026-04-04 .. 2026-04-05 label"
        + " asn='AS64501' org=''\n"), out);

    // export --history writes every snapshot file back as it was: header line, values as columns.
    Path exported = dir.resolve("exported");
    Run export = IndexToolsTest.ipindex("export", index.toString(), "--history", "--output",
        exported.toString());
    assertEquals(0, export.exit(), export.err());
    assertSameFiles(AttributeHistoryReference.snapshots(), exported);
    Path again = dir.resolve("again.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", exported.toString(),
        "--as-of-from-file", AttributeHistoryReference.DATED, "--labels", "2,3", "--output",
        again.toString()).exit());
    assertArrayEquals(bytes, Files.readAllBytes(again));
  }

  private static void assertSameFiles(Path expected, Path actual) throws Exception {
    List<Path> want;
    try (Stream<Path> files = Files.list(expected)) {
      want = files.sorted().toList();
    }
    List<String> names;
    try (Stream<Path> files = Files.list(actual)) {
      names = files.map(p -> p.getFileName().toString()).sorted().toList();
    }
    assertEquals(want.stream().map(p -> p.getFileName().toString()).toList(), names);
    for (Path file : want) {
      assertEquals(Files.readString(file), Files.readString(actual.resolve(file.getFileName())),
          file.getFileName().toString());
    }
  }

  @Test
  void aValidityTableOfAttributesTellsTheSameHistory() throws Exception {
    AttributeHistoryReference ref = AttributeHistoryReference.read();
    Path index = dir.resolve("scd.ipidx");
    Run build = buildTable(index, "asn=5,org=4");
    assertEquals(0, build.exit(), build.err());
    assertEquals(0, IndexToolsTest.ipindex("verify", index.toString()).exit());
    assertAnswersAsReference(ref, index, true);
    byte[] bytes = Files.readAllBytes(index);
    Path byHeading = dir.resolve("heading.ipidx");
    assertEquals(0, buildTable(byHeading, "asn,org").exit());
    assertArrayEquals(bytes, Files.readAllBytes(byHeading));
    Path api = dir.resolve("api.ipidx");
    IpJoin.buildIndex(new Configuration()).input(AttributeHistoryReference.table().toString())
        .output(api.toString()).validFrom("2").validTo("3").labels("asn=5,org=4").run();
    assertArrayEquals(bytes, Files.readAllBytes(api));

    // The same periods, labels and names as the snapshots' index; its export is their files.
    Path folder = dir.resolve("folder.ipidx");
    assertEquals(0, buildFolder(folder, "2,3").exit());
    LoadedIndex fromTable = IndexReaders.viaFileSystem(index, true);
    LoadedIndex fromFolder = IndexReaders.viaFileSystem(folder, true);
    assertArrayEquals(fromFolder.history().encode(), fromTable.history().encode());
    LabelDictionary a = fromFolder.index().labels();
    LabelDictionary b = fromTable.index().labels();
    assertEquals(a.count(), b.count());
    for (int id = 1; id <= a.count(); id++) {
      assertEquals(a.label(id), b.label(id));
    }
    Path exported = dir.resolve("exported");
    assertEquals(0, IndexToolsTest.ipindex("export", index.toString(), "--history", "--output",
        exported.toString()).exit());
    assertSameFiles(AttributeHistoryReference.snapshots(), exported);
  }

  @Test
  void oneNamedAttributeKeepsItsColumnAlone() throws Exception {
    AttributeHistoryReference ref = AttributeHistoryReference.read();
    Path org = dir.resolve("org.ipidx");
    Run build = buildFolder(org, "org=3");
    assertEquals(0, build.exit(), build.err());
    LoadedIndex loaded = IndexReaders.viaFileSystem(org, true);
    assertEquals(List.of("org"), loaded.index().labels().attributeNames());
    for (String ip : AttributeHistoryReference.PROBES) {
      for (long t : probeTimes(ref)) {
        int s = ref.inForce(t);
        List<String> values = s < 0 || s == ref.days().size() ? null : ref.values(ip, s);
        // An org alone: none when the entry has no values or an empty org.
        List<String> expected = values == null ? null
            : values.isEmpty() || values.get(1).isEmpty() ? List.of() : List.of(values.get(1));
        assertEquals(expected, answered(loaded, ip, t), ip + " at " + t);
      }
    }
  }

  private Run refused(int exit, String... args) throws Exception {
    Run run = IndexToolsTest.ipindex(args);
    assertEquals(exit, run.exit(), run.err());
    assertEquals(1, run.err().strip().lines().count(), run.err());
    assertTrue(Files.notExists(dir.resolve("bad.ipidx")));
    return run;
  }

  @Test
  void attributesTheSnapshotsOrTheTableCannotGiveAreOneLineErrors() throws Exception {
    String bad = dir.resolve("bad.ipidx").toString();
    Path folder = Files.createDirectory(dir.resolve("headers"));
    Files.writeString(folder.resolve("2026-04-01.txt"), "network\tp\tq\n192.0.2.1\ta\tb\n");
    Files.writeString(folder.resolve("2026-04-02.txt"), "network\tx\ty\n192.0.2.1\ta\tb\n");
    Run renamed = refused(2, "build", "--input", folder.toString(), "--as-of-from-file",
        AttributeHistoryReference.DATED, "--labels", "2,3", "--output", bad);
    assertEquals("ipindex build: --as-of-from-file: 2026-04-02.txt names the attributes [x, y],"
        + " 2026-04-01.txt [p, q]: give every snapshot the same header line, or name the"
        + " attributes in --labels", renamed.err().strip());
    // Named in --labels, the headers name nothing.
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", folder.toString(),
        "--as-of-from-file", AttributeHistoryReference.DATED, "--labels", "a=2,b=3", "--output",
        dir.resolve("named.ipidx").toString()).exit());

    Run noHeading = refused(2, "build", "--input", folder.toString(), "--as-of-from-file",
        AttributeHistoryReference.DATED, "--labels", "p,x", "--output", bad);
    assertTrue(noHeading.err().contains("2026-04-01.txt:1: --labels p,x: the header line has no"
        + " column 'x' after the address (it has [network, p, q])"), noHeading.err());

    Path table = dir.resolve("two.csv");
    Files.writeString(table, "ip,from,to,asn,org\n192.0.2.1,2026-03-01,2026-03-10,AS1,X\n"
        + "192.0.2.1,2026-03-09,,AS2,X\n");
    Run twoAtOnce = refused(1, "build", "--input", table.toString(), "--valid-from", "from",
        "--valid-to", "to", "--labels", "asn,org", "--output", bad);
    assertEquals("ipindex build: " + table + ":3: 192.0.2.1 asn='AS2' org='X' valid 2026-03-09 .."
        + " open overlaps line 2's asn='AS1' org='X' valid 2026-03-01 .. 2026-03-10: an entry"
        + " holds one label at a time", twoAtOnce.err().strip());
    Run sameColumn = refused(2, "build", "--input", table.toString(), "--valid-from", "from",
        "--valid-to", "to", "--labels", "asn=4,org=3", "--output", bad);
    assertEquals("ipindex build: --valid-to and --labels name the same column 3 of " + table,
        sameColumn.err().strip());
    Run byDefault = refused(2, "build", "--input", table.toString(), "--valid-from", "from",
        "--valid-to", "to", "--labels", "default", "--output", bad);
    assertTrue(byDefault.err().contains("--labels default: with --valid-from name the label's"
        + " column"), byDefault.err());
  }
}
