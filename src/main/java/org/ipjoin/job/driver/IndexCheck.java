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
import org.ipjoin.index.builder.FileIdentity;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.TextListLoader;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinIndex;
import org.ipjoin.job.JoinIndexes;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

/**
 * The {@code --index} files before submission, each read as the tasks will read it (see {@link
 * SubmitChecks}): a binary index by its header, then whole unless {@code
 * ipjoin.index.verify.submit=false}; a text list parsed whole, since its identity only exists
 * after parsing. Together they are refused when too big for the map task heap ({@link
 * TaskMemory}), unless {@code ipjoin.memory.check=false}.
 */
final class IndexCheck {

  /**
   * One index as checked: the index of the join, its qualified path, the identity tasks must load
   * (null if not read), and its attribute names (empty when its label is one unnamed value).
   */
  record CheckedIndex(JoinIndex index, Path path, IndexIdentity identity, List<String> attributes) {}

  /**
   * What the header (or the parsed text list) says, before the memory check: with the task heap
   * the index needs, from the header's section directory (or the parsed list).
   */
  private record Head(JoinIndex index, Path path, IndexIdentity identity, List<String> attributes,
      TaskMemory.Need need) {}

  private IndexCheck() {}

  /**
   * Checks every index: each readable and sound, all together fitting the task heap; the problems
   * of all indexes are reported together.
   */
  static List<CheckedIndex> check(Configuration conf, JoinIndexes indexes) throws IpJoinException {
    Checklist checklist = new Checklist();
    List<Head> heads = new ArrayList<>();
    for (JoinIndex index : indexes.list()) {
      heads.add(checklist.check(() -> head(conf, index)));
    }
    checklist.passOrThrow();
    refuseTooBig(conf, heads);
    List<CheckedIndex> checked = new ArrayList<>();
    for (Head head : heads) {
      // Only indexes that fit are read whole: a too big one would cost the read for nothing.
      IndexIdentity identity = checklist.check(() -> !head.index().readPath().readsText()
          && Switches.on(conf, IpJoinKeys.VERIFY_INDEX)
          ? WholeIndexCheck.verify(head.path(), conf) : head.identity());
      checked.add(new CheckedIndex(head.index(), head.path(), identity, head.attributes()));
    }
    checklist.passOrThrow();
    return checked;
  }

  /** Whether {@code text} names an existing file: then it is a path, whatever it holds. */
  static boolean isFile(String text, Configuration conf) {
    try {
      Path path = new Path(text);
      return path.getFileSystem(conf).getFileStatus(path).isFile();
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static Head head(Configuration conf, JoinIndex index) throws IpJoinException {
    String file = index.path().substring(index.path().lastIndexOf('/') + 1);
    if (file.contains(":")) {
      // Hadoop reads a ':' in a file name as a URI scheme's end: the local file system fails to
      // name the file's checksum file, HDFS refuses the name, the distributed cache cannot copy it.
      throw IpJoinException.usage("index " + OneLine.of(index.path()) + ": Hadoop cannot open a"
          + " file whose name holds ':' (" + OneLine.of(file) + "); give a symbolic link to it"
          + " or a copy of it under a name without ':'");
    }
    Path path;
    try {
      path = SubmitChecks.qualify(new Path(index.path()), conf);
    } catch (IllegalArgumentException e) {
      throw IpJoinException.usage("bad index path '" + index.path() + "': " + e.getMessage());
    }
    JoinIndex qualified = index.at(path.toString());
    if (index.readPath().readsText()) {
      LoadedIndex list = textList(path, conf);
      EmptyTextList.refuse(path, list.identity(), conf);
      return new Head(qualified, path, list.identity(), list.index().labels().attributeNames(),
          TaskMemory.need(qualified.name(), list));
    }
    VerifyReader.HeaderRead head = binaryHeader(path, conf);
    return new Head(qualified, path, head.identity(), attributeNames(path, conf, head),
        TaskMemory.need(qualified.name(), qualified.readPath(), head));
  }

  /** The attribute names of a binary index (none for a label of one value). */
  private static List<String> attributeNames(Path index, Configuration conf,
      VerifyReader.HeaderRead head) throws IpJoinException {
    try {
      return VerifyReader.attributeNames(index.getFileSystem(conf), index, head.header());
    } catch (IOException e) {
      throw IpJoinException.usage("cannot read index " + index + ": " + e.getMessage());
    }
  }

  /** Refuses indexes the map task heap cannot hold together, unless the memory check is off. */
  private static void refuseTooBig(Configuration conf, List<Head> heads) throws IpJoinException {
    if (!Switches.on(conf, IpJoinKeys.MEMORY_CHECK)) {
      return;
    }
    String tooBig;
    try {
      if (heads.size() == 1) {
        Head h = heads.get(0);
        tooBig = TaskMemory.check(conf, h.path().toString(), h.need());
      } else {
        tooBig = TaskMemory.checkAll(conf, heads.stream().map(Head::need).toList());
      }
    } catch (IllegalArgumentException e) {
      tooBig = e.getMessage();
    }
    if (tooBig != null) {
      throw IpJoinException.usage(tooBig);
    }
  }

  private static FileStatus indexStatus(Path index, FileSystem fs, String what)
      throws IpJoinException, IOException {
    FileStatus status;
    try {
      status = fs.getFileStatus(index);
    } catch (FileNotFoundException e) {
      Path target = FileIdentity.danglingTarget(fs, index);
      throw IpJoinException.usage(target == null ? what + " " + index + " does not exist"
          : FileIdentity.danglingMessage(what, index, target));
    }
    if (status.isDirectory()) {
      throw IpJoinException.usage(what + " " + index + " is a directory; expected a file");
    }
    // Before any open: opening a named pipe without a writer blocks for ever.
    String special = SpecialFile.kind(fs, index);
    if (special != null) {
      throw IpJoinException.usage(what + " " + index + " is " + special + ", not a regular file;"
          + " give the file it was made from (an " + what + " is read by every task)");
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
  private static LoadedIndex textList(Path list, Configuration conf) throws IpJoinException {
    try {
      FileSystem fs = list.getFileSystem(conf);
      long length = indexStatus(list, fs, "IP list").getLen();
      try (FSDataInputStream in = fs.open(list)) {
        return new TextListLoader().load(in, list.toString(), length);
      }
    } catch (MalformedIpListException e) {
      throw IpJoinException.usage(e.getMessage());
    } catch (IOException e) {
      throw IpJoinException.usage("cannot read IP list " + list + ": " + e.getMessage());
    }
  }
}
