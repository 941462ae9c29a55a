package org.ipjoin.job.locate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

/** Runs a locator on a UTF-8 record placed inside a larger buffer, as a line of a block is. */
final class LocatedField {

  /** Bytes around the record: a locator must read neither. */
  private static final String BEFORE = "{\"ip\":\"9.9.9.9\"} \"x\" [y] 9.9.9.9\n";
  private static final String AFTER = "\" ] } 9.9.9.9 {\"ip\":\"8.8.8.8\"}";

  private LocatedField() {}

  /** The located field (UTF-8), or null when the locator says there is none. */
  static String field(ClientIpLocator locator, String record) {
    byte[] before = BEFORE.getBytes(StandardCharsets.UTF_8);
    byte[] rec = record.getBytes(StandardCharsets.UTF_8);
    byte[] after = AFTER.getBytes(StandardCharsets.UTF_8);
    byte[] bytes = new byte[before.length + rec.length + after.length];
    System.arraycopy(before, 0, bytes, 0, before.length);
    System.arraycopy(rec, 0, bytes, before.length, rec.length);
    System.arraycopy(after, 0, bytes, before.length + rec.length, after.length);
    int from = before.length;
    int to = from + rec.length;
    ClientIpLocator.Range range = new ClientIpLocator.Range();
    if (!locator.locate(bytes, from, to, range)) {
      return null;
    }
    assertTrue(range.from >= from && range.from <= range.to && range.to <= to, range.toString());
    return new String(bytes, range.from, range.to - range.from, StandardCharsets.UTF_8);
  }

  static String field(String spec, String record) {
    return field(ClientIpLocators.fromSpec(spec), record);
  }
}
