package org.ipjoin.job.options;

import org.apache.hadoop.conf.Configuration;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.locate.RecordTime;
import org.ipjoin.job.locate.RecordTimeLocator;
import org.ipjoin.problem.OneLine;

/**
 * The time each record is answered at, for joins against lists as they were then: read from each
 * record ({@code --time SPEC}, {@code ipjoin.time}: {@link #field}), one fixed time for every
 * record ({@code --as-of TIME}, {@code ipjoin.as.of}: {@link #asOfMillis}), or none. Checked once
 * by the driver, read back by each task, which builds its reader from {@link #locator()}.
 *
 * @param field the checked {@code --time} spec as given, or null
 * @param asOf the {@code --as-of} text as given, trimmed, or null
 * @param asOfMillis {@code asOf} in epoch milliseconds, or {@link RecordTime#UNREADABLE} without
 *     one
 */
public record RecordTimeSpec(String field, String asOf, long asOfMillis) {

  /** No time: the lists as they are. */
  public static final RecordTimeSpec NONE = new RecordTimeSpec(null, null, RecordTime.UNREADABLE);

  /** The forms of a fixed time, for messages. */
  static final String TIME_FORMS = "2026-11-27T07:05:00Z (ISO 8601, any zone), 2026-11-27,"
      + " epoch seconds 1732690000 or milliseconds 1732690000000, or 27/Nov/2026:07:05:00 +0000";

  /**
   * The keys' reading.
   *
   * @throws IllegalArgumentException one line: both keys set, a bad spec (RecordTimeLocator's
   *     line), or a fixed time in no accepted form
   */
  static RecordTimeSpec read(Configuration conf) {
    String field = IpJoinKeys.TIME.get(conf);
    String asOf = IpJoinKeys.AS_OF.get(conf);
    boolean hasField = field != null && !field.isBlank();
    boolean hasAsOf = asOf != null && !asOf.isEmpty();
    if (hasField && hasAsOf) {
      throw new IllegalArgumentException("--time and --as-of (" + IpJoinKeys.TIME.key() + " and "
          + IpJoinKeys.AS_OF.key() + ") cannot be given together: --time reads each record's own"
          + " time, --as-of gives one time for every record");
    }
    if (hasField) {
      RecordTimeLocator.fromSpec(field);
      return new RecordTimeSpec(field, null, RecordTime.UNREADABLE);
    }
    if (hasAsOf) {
      byte[] bytes = asOf.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      long millis = RecordTime.parse(bytes, 0, bytes.length);
      if (millis == RecordTime.UNREADABLE) {
        throw new IllegalArgumentException("bad --as-of '" + OneLine.of(asOf) + "': not a time;"
            + " give " + TIME_FORMS);
      }
      return new RecordTimeSpec(null, asOf, millis);
    }
    return NONE;
  }

  /** Whether each record's time is read from the record. */
  public boolean perRecord() {
    return field != null;
  }

  /** Whether every record has the one time {@link #asOfMillis}. */
  public boolean fixed() {
    return asOf != null;
  }

  /** A new reader of each record's time (it keeps per-file header state: one per task). */
  public RecordTimeLocator locator() {
    return RecordTimeLocator.fromSpec(field);
  }

  /** Writes the keys so that {@link #read} gives this value back. */
  void writeTo(Configuration conf) {
    if (field == null) {
      conf.unset(IpJoinKeys.TIME.key());
    } else {
      IpJoinKeys.TIME.set(conf, field);
    }
    if (asOf == null) {
      conf.unset(IpJoinKeys.AS_OF.key());
    } else {
      IpJoinKeys.AS_OF.set(conf, asOf);
    }
  }
}
