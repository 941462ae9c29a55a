package org.ipjoin.job.driver;

import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.Locale;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.ipjoin.job.ClientCounter;
import org.ipjoin.job.IpJoinCounter;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.options.ClientColumn;
import org.ipjoin.job.options.JoinOptions;
import org.ipjoin.problem.ExitCode;

/**
 * Decides, from a finished job's counters, whether its result is of any use, before the driver
 * reports success:
 *
 * <ul>
 *   <li>no record at all (e.g. only compressed files without content) fails with {@link
 *       ExitCode#EMPTY_INPUT}, unless {@code ipjoin.allow.empty.input};
 *   <li>more than {@code ipjoin.malformed.max.fraction} of the records malformed fails with {@link
 *       ExitCode#FAILED}. At the default 1.0 that is when every record of a non-empty
 *       input is malformed, which means the format does not fit the input (a wrong column, gzip
 *       bytes in a file without {@code .gz}, quoted CSV), not that the logs are bad.
 * </ul>
 *
 * It runs before the output is published: a failing check prints one line and the job's output is
 * discarded with its staging directory ({@link OutputPublication}), so nothing that reads
 * {@code --output} takes it for a good result, and a rerun needs no cleanup.
 */
public final class ResultCheck {

  private ResultCheck() {}

  /**
   * The driver's exit code for a job that succeeded as a Hadoop job: {@link
   * ExitCode#SUCCESS}, or the failure's code after printing its one line on {@code err}.
   */
  static ExitCode exitCode(Counters counters, JoinOptions options, Path output,
      PrintStream err)
      throws IOException {
    long records = counters.findCounter(IpJoinCounter.RECORDS).getValue();
    long malformed = counters.findCounter(IpJoinCounter.MALFORMED).getValue();
    String problem;
    ExitCode exitCode;
    if (records == 0) {
      if (options.allowEmptyInput()) {
        return ExitCode.SUCCESS;
      }
      problem = "no input data: the input files hold no records; an empty input is usually an"
          + " upstream failure. Pass --allow-empty-input (" + IpJoinKeys.ALLOW_EMPTY_INPUT.key()
          + "=true) to accept it";
      exitCode = ExitCode.EMPTY_INPUT;
    } else if (tooManyMalformed(malformed, records, options.maxFraction())) {
      problem = malformedMessage(malformed, records,
          options.time().perRecord()
              ? counters.findCounter(IpJoinCounter.TIME_UNREADABLE).getValue() : 0, options);
      exitCode = ExitCode.FAILED;
    } else if ((problem = malformedColumn(counters, records, options)) != null) {
      exitCode = ExitCode.FAILED;
    } else {
      return ExitCode.SUCCESS;
    }
    err.println("ipjoin: " + problem + "; nothing was published to " + output);
    err.flush();
    return exitCode;
  }

  /**
   * More than {@code max} of the records, or all of them: a share of 1 can never be exceeded, so
   * 1.0 means "fail when every record is malformed".
   */
  static boolean tooManyMalformed(long malformed, long records, BigDecimal max) {
    return records > 0 && (malformed == records
        || BigDecimal.valueOf(malformed).compareTo(max.multiply(BigDecimal.valueOf(records))) > 0);
  }

  /**
   * With several address columns a record is malformed only when none holds an address, so a
   * column whose format fits no record (a misspelt key) would pass unseen: each column is held to
   * the same share, named by its {@code --client}. Null when every column is within it.
   */
  private static String malformedColumn(Counters counters, long records, JoinOptions options) {
    for (ClientColumn column : options.clients()) {
      long malformed = counters.findCounter(ClientCounter.GROUP,
          ClientCounter.MALFORMED.counterName(column.name())).getValue();
      if (tooManyMalformed(malformed, records, options.maxFraction())) {
        return String.format(Locale.ROOT, "%,d of %,d records were malformed in column %s, --client"
            + " %s (%s), %s; check the column's format against the input, or raise %s", malformed,
            records, column.name(), printable(column.toString()), IpJoinKeys.CLIENTS.key(),
            beyondShare(options), IpJoinKeys.MALFORMED_MAX_FRACTION.key());
      }
    }
    return null;
  }

  private static String malformedMessage(long malformed, long records, long timeUnreadable,
      JoinOptions options) {
    boolean clients = !options.clients().isEmpty();
    // A record whose time (--time) cannot be read is malformed too: name the time's field then.
    String time = timeUnreadable == 0 ? "" : String.format(Locale.ROOT, ", %,d of them because"
        + " --time %s (%s) read no time", timeUnreadable, printable(options.time().field()),
        IpJoinKeys.TIME.key());
    // With several address columns a record is malformed when none of them holds an address.
    return String.format(Locale.ROOT, "%,d of %,d records were malformed with %s %s (%s)%s,"
        + " %s; check the format%s against the input, or raise %s",
        malformed, records, clients ? "--client" : "--format",
        printable(clients ? options.clients().toString() : options.format().spec()),
        (clients ? IpJoinKeys.CLIENTS : IpJoinKeys.FORMAT).key(), time, beyondShare(options),
        time.isEmpty() ? "" : " and the time's field", IpJoinKeys.MALFORMED_MAX_FRACTION.key());
  }

  /** {@code more than ipjoin.malformed.max.fraction=M allows}, and what 1.0 means when it is. */
  private static String beyondShare(JoinOptions options) {
    String max = options.malformedMaxFraction();
    return "more than " + IpJoinKeys.MALFORMED_MAX_FRACTION.key() + "=" + max + " allows"
        + (new BigDecimal(max).compareTo(BigDecimal.ONE) == 0 ? " (1.0: fail when all are)" : "");
  }

  /** Control characters of a user's format (a regex may hold any) as {@code \xNN}. */
  private static String printable(String text) {
    StringBuilder s = new StringBuilder();
    for (char c : text.toCharArray()) {
      if (c < 0x20 || c == 0x7F) {
        s.append(String.format(Locale.ROOT, "\\x%02X", (int) c));
      } else {
        s.append(c);
      }
    }
    return s.toString();
  }
}
