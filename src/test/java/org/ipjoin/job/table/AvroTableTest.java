package org.ipjoin.job.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.io.Text;
import org.apache.avro.mapreduce.AvroKeyInputFormat;
import org.apache.hadoop.util.ClassUtil;
import org.junit.jupiter.api.Test;

/** Which Avro fields hold an address, and the names of tag fields. */
class AvroTableTest {

  private static final Schema SCHEMA = new Schema.Parser().parse("""
      {"type": "record", "name": "row", "fields": [
        {"name": "s", "type": "string"},
        {"name": "e", "type": {"type": "enum", "name": "E", "symbols": ["A"]}},
        {"name": "i", "type": ["null", "int"]},
        {"name": "l", "type": "long"},
        {"name": "b", "type": "bytes"},
        {"name": "f4", "type": {"type": "fixed", "name": "F4", "size": 4}},
        {"name": "f16", "type": ["null", {"type": "fixed", "name": "F16", "size": 16}]},
        {"name": "f8", "type": {"type": "fixed", "name": "F8", "size": 8}},
        {"name": "d", "type": "double"},
        {"name": "u", "type": ["null", "string", "long"]},
        {"name": "a", "type": {"type": "array", "items": "string"}},
        {"name": "m", "type": {"type": "map", "values": "string"}},
        {"name": "r", "type": ["null", {"type": "record", "name": "R", "fields": [
          {"name": "ip", "type": ["null", "string"]}]}]},
        {"name": "ar", "type": {"type": "array", "items": "R"}}
      ]}""");

  @Test
  void addressTypesAreAcceptedThroughNullableRecords() {
    for (String column : List.of("s", "e", "i", "l", "b", "f4", "f16", "r.ip")) {
      assertNull(AvroTable.columnProblem(SCHEMA, column), column);
    }
  }

  @Test
  void otherTypesAreRefusedSayingWhy() {
    assertEquals("is fixed(8), not an address (4 or 16 bytes)",
        AvroTable.columnProblem(SCHEMA, "f8"));
    assertTrue(AvroTable.columnProblem(SCHEMA, "d").startsWith("is double, not an address"));
    assertTrue(AvroTable.columnProblem(SCHEMA, "u").startsWith("is a union of several types"));
    assertEquals("is an array: give a column of one address per row",
        AvroTable.columnProblem(SCHEMA, "a"));
    assertEquals("is a map: give a column of one address per row",
        AvroTable.columnProblem(SCHEMA, "m"));
    assertEquals("is inside ar, an array: give a column of one address per row",
        AvroTable.columnProblem(SCHEMA, "ar.ip"));
    assertEquals("is a record, not an address: name one of its fields (r.FIELD)",
        AvroTable.columnProblem(SCHEMA, "r"));
    assertEquals("is not in its schema", AvroTable.columnProblem(SCHEMA, "r.nope"));
    assertEquals("is not in its schema", AvroTable.columnProblem(SCHEMA, "s.x"));
  }

  @Test
  void tagColumnsGetLegalAvroNames() {
    assertEquals("ips", AvroTable.fieldName("ips"));
    assertEquals("client__geo__country", AvroTable.fieldName("client.geo.country"));
    assertEquals("_1st_list__asn", AvroTable.fieldName("1st-list.asn"));
    Schema tagged = AvroTable.taggedSchema(SCHEMA, List.of("client.geo.country"));
    // Avro accepts the name (it validates names when a schema is parsed).
    assertEquals(tagged, new Schema.Parser().parse(tagged.toString()));
    assertEquals("ipjoin tag column client.geo.country",
        tagged.getField("client__geo__country").doc());
  }

  @Test
  void aTagFieldNamedAsAnotherFieldIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> AvroTable.taggedSchema(SCHEMA, List.of("x.y", "x__y")));
    assertEquals("tag column x__y (Avro field x__y) is also another tag column's field; name the"
        + " index otherwise (--index OTHER=PATH)", e.getMessage());
  }

  @Test
  void theJarsAnAvroJobShipsAreAvroMapredAndAvroAndOnTheLaunchersClasspath() throws Exception {
    List<String> shipped = AvroTable.INSTANCE.runtimeClasses().stream()
        .map(ClassUtil::findContainingJar).toList();
    assertTrue(shipped.contains(ClassUtil.findContainingJar(AvroKeyInputFormat.class)), shipped
        .toString());
    assertTrue(shipped.contains(ClassUtil.findContainingJar(Schema.class)), shipped.toString());
    // target/classpath.txt, which the launchers put beside the thin job jar, beside target/classes.
    Path classes = Path.of(AvroTable.class.getProtectionDomain().getCodeSource().getLocation()
        .toURI());
    List<String> launcher = List.of(Files.readString(classes.getParent().resolve("classpath.txt"))
        .trim().split(java.io.File.pathSeparator));
    for (String jar : shipped) {
      assertTrue(jar != null && launcher.contains(jar), jar + " on " + launcher);
    }
  }

  /** Column {@code column} of {@code row} as the join reads it. */
  private static String read(GenericRecord row, String column) {
    Text out = new Text("stale");
    AvroTable.INSTANCE.column(column).read(row, out);
    return out.toString();
  }

  @Test
  void eachTypeIsReadAsTheAddressTextItHolds() {
    GenericRecord row = new GenericData.Record(SCHEMA);
    row.put("s", new Utf8("[2001:db8::1]:443"));
    row.put("e", new GenericData.EnumSymbol(SCHEMA.getField("e").schema(), "A"));
    row.put("i", 0xC0000201); // 192.0.2.1: negative as a signed int
    row.put("l", 4294967296L); // one past 255.255.255.255: left as the number, malformed
    byte[] v6 = new byte[16];
    v6[0] = 0x20;
    v6[1] = 0x01;
    v6[15] = 1;
    // A slice of a larger buffer: only its own bytes are the address.
    row.put("b", ByteBuffer.wrap(new byte[] {9, 10, 0, 0, 1, 9}, 1, 4).slice());
    row.put("f4", new GenericData.Fixed(SCHEMA.getField("f4").schema(), new byte[] {1, 2, 3, 4}));
    row.put("f16", new GenericData.Fixed(
        SCHEMA.getField("f16").schema().getTypes().get(1), v6));
    assertEquals("[2001:db8::1]:443", read(row, "s"));
    assertEquals("A", read(row, "e"));
    assertEquals("192.0.2.1", read(row, "i"));
    assertEquals("4294967296", read(row, "l"));
    assertEquals("10.0.0.1", read(row, "b"));
    assertEquals("1.2.3.4", read(row, "f4"));
    assertEquals("2001:0000:0000:0000:0000:0000:0000:0001", read(row, "f16"));
    // Null, and a null record on the path: no address.
    assertEquals("", read(row, "r.ip"));
    row.put("b", ByteBuffer.wrap("10.1.2.3".getBytes(StandardCharsets.US_ASCII)));
    assertEquals("10.1.2.3", read(row, "b"), "bytes of another length are text");
    GenericRecord r = new GenericData.Record(SCHEMA.getField("r").schema().getTypes().get(1));
    row.put("r", r);
    assertEquals("", read(row, "r.ip"));
    r.put("ip", "10.9.8.7");
    assertEquals("10.9.8.7", read(row, "r.ip"));
  }
}
