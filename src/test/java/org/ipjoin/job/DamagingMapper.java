package org.ipjoin.job;

import java.io.IOException;
import java.io.RandomAccessFile;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.job.task.IpJoinMapper;

/**
 * Test mapper: flips one byte of the index file in place at the start of setup, then loads it as
 * usual: the bytes change at a known point, after the driver verified the index and before the task
 * reads it (on the local runner the task opens the very file), as damage on a node's disk would.
 */
public class DamagingMapper extends IpJoinMapper {

  /** The file, the byte's offset and the bits to flip (test-only keys, read by this class only). */
  public static final String INDEX = "ipjoin.it.damage.index";
  public static final String OFFSET = "ipjoin.it.damage.offset";
  public static final String BITS = "ipjoin.it.damage.bits";

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    try (RandomAccessFile file = new RandomAccessFile(conf.get(INDEX), "rw")) {
      long offset = conf.getLong(OFFSET, -1);
      file.seek(offset);
      int b = file.read();
      file.seek(offset);
      file.write(b ^ conf.getInt(BITS, 0));
    }
    super.setup(context);
  }
}
