package org.ipjoin.job.locate;

/**
 * Reads a record's time from its bytes, as epoch milliseconds (UTC), without allocating: the time
 * of each record is read once per record, like its address. Accepted forms, each read with the
 * zone it carries and in UTC when it carries none:
 * <ul>
 *   <li>ISO 8601 / RFC 3339: {@code 2026-11-27T07:05:00Z}, a space or {@code t} instead of
 *       {@code T}, seconds optional, a fraction of 1 to 9 digits after {@code .} or {@code ,} (a
 *       point alone is no fraction, as java.time reads it),
 *       then {@code Z}, {@code +01:00}, {@code +0100}, {@code +01} or nothing (UTC); a date alone,
 *       {@code 2026-11-27}, is its midnight UTC;
 *   <li>epoch seconds of 1 to 10 digits, with a fraction of 1 to 9 digits ({@code 1732690000},
 *       Zeek's {@code 1732690000.123456}); 13 digits are milliseconds, 16 microseconds and 19
 *       nanoseconds (what Java, Go and Cloudflare write); other lengths are unreadable, since
 *       their unit cannot be told;
 *   <li>the common log format's {@code 27/Nov/2026:07:05:00 +0000}, in square brackets or not;
 *   <li>W3C extended logs' separate {@code date} and {@code time} columns, always UTC
 *       ({@link #dateAndTime}).
 * </ul>
 * Fractions below a millisecond are cut off (towards the past), as {@code Instant.toEpochMilli}
 * does. A leap second ({@code :60}) is read as second 59, as {@code DateTimeFormatter.ISO_INSTANT}
 * reads it. Offsets go up to {@code ±18:00}, as {@code java.time.ZoneOffset}'s; years from 0001
 * to 9999. Anything else, an impossible date ({@code 2026-02-29}) included, is {@link
 * #UNREADABLE}.
 */
public final class RecordTime {

  /** What the parsers return for bytes that hold no time they read. */
  public static final long UNREADABLE = Long.MIN_VALUE;

  private static final long MILLIS_PER_DAY = 86_400_000L;
  private static final int MAX_OFFSET_MINUTES = 18 * 60;
  private static final byte[] MONTHS = "janfebmaraprmayjunjulaugsepoctnovdec".getBytes(
      java.nio.charset.StandardCharsets.US_ASCII);

  private RecordTime() {}

  /**
   * The time {@code bytes[from, to)} holds in any accepted form, or {@link #UNREADABLE}: one
   * text's reading. Records are read by a {@link RecordTimeReader} per task, which keeps the last
   * date's day for the next record.
   */
  public static long parse(byte[] bytes, int from, int to) {
    return new RecordTimeReader().parse(bytes, from, to);
  }

  /**
   * The W3C extended log's {@code date} column {@code bytes[dateFrom, dateTo)} ({@code
   * 2026-11-27}) and {@code time} column {@code bytes[timeFrom, timeTo)} ({@code 07:05:00},
   * optionally with a fraction), in UTC as the W3C draft says; or {@link #UNREADABLE}.
   */
  public static long dateAndTime(byte[] bytes, int dateFrom, int dateTo, int timeFrom,
      int timeTo) {
    long day = date(bytes, dateFrom, dateTo);
    if (day == UNREADABLE || dateTo - dateFrom != 10) {
      return UNREADABLE;
    }
    return timeOfDate(bytes, day, timeFrom, timeTo);
  }

  /** {@link #dateAndTime} of day {@code day} (valid): its time column. */
  static long timeOfDate(byte[] bytes, long day, int timeFrom, int timeTo) {
    long time = timeOfDay(bytes, timeFrom, timeTo, true);
    if (time == UNREADABLE || end(time) != timeTo) {
      return UNREADABLE;
    }
    return day * MILLIS_PER_DAY + millis(time);
  }

