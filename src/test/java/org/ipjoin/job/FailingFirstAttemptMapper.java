package org.ipjoin.job;

import java.io.IOException;
import org.ipjoin.job.task.IpJoinMapper;

/**
 * Test mapper (set with {@code -D mapreduce.job.map.class=...}): the first attempt (id 0) of every
 * map task fails in setup, before the index is loaded; later attempts join normally. Exercises
 * task retries and the driver's failure report.
 */
public class FailingFirstAttemptMapper extends IpJoinMapper {

  /** What the failing attempt says; the driver must print it as the job's reason. */
  public static String message(String attempt) {
    return "attempt " + attempt + " fails on purpose";
  }

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    if (context.getTaskAttemptID().getId() == 0) {
      throw new IOException(message(context.getTaskAttemptID().toString()));
    }
    super.setup(context);
  }
}
