package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ipjoin.index.builder.IndexBuilder;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.list.IntervalNormaliser;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.ListEntries;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ListEntries#nameAttributes}, the way a builder that is not a text list (a database of
 * records) hands the names of its labels' TAB-joined values to the index: every read path gives
 * them back; names that break the rules are refused naming the first.
 */
class NamedEntriesTest {

  @TempDir Path dir;

  @Test
  void namedEntriesBuildAnIndexThatCarriesTheNames() throws Exception {
    ListEntries entries = new ListEntries();
    entries.nameAttributes(List.of("country", "city"));
    int paris = entries.labels().idOf("FR\tParis");
    int nowhere = entries.labels().idOf("DE\t");
    entries.add(LineKind.CIDR, Ipv4Codec.parseKey("1.2.3.0"), Ipv4Codec.parseKey("1.2.3.255"),
        paris, 1);
    entries.add(LineKind.ADDRESS, Ipv4Codec.parseKey("5.6.7.8"), Ipv4Codec.parseKey("5.6.7.8"),
        nowhere, 2);
    Path file = dir.resolve("named.ipidx");
    try (OutputStream out = Files.newOutputStream(file)) {
      IndexWriter.write(IndexBuilder.contentOf(
          IntervalNormaliser.normalise(entries, OverlapPolicy.LONGEST), 0, 2), out);
    }
    for (IndexReaders.Reader reader : IndexReaders.binaryPaths().toList()) {
      LabelDictionary labels = reader.load(file, true).index().labels();
      assertEquals(List.of("country", "city"), labels.attributeNames(), reader.name());
      assertEquals("FR\tParis", labels.label(1), reader.name());
      assertEquals("DE\t", labels.label(2), reader.name());
    }
  }

  @Test
  void namesThatBreakTheRulesAreRefused() {
    ListEntries entries = new ListEntries();
    assertEquals("attribute name 2 is empty", assertThrows(IllegalArgumentException.class,
        () -> entries.nameAttributes(List.of("asn", ""))).getMessage());
    assertEquals("attribute name 2 ('asn') repeats attribute name 1",
        assertThrows(IllegalArgumentException.class,
            () -> entries.nameAttributes(List.of("asn", "asn"))).getMessage());
    assertEquals("attribute name 1 ('a?b') holds the control byte \\x09",
        assertThrows(IllegalArgumentException.class,
            () -> entries.nameAttributes(List.of("a\tb"))).getMessage());
  }

  @Test
  void aLabelWithoutOneValuePerNameIsNotWritten() throws Exception {
    ListEntries entries = new ListEntries();
    entries.nameAttributes(List.of("country", "city"));
    int id = entries.labels().idOf("FR");
    entries.add(LineKind.ADDRESS, 0, 0, id, 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> IndexWriter.write(IndexBuilder.contentOf(
            IntervalNormaliser.normalise(entries, OverlapPolicy.LONGEST), 0, 1),
            OutputStream.nullOutputStream()));
    assertEquals("label 1 holds 1 values for 2 attribute names", e.getMessage());
  }
}
