package org.ipjoin.job.driver;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.job.CountBy;
import org.ipjoin.job.CountColumns;
import org.ipjoin.job.FileSystemConnector;
import org.ipjoin.job.JoinIndexes;
import org.ipjoin.job.JoinMode;
import org.ipjoin.job.OutputPartitions;
import org.ipjoin.job.WhereExpression;
import org.ipjoin.job.input.InputBlocks;
import org.ipjoin.job.options.JoinOptions;
import org.ipjoin.job.options.OptionChecks;
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
  record Checked(List<IndexCheck.CheckedIndex> indexes, JoinOptions options,
      WhereExpression where, InputSet inputs, Path output) {

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

    /** The options as the tasks read them: the indexes at their qualified paths. */
    JoinOptions taskOptions() {
      return options.withIndexes(joinIndexes());
    }

    JoinMode mode() {
      return options.mode();
    }

    /** What count mode counts by: address or label, null for columns of named indexes. */
    CountBy countBy() {
      return options.countBy().keyword();
    }

    InputBlocks blocks() {
      return options.blocks();
    }

    /**
     * The partition folders the records are written under: the inputs', unless {@code
     * --flat-output} or count mode (one result whatever the input's layout).
     */
    OutputPartitions outputPartitions() {
      return options.flatOutput() || mode() == JoinMode.COUNT ? OutputPartitions.NONE
          : inputs.partitions();
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
    OptionChecks read = OptionChecks.run(conf, text -> IndexCheck.isFile(text, conf));
    checklist.check(() -> read.options());
    JoinIndexes given = read.indexes();
    // Not an ipjoin key: checked here, after the options (the task class reads no option).
    checklist.setting(() -> ConfiguredMapper.of(conf));
    List<IndexCheck.CheckedIndex> indexes = given == null ? null
        : checklist.check(() -> IndexCheck.check(conf, given));
    WhereExpression where = null;
    JoinOptions options = read.problems().isEmpty() ? read.options() : null;
    if (indexes != null) {
      checklist.check(() -> JoinChoices.checkAttributes(indexes));
      List<String> clients = read.clientNames();
      where = checklist.check(() -> JoinChoices.where(read.where(), read.mode(),
          read.tagUnmatched(), indexes, clients));
      checklist.check(() -> JoinChoices.checkCountBy(read.countBy(), indexes, clients));
      if (options != null) {
        checklist.check(() -> JoinChoices.checkLineColumn(options, indexes));
      }
    }
    Path out = checklist.check(() -> OutputCheck.qualified(conf, output));
    if (out != null) {
      checklist.check(() -> OutputCheck.refuseExisting(conf, output, out));
      checklist.check(() -> OutputCheck.refuseUnwritableParent(conf, output, out));
    }
    // An output that exists still takes part: an input holding it is a problem of its own.
    AutoFormat auto = AutoFormat.of(conf, read.formats());
    InputSet inputSet = checklist.check(() -> InputSet.resolve(conf, inputs, out, auto));
    if (options != null && inputSet != null) {
      checklist.check(() -> JoinChoices.checkSequenceFileOutput(options, inputSet));
    }
    checklist.passOrThrow();
    // --format auto resolved once: the tasks and the run summary have the format found.
    return new Checked(indexes, options.withFormatOf(inputSet.table()), where, inputSet, out);
  }

  static Path qualify(Path p, Configuration conf) throws IpJoinException {
    return FileSystemConnector.of(p, conf).makeQualified(p);
  }

}