  /**
   * {@code YYYY-MM-DD[(T|t| )hh:mm[:ss[(.|,)f+]][zone]]} at {@code b[from, to)}, whose date is day
   * {@code day} (valid).
   */
  static long isoOfDate(byte[] b, int from, int to, long day) {
    int at = from + 10;
    if (at == to) {
      return day * MILLIS_PER_DAY;
    }
    if (b[at] != 'T' && b[at] != 't' && b[at] != ' ') {
      return UNREADABLE;
    }
    long time = timeOfDay(b, at + 1, to, false);
    if (time == UNREADABLE) {
      return UNREADABLE;
    }
    long offset = zone(b, end(time), to);
    if (offset == UNREADABLE) {
      return UNREADABLE;
    }
    return day * MILLIS_PER_DAY + millis(time) - offset;
  }

  /**
   * Whether {@code b[from, to)} has the length and separators of the common log format's {@code
   * DD/Mon/YYYY:hh:mm:ss ±hhmm}.
   */
  static boolean isCommonLog(byte[] b, int from, int to) {
    return to - from == 26 && b[from + 6] == '/' && b[from + 11] == ':' && b[from + 20] == ' ';
  }

  /** Days since 1970-01-01 of the common log format's {@code DD/Mon/YYYY} at {@code from}. */
  static long commonLogDay(byte[] b, int from) {
    return epochDay(digits(b, from + 7, 4), month(b, from + 3), digits(b, from, 2));
  }

  /**
   * The time of a common log format text at {@code from} ({@link #isCommonLog}) of day {@code
   * epochDay} (valid) and zone {@code offset} ({@link #zone} of its last five bytes).
   */
  static long commonLogTime(byte[] b, int from, long epochDay, long offset) {
    long time = timeOfDay(b, from + 12, from + 20, true);
    if (time == UNREADABLE || end(time) != from + 20 || offset == UNREADABLE) {
      return UNREADABLE;
    }
    return epochDay * MILLIS_PER_DAY + millis(time) - offset;
  }

  /** Epoch seconds with an optional fraction, or 13, 16 or 19 digits of ms, µs or ns. */
  static long epoch(byte[] b, int from, int to) {
    int point = from;
    while (point < to && isDigit(b[point])) {
      point++;
    }
    int digits = point - from;
    if (digits == 0 || digits > 19) {
      return UNREADABLE;
    }
    long whole = 0;
    for (int i = from; i < point; i++) {
      whole = whole * 10 + (b[i] - '0');
    }
    if (whole < 0) {
      // 19 digits beyond Long.MAX_VALUE nanoseconds.
      return UNREADABLE;
    }
    if (point == to) {
      return switch (digits) {
        case 13 -> whole;
        case 16 -> whole / 1_000;
        case 19 -> whole / 1_000_000;
        default -> digits <= 10 ? whole * 1_000 : UNREADABLE;
      };
    }
    if (digits > 10 || b[point] != '.') {
      return UNREADABLE;
    }
    long fraction = fraction(b, point + 1, to);
    return fraction == UNREADABLE || end(fraction) != to ? UNREADABLE
        : whole * 1_000 + millis(fraction);
  }

  /** Days since 1970-01-01 of {@code YYYY-MM-DD} at {@code b[from, to)} (exactly 10 bytes). */
  static long date(byte[] b, int from, int to) {
    if (to - from != 10 || b[from + 4] != '-' || b[from + 7] != '-') {
      return UNREADABLE;
    }
    return epochDay(digits(b, from, 4), digits(b, from + 5, 2), digits(b, from + 8, 2));
  }

