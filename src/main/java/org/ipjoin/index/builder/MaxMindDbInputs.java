package org.ipjoin.index.builder;

import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.Path;

/**
 * Which inputs are MaxMind DB files, and whether they agree with {@code --fields}. Apart from
 * {@link MaxMindDbList} so that a build of text lists never loads a class of MaxMind's reader: a
 * gateway without its jar builds text lists as before.
 */
final class MaxMindDbInputs {

  /** The extension that marks an input as a MaxMind DB. */
  static final String EXTENSION = ".mmdb";

  private MaxMindDbInputs() {}

  /** Whether {@code path} names a MaxMind DB: by its extension, in any case. */
  static boolean isMaxMindDb(Path path) {
    return path.getName().toLowerCase(Locale.ROOT).endsWith(EXTENSION);
  }

  /**
   * The inputs and {@code --fields} agree: all MaxMind DB files with fields, or all text lists
   * without.
   */
  static void checkInputs(List<IndexBuilder.ListFile> inputs, RecordFields fields)
      throws InvalidBuildInputException {
    Path database = null;
    Path text = null;
    for (IndexBuilder.ListFile list : inputs) {
      if (isMaxMindDb(list.path())) {
        database = database == null ? list.path() : database;
      } else {
        text = text == null ? list.path() : text;
      }
    }
    if (database != null && text != null) {
      throw new InvalidBuildInputException("input " + database + " is a MaxMind DB and " + text
          + " a text list; build each kind into its own index");
    }
    if (database != null && fields == null) {
      throw new InvalidBuildInputException("input " + database + " is a MaxMind DB: name what to"
          + " index with --fields (e.g. --fields country.iso_code)");
    }
    if (database == null && fields != null) {
      throw new InvalidBuildInputException("--fields reads MaxMind DB files (" + EXTENSION
          + "), and input " + text + " is a text list; give its labels with --labels");
    }
  }
}
