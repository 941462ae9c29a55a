package org.ipjoin.job.task;

import java.util.List;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.ipjoin.job.ClientCounter;
import org.ipjoin.job.MatchTags;

/**
 * The counters of each named address column ({@link ClientCounter}, only with {@code --client}),
 * kept as plain fields while a call's records are joined and added to Hadoop's once per call, as
 * {@link RecordTally} does for the job's.
 */
final class ColumnTally {

  private final long[] matched;
  private final long[] malformed;
  private final long[] noAddress;
  private final Counter[] matchedCounters;
  private final Counter[] malformedCounters;
  private final Counter[] noAddressCounters;
  private final int indexes;

  ColumnTally(List<String> columns, int indexes, TaskInputOutputContext<?, ?, ?, ?> context) {
    int n = columns.size();
    this.indexes = indexes;
    matched = new long[n];
    malformed = new long[n];
    noAddress = new long[n];
    matchedCounters = new Counter[n];
    malformedCounters = new Counter[n];
    noAddressCounters = new Counter[n];
    for (int c = 0; c < n; c++) {
      matchedCounters[c] = counter(context, ClientCounter.MATCHED, columns.get(c));
      malformedCounters[c] = counter(context, ClientCounter.MALFORMED, columns.get(c));
      noAddressCounters[c] = counter(context, ClientCounter.NO_ADDRESS, columns.get(c));
    }
  }

  private static Counter counter(TaskInputOutputContext<?, ?, ?, ?> context, ClientCounter c,
      String column) {
    return context.getCounter(ClientCounter.GROUP, c.counterName(column));
  }

  /** Counts each column's field of {@code record} that holds no well-formed address. */
  void countFields(RecordColumns columns, int record) {
    for (int c = 0; c < matched.length; c++) {
      byte kind = columns.column(c).kind(record);
      if (kind == ClientBatch.MALFORMED) {
        malformed[c]++;
      } else if (kind == ClientBatch.NO_ADDRESS) {
        noAddress[c]++;
      }
    }
  }

  /** Counts each column of a joined record listed in at least one index ({@code labelIds}). */
  void countMatches(int[] labelIds) {
    for (int c = 0; c < matched.length; c++) {
      for (int k = c * indexes, end = k + indexes; k < end; k++) {
        if (labelIds[k] != MatchTags.NO_MATCH) {
          matched[c]++;
          break;
        }
      }
    }
  }

  void flush() {
    for (int c = 0; c < matched.length; c++) {
      add(matchedCounters[c], matched[c]);
      add(malformedCounters[c], malformed[c]);
      add(noAddressCounters[c], noAddress[c]);
      matched[c] = malformed[c] = noAddress[c] = 0;
    }
  }

  private static void add(Counter counter, long value) {
    if (value != 0) {
      counter.increment(value);
    }
  }
}