  /**
   * {@code hh:mm[:ss[(.|,)f*]]} from {@code from}: packed as {@link #pack} (the milliseconds of
   * the day and where the text ended), or {@link #UNREADABLE}. With {@code seconds} they must be
   * there.
   */
  private static long timeOfDay(byte[] b, int from, int to, boolean seconds) {
    if (to - from < 5 || b[from + 2] != ':') {
      return UNREADABLE;
    }
    int hour = digits(b, from, 2);
    int minute = digits(b, from + 3, 2);
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59) {
      return UNREADABLE;
    }
    long millis = (hour * 60L + minute) * 60_000L;
    int at = from + 5;
    if (at == to || b[at] != ':') {
      return seconds ? UNREADABLE : pack(millis, at);
    }
    if (to - at < 3) {
      return UNREADABLE;
    }
    int second = digits(b, at + 1, 2);
    if (second < 0 || second > 60) {
      return UNREADABLE;
    }
    millis += Math.min(second, 59) * 1_000L;
    at += 3;
    if (at < to && (b[at] == '.' || b[at] == ',') && (at + 1 == to || !isDigit(b[at + 1]))) {
      // A point without digits, as java.time's ISO_LOCAL_TIME reads it: no fraction.
      at++;
    } else if (at < to && (b[at] == '.' || b[at] == ',')) {
      long fraction = fraction(b, at + 1, to);
      if (fraction == UNREADABLE) {
        return UNREADABLE;
      }
      millis += millis(fraction);
      at = end(fraction);
    }
    return pack(millis, at);
  }

  /** 1 to 9 digits of a fraction of a second from {@code from}: its milliseconds, packed. */
  private static long fraction(byte[] b, int from, int to) {
    int at = from;
    int millis = 0;
    while (at < to && isDigit(b[at])) {
      if (at - from < 3) {
        millis = millis * 10 + (b[at] - '0');
      }
      at++;
    }
    int n = at - from;
    if (n == 0 || n > 9) {
      return UNREADABLE;
    }
    for (int i = n; i < 3; i++) {
      millis *= 10;
    }
    return pack(millis, at);
  }

  /**
   * The zone {@code b[from, to)}: nothing (UTC), {@code Z}, {@code ±hh}, {@code ±hhmm} or {@code
   * ±hh:mm}; its offset in milliseconds, or {@link #UNREADABLE}.
   */
  static long zone(byte[] b, int from, int to) {
    int n = to - from;
    if (n == 0) {
      return 0;
    }
    if (n == 1 && (b[from] == 'Z' || b[from] == 'z')) {
      return 0;
    }
    if ((n != 3 && n != 5 && n != 6) || (b[from] != '+' && b[from] != '-')) {
      return UNREADABLE;
    }
    int hours = digits(b, from + 1, 2);
    int minutes;
    if (n == 3) {
      minutes = 0;
    } else if (n == 5) {
      minutes = digits(b, from + 3, 2);
    } else if (n == 6 && b[from + 3] == ':') {
      minutes = digits(b, from + 4, 2);
    } else {
      return UNREADABLE;
    }
    int total = hours * 60 + minutes;
    if (hours < 0 || minutes < 0 || minutes > 59 || total > MAX_OFFSET_MINUTES) {
      return UNREADABLE;
    }
    return (b[from] == '-' ? -total : total) * 60_000L;
  }

  /** Days since 1970-01-01 of a valid date, or {@link #UNREADABLE} (civil-from-days inverse). */
  private static long epochDay(int year, int month, int day) {
    if (year < 1 || month < 1 || month > 12 || day < 1 || day > monthLength(year, month)) {
      return UNREADABLE;
    }
    // Howard Hinnant's days_from_civil: March-based years make February the year's last month.
    int y = month <= 2 ? year - 1 : year;
    int era = y / 400;
    int yearOfEra = y - era * 400;
    int dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146_097L + dayOfEra - 719_468L;
  }

  private static int monthLength(int year, int month) {
    if (month == 2) {
      boolean leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
      return leap ? 29 : 28;
    }
    return month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31;
  }

  /** The month number of a three-letter English name at {@code at}, any case, or -1. */
  private static int month(byte[] b, int at) {
    for (int m = 0; m < 12; m++) {
      boolean same = true;
      for (int i = 0; i < 3 && same; i++) {
        same = (b[at + i] | 0x20) == MONTHS[3 * m + i];
      }
      if (same) {
        return m + 1;
      }
    }
    return -1;
  }

  /** {@code n} decimal digits at {@code at} as a number, or -1 when one is not a digit. */
  private static int digits(byte[] b, int at, int n) {
    int value = 0;
    for (int i = at; i < at + n; i++) {
      if (!isDigit(b[i])) {
        return -1;
      }
      value = value * 10 + (b[i] - '0');
    }
    return value;
  }

  private static boolean isDigit(byte b) {
    return b >= '0' && b <= '9';
  }

  /** Milliseconds (below 2^31 here) and the offset where their text ended, in one long. */
  private static long pack(long millis, int end) {
    return millis << 32 | end;
  }

  private static long millis(long packed) {
    return packed >>> 32;
  }

  private static int end(long packed) {
    return (int) packed;
  }
}
