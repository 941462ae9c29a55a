package org.ipjoin.job;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Writable;
import org.ipjoin.job.task.IpJoinMapper;

/**
 * Test mapper (set with {@code -D mapreduce.job.map.class=...}): the join of the third map call
 * (block or line) of every task fails, after two have written their output; whichever thread
 * joins, the task must fail with this reason.
 */
public class FailingBlockMapper extends IpJoinMapper {

  /** What the failing call says; the driver must print it as the job's reason. */
  public static final String MESSAGE = "the third map call fails on purpose";

  private int calls;

  @Override
  protected void map(LongWritable offset, Writable input, Context context)
      throws IOException, InterruptedException {
    if (++calls == 3) {
      throw new IOException(MESSAGE);
    }
    super.map(offset, input, context);
  }
}
