package org.ipjoin.job;

import java.io.IOException;
import org.ipjoin.job.task.IpJoinMapper;

/**
 * Test mapper: setup runs out of heap before the index is in memory, as a task whose heap is too
 * small for the index does (a real one would need a task JVM of its own; the local runner's tasks
 * share the test's heap).
 */
public class OutOfMemoryInSetupMapper extends IpJoinMapper {

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    throw new OutOfMemoryError("Java heap space");
  }
}
