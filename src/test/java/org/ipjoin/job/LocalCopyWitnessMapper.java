package org.ipjoin.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.ipjoin.job.task.IpJoinMapper;

/**
 * Test mapper: before loading the index as usual, fails its task when the local runner made a
 * local copy of a distributed-cache file for the job (it copies every one before the tasks run,
 * under {@code mapreduce.cluster.local.dir}, and names the copies in the task's local cache
 * files). Its failure line names the copies, which the driver prints as the job's reason.
 */
public class LocalCopyWitnessMapper extends IpJoinMapper {

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    List<Path> copies = new ArrayList<>();
    org.apache.hadoop.fs.Path[] localised = context.getLocalCacheFiles();
    if (localised != null) {
      for (org.apache.hadoop.fs.Path file : localised) {
        Path local = Paths.get(file.toUri().getPath());
        if (Files.isRegularFile(local)) {
          copies.add(local);
        }
      }
    }
    if (!copies.isEmpty()) {
      throw new IOException("the local runner copied the index: " + copies);
    }
    super.setup(context);
  }
}
