package org.ipjoin.job;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Test helper: what the driver's stderr says about a job that ran and failed. */
public final class FailedJobLines {

  private static final Pattern JOB_FAILED = Pattern.compile("ipjoin: job (job_\\S+) failed.*");

  private FailedJobLines() {}

  /** The job id of the driver's {@code ipjoin: job <id> failed} line, or null without one. */
  public static String jobId(List<String> lines) {
    for (String line : lines) {
      Matcher m = JOB_FAILED.matcher(line);
      if (m.matches()) {
        return m.group(1);
      }
    }
    return null;
  }

  /** The first attempt of the first map task of that job, or null when no job ran. */
  public static String firstMapAttempt(List<String> lines) {
    String job = jobId(lines);
    return job == null ? null : "attempt_" + job.substring("job_".length()) + "_m_000000_0";
  }
}
