package org.ipjoin.index.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;

/** {@code --fields}: the paths, names and values a MaxMind DB record gives a label. */
class RecordFieldsTest {

  private static final Map<String, Object> RECORD = Map.of(
      "country", Map.of("iso_code", "DE", "geoname_id", 2921044L,
          "is_in_european_union", true, "names", Map.of("en", "Germany")),
      "subdivisions", List.of(Map.of("iso_code", "BE"), Map.of("iso_code", "")),
      "big", new BigInteger("18446744073709551615"),
      "small", 7,
      "org", "Tab\there\nand line",
      "location", Map.of("latitude", 52.5));

  @Test
  void valuesAreStringsIntegersAndBooleansAsWritten() throws Exception {
    RecordFields fields = RecordFields.parse("country.iso_code, id=country.geoname_id,"
        + "eu=country.is_in_european_union,subdivisions.0.iso_code,big,small");
    assertEquals(List.of("country.iso_code", "id", "eu", "subdivisions.0.iso_code", "big",
        "small"), fields.names());
    assertEquals("DE\t2921044\ttrue\tBE\t18446744073709551615\t7", fields.labelOf(RECORD));
  }

  @Test
  void aMissingPathIsAnEmptyValueAndNoneAtAllIsNoLabel() throws Exception {
    assertEquals("\tDE\t", RecordFields.parse("city.names.en,country.iso_code,subdivisions.5.iso_code")
        .labelOf(RECORD));
    assertNull(RecordFields.parse("city.names.en,subdivisions.1.iso_code,country.iso_code.x,"
        + "subdivisions.x").labelOf(RECORD));
  }

  @Test
  void aTabOrNewlineInsideAValueBecomesASpace() throws Exception {
    assertEquals("Tab here and line", RecordFields.parse("org").labelOf(RECORD));
  }

  @Test
  void mapsArraysAndFloatingPointNumbersAreRefusedNamingThePath() {
    for (String path : List.of("country", "subdivisions", "location.latitude")) {
      FieldPath.NotAFieldValueException e = assertThrows(FieldPath.NotAFieldValueException.class,
          () -> RecordFields.parse(path).labelOf(RECORD));
      assertEquals("--fields " + path + " is " + switch (path) {
        case "country" -> "a map";
        case "subdivisions" -> "an array";
        default -> "a floating-point number";
      } + ", not a string, integer or boolean", e.getMessage());
    }
  }

  @Test
  void theNamesGoToTheEntries() throws Exception {
    RecordFields fields = RecordFields.parse("asn=autonomous_system_number,"
        + "autonomous_system_organization");
    MaxMindDbList list = new MaxMindDbList(fields, bytes -> { });
    Path db;
    try {
      db = Path.of(RecordFieldsTest.class.getResource("/mmdb/GeoLite2-ASN-Test.mmdb").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    list.read(new IndexBuilder.ListFile(FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(db.toString())));
    assertEquals(List.of("asn", "autonomous_system_organization"),
        list.entries().labels().attributeNames());
    assertEquals(list.lines(), list.entries().size());
  }
}
