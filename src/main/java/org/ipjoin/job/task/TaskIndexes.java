package org.ipjoin.job.task;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.job.IpJoinCounter;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinColumns;
import org.ipjoin.job.JoinIndexes;
import org.ipjoin.job.WhereExpression;
import org.ipjoin.job.options.JoinOptions;
import org.ipjoin.problem.IpJoinException;

/**
 * Every index of a map task's join, loaded in the order given (the {@link JoinOptions} the task
 * read once from the job's Configuration, each checked against the identity the driver pinned for it), with what depends on
 * all of them: the {@code ipjoin.where} matcher over their label ids.
 */
final class TaskIndexes {

  private final JoinedIndex[] indexes;
  private final JoinColumns columns;
  private final List<LabelDictionary> dictionaries;
  private final WhereExpression where;

  private TaskIndexes(JoinedIndex[] indexes, JoinColumns columns, WhereExpression where) {
    this.indexes = indexes;
    this.columns = columns;
    this.dictionaries = columns.perLookup(Stream.of(indexes).map(JoinedIndex::labels).toList());
    this.where = where;
  }

  /** Loads every index of the job and reads its where expression against them. */
  static TaskIndexes load(TaskInputOutputContext<?, ?, ?, ?> context, JoinOptions options)
      throws IOException {
    Configuration conf = context.getConfiguration();
    JoinIndexes specs = options.joinIndexes();
    List<IndexIdentity> pinned = pinnedIdentities(conf, specs.size());
    JoinedIndex[] loaded = new JoinedIndex[specs.size()];
    for (int k = 0; k < specs.size(); k++) {
      loaded[k] = JoinedIndex.load(k, specs.get(k), pinned.get(k), options, context);
    }
    context.getCounter(IpJoinCounter.INDEX_LOADS).increment(1);
    JoinColumns columns = options.columns();
    return new TaskIndexes(loaded, columns, where(options.where(), columns, loaded));
  }

  /** The identities the driver pinned, one per index; a missing or short list fails the task. */
  private static List<IndexIdentity> pinnedIdentities(Configuration conf, int indexes)
      throws IOException {
    String pinned = IpJoinKeys.INDEX_IDENTITY.get(conf);
    if (pinned == null) {
      throw new IOException(IpJoinKeys.INDEX_IDENTITY.key() + " is not set: the driver pins the"
          + " index every task must load; submit the job with IpJoinDriver");
    }
    String[] each = pinned.split(",");
    if (each.length != indexes) {
      throw new IOException(IpJoinKeys.INDEX_IDENTITY.key() + " pins " + each.length
          + " indexes, but the job joins " + indexes + "; submit the job with IpJoinDriver");
    }
    List<IndexIdentity> identities = new ArrayList<>();
    for (String identity : each) {
      identities.add(IndexIdentity.parse(identity.trim()));
    }
    return identities;
  }

  /**
   * {@code ipjoin.where} over the loaded indexes' lookups, or "listed in any index" (in any
   * address column).
   */
  private static WhereExpression where(String text, JoinColumns columns, JoinedIndex[] indexes)
      throws IOException {
    if (text == null) {
      return WhereExpression.anyListed(columns.names());
    }
    Map<String, List<String>> attributes = new LinkedHashMap<>();
    for (int k = 0; k < indexes.length; k++) {
      attributes.put(columns.indexes().get(k), indexes[k].labels().attributeNames());
    }
    try {
      return WhereExpression.parse(text, columns, attributes, null);
    } catch (IpJoinException e) {
      throw new IOException(String.join("; ", e.problems()), e);
    }
  }

  /** The indexes, in the order given. */
  JoinedIndex[] indexes() {
    return indexes;
  }

  /** The lookups' names: the indexes', or {@code CLIENT.INDEX} with several address columns. */
  List<String> names() {
    return columns.names();
  }

  /** Each lookup's whole label dictionary (its index's), in order. */
  List<LabelDictionary> dictionaries() {
    return dictionaries;
  }

  /** The where expression bound to the loaded dictionaries. */
  WhereExpression.Matcher matcher() {
    return where.bind(columns.names(), dictionaries);
  }

  /** The where expression, for the log. */
  WhereExpression where() {
    return where;
  }

  /**
   * The names of the columns tag mode writes, in order: each index's ({@link
   * JoinedIndex#columnNames}), and with several address columns each of those under each
   * column's name ({@code src.block}), columns outer, indexes inner.
   */
  java.util.List<String> tagColumnNames(java.util.List<String> clients) {
    java.util.List<String> names = new java.util.ArrayList<>();
    for (String client : clients.isEmpty() ? java.util.List.of("") : clients) {
      for (JoinedIndex index : indexes) {
        for (String name : index.columnNames()) {
          names.add(client.isEmpty() ? name : client + "." + name);
        }
      }
    }
    return names;
  }
}
