package org.ipjoin.job.driver;

import java.net.URISyntaxException;
import org.ipjoin.job.input.InputReadException;
import org.ipjoin.problem.OneLine;

/**
 * Why Hadoop refused to submit the job, in the user's terms where Hadoop's own message is cryptic.
 * Most causes are found by {@link SubmitChecks} already; these remain because they surface only
 * while Hadoop lists the inputs or prepares the staging directory, on a cluster: a file inside an
 * input directory whose name holds a ':' (HDFS makes a path of each listed name, reads the ':' as a
 * URI scheme and fails with "Relative path in absolute URI"; the local FileSystem lists such a file
 * and the task names it instead, see {@link InputReadException}), permission denied on the staging
 * directory, or an unreachable ResourceManager (these keep Hadoop's message, which names the path
 * or host).
 */
final class SubmitProblem {

  private SubmitProblem() {}

  static String describe(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof URISyntaxException uri) {
        return "a file name Hadoop cannot use as a path: '" + OneLine.of(uri.getInput())
            + "' (a ':' in a file name is read as a URI scheme; rename the file): "
            + OneLine.of(uri.getMessage());
      }
    }
    return OneLine.reason(e);
  }
}
