package org.ipjoin.job.driver;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.load.TextListLoader;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.job.CountBy;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinMode;
import org.ipjoin.job.MatchTags;
import org.ipjoin.job.input.InputBlocks;
import org.ipjoin.job.locate.ClientIpLocators;
import org.ipjoin.job.task.ConfiguredMapper;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

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

  static Checked check(Configuration conf, List<String> inputs, String output)
      throws IpJoinException {
    List<String> problems = new ArrayList<>();
    ReadPath readPath = null;
    JoinMode mode = null;
    CountBy countBy = null;
    InputBlocks blocks = null;
    try {
      readPath = IpJoinKeys.readPath(conf);
    } catch (IllegalArgumentException e) {
      problems.add("bad loader: " + e.getMessage());
    }
    try {
      mode = JoinMode.fromName(IpJoinKeys.MODE.get(conf));
    } catch (IllegalArgumentException e) {
      problems.add("bad mode: " + e.getMessage());
    }
    try {
      countBy = CountBy.fromName(IpJoinKeys.COUNT_BY.get(conf));
    } catch (IllegalArgumentException e) {
      problems.add("bad count-by: " + e.getMessage());
    }
    try {
      MatchTags.of(conf);
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
    }
    try {
      ClientIpLocators.fromSpec(IpJoinKeys.FORMAT.get(conf));
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
    }
    try {
      blocks = InputBlocks.of(conf);
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
    }
    try {
      ConfiguredMapper.of(conf);
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
    }
    for (IpJoinKeys key : new IpJoinKeys[] {IpJoinKeys.VERIFY_CHECKSUM, IpJoinKeys.MALFORMED_OUTPUT,
        IpJoinKeys.MEMORY_CHECK, IpJoinKeys.VERIFY_INDEX, IpJoinKeys.ALLOW_EMPTY_INPUT,
        IpJoinKeys.OUTPUT_OVERWRITE}) {
      try {
        key.getBoolean(conf);
      } catch (IllegalArgumentException e) {
        problems.add(e.getMessage());
      }
    }
    try {
      ResultCheck.maxFraction(conf);
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
    }

    Path index = null;
    IndexIdentity identity = null;
    try {
      index = qualify(new Path(IpJoinKeys.INDEX_PATH.get(conf)), conf);
      if (readPath != null) {
        KeyLayout layout = KeyLayout.SORTED;
        if (readPath.readsText()) {
          identity = textIdentity(index, conf);
          EmptyTextList.refuse(index, identity, conf);
        } else {
          VerifyReader.HeaderRead head = binaryHeader(index, conf);
          identity = head.identity();
          layout = head.header().keyLayout();
        }
        String tooBig = memoryCheck(conf) ? memoryProblem(conf, index, identity, layout, readPath)
            : null;
        if (tooBig != null) {
          problems.add(tooBig);
        } else if (!readPath.readsText() && enabled(conf, IpJoinKeys.VERIFY_INDEX)) {
          identity = WholeIndexCheck.verify(index, conf);
        }
      }
    } catch (IpJoinException e) {
      problems.addAll(e.problems());
    } catch (IllegalArgumentException e) {
      problems.add("bad index path '" + IpJoinKeys.INDEX_PATH.get(conf) + "': " + e.getMessage());
    }

    Path out = null;
    try {
      out = qualify(new Path(output), conf);
      if (!overwrite(conf) && out.getFileSystem(conf).exists(out)) {
        problems.add("output directory " + out + " already exists; remove it, choose another or"
            + " pass --overwrite");
      }
    } catch (IOException | IllegalArgumentException e) {
      problems.add("cannot check output '" + output + "': " + e.getMessage());
    } catch (IpJoinException e) {
      problems.addAll(e.problems());
    }
    InputSet inputSet = null;
    try {
      inputSet = InputSet.resolve(conf, inputs, out);
    } catch (IpJoinException e) {
      problems.addAll(e.problems());
    }

    if (!problems.isEmpty()) {
      throw IpJoinException.usage(problems);
    }
    return new Checked(index, identity, mode, countBy, inputSet, blocks, out);
  }

  /** Whether --overwrite was asked for; a bad value is reported with the other booleans. */
  private static boolean overwrite(Configuration conf) {
    try {
      return IpJoinKeys.OUTPUT_OVERWRITE.getBoolean(conf);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** Whether to run the memory check; a bad value is reported with the other booleans. */
  private static boolean memoryCheck(Configuration conf) {
    return enabled(conf, IpJoinKeys.MEMORY_CHECK);
  }

  /** A boolean switch; a bad value is reported with the other booleans and means "off" here. */
  private static boolean enabled(Configuration conf, IpJoinKeys key) {
    try {
      return key.getBoolean(conf);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** The memory check's problem, or a bad memory setting named with its value; null if it fits. */
  private static String memoryProblem(Configuration conf, Path index, IndexIdentity identity,
      KeyLayout layout, ReadPath readPath) {
    try {
      return TaskMemory.check(conf, index.toString(), identity, layout, readPath);
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  static Path qualify(Path p, Configuration conf) throws IpJoinException {
    try {
      return p.getFileSystem(conf).makeQualified(p);
    } catch (IOException e) {
      throw IpJoinException.usage("no FileSystem for " + p + ": " + OneLine.of(e.getMessage()));
    } catch (RuntimeException e) {
      // A scheme Hadoop knows (core-default.xml names a class for s3a, gs, abfs...) whose
      // connector jar is not on the classpath: Configuration wraps the ClassNotFoundException.
      if (e.getCause() instanceof ClassNotFoundException missing) {
        throw IpJoinException.usage("no FileSystem for " + p + ": the connector for scheme '"
            + p.toUri().getScheme() + "' is not on the classpath (" + missing.getMessage() + ")");
      }
      throw e;
    }
  }

  private static FileStatus indexStatus(Path index, FileSystem fs, String what)
      throws IpJoinException, IOException {
    FileStatus status;
    try {
      status = fs.getFileStatus(index);
    } catch (FileNotFoundException e) {
      throw IpJoinException.usage(what + " " + index + " does not exist");
    }
    if (status.isDirectory()) {
      throw IpJoinException.usage(what + " " + index + " is a directory; expected a file");
    }
    return status;
  }

  /** Reads and checks the header; the identity comes from it and the file length. */
  private static VerifyReader.HeaderRead binaryHeader(Path index, Configuration conf)
      throws IpJoinException {
    try {
      FileSystem fs = index.getFileSystem(conf);
      indexStatus(index, fs, "index");
      return VerifyReader.readHeader(fs, index);
    } catch (CorruptIndexException e) {
      throw IpJoinException.usage(e.getMessage());
    } catch (IOException e) {
      throw IpJoinException.usage("cannot read index " + index + ": " + e.getMessage());
    }
  }

  /** Parses the whole list with the text loader's rules; its identity is what tasks will compute. */
  private static IndexIdentity textIdentity(Path list, Configuration conf) throws IpJoinException {
    try {
      FileSystem fs = list.getFileSystem(conf);
      long length = indexStatus(list, fs, "IP list").getLen();
      try (FSDataInputStream in = fs.open(list)) {
        return new TextListLoader().load(in, list.toString(), length).identity();
      }
    } catch (org.ipjoin.index.list.MalformedIpListException e) {
      throw IpJoinException.usage(e.getMessage());
    } catch (IOException e) {
      throw IpJoinException.usage("cannot read IP list " + list + ": " + e.getMessage());
    }
  }
}
