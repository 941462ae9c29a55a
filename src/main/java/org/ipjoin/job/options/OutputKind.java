package org.ipjoin.job.options;

import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinMode;
import org.ipjoin.job.table.TableColumn;

/**
 * {@code ipjoin.output.format} ({@code --output-format text|parquet}), read and checked once: what
 * the records of text input are written as. {@code text} (default): the lines, as always; {@code
 * parquet}: a Parquet table of the lines ({@code org.ipjoin.job.table.LineRowsOutputFormat}). A
 * table's rows are written in the table's own format whatever this says, so the key only
 * confirms it there.
 */
public enum OutputKind {
  TEXT, PARQUET;

  /** Where a custom line end would let a line hold {@code \n}, which ends a row here. */
  private static final String RECORD_DELIMITER = "textinputformat.record.delimiter";

  /** The name {@code --output-format} takes. */
  public String externalName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * @throws IllegalArgumentException one line naming the key and the accepted values
   */
  static OutputKind read(Configuration conf) {
    String value = IpJoinKeys.OUTPUT_FORMAT.get(conf);
    try {
      return valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("bad --output-format '" + value + "' ("
          + IpJoinKeys.OUTPUT_FORMAT.key() + "): give text or parquet");
    }
  }

  /**
   * The driver's check of this choice against the mode and the input's format ({@code first}: the
   * first address column's): count writes text lines whatever is chosen, a table is written in its
   * own format, and a Parquet row of text input is one line ending at {@code \n}.
   *
   * @param given whether the key was set (text is then asked for, not only the default)
   * @throws IllegalArgumentException one line naming {@code --output-format} and the way out
   */
  void check(boolean given, JoinMode mode, ClientFormat first, Configuration conf) {
    TableColumn table = first.table();
    if (this == PARQUET && mode == JoinMode.COUNT) {
      throw new IllegalArgumentException("--output-format parquet does not apply to --mode count:"
          + " count writes text lines (the key, a tab, the count); leave out --output-format");
    }
    if (table != null && given && !table.format().kind().equals(externalName())) {
      throw new IllegalArgumentException("--output-format " + externalName() + " does not apply"
          + " to input read with --format " + table.format().kind() + ":COLUMN: a table's rows are"
          + " written in its own format (" + table.format().kind() + "); leave out"
          + " --output-format");
    }
    String delimiter = conf.get(RECORD_DELIMITER);
    if (this == PARQUET && table == null && delimiter != null && !delimiter.equals("\n")) {
      throw new IllegalArgumentException("--output-format parquet needs lines that end at a line"
          + " end, but " + RECORD_DELIMITER + " is set: leave it unset or write text");
    }
  }
}
