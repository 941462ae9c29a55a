package org.ipjoin.job.task;

import java.util.Arrays;
import org.ipjoin.job.locate.RecordTime;
import org.ipjoin.job.locate.RecordTimeLocator;
import org.ipjoin.job.options.RecordTimeSpec;

/**
 * The time each record of one map call is answered at, in epoch milliseconds: read from the
 * record ({@code --time}, {@link RecordTimeLocator}), the one {@code --as-of} time, or none
 * ({@link RecordTime#UNREADABLE} for every record: the lists as they are). Shared by the call's
 * {@link ClientBatch}es (every address column of a record has the record's time), filled before
 * their addresses so that each batch can keep the time next to each address's lookup slot. The
 * array grows to the largest call; nothing is allocated per record.
 */
final class RecordTimes {

  private static final int INITIAL = 16;

  /** The reader of each record's time, or null when records have none of their own. */
  private final RecordTimeLocator reader;
  /** The one time of every record without a reader: {@code --as-of}, or UNREADABLE for none. */
  private final long fixed;
  private long[] times = new long[INITIAL];

  private RecordTimes(RecordTimeLocator reader, long fixed) {
    this.reader = reader;
    this.fixed = fixed;
  }

  /** The times {@code spec} says: a reader per task for {@code --time}. */
  static RecordTimes of(RecordTimeSpec spec) {
    return spec.perRecord() ? new RecordTimes(spec.locator(), RecordTime.UNREADABLE)
        : new RecordTimes(null, spec.asOfMillis());
  }

  /** No time: the lists as they are. */
  static RecordTimes none() {
    return new RecordTimes(null, RecordTime.UNREADABLE);
  }

  /** Whether each record's time is read from it, so that it may be unreadable. */
  boolean perRecord() {
    return reader != null;
  }

  /** Whether records have a time at all ({@code --time} or {@code --as-of}). */
  boolean given() {
    return reader != null || fixed != RecordTime.UNREADABLE;
  }

  /**
   * Reads the time of record {@code record}, the line {@code bytes[from, to)}. Every line of a
   * file goes through here in order, header lines included: a header-named spec keeps its column
   * from them.
   */
  void read(int record, byte[] bytes, int from, int to) {
    if (reader == null) {
      return;
    }
    if (record >= times.length) {
      times = Arrays.copyOf(times, Math.max(record + 1, 2 * times.length));
    }
    times[record] = reader.read(bytes, from, to);
  }

  /** The time of record {@code record} of the call, or {@link RecordTime#UNREADABLE}. */
  long at(int record) {
    return reader == null ? fixed : times[record];
  }
}
