package org.ipjoin.job.driver;

import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.options.ClientFormat;
import org.ipjoin.job.options.JoinOptions;
import org.ipjoin.job.table.TableFormat;

/**
 * {@code --format auto}: the job's format told once, in the driver, by its input files' first
 * bytes ({@link InputContent}): files starting {@code PAR1}, {@code ORC} or {@code Obj\x01} are
 * joined as Parquet, ORC or Avro tables by the column {@code auto:COLUMN} names ({@code --client
 * NAME=auto:COLUMN} likewise); any other file (text, a SequenceFile of lines) is read as lines in
 * the default text format. Without {@code --format} and {@code --client} a job is as with plain
 * {@code auto}: lines are read as ever, and a table is refused saying to name its column. A job
 * reads one kind of file: {@link InputSet} names two files of different kinds. What the tasks
 * read is the format found ({@link JoinOptions#withFormatOf}), so none looks at magic again.
 */
final class AutoFormat {

  /** The columns of the {@code auto:COLUMN} formats, in order; empty for plain {@code auto}. */
  private final List<String> columns;
  /** How the user names a table's column here: {@code --format} or {@code --client}. */
  private final String howToName;
  private final Configuration conf;
  private TableFormat table;
  private TableCheck check;

  private AutoFormat(List<String> columns, String howToName, Configuration conf) {
    this.columns = columns;
    this.howToName = howToName;
    this.conf = conf;
  }

  /**
   * The auto format of a job whose address columns have {@code formats} ({@code auto}, {@code
   * auto:COLUMN}, or none named at all), or null when the user named other formats or they could
   * not be read ({@code formats} empty: reported already).
   */
  static AutoFormat of(Configuration conf, List<ClientFormat> formats) {
    String clientsKey = IpJoinKeys.CLIENTS.get(conf);
    boolean clients = clientsKey != null && !clientsKey.isBlank();
    boolean named = clients || conf.get(IpJoinKeys.FORMAT.key()) != null;
    if (formats.isEmpty() || named && formats.stream().noneMatch(ClientFormat::auto)) {
      return null;
    }
    return new AutoFormat(formats.stream().map(ClientFormat::autoColumn)
        .filter(Objects::nonNull).toList(),
        clients ? "--client NAME=auto:COLUMN" : "--format auto:COLUMN (e.g. auto:client_ip)",
        conf);
  }

  /**
   * The problem of non-empty file {@code file}, whose magic says it is a table of {@code found},
   * or null: without a column it is refused (as any binary file is with a text format); else the
   * first table's format is the job's, and each file of it is checked as a table job checks its
   * files ({@link TableCheck}). A file of another table format is left to {@link InputSet}'s
   * kinds.
   */
  String tableProblem(FileStatus file, TableFormat found) throws IOException {
    if (columns.isEmpty()) {
      return "input " + file.getPath() + " is " + found.what() + ", a table: name its address"
          + " column to join it, " + howToName;
    }
    if (table == null) {
      table = found;
      check = new TableCheck(conf, found, columns);
    }
    return found == table ? check.problem(file) : null;
  }

  /**
   * The problem of a job whose files are lines ({@code first}, {@code what} it is, the first of
   * them) when its format names a table's column, or null.
   */
  String linesProblem(Path first, String what) {
    return columns.isEmpty() ? null : "input " + first + " is " + what + ", not a table, but"
        + " auto:" + columns.get(0) + " names a table's column (Parquet, ORC, Avro); give a"
        + " text format for logs (combined, tsv:N, json:PATH, ...)";
  }
}
