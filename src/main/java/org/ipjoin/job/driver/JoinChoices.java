package org.ipjoin.job.driver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ipjoin.job.AttributeSelection;
import org.ipjoin.job.CountBy;
import org.ipjoin.job.CountColumns;
import org.ipjoin.job.JoinColumns;
import org.ipjoin.job.JoinMode;
import org.ipjoin.job.WhereExpression;
import org.ipjoin.job.options.CountChoice;
import org.ipjoin.job.options.JoinOptions;
import org.ipjoin.job.options.OutputKind;
import org.ipjoin.job.table.LineRowsOutputFormat;
import org.ipjoin.problem.IpJoinException;

/**
 * The choices that name indexes and their attributes, checked once the indexes were read (their
 * names and attribute names are known only then): the attribute subsets of {@code --index},
 * {@code --where} and {@code --count-by} (which name {@code CLIENT.INDEX} with several address
 * columns, {@link JoinColumns}). Each wrong name is one line naming what exists.
 */
final class JoinChoices {

  private JoinChoices() {}

  /** Every {@code --index NAME=PATH:ATTRS} chooses attributes its index has. */
  static void checkAttributes(List<IndexCheck.CheckedIndex> indexes) throws IpJoinException {
    List<String> problems = new ArrayList<>();
    for (IndexCheck.CheckedIndex index : indexes) {
      try {
        AttributeSelection.positions(index.index().name(), index.attributes(),
            index.index().attributes());
      } catch (IllegalArgumentException e) {
        problems.add("bad --index " + index.index().name() + ": " + e.getMessage());
      }
    }
    if (!problems.isEmpty()) {
      throw IpJoinException.usage(problems);
    }
  }

  /**
   * The parsed {@code --where}, or null when none was given (then a record matches when it is
   * listed in any index); refused in {@code tag} mode, which writes every record.
   */
  static WhereExpression where(String text, JoinMode mode, String notListed,
      List<IndexCheck.CheckedIndex> indexes, List<String> clients) throws IpJoinException {
    if (text == null) {
      return null;
    }
    if (mode == JoinMode.TAG) {
      throw IpJoinException.usage("--where applies to --mode match, nomatch and count; tag mode"
          + " writes every record with every index's columns");
    }
    Map<String, List<String>> attributes = attributesByIndex(indexes);
    return WhereExpression.parse(text, JoinColumns.of(clients, List.copyOf(attributes.keySet())),
        attributes, notListed);
  }

  /**
   * {@code --count-by} names indexes of this join (and attributes they have); {@code label}
   * needs a single index.
   */
  static void checkCountBy(CountChoice countBy, List<IndexCheck.CheckedIndex> indexes,
      List<String> clients) throws IpJoinException {
    Map<String, List<String>> byIndex = attributesByIndex(indexes);
    JoinColumns columns = JoinColumns.of(clients, List.copyOf(byIndex.keySet()));
    Map<String, List<String>> attributes = columns.perLookup(byIndex);
    if (countBy.keyword() == CountBy.LABEL && attributes.size() > 1) {
      throw IpJoinException.usage("--count-by label needs one index"
          + (columns.qualified() ? " and one address column;" : "; with " + indexes.size())
          + " name the ones to count by: --count-by " + String.join(",", attributes.keySet()));
    }
    if (countBy.byColumns()) {
      try {
        CountColumns.parse(countBy.columns(), List.copyOf(attributes.keySet()),
            List.copyOf(attributes.values()));
      } catch (IllegalArgumentException e) {
        throw IpJoinException.usage(e.getMessage());
      }
    }
  }

  /**
   * Text written as a Parquet table ({@code --output-format parquet}) takes text lines:
   * SequenceFile input is written back as SequenceFiles, each record with its key.
   */
  static void checkSequenceFileOutput(JoinOptions options, InputSet inputs) throws IpJoinException {
    SequenceFileHeader first = inputs.sequenceFile();
    if (options.output() == OutputKind.PARQUET && first != null) {
      throw IpJoinException.usage("--output-format parquet: input " + first.file() + " is a Hadoop"
          + " SequenceFile, whose records are written back as SequenceFiles with their keys;"
          + " leave --output-format out (or join text logs to write a Parquet table)");
    }
  }

  /**
   * Text written as a Parquet table in tag mode: no tag column may be named as its column of lines,
   * which an index called {@code line} writing no attribute would be (a table cannot have two
   * columns of one name; with {@code --client} tag columns are {@code NAME.INDEX}).
   */
  static void checkLineColumn(JoinOptions options, List<IndexCheck.CheckedIndex> indexes)
      throws IpJoinException {
    if (options.output() != OutputKind.PARQUET || options.mode() != JoinMode.TAG
        || !options.tableColumns().isEmpty() || !options.clients().isEmpty()) {
      return;
    }
    for (IndexCheck.CheckedIndex index : indexes) {
      if (index.index().name().equals(LineRowsOutputFormat.LINE)
          && index.index().attributes().isEmpty() && index.attributes().isEmpty()) {
        throw IpJoinException.usage("--output-format parquet: index " + LineRowsOutputFormat.LINE
            + "'s tag column would be named " + LineRowsOutputFormat.LINE + ", as the table's"
            + " column of lines; name the index otherwise (--index OTHER=PATH)");
      }
    }
  }

  private static Map<String, List<String>> attributesByIndex(List<IndexCheck.CheckedIndex> indexes) {
    Map<String, List<String>> attributes = new LinkedHashMap<>();
    for (IndexCheck.CheckedIndex index : indexes) {
      attributes.put(index.index().name(), index.attributes());
    }
    return attributes;
  }
}
