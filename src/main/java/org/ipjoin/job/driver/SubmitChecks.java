package org.ipjoin.job.driver;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.job.CountBy;
import org.ipjoin.job.FileSystemConnector;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinMode;
import org.ipjoin.job.MatchTags;
import org.ipjoin.job.input.InputBlocks;
import org.ipjoin.job.locate.ClientIpLocators;
import org.ipjoin.job.task.ConfiguredMapper;
import org.ipjoin.problem.IpJoinException;

/**
 * What the driver checks before it submits anything, so that a typo costs a one-line message
 * instead of a job whose every task fails. All problems are collected and reported together.
 *
 * <p>A binary index is read whole, through the index's own FileSystem, with every check {@code
 * ipindex verify} runs ({@link WholeIndexCheck}); with {@code ipjoin.index.verify.submit=false}
 * only the header and length, and the payload is then checked by each task. For the {@code text} loader
 * the whole list is parsed here, because its identity (key count and checksum) only exists after
 * parsing. Unless {@code ipjoin.memory.check=false}, an index too big for the map task heap is
 * refused here too ({@link TaskMemory}), rather than by an OutOfMemoryError in every task.
 */
final class SubmitChecks {

  /**
   * The validated plan: the index as a qualified path, the identity tasks must load, and what the
   * job writes ({@code countBy} matters in count mode only), and how tasks read the input.
   */
  record Checked(Path index, IndexIdentity identity, JoinMode mode, CountBy countBy,
      InputSet inputs, InputBlocks blocks, Path output) {}

  private SubmitChecks() {}

  /**
   * Runs every check, in the order their problems are reported.
   *
   * @throws IpJoinException every problem found, one line each
   */
  static Checked check(Configuration conf, List<String> inputs, String output)
      throws IpJoinException {
    Checklist checklist = new Checklist();
    ReadPath readPath = checklist.setting(() -> IpJoinKeys.readPath(conf), "bad loader: ");
    JoinMode mode = checklist.setting(() -> JoinMode.fromName(IpJoinKeys.MODE.get(conf)),
        "bad mode: ");
    CountBy countBy = checklist.setting(() -> CountBy.fromName(IpJoinKeys.COUNT_BY.get(conf)),
        "bad count-by: ");
    checklist.setting(() -> MatchTags.of(conf));
    checklist.setting(() -> ClientIpLocators.fromSpec(IpJoinKeys.FORMAT.get(conf)));
    InputBlocks blocks = checklist.setting(() -> InputBlocks.of(conf));
    checklist.setting(() -> ConfiguredMapper.of(conf));
    Switches.check(conf, checklist);
    checklist.setting(() -> ResultCheck.maxFraction(conf));
    IndexCheck.CheckedIndex index = checklist.check(() -> IndexCheck.check(conf, readPath));
    Path out = checklist.check(() -> OutputCheck.qualified(conf, output));
    if (out != null) {
      checklist.check(() -> OutputCheck.refuseExisting(conf, output, out));
      checklist.check(() -> OutputCheck.refuseUnwritableParent(conf, output, out));
    }
    // An output that exists still takes part: an input holding it is a problem of its own.
    InputSet inputSet = checklist.check(() -> InputSet.resolve(conf, inputs, out));
    checklist.passOrThrow();
    return new Checked(index.path(), index.identity(), mode, countBy, inputSet, blocks, out);
  }

  static Path qualify(Path p, Configuration conf) throws IpJoinException {
    return FileSystemConnector.of(p, conf).makeQualified(p);
  }

}
