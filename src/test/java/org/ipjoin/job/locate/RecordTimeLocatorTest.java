package org.ipjoin.job.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

/**
 * {@link RecordTimeLocator} finds the time where each SPEC says, in a record placed inside a
 * larger buffer (as a line of a block is), and nowhere else; expected instants are java.time's.
 */
class RecordTimeLocatorTest {

  private static final String BEFORE = "[01/Jan/2000:00:00:00 +0000] 946684800\n";
  private static final String AFTER = " [02/Jan/2000:00:00:00 +0000] 946771200";

  private static long read(RecordTimeLocator locator, String line) {
    byte[] bytes = (BEFORE + line + AFTER).getBytes(StandardCharsets.UTF_8);
    int from = BEFORE.length();
    return locator.read(bytes, from, from + line.getBytes(StandardCharsets.UTF_8).length);
  }

  private static long read(String spec, String line) {
    return read(RecordTimeLocator.fromSpec(spec), line);
  }

  private static long iso(String text) {
    return OffsetDateTime.parse(text).toInstant().toEpochMilli();
  }

  @Test
  void combinedTakesTheBracketsAfterTheClientField() {
    long t = iso("2026-11-27T07:05:00-07:00");
    assertEquals(t, read("combined", "203.0.113.9 - frank [27/Nov/2026:07:05:00 -0700] \"GET /\" 200 1"));
    assertEquals(t, read("combined", "[2001:db8::1]:443 - - [27/Nov/2026:07:05:00 -0700] \"GET /\""));
    assertEquals(t, read("combined", "\"203.0.113.7, [x] 10.0.0.2\" 10.2.1.185 - - [27/Nov/2026:07:05:00 -0700] x"));
    assertEquals(t, read("combined", "10.0.0.2, 10.0.0.1 - - [27/Nov/2026:07:05:00 -0700] x"));
    // No brackets in the record: the ones after it are not read.
    assertEquals(RecordTime.UNREADABLE, read("combined", "203.0.113.9 - - 27/Nov/2026:07:05:00"));
    assertEquals(RecordTime.UNREADABLE, read("combined", "203.0.113.9 - - [27/Nov/2026:07:05:00 -0700"));
    assertEquals(RecordTime.UNREADABLE, read("combined", " [27/Nov/2026:07:05:00 -0700]"));
  }

  @Test
  void columnsJsonAndRegexGiveTheFieldAsWritten() {
    long t = iso("2026-11-27T07:05:00.123+01:00");
    assertEquals(t, read("tsv:2", "192.0.2.1\t2026-11-27T07:05:00.123+01:00\tGET"));
    assertEquals(t, read("csv:2", "192.0.2.1,\"2026-11-27T07:05:00.123+01:00\",GET"));
    assertEquals(iso("2019-02-06T00:00:38Z"),
        read("ws:3", "owner bucket [06/Feb/2019:00:00:38 +0000] 192.0.2.3 x"));
    assertEquals(t, read("json:a.when", "{\"a\":{\"when\":\"2026-11-27T07:05:00.123+01:00\"}}"));
    assertEquals(1716723772601L, read("json:ts", "{\"ts\":1716723772.6014807,\"ip\":\"1.2.3.4\"}"));
    assertEquals(1712790000123L, read("json:t", "{\"t\":1712790000123000000}"));
    assertEquals(RecordTime.UNREADABLE, read("json:t", "{\"t\":null}"));
    assertEquals(RecordTime.UNREADABLE, read("json:t", "{\"u\":1712790000}"));
    // A port-like tail or a comma is not taken off as from an address.
    assertEquals(iso("2026-11-27T07:05:00Z"), read("regex:at (\\S+) from", "at 2026-11-27T07:05Z from x"));
    assertEquals(iso("2026-11-27T07:05:00.5Z"), read("tsv:1", "2026-11-27T07:05:00,5Z\tx"));
  }

  @Test
  void headerNamedSpecsFollowTheFieldsLineInForce() {
    RecordTimeLocator w3c = RecordTimeLocator.fromSpec("w3c:date+time");
    assertEquals(RecordTime.UNREADABLE, read(w3c, "#Fields: date time c-ip"));
    assertEquals(Instant.parse("2018-01-01T08:09:10Z").toEpochMilli(),
        read(w3c, "2018-01-01 08:09:10 192.0.2.1"));
    assertEquals(RecordTime.UNREADABLE, read(w3c, "#Fields: c-ip date time"));
    assertEquals(Instant.parse("2018-01-01T08:09:10.250Z").toEpochMilli(),
        read(w3c, "192.0.2.1 2018-01-01 08:09:10.250"));
    assertEquals(RecordTime.UNREADABLE, read(w3c, "#Fields: c-ip date"));
    assertEquals(RecordTime.UNREADABLE, read(w3c, "192.0.2.1 2018-01-01"));
    RecordTimeLocator zeek = RecordTimeLocator.fromSpec("zeek:ts");
    read(zeek, "#separator \\x09");
    read(zeek, "#fields\tts\tuid\tid.orig_h");
    assertEquals(1320279554496L, read(zeek, "1320279554.496300\tC1\t192.168.2.76"));
    assertEquals(RecordTime.UNREADABLE, read(zeek, "XXXXXXXXXX.XXXXXX\tC1\t192.168.2.76"));
  }
}
