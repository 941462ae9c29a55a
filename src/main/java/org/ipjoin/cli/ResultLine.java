package org.ipjoin.cli;

import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.ipjoin.api.JoinResult;
import org.ipjoin.job.IpJoinCounter;

/**
 * The one line a successful join ends with on stdout, for a person or a scheduler's log: records,
 * matched (with several address columns, then the records listed in each column; with several
 * indexes, the records listed in each), unmatched, malformed (and where
 * they were set aside), the records whose client field holds no address (only when there are
 * some: {@code , 12 without an address}), the output and the wall time, e.g.
 * {@code ipjoin: 200,000 records, 99,960 matched, 100,040 unmatched, 0 malformed; output
 * file:/data/out (2.7 s)}. The machine-readable record of the run is {@code _ipjoin.json} in the
 * output; Hadoop's own report comes with {@code --verbose}.
 */
final class ResultLine {

  private ResultLine() {}

  static String of(JoinResult result, Duration wall, Configuration conf) {
    Map<String, Long> c = result.counters();
    long malformed = count(c, IpJoinCounter.MALFORMED);
    long noAddress = count(c, IpJoinCounter.NO_ADDRESS);
    return String.format(Locale.ROOT, "ipjoin: %,d records, %,d matched%s, %,d unmatched, %,d"
            + " malformed%s%s; output %s (%.1f s)", count(c, IpJoinCounter.RECORDS),
        count(c, IpJoinCounter.MATCHED),
        listed(result.matchedByClient(), result.matchedByIndex()),
        count(c, IpJoinCounter.UNMATCHED), malformed,
        malformed > 0 ? setAside(result.output(), conf) : "",
        noAddress > 0 ? String.format(Locale.ROOT, ", %,d without an address", noAddress) : "",
        result.output(),
        wall.toMillis() / 1000.0);
  }

  /**
   * With {@code --client}, the records listed per address column, and with several indexes, per
   * index: {@code  (src 12 listed, dst 3 listed; block 30 listed, cloud 95 listed)}.
   */
  private static String listed(Map<String, Long> byClient, Map<String, Long> byIndex) {
    String clients = listed(byClient, 1);
    String indexes = listed(byIndex, 2);
    if (clients.isEmpty() && indexes.isEmpty()) {
      return "";
    }
    return " (" + clients + (clients.isEmpty() || indexes.isEmpty() ? "" : "; ") + indexes + ")";
  }

  /** {@code name N listed, ...}, or nothing when fewer than {@code least} names. */
  private static String listed(Map<String, Long> byName, int least) {
    if (byName.size() < least) {
      return "";
    }
    StringBuilder s = new StringBuilder();
    byName.forEach((name, n) -> s.append(s.length() > 0 ? ", " : "")
        .append(String.format(Locale.ROOT, "%s %,d listed", name, n)));
    return s.toString();
  }

  private static long count(Map<String, Long> counters, IpJoinCounter counter) {
    return counters.getOrDefault(counter.name(), 0L);
  }

  /** Where the malformed records are, when they were written. */
  private static String setAside(Path output, Configuration conf) {
    Path malformed = new Path(output, "malformed");
    try {
      return malformed.getFileSystem(conf).exists(malformed) ? " (in " + malformed + "/)" : "";
    } catch (IOException e) {
      return "";
    }
  }
}
