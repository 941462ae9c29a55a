package org.ipjoin.job.table;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;

/**
 * A table format: files of rows with a schema (Parquet, ORC, Avro), read and written through the
 * format's own Hadoop input and output formats, whose rows reach the mapper as {@link TableRow}s.
 * The join itself is the text formats': each address column's value is handed to the mapper as
 * the text a log would hold ({@link AddressColumn}), parsed by the same code. A format is chosen
 * once, by the kind of the {@code ipjoin.format} (or {@code --client}) spec, {@code KIND:COLUMN}
 * ({@link TableColumn}), or by the files' magic with {@code auto:COLUMN} (the driver's {@code
 * InputContent} tells it); adding one (ORC, Avro) is one class implementing this interface, its
 * kind in {@link #ofKind} and in {@code ClientIpLocators.TABLE_KINDS}, its magic in {@code
 * InputContent}.
 */
public sealed interface TableFormat permits ParquetTable, OrcTable, AvroTable {

  /** The table format of a spec's kind ({@code parquet}, {@code orc}), or null for text. */
  static TableFormat ofKind(String kind) {
    return switch (kind.trim().toLowerCase(Locale.ROOT)) {
      case ParquetTable.KIND -> ParquetTable.INSTANCE;
      case OrcTable.KIND -> OrcTable.INSTANCE;
      case AvroTable.KIND -> AvroTable.INSTANCE;
      default -> null;
    };
  }

  /** The kind, as specs and the run summary write it. */
  String kind();

  /** What a file of this format is, for messages: "a Parquet file". */
  String what();

  /**
   * Driver side: reads {@code file}'s schema and checks that every column of {@code columns}
   * (dotted paths) is there and of a type that holds an address.
   *
   * @return the schema, in the text form {@link #configure} and the run summary take
   * @throws IllegalArgumentException one line naming the file (and the column): not a file of
   *     this format, or a column missing or of another type
   */
  String schema(FileSystem fs, FileStatus file, List<String> columns, Configuration conf)
      throws IOException;

  /**
   * Driver side: the job's input format, the named output {@code malformedOutput} and, when
   * {@code rows} (every mode but count), its output format (made lazily, so a task without output
   * writes no file): written with {@code schema} (tag output adds its columns), compressed as
   * {@code first}, an input file, is.
   */
  void configure(Job job, String schema, Path first, String malformedOutput, boolean rows)
      throws IOException;

  /**
   * The check every format's {@link #schema} ends with: each of {@code columns} asked of {@code
   * problem} (null when the column holds an address, else what is wrong with it).
   *
   * @throws IllegalArgumentException one line naming the file, the first column that fails and
   *     the schema ({@code schemaText}, made only then)
   */
  static void requireAddressColumns(FileStatus file, List<String> columns,
      Function<String, String> problem, Supplier<String> schemaText) {
    for (String column : columns) {
      String why = problem.apply(column);
      if (why != null) {
        throw new IllegalArgumentException("input " + file.getPath() + ": column " + column + " "
            + why + " (its schema: " + schemaText.get() + ")");
      }
    }
  }

  /** Classes whose jars a task on a cluster needs (shipped with the job: the job jar is thin). */
  List<Class<?>> runtimeClasses();

  /** Task side: the reader of one address column (a dotted path) of each row. */
  AddressColumn column(String path);

  /** One address column of a table's rows, read as the text a log would hold. */
  interface AddressColumn {
    /**
     * Sets {@code out} to the column's value in {@code row} as address text: a string as it is,
     * a number or 4 or 16 bytes as the address they hold; empty when the value is null.
     */
    void read(Object row, Text out);

    /**
     * Puts the column's value in {@code row} into {@code sink}: a format whose columns hold
     * addresses as numbers or bytes hands them over as they are (no text to parse back); by
     * default the value's text ({@link #read(Object, Text)}, in {@code scratch}).
     */
    default void read(Object row, AddressSink sink, Text scratch) {
      read(row, scratch);
      sink.text(scratch.getBytes(), 0, scratch.getLength());
    }
  }
}
