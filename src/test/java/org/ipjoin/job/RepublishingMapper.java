package org.ipjoin.job;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.job.task.IpJoinMapper;

/**
 * Test mapper: republishes the index with {@code ipindex build --overwrite} from another list at
 * the start of setup, then loads it as usual: the index changes at a known point, after the job
 * was submitted (and after the local runner localised its cache files) and before the task loads
 * it.
 */
public class RepublishingMapper extends IpJoinMapper {

  /** The list to publish, and where (test-only keys, read by this class only). */
  public static final String LIST = "ipjoin.it.republish.list";
  public static final String INDEX = "ipjoin.it.republish.index";

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    int rc;
    try {
      rc = IndexTools.run(new Configuration(conf), new String[] {"build", "--input",
          conf.get(LIST), "--output", conf.get(INDEX), "--overwrite", "--quiet"});
    } catch (Exception e) {
      throw new IOException("republishing failed", e);
    }
    if (rc != 0) {
      throw new IOException("republishing exited " + rc);
    }
    super.setup(context);
  }
}
