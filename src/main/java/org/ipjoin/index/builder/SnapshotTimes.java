package org.ipjoin.index.builder;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code --as-of-from-file REGEX}: the time of a snapshot is the first group of {@code REGEX}
 * (matching the whole file name) read as UTC: a date ({@code 2026-03-12}, its midnight), a date and
 * time ({@code 2026-03-12T06:00} or {@code 2026-03-12T06:00:00}, also with a space for the T, or
 * {@code 2026-03-12T06-00-00} as a file name holds it), or an instant with its offset ({@code
 * 2026-03-12T06:00:00Z}, {@code ...+01:00}).
 */
public final class SnapshotTimes {

  /**
   * The validity end of a history whose last snapshot is in force until further notice (a table
   * line without a valid-to, {@link ValidityTable}): 10000-01-01T00:00Z, after every time a record
   * can carry (years up to 9999), so every record from the last snapshot's time on is inside.
   */
  public static final long OPEN_END = 253_402_300_800_000L;

  private final Pattern pattern;

  private SnapshotTimes(Pattern pattern) {
    this.pattern = pattern;
  }

  /**
   * @throws IllegalArgumentException for a regex that does not compile or has no group, in one line
   */
  public static SnapshotTimes of(String regex) {
    Pattern pattern;
    try {
      pattern = Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException("'" + regex + "' is not a regular expression: "
          + e.getDescription());
    }
    if (pattern.matcher("").groupCount() < 1) {
      throw new IllegalArgumentException("'" + regex + "' has no group: its first group is the"
          + " snapshot's time");
    }
    return new SnapshotTimes(pattern);
  }

  /**
   * The time (UTC milliseconds) of the snapshot named {@code name}.
   *
   * @throws InvalidBuildInputException naming the file when the regex does not match it or its
   *     group is no time
   */
  public long timeOf(String name) throws InvalidBuildInputException {
    Matcher m = pattern.matcher(name);
    if (!m.matches() || m.group(1) == null) {
      throw new InvalidBuildInputException("--as-of-from-file: '" + name + "' does not match '"
          + pattern.pattern() + "' (every file of the folder is a dated snapshot)");
    }
    try {
      return parse(m.group(1));
    } catch (DateTimeException e) {
      throw new InvalidBuildInputException("--as-of-from-file: '" + name + "': '" + m.group(1)
          + "' is no date (2026-03-12) or time (2026-03-12T06:00[:00][Z|+01:00]), UTC");
    }
  }

  /** {@code text} as UTC milliseconds, by the forms above. */
  static long parse(String text) {
    // A file name cannot hold ':', so ipindex export --history writes 2026-03-12T06-00-00Z.
    String t = text.trim().replace(' ', 'T').replaceFirst("T(\\d\\d)-(\\d\\d)-(\\d\\d)", "T$1:$2:$3");
    if (t.length() == 10) {
      return LocalDate.parse(t).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    }
    if (t.endsWith("Z") || t.matches(".*[+-]\\d\\d:\\d\\d$")) {
      return java.time.OffsetDateTime.parse(t).toInstant().toEpochMilli();
    }
    return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  /**
   * {@code millis} as the history prints it: the date at midnight UTC, else the instant; {@code
   * open} for {@link #OPEN_END}.
   */
  public static String format(long millis) {
    if (millis == OPEN_END) {
      return "open";
    }
    Instant i = Instant.ofEpochMilli(millis);
    return millis % 86_400_000L == 0 ? i.atZone(ZoneOffset.UTC).toLocalDate().toString()
        : i.toString();
  }
}
