package org.ipjoin.job.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link RecordTimeReader}, which keeps the last date's day and the last zone's offset, against
 * java.time over long runs of texts in the order logs write them: many records of one day, then
 * the next day or a jump, the zone changing now and then, dates the calendar lacks (31/Feb) and
 * texts that are no time in between, so that every kept value is met both by the same text and
 * by a different one. Each text is also read by {@link RecordTime#parse}, a new reader each time.
 * Every text is read inside a larger buffer, at a different place each time.
 */
class RecordTimeReaderTest {

  /** The common log format, strict: a day the month lacks is refused, as RecordTime refuses it. */
  private static final DateTimeFormatter CLF = new DateTimeFormatterBuilder()
      .parseCaseInsensitive().appendPattern("dd/MMM/uuuu:HH:mm:ss xx")
      .toFormatter(Locale.ENGLISH).withResolverStyle(ResolverStyle.STRICT);
  private static final List<ZoneOffset> OFFSETS = List.of(ZoneOffset.UTC, ZoneOffset.ofHours(1),
      ZoneOffset.ofHours(-7), ZoneOffset.ofHoursMinutes(5, 45), ZoneOffset.ofHoursMinutes(-9, -30),
      ZoneOffset.ofHours(14), ZoneOffset.ofHours(-12));
  private static final String[] NOT_DAYS = {"31/Feb/2026", "29/Feb/2026", "30/Feb/2024",
      "31/Apr/2026", "00/Jan/2026", "32/Jan/2026", "27/Nvm/2026", "2x/Nov/2026"};

  private final Random random = new Random(20261127L);
  private final RecordTimeReader reader = new RecordTimeReader();
  private int checked;

  /** java.time's instant of a text, in ms, or UNREADABLE where it refuses the text. */
  private static long byJava(String text, DateTimeFormatter format) {
    try {
      return OffsetDateTime.parse(text, format).toInstant().toEpochMilli();
    } catch (DateTimeParseException e) {
      return RecordTime.UNREADABLE;
    }
  }

  /** Reads {@code text} at a random place of a buffer, by the reader and by RecordTime. */
  private void check(long expected, String text) {
    String pad = "x".repeat(random.nextInt(12));
    byte[] bytes = (pad + text + " 1732690000").getBytes(StandardCharsets.US_ASCII);
    int to = pad.length() + text.length();
    assertEquals(expected, reader.parse(bytes, pad.length(), to), text);
    assertEquals(expected, RecordTime.parse(bytes, pad.length(), to), text);
    checked++;
  }

  /** A zone for the next records: mostly the last one's, now and then another. */
  private ZoneOffset zone(ZoneOffset last) {
    return random.nextInt(50) == 0 ? OFFSETS.get(random.nextInt(OFFSETS.size())) : last;
  }

  /** The next record's instant: seconds later, now and then the next day or a jump. */
  private Instant next(Instant at) {
    int kind = random.nextInt(1000);
    if (kind == 0) {
      return at.plusSeconds(86_400L * random.nextInt(800) - 86_400L * 400);
    }
    if (kind < 10) {
      return at.plusSeconds(86_400);
    }
    return at.plusSeconds(random.nextInt(40));
  }

  @Test
  void commonLogRunsReadAsJavaTimeReadsThem() {
    Instant at = Instant.parse("2024-02-27T22:00:00Z");
    ZoneOffset zone = ZoneOffset.UTC;
    DateTimeFormatter writer = DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss xx",
        Locale.ENGLISH);
    for (int i = 0; i < 200_000; i++) {
      at = next(at);
      zone = zone(zone);
      String text = writer.format(at.atZone(zone));
      int kind = random.nextInt(100);
      if (kind == 0) {
        // A day the calendar lacks, or no day at all, with the time and zone of the run.
        text = NOT_DAYS[random.nextInt(NOT_DAYS.length)] + text.substring(11);
      } else if (kind == 1) {
        text = text.toUpperCase(Locale.ROOT);
      } else if (kind == 2) {
        // A zone RecordTime refuses (past ±18:00, minutes past 59): the date is read all the same.
        text = text.substring(0, 21) + (random.nextBoolean() ? "+1900" : "-0160");
      } else if (kind == 3) {
        text = text.substring(0, 12) + "24" + text.substring(14);
      }
      long expected = byJava(text, CLF);
      check(expected, text);
      check(expected, "[" + text + "]");
    }
    assertEquals(400_000, checked);
  }

  @Test
  void aDayTheCalendarLacksIsRefusedEachTimeItComes() {
    String[] texts = {"28/Feb/2026:23:59:59 +0000", "31/Feb/2026:00:00:00 +0000",
        "31/Feb/2026:00:00:01 +0000", "01/Mar/2026:00:00:00 +0000", "31/Feb/2026:00:00:02 +0000",
        "29/Feb/2024:12:00:00 +0000", "29/Feb/2024:12:00:01 +0100", "29/Feb/2024:12:00:02 +0100"};
    long[] expected = {1772323199000L, RecordTime.UNREADABLE, RecordTime.UNREADABLE,
        1772323200000L, RecordTime.UNREADABLE, 1709208000000L, 1709204401000L, 1709204402000L};
    for (int i = 0; i < texts.length; i++) {
      assertEquals(byJava(texts[i], CLF), expected[i], texts[i]);
      check(expected[i], texts[i]);
    }
  }

  @Test
  void isoRunsAndW3cDateTimeColumnsReadAsJavaTimeReadsThem() {
    Instant at = Instant.parse("2023-12-31T20:00:00.250Z");
    ZoneOffset zone = ZoneOffset.UTC;
    for (int i = 0; i < 100_000; i++) {
      at = next(at).plusMillis(random.nextInt(1000));
      zone = zone(zone);
      OffsetDateTime local = at.atOffset(zone);
      String text = local.toString();
      if (random.nextInt(100) == 0) {
        text = text.replace(local.toLocalDate().toString(), local.getYear() + "-02-30");
      }
      check(byJava(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME), text);
      String date = text.substring(0, 10);
      long midnight;
      try {
        midnight = LocalDate.parse(date).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
      } catch (DateTimeParseException e) {
        midnight = RecordTime.UNREADABLE;
      }
      check(midnight, date);
      // W3C: the date and time columns of the same instant in UTC.
      OffsetDateTime utc = at.atOffset(ZoneOffset.UTC);
      String w3c = utc.toLocalDate() + " " + utc.toLocalTime();
      byte[] line = ("#" + w3c).getBytes(StandardCharsets.US_ASCII);
      long expected = utc.toLocalTime().getSecond() == 0 && utc.toLocalTime().getNano() == 0
          ? RecordTime.UNREADABLE : at.toEpochMilli();
      // java.time writes no seconds for a whole minute; W3C's time column must have them.
      assertEquals(expected, reader.dateAndTime(line, 1, 11, 12, line.length), w3c);
      assertEquals(expected, RecordTime.dateAndTime(line, 1, 11, 12, line.length), w3c);
    }
  }

  @Test
  void epochTimesAndShortTextsReadAsRecordTimeReadsThem() {
    for (String text : new String[] {"1732690000", "1732690000.5", "1732690000123", "", "-",
        "2026-11", "2026-11-2", "27/Nov", "[]", "1732690000123456", "2026-11-27", "2026-11-27"}) {
      byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
      assertEquals(RecordTime.parse(bytes, 0, bytes.length), reader.parse(bytes, 0, bytes.length),
          text);
    }
    assertEquals(1732690000500L, reader.parse("1732690000.5".getBytes(StandardCharsets.US_ASCII),
        0, 12));
  }
}
