package org.ipjoin.job.driver;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.ipjoin.job.table.TableColumn;
import org.ipjoin.job.table.TableFormat;

/**
 * The input check of a job reading a table format ({@code parquet:COLUMN}), in place of {@link
 * InputContent}'s: each file is of the format, has every address column, and has the first
 * file's schema (the output is one table: match, nomatch and malformed output keep the input's
 * schema), else one line naming the file and the column. Reads each file's footer once. One
 * check per job, whatever {@code --input} a file was found under: the first file's schema is
 * every file's.
 */
final class TableCheck {

  private final Configuration conf;
  private final TableFormat format;
  private final List<String> columns;
  private String schema;
  private Path first;

  /** The check of files of {@code format} with the address columns {@code columns} (paths). */
  TableCheck(Configuration conf, TableFormat format, List<String> columns) {
    this.conf = conf;
    this.format = format;
    this.columns = columns;
  }

  /**
   * The check of the job's table columns, or null when the job reads text (or tells its format
   * by the files: {@link AutoFormat}).
   */
  static TableCheck of(Configuration conf) {
    List<TableColumn> columns = TableColumn.ofJob(conf);
    return columns.isEmpty() ? null
        : new TableCheck(conf, columns.get(0).format(), TableColumn.paths(columns));
  }

  /** The one-line problem of a non-empty input file, or null when it is a table the job reads. */
  String problem(FileStatus file) throws IOException {
    String found;
    try {
      found = format.schema(file.getPath().getFileSystem(conf), file, columns, conf);
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
    if (schema == null) {
      schema = found;
      first = file.getPath();
    } else if (!schema.equals(found)) {
      return "input " + file.getPath() + " has another schema than " + first + ": the output is"
          + " one table, so every input file must have the same schema";
    }
    return null;
  }
}
