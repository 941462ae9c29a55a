package org.ipjoin.job.locate;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Reads records' times in the forms {@link RecordTime} lists, with its answers ({@link
 * RecordTime#parse} reads one text with a new reader). Logs are written in time order, so
 * consecutive records share their date, and a file its zone: the day of the last date text read
 * (the common log format's {@code 27/Nov/2026}, ISO 8601's and W3C's {@code 2026-11-27}) is kept
 * with its bytes, as is the offset of the last common log zone text ({@code +0000}), and a record
 * whose date and zone are the last one's bytes reads only its time of day. Bytes are compared a
 * word at a time; nothing is allocated. A date the calendar lacks ({@code 31/Feb/2026}) is kept
 * as unreadable as well. Not thread-safe: one per {@link RecordTimeLocator}.
 */
final class RecordTimeReader {

  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class,
      ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class,
      ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class,
      ByteOrder.LITTLE_ENDIAN);

  /** The last common log date's bytes 0-7 and 7-10, and its day (or UNREADABLE). */
  private long logDateHead;
  private int logDateTail;
  private long logDay;
  /** The last common log zone's bytes 0-3 and 4, and its offset in ms (or UNREADABLE). */
  private long logZone;
  private long logOffset;
  /** The last {@code YYYY-MM-DD}'s bytes 0-7 and 8-9, and its day (or UNREADABLE). */
  private long isoDateHead;
  private short isoDateTail;
  private long isoDay;

  RecordTimeReader() {
    // Each cache starts with a real text's entry, so that no byte pattern meets an empty one.
    byte[] log = "01/Jan/1970:00:00:00 +0000".getBytes(StandardCharsets.US_ASCII);
    commonLog(log, 0, log.length);
    byte[] iso = "1970-01-01".getBytes(StandardCharsets.US_ASCII);
    isoDay(iso, 0);
  }

  /** The time {@code bytes[from, to)} holds in any accepted form ({@link RecordTime#parse}). */
  long parse(byte[] bytes, int from, int to) {
    if (to - from >= 2 && bytes[from] == '[' && bytes[to - 1] == ']') {
      from++;
      to--;
    }
    if (to - from >= 3 && bytes[from + 2] == '/') {
      return commonLog(bytes, from, to);
    }
    if (to - from >= 5 && bytes[from + 4] == '-') {
      if (to - from < 10) {
        return RecordTime.UNREADABLE;
      }
      long day = isoDay(bytes, from);
      return day == RecordTime.UNREADABLE ? day : RecordTime.isoOfDate(bytes, from, to, day);
    }
    return RecordTime.epoch(bytes, from, to);
  }

  /** {@link RecordTime#dateAndTime}. */
  long dateAndTime(byte[] bytes, int dateFrom, int dateTo, int timeFrom, int timeTo) {
    if (dateTo - dateFrom != 10) {
      return RecordTime.UNREADABLE;
    }
    long day = isoDay(bytes, dateFrom);
    return day == RecordTime.UNREADABLE ? day
        : RecordTime.timeOfDate(bytes, day, timeFrom, timeTo);
  }

  private long commonLog(byte[] b, int from, int to) {
    if (!RecordTime.isCommonLog(b, from, to)) {
      return RecordTime.UNREADABLE;
    }
    long head = (long) LONG.get(b, from);
    int tail = (int) INT.get(b, from + 7);
    if (head != logDateHead || tail != logDateTail) {
      logDateHead = head;
      logDateTail = tail;
      logDay = RecordTime.commonLogDay(b, from);
    }
    if (logDay == RecordTime.UNREADABLE) {
      return RecordTime.UNREADABLE;
    }
    long zone = Integer.toUnsignedLong((int) INT.get(b, from + 21))
        | (long) (b[from + 25] & 0xff) << 32;
    if (zone != logZone) {
      logZone = zone;
      logOffset = RecordTime.zone(b, from + 21, to);
    }
    return RecordTime.commonLogTime(b, from, logDay, logOffset);
  }

  /** The day of {@code YYYY-MM-DD} at {@code b[from, from + 10)}, or UNREADABLE. */
  private long isoDay(byte[] b, int from) {
    long head = (long) LONG.get(b, from);
    short tail = (short) SHORT.get(b, from + 8);
    if (head != isoDateHead || tail != isoDateTail) {
      isoDateHead = head;
      isoDateTail = tail;
      isoDay = RecordTime.date(b, from, from + 10);
    }
    return isoDay;
  }
}
