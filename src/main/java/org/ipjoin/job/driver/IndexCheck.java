package org.ipjoin.job.driver;

import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.load.TextListLoader;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.problem.IpJoinException;

/**
 * The {@code --index} before submission, read as the tasks will read it (see {@link SubmitChecks}):
 * a binary index by its header, then whole unless {@code ipjoin.index.verify.submit=false}; a text
 * list parsed whole, since its identity only exists after parsing. Either is refused when too big
 * for the map task heap ({@link TaskMemory}), unless {@code ipjoin.memory.check=false}.
 */
final class IndexCheck {

  /** The index as a qualified path, and the identity tasks must load (null if not read). */
  record CheckedIndex(Path path, IndexIdentity identity) {}

  private IndexCheck() {}

  /**
   * @param readPath how tasks read the index; null when the loader is bad, and then the index is
   *     only qualified, since there is no telling how to read it
   */
  static CheckedIndex check(Configuration conf, ReadPath readPath) throws IpJoinException {
    try {
      Path index = SubmitChecks.qualify(new Path(IpJoinKeys.INDEX_PATH.get(conf)), conf);
      if (readPath == null) {
        return new CheckedIndex(index, null);
      }
      return readPath.readsText() ? textList(index, conf, readPath)
          : binary(index, conf, readPath);
    } catch (IllegalArgumentException e) {
      throw IpJoinException.usage("bad index path '" + IpJoinKeys.INDEX_PATH.get(conf) + "': "
          + e.getMessage());
    }
  }

  private static CheckedIndex textList(Path list, Configuration conf, ReadPath readPath)
      throws IpJoinException {
    IndexIdentity identity = textIdentity(list, conf);
    EmptyTextList.refuse(list, identity, conf);
    refuseTooBig(conf, list, identity, KeyLayout.SORTED, readPath);
    return new CheckedIndex(list, identity);
  }

  private static CheckedIndex binary(Path index, Configuration conf, ReadPath readPath)
      throws IpJoinException {
    VerifyReader.HeaderRead head = binaryHeader(index, conf);
    refuseTooBig(conf, index, head.identity(), head.header().keyLayout(), readPath);
    // Only an index that fits is read whole: a too big one would cost the read for nothing.
    IndexIdentity identity = Switches.on(conf, IpJoinKeys.VERIFY_INDEX)
        ? WholeIndexCheck.verify(index, conf) : head.identity();
    return new CheckedIndex(index, identity);
  }

  /** Refuses an index the map task heap cannot hold, unless the memory check is off. */
  private static void refuseTooBig(Configuration conf, Path index, IndexIdentity identity,
      KeyLayout layout, ReadPath readPath) throws IpJoinException {
    if (!Switches.on(conf, IpJoinKeys.MEMORY_CHECK)) {
      return;
    }
    String tooBig = memoryProblem(conf, index, identity, layout, readPath);
    if (tooBig != null) {
      throw IpJoinException.usage(tooBig);
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
    } catch (MalformedIpListException e) {
      throw IpJoinException.usage(e.getMessage());
    } catch (IOException e) {
      throw IpJoinException.usage("cannot read IP list " + list + ": " + e.getMessage());
    }
  }
}
