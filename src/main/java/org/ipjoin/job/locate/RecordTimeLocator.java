package org.ipjoin.job.locate;

import java.util.Locale;

/**
 * Reads each record's time ({@code --time SPEC}, {@code ipjoin.time}) as epoch milliseconds: the
 * field is found by the same locators as addresses ({@link ClientIpLocators}: {@code tsv:N},
 * {@code csv:N}, {@code ws:N}, {@code csv:NAME}, {@code tsv:NAME}, {@code zeek:NAME}, {@code
 * json:PATH}, {@code regex:PATTERN}), or by {@link CombinedTimeLocator} for {@code combined}, or
 * by two header-named columns for W3C's {@code w3c:date+time}; then read as {@link RecordTime}
 * reads it, by a {@link RecordTimeReader} that keeps the last date's day.
 * The field is taken as the locator found it ({@link ClientIpLocator.Range#fieldFrom}): no
 * address form is taken off it and no chain rule applies.
 *
 * <p>Feed it every line of a file in order ({@link #read}), header lines included: a header-named
 * spec keeps its own column state, as {@link HeaderNamedLocator} does for addresses. One instance
 * per task; nothing is allocated per record (but by {@code regex:}, see {@link RegexLocator}).
 */
public final class RecordTimeLocator {

  /** The accepted forms, for messages and usage. */
  public static final String FORMS = "combined, json:PATH, w3c:date+time, zeek:NAME, tsv:N,"
      + " csv:N, ws:N, tsv:NAME, csv:NAME or regex:PATTERN";

  private static final String[] KEYWORDS = {"tsv:", "csv:", "ws:", "json:", "regex:", "w3c:",
      "zeek:"};

  private final String spec;
  /** The time's field, or W3C's date column. */
  private final ClientIpLocator field;
  /** W3C's time column, or null. */
  private final ClientIpLocator timeField;
  /** The header-named locators to feed every line, none for other specs. */
  private final HeaderNamedLocator[] headers;
  private final ClientIpLocator.Range range = new ClientIpLocator.Range();
  private final ClientIpLocator.Range timeRange = new ClientIpLocator.Range();
  private final RecordTimeReader times = new RecordTimeReader();

  private RecordTimeLocator(String spec, ClientIpLocator field, ClientIpLocator timeField) {
    this.spec = spec;
    this.field = field;
    this.timeField = timeField;
    this.headers = java.util.stream.Stream.of(field, timeField)
        .filter(HeaderNamedLocator.class::isInstance).map(HeaderNamedLocator.class::cast)
        .toArray(HeaderNamedLocator[]::new);
  }

  /**
   * The reader {@code spec} names.
   *
   * @throws IllegalArgumentException one line naming the spec and what is wrong with it
   */
  public static RecordTimeLocator fromSpec(String spec) {
    String s = spec.trim();
    String keyword = s.toLowerCase(Locale.ROOT);
    if (keyword.equals("combined")) {
      return new RecordTimeLocator(s, new CombinedTimeLocator(), null);
    }
    if (ClientIpLocators.PRESETS.containsKey(keyword)) {
      throw new IllegalArgumentException("bad --time '" + spec + "': " + keyword + " is a preset"
          + " of address columns; name the time's field: " + FORMS);
    }
    if (keyword.startsWith("w3c:") && s.indexOf('+') > 0) {
      String[] names = s.substring(4).split("\\+", -1);
      if (names.length != 2 || names[0].isBlank() || names[1].isBlank()) {
        throw new IllegalArgumentException("bad --time '" + spec + "': give the date and the time"
            + " column, e.g. w3c:date+time");
      }
      return new RecordTimeLocator(s,
          new HeaderNamedLocator(HeaderNamedLocator.Dialect.W3C, names[0], "w3c:" + names[0]),
          new HeaderNamedLocator(HeaderNamedLocator.Dialect.W3C, names[1], "w3c:" + names[1]));
    }
    boolean known = false;
    for (String k : KEYWORDS) {
      known |= keyword.startsWith(k);
    }
    if (!known) {
      throw new IllegalArgumentException("bad --time '" + spec + "'; use one of " + FORMS);
    }
    try {
      return new RecordTimeLocator(s, ClientIpLocators.field(spec), null);
    } catch (IllegalArgumentException e) {
      String message = e.getMessage();
      String format = "bad format '";
      throw new IllegalArgumentException(message.startsWith(format)
          ? "bad --time '" + message.substring(format.length()) : "bad --time '" + spec + "': "
          + message, e);
    }
  }

  /**
   * The time of the line {@code bytes[from, to)} in epoch milliseconds, or {@link
   * RecordTime#UNREADABLE} when it has no such field, the field holds no time in an accepted
   * form, or the line is a header line of a header-named spec (which callers skip).
   */
  public long read(byte[] bytes, int from, int to) {
    boolean header = false;
    for (HeaderNamedLocator h : headers) {
      header |= h.header(bytes, from, to) != HeaderNamedLocator.RECORD;
    }
    if (header || !field.locate(bytes, from, to, range)) {
      return RecordTime.UNREADABLE;
    }
    if (timeField == null) {
      return times.parse(bytes, range.fieldFrom, range.fieldTo);
    }
    if (!timeField.locate(bytes, from, to, timeRange)) {
      return RecordTime.UNREADABLE;
    }
    return times.dateAndTime(bytes, range.fieldFrom, range.fieldTo, timeRange.fieldFrom,
        timeRange.fieldTo);
  }

  /** The spec as given, trimmed. */
  public String spec() {
    return spec;
  }

  /** Whether the spec names its column by each file's header (files must then not be split). */
  public boolean headerNamed() {
    return headers.length > 0;
  }
}
