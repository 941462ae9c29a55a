package org.ipjoin.api;

import java.util.Arrays;
import java.util.Map;
import org.ipjoin.job.IpJoinCounter;
import org.apache.hadoop.fs.Path;

/**
 * How a join run by {@link PreparedJoin#run} ended.
 *
 * @param exitCode what {@code hadoop jar ipjoin.jar} would have exited with: 0 the output is
 *     published; 1 the job failed or too many records were malformed, nothing is published; 2 the
 *     job could not be submitted; 3 no input records
 * @param output the output directory, qualified
 * @param counters the job's {@code IpJoinCounter} values by name ({@code RECORDS}, {@code MATCHED},
 *     {@code UNMATCHED}, {@code MALFORMED}, ...); empty when no job ran
 * @param matchedByIndex per index name, in the order the indexes were given, the records listed
 *     in that index whatever the others say ({@code IndexCounter.MATCHED}); empty when no job ran
 * @param matchedByClient with {@link JoinJob#client}, per address column in the order given, the
 *     records whose address in that column is listed in at least one index ({@code
 *     ClientCounter.MATCHED}); empty otherwise, or when no job ran
 */
public record JoinResult(int exitCode, Path output, Map<String, Long> counters,
    Map<String, Long> matchedByIndex, Map<String, Long> matchedByClient) {

  /** A result without per-index counts (as before joins took several indexes). */
  public JoinResult(int exitCode, Path output, Map<String, Long> counters) {
    this(exitCode, output, counters, Map.of());
  }

  /** A result without per-column counts (as before records had several address columns). */
  public JoinResult(int exitCode, Path output, Map<String, Long> counters,
      Map<String, Long> matchedByIndex) {
    this(exitCode, output, counters, matchedByIndex, Map.of());
  }

  /** Whether the job succeeded and its output is published. */
  public boolean succeeded() {
    return exitCode == 0;
  }

  /**
   * A counter's value by name ({@code IpJoinCounter}'s names); 0 when no job ran.
   *
   * @throws IllegalArgumentException when {@code name} is no ipjoin counter: a typo must not read
   *     as a count of 0
   */
  public long counter(String name) {
    ApiArguments.notNull(name, "name");
    try {
      IpJoinCounter.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("no ipjoin counter is named '" + name + "'; the counters: "
          + Arrays.toString(IpJoinCounter.values()));
    }
    return counters.getOrDefault(name, 0L);
  }
}
