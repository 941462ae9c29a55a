package org.ipjoin.job.driver;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.job.CountBy;
import org.ipjoin.job.CountColumns;
import org.ipjoin.job.FileSystemConnector;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinIndexes;
import org.ipjoin.job.JoinMode;
import org.ipjoin.job.MatchTags;
import org.ipjoin.job.WhereExpression;
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
   * The validated plan: the indexes, each qualified with the identity tasks must load, and what
   * the job writes ({@code countBy} matters in count mode only: null when it names indexes, see
   * {@link CountColumns}; {@code where} is null when none was given), and how tasks read the input.
   */
  record Checked(List<IndexCheck.CheckedIndex> indexes, JoinMode mode, CountBy countBy,
      WhereExpression where, InputSet inputs, InputBlocks blocks, Path output) {

    /** The first index, qualified: the one index of most joins. */
    Path index() {
      return indexes.get(0).path();
    }

    /** The first index's identity. */
    IndexIdentity identity() {
      return indexes.get(0).identity();
    }

    /** The indexes as the tasks read them, at their qualified paths. */
    JoinIndexes joinIndexes() {
      return new JoinIndexes(indexes.stream().map(IndexCheck.CheckedIndex::index).toList());
    }
  }

  private SubmitChecks() {}

  /**
   * Runs every check, in the order their problems are reported.
   *
   * @throws IpJoinException every problem found, one line each
   */
  static Checked check(Configuration conf, List<String> inputs, String output)
      throws IpJoinException {
    Checklist checklist = new Checklist();
    JoinIndexes given = checklist.check(() -> JoinIndexes.resolve(conf,
        text -> IndexCheck.isFile(text, conf)));
    JoinMode mode = checklist.setting(() -> JoinMode.fromName(IpJoinKeys.MODE.get(conf)),
        "bad mode: ");
    if (given != null && mode != null) {
      checklist.check(() -> CounterLimit.check(conf, given.size(), mode));
    }
    String countByValue = IpJoinKeys.COUNT_BY.get(conf);
    CountBy countBy = CountColumns.namesIndexes(countByValue) ? null
        : checklist.setting(() -> CountBy.fromName(countByValue), "bad count-by: ");
    checklist.setting(() -> MatchTags.of(conf));
    checklist.setting(() -> ClientIpLocators.fromSpec(IpJoinKeys.FORMAT.get(conf),
        IpJoinKeys.CHAIN.get(conf)));
    InputBlocks blocks = checklist.setting(() -> InputBlocks.of(conf));
    checklist.setting(() -> ConfiguredMapper.of(conf));
    Switches.check(conf, checklist);
    checklist.setting(() -> ResultCheck.maxFraction(conf));
    List<IndexCheck.CheckedIndex> indexes = given == null ? null
        : checklist.check(() -> IndexCheck.check(conf, given));
    WhereExpression where = null;
    if (indexes != null) {
      checklist.check(() -> JoinChoices.checkAttributes(indexes));
      where = checklist.check(() -> JoinChoices.where(conf, mode, indexes));
      checklist.check(() -> JoinChoices.checkCountBy(countByValue, countBy, indexes));
    }
    Path out = checklist.check(() -> OutputCheck.qualified(conf, output));
    if (out != null) {
      checklist.check(() -> OutputCheck.refuseExisting(conf, output, out));
      checklist.check(() -> OutputCheck.refuseUnwritableParent(conf, output, out));
    }
    // An output that exists still takes part: an input holding it is a problem of its own.
    InputSet inputSet = checklist.check(() -> InputSet.resolve(conf, inputs, out));
    checklist.passOrThrow();
    return new Checked(indexes, mode, countBy, where, inputSet, blocks, out);
  }

  static Path qualify(Path p, Configuration conf) throws IpJoinException {
    return FileSystemConnector.of(p, conf).makeQualified(p);
  }

}
