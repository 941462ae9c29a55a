package org.ipjoin.job.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.job.locate.RecordTime;
import org.junit.jupiter.api.Test;

/** {@code ipjoin.time} and {@code ipjoin.as.of} read into one typed value, and written back. */
class RecordTimeSpecTest {

  private static Configuration conf(String time, String asOf) {
    Configuration conf = new Configuration(false);
    if (time != null) {
      conf.set("ipjoin.time", time);
    }
    if (asOf != null) {
      conf.set("ipjoin.as.of", asOf);
    }
    return conf;
  }

  private static void assertRoundTrip(RecordTimeSpec spec) {
    Configuration conf = new Configuration(false);
    spec.writeTo(conf);
    assertEquals(spec, RecordTimeSpec.read(conf));
  }

  @Test
  void unsetIsNone() {
    assertEquals(RecordTimeSpec.NONE, RecordTimeSpec.read(conf(null, null)));
    assertFalse(RecordTimeSpec.NONE.perRecord());
    assertFalse(RecordTimeSpec.NONE.fixed());
  }

  @Test
  void asOfInEachFormIsTheInstantJavaTimeReads() {
    String[][] cases = {
        {"2026-11-27T07:05:00Z", "" + Instant.parse("2026-11-27T07:05:00Z").toEpochMilli()},
        {" 2026-11-27T08:05:00.250+01:00 ",
            "" + OffsetDateTime.parse("2026-11-27T08:05:00.250+01:00").toInstant().toEpochMilli()},
        {"2026-11-27", "" + LocalDate.parse("2026-11-27").atStartOfDay(ZoneOffset.UTC).toInstant()
            .toEpochMilli()},
        {"1732690000", "1732690000000"},
        {"1732690000123", "1732690000123"},
        {"27/Nov/2026:07:05:00 +0000", "" + Instant.parse("2026-11-27T07:05:00Z").toEpochMilli()},
    };
    for (String[] c : cases) {
      RecordTimeSpec spec = RecordTimeSpec.read(conf(null, c[0]));
      assertTrue(spec.fixed());
      assertEquals(Long.parseLong(c[1]), spec.asOfMillis(), c[0]);
      assertRoundTrip(spec);
    }
  }

  @Test
  void perRecordSpecsAreCheckedAndKeptAsGiven() {
    for (String time : new String[] {"combined", "json:timestamp", "w3c:date+time", "zeek:ts",
        "tsv:1", "csv:2", "ws:4", "csv:when", "tsv:ts", "regex:\\[([^]]+)\\] "}) {
      RecordTimeSpec spec = RecordTimeSpec.read(conf(time, null));
      assertEquals(new RecordTimeSpec(time, null, RecordTime.UNREADABLE), spec);
      assertTrue(spec.perRecord());
      assertEquals(time.trim(), spec.locator().spec());
      assertRoundTrip(spec);
    }
  }

  @Test
  void badValuesAreOneLineEach() {
    String[][] cases = {
        {"json:ts", "2026-11-27", "--time and --as-of (ipjoin.time and ipjoin.as.of) cannot be given"
            + " together: --time reads each record's own time, --as-of gives one time for every"
            + " record"},
        {"stamp", null, "bad --time 'stamp'; use one of combined, json:PATH, w3c:date+time,"
            + " zeek:NAME, tsv:N, csv:N, ws:N, tsv:NAME, csv:NAME or regex:PATTERN"},
        {"tsv:0", null, "bad --time 'tsv:0': columns are numbered from 1, got 0"},
        {"w3c:date+", null, "bad --time 'w3c:date+': give the date and the time column, e.g."
            + " w3c:date+time"},
        {"alb", null, "bad --time 'alb': alb is a preset of address columns; name the time's"
            + " field: combined, json:PATH, w3c:date+time, zeek:NAME, tsv:N, csv:N, ws:N,"
            + " tsv:NAME, csv:NAME or regex:PATTERN"},
        {"regex:(", null, "bad --time 'regex:(': the pattern does not compile: Unclosed group near"
            + " index 1"},
        {null, "2026-02-29", "bad --as-of '2026-02-29': not a time; give 2026-11-27T07:05:00Z"
            + " (ISO 8601, any zone), 2026-11-27, epoch seconds 1732690000 or milliseconds"
            + " 1732690000000, or 27/Nov/2026:07:05:00 +0000"},
    };
    for (String[] c : cases) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> RecordTimeSpec.read(conf(c[0], c[1])));
      assertEquals(c[2], e.getMessage());
    }
  }
}
