package org.ipjoin.index.builder;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * An input that is a folder stands for its lists: every plain file directly in it, in name order,
 * skipping names that start with {@code .} or {@code _} (hidden files, and the {@code _SUCCESS}
 * and {@code _logs} a Hadoop job leaves, as Hadoop's own input does) and sub-folders.
 */
final class ListFolder {

  private ListFolder() {}

  /** {@code inputs} with each folder replaced by its lists. */
  static List<IndexBuilder.ListFile> expand(List<IndexBuilder.ListFile> inputs) throws IOException {
    List<IndexBuilder.ListFile> lists = new ArrayList<>();
    for (IndexBuilder.ListFile input : inputs) {
      if (!input.fs().exists(input.path())
          || !input.fs().getFileStatus(input.path()).isDirectory()) {
        lists.add(input); // checked, and named when missing, with the other inputs
        continue;
      }
      FileStatus[] children = input.fs().listStatus(input.path());
      Arrays.sort(children, Comparator.comparing(c -> c.getPath().getName()));
      int before = lists.size();
      for (FileStatus child : children) {
        String name = child.getPath().getName();
        if (child.isFile() && !name.startsWith(".") && !name.startsWith("_")) {
          lists.add(new IndexBuilder.ListFile(input.fs(), new Path(input.path(), name)));
        }
      }
      if (lists.size() == before) {
        throw new InvalidBuildInputException("input " + input.path() + " is a folder without"
            + " lists (no plain file whose name does not start with '.' or '_')");
      }
    }
    return lists;
  }
}
