package org.ipjoin.job.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link RecordTime} against java.time: a generated corpus of instants (random ones across four
 * centuries, the instants around every DST transition of zones with odd offsets, leap days),
 * each written in every accepted form by java.time's own formatters, in many zones, with 0 to 9
 * fraction digits; the expected value is the instant the text was made from, cut to milliseconds
 * ({@link Instant#toEpochMilli}). Texts java.time refuses to read are unreadable here too.
 */
class RecordTimeTest {

  private static final List<ZoneId> ZONES = List.of(ZoneOffset.UTC, ZoneId.of("Europe/Berlin"),
      ZoneId.of("America/New_York"), ZoneId.of("Australia/Lord_Howe"), ZoneId.of("Asia/Kathmandu"),
      ZoneId.of("Pacific/Chatham"), ZoneId.of("America/St_Johns"), ZoneId.of("Pacific/Kiritimati"),
      ZoneId.of("Pacific/Pago_Pago"), ZoneOffset.ofHours(18), ZoneOffset.ofHours(-18),
      ZoneOffset.ofHoursMinutes(-9, -30));
  private static final DateTimeFormatter CLF =
      DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss xx", Locale.ENGLISH);

  private final Random random = new Random(20261127L);

  /**
   * A zone of the list at {@code instant}, or UTC where its offset then had seconds (local mean
   * time before the zone's first standard offset), which no log writes.
   */
  private ZoneId zoneAt(Instant instant) {
    ZoneId zone = ZONES.get(random.nextInt(ZONES.size()));
    return zone.getRules().getOffset(instant).getTotalSeconds() % 60 == 0 ? zone : ZoneOffset.UTC;
  }

  private static long parse(String text) {
    byte[] bytes = ("<<" + text + ">>").getBytes(StandardCharsets.US_ASCII);
    return RecordTime.parse(bytes, 2, bytes.length - 2);
  }

  private List<Instant> corpus() {
    List<Instant> instants = new ArrayList<>();
    long from = LocalDate.of(1900, 1, 1).toEpochDay() * 86_400L;
    long to = LocalDate.of(2300, 1, 1).toEpochDay() * 86_400L;
    for (int i = 0; i < 3000; i++) {
      long seconds = from + (long) (random.nextDouble() * (to - from));
      instants.add(Instant.ofEpochSecond(seconds, random.nextInt(1_000_000_000)));
    }
    for (ZoneId zone : ZONES) {
      Instant at = Instant.parse("1995-01-01T00:00:00Z");
      for (int t = 0; t < 40; t++) {
        ZoneOffsetTransition next = zone.getRules().nextTransition(at);
        if (next == null) {
          break;
        }
        at = next.getInstant();
        for (long nanos : new long[] {-1_000_000_000L, -1_000_000L, -1L, 0L, 1L, 999_999L}) {
          instants.add(at.plusNanos(nanos));
        }
      }
    }
    for (String day : new String[] {"2024-02-29", "2000-02-29", "1904-02-29", "2096-02-29",
        "2026-12-31", "1970-01-01", "2038-01-19"}) {
      Instant midnight = LocalDate.parse(day).atStartOfDay(ZoneOffset.UTC).toInstant();
      for (long nanos : new long[] {-1L, 0L, 86_399_999_999_999L}) {
        instants.add(midnight.plusNanos(nanos));
      }
    }
    return instants;
  }

  /** The time with {@code digits} fraction digits (cut, not rounded). */
  private static String fraction(Instant instant, int digits, char point) {
    if (digits == 0) {
      return "";
    }
    String nanos = String.format(Locale.ROOT, "%09d", instant.getNano());
    return point + nanos.substring(0, digits);
  }

  private static long cut(Instant instant, int digits) {
    long unit = (long) Math.pow(10, 9 - digits);
    return instant.minusNanos(instant.getNano() % unit).toEpochMilli();
  }

  @Test
  void isoTextsInEveryZoneAndOffsetFormReadAsJavaTimeWroteThem() {
    int checked = 0;
    for (Instant instant : corpus()) {
      ZoneId zone = zoneAt(instant);
      ZonedDateTime local = instant.atZone(zone);
      int digits = random.nextInt(10);
      String date = local.toLocalDate().toString();
      String hms = String.format(Locale.ROOT, "%02d:%02d:%02d", local.getHour(),
          local.getMinute(), local.getSecond());
      String fraction = fraction(instant, digits, random.nextBoolean() ? '.' : ',');
      ZoneOffset offset = local.getOffset();
      String colon = offset.getId().equals("Z") ? "+00:00" : offset.getId();
      List<String> zones = new ArrayList<>(List.of(colon, colon.replace(":", "")));
      if (offset.getTotalSeconds() == 0) {
        zones.add("Z");
        zones.add("z");
        zones.add("");
      }
      if (offset.getTotalSeconds() % 3600 == 0) {
        zones.add(colon.substring(0, 3));
      }
      long expected = cut(instant, digits);
      for (String separator : new String[] {"T", " ", "t"}) {
        for (String z : zones) {
          String text = date + separator + hms + fraction + z;
          assertEquals(expected, parse(text), text);
          checked++;
        }
      }
      // Without seconds: the minute's start.
      String noSeconds = date + "T" + hms.substring(0, 5) + colon;
      assertEquals(OffsetDateTime.parse(date + "T" + hms.substring(0, 5) + colon).toInstant()
          .toEpochMilli(), parse(noSeconds), noSeconds);
      assertEquals(LocalDate.parse(date).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli(),
          parse(date), date);
    }
    assertEquals(true, checked > 20_000, "checked " + checked);
  }

  @Test
  void epochSecondsWithFractionsAndMilliMicroNanoCountsReadAsTheInstant() {
    for (Instant instant : corpus()) {
      if (instant.getEpochSecond() < 0) {
        continue;
      }
      int digits = random.nextInt(10);
      String seconds = Long.toString(instant.getEpochSecond());
      if (seconds.length() <= 10) {
        String text = seconds + fraction(instant, digits, '.');
        assertEquals(cut(instant, digits), parse(text), text);
      }
      long millis = instant.toEpochMilli();
      // Nanoseconds fit a long up to 2262-04-11.
      if (Long.toString(millis).length() == 13 && millis < Long.MAX_VALUE / 1_000_000) {
        assertEquals(millis, parse(Long.toString(millis)));
        String micros = Long.toString(millis * 1000 + instant.getNano() / 1000 % 1000);
        assertEquals(millis, parse(micros), micros);
        String nanos = Long.toString(millis * 1_000_000 + instant.getNano() % 1_000_000);
        assertEquals(millis, parse(nanos), nanos);
      }
    }
  }

  @Test
  void commonLogAndW3cDateTimeReadAsJavaTimeWroteThem() {
    for (Instant instant : corpus()) {
      ZoneId zone = zoneAt(instant);
      String clf = CLF.format(instant.atZone(zone));
      long seconds = instant.getEpochSecond() * 1000;
      assertEquals(seconds, parse(clf), clf);
      assertEquals(seconds, parse("[" + clf + "]"), clf);
      String upper = clf.toUpperCase(Locale.ROOT);
      assertEquals(seconds, parse(upper), upper);
      ZonedDateTime utc = instant.atZone(ZoneOffset.UTC);
      int digits = random.nextInt(4);
      String date = utc.toLocalDate().toString();
      String time = String.format(Locale.ROOT, "%02d:%02d:%02d", utc.getHour(), utc.getMinute(),
          utc.getSecond()) + fraction(instant, digits, '.');
      byte[] line = (date + " " + time).getBytes(StandardCharsets.US_ASCII);
      assertEquals(cut(instant, digits), RecordTime.dateAndTime(line, 0, 10, 11, line.length),
          date + " " + time);
    }
  }

  @Test
  void textsJavaTimeRefusesAreUnreadable() {
    String[] isoRefused = {"2026-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "1900-02-29T00:00:00Z",
        "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z",
        "2026-11-27T24:00:00Z", "2026-11-27T07:60:00Z", "2026-11-27T07:05:00+19:00",
        "2026-11-27T07:05:00+01:60", "2026-11-27T07:05:00.1234567890Z",
        "2026-11-27T07:05:00+1", "2026-11-27T07:05:00 +01:00", "2026-11-27X07:05:00Z",
        "2026-11-27T7:05:00Z", "26-11-27T07:05:00Z", "2026-11-27T07:05:00ZZ", "2026-1-27"};
    for (String text : isoRefused) {
      assertThrows(DateTimeParseException.class, () -> isoByJava(text), text);
      assertEquals(RecordTime.UNREADABLE, parse(text), text);
    }
    for (String text : new String[] {"", "-", "XXXXXXXXXX.XXXXXX", "173269000012", "17326900001",
        "1732690000.", "1732690000.1234567890", "99999999999999999999", "9999999999999999999",
        "1732690000123.5", "-1732690000", "1e9", "27/Nov/2026:07:05:00", "27/Nov/2026:07:05:00 +2400",
        "27/Nvm/2026:07:05:00 +0000", "29/Feb/2026:07:05:00 +0000", "[27/Nov/2026:07:05:00 +0000",
        "27/Nov/2026 07:05:00 +0000"}) {
      assertEquals(RecordTime.UNREADABLE, parse(text), text);
    }
  }

  /** java.time's reading of an ISO text with an offset, a date alone, or a local time as UTC. */
  private static Instant isoByJava(String text) {
    if (text.length() == 10) {
      return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
    }
    return OffsetDateTime.parse(text).toInstant();
  }

  @Test
  void aPointWithoutDigitsIsReadAsJavaTimeReadsIt() {
    String text = "2026-11-27T07:05:00.Z";
    assertEquals(OffsetDateTime.parse(text).toInstant().toEpochMilli(), parse(text));
  }

  @Test
  void aLeapSecondIsReadAsJavaTimesIsoInstantReadsIt() {
    String text = "2016-12-31T23:59:60Z";
    assertEquals(DateTimeFormatter.ISO_INSTANT.parse(text, Instant::from).toEpochMilli(),
        parse(text));
  }
}
