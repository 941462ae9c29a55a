package org.ipjoin.job.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.job.input.LineBlock;
import org.ipjoin.job.locate.ClientIpLocators;
import org.ipjoin.job.locate.RecordTime;
import org.ipjoin.job.options.RecordTimeSpec;
import org.junit.jupiter.api.Test;

/**
 * What the lookups get: each record's time through {@link ClientBatch#recordTime}, and by lookup
 * slot beside the addresses ({@link ClientBatch#ipv4Times()}, {@link ClientBatch#ipv6TimeAt}),
 * in every address column, for a block of records of which some have no readable time; the
 * expected instants are java.time's.
 */
class RecordTimesTest {

  private static final String[] LINES = {
      "203.0.113.1 198.51.100.1 2026-11-27T07:05:00Z",
      "2001:db8::1 198.51.100.2 2026-11-27T08:05:00+01:00",
      "junk 198.51.100.3 1732690000.5",
      "203.0.113.4 2001:db8::4 -",
      "203.0.113.5 198.51.100.5 27/Nov/2026:07:05:00",
  };

  private static LineBlock block() {
    LineBlock block = new LineBlock();
    for (String line : LINES) {
      byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
      block.append(bytes, bytes.length);
    }
    return block;
  }

  private static long expected(int record) {
    return switch (record) {
      case 0, 1 -> Instant.parse("2026-11-27T07:05:00Z").toEpochMilli();
      case 2 -> Instant.ofEpochSecond(1732690000L, 500_000_000).toEpochMilli();
      default -> RecordTime.UNREADABLE;
    };
  }

  private static RecordColumns columns(RecordTimeSpec spec) {
    return new RecordColumns(List.of(ClientIpLocators.fromSpec("ws:1", "first"),
        ClientIpLocators.fromSpec("ws:2", "first")), new JoinedIndex[0], RecordTimes.of(spec));
  }

  @Test
  void eachRecordsTimeIsBesideItsAddressesInEveryColumn() {
    RecordColumns columns = columns(new RecordTimeSpec("ws:3", null, RecordTime.UNREADABLE));
    columns.read(block());
    for (int c = 0; c < columns.columns(); c++) {
      ClientBatch batch = columns.column(c);
      assertTrue(batch.timePerRecord());
      List<Long> v4 = new ArrayList<>();
      List<Long> v6 = new ArrayList<>();
      for (int r = 0; r < LINES.length; r++) {
        assertEquals(expected(r), batch.recordTime(r), "record " + r);
        assertEquals(expected(r) == RecordTime.UNREADABLE, columns.timeUnreadable(r));
        String address = LINES[r].split(" ")[c];
        if (batch.kind(r) == ClientBatch.IPV4) {
          assertEquals(Ipv4Codec.toKey(Ipv4Codec.parseAddress(address.getBytes(
              StandardCharsets.US_ASCII), 0, address.length())), batch.ipv4Keys()[v4.size()]);
          v4.add(expected(r));
        } else if (batch.kind(r) == ClientBatch.IPV6) {
          v6.add(expected(r));
        }
      }
      for (int s = 0; s < v4.size(); s++) {
        assertEquals(v4.get(s), batch.ipv4Times()[s], "column " + c + " IPv4 slot " + s);
      }
      for (int s = 0; s < v6.size(); s++) {
        assertEquals(v6.get(s), batch.ipv6TimeAt(s), "column " + c + " IPv6 slot " + s);
      }
    }
  }

  @Test
  void asOfGivesEveryRecordTheOneTimeAndNoneGivesNone() {
    long asOf = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    RecordColumns fixed = columns(new RecordTimeSpec(null, "2026-01-01", asOf));
    fixed.read(block());
    RecordColumns none = columns(RecordTimeSpec.NONE);
    none.read(block());
    for (int r = 0; r < LINES.length; r++) {
      assertEquals(asOf, fixed.column(1).recordTime(r));
      assertFalse(fixed.timeUnreadable(r));
      assertEquals(RecordTime.UNREADABLE, none.column(0).recordTime(r));
      assertFalse(none.timeUnreadable(r));
    }
    assertEquals(asOf, fixed.column(0).ipv6TimeAt(0));
    assertFalse(fixed.column(0).timePerRecord());
  }
}
