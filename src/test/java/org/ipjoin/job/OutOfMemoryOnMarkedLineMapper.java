package org.ipjoin.job;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Writable;
import org.ipjoin.job.task.IpJoinMapper;

/**
 * Test mapper: runs out of heap at a record that starts with {@code HUGE}, after the index was
 * loaded, as a task does that meets a line too long for its heap (a real one would need a task JVM
 * of its own and a line of its heap's size; the local runner's tasks share the test's heap).
 */
public class OutOfMemoryOnMarkedLineMapper extends IpJoinMapper {

  @Override
  protected void map(LongWritable offset, Writable input, Context context)
      throws IOException, InterruptedException {
    if (input.toString().startsWith("HUGE")) {
      throw new OutOfMemoryError("Java heap space");
    }
    super.map(offset, input, context);
  }
}
