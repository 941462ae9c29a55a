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
  private final List<String> names;
  private final List<LabelDictionary> dictionaries;
  private final WhereExpression where;

  private TaskIndexes(JoinedIndex[] indexes, List<String> names, WhereExpression where) {
    this.indexes = indexes;
    this.names = names;
    this.dictionaries = Stream.of(indexes).map(JoinedIndex::labels).toList();
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
    List<String> names = specs.names();
    return new TaskIndexes(loaded, names, where(options.where(), names, loaded));
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

  /** {@code ipjoin.where} over the loaded indexes, or "listed in any index". */
  private static WhereExpression where(String text, List<String> names, JoinedIndex[] indexes)
      throws IOException {
    if (text == null) {
      return WhereExpression.anyListed(names);
    }
    Map<String, List<String>> attributes = new LinkedHashMap<>();
    for (int k = 0; k < names.size(); k++) {
      attributes.put(names.get(k), indexes[k].labels().attributeNames());
    }
    try {
      return WhereExpression.parse(text, attributes);
    } catch (IpJoinException e) {
      throw new IOException(String.join("; ", e.problems()), e);
    }
  }

  /** The indexes, in the order given. */
  JoinedIndex[] indexes() {
    return indexes;
  }

  List<String> names() {
    return names;
  }

  /** Each index's whole label dictionary, in order. */
  List<LabelDictionary> dictionaries() {
    return dictionaries;
  }

  /** The where expression bound to the loaded dictionaries. */
  WhereExpression.Matcher matcher() {
    return where.bind(names, dictionaries);
  }

  /** The where expression, for the log. */
  WhereExpression where() {
    return where;
  }

  /** The columns tag mode writes after each record, all indexes together. */
  int tagColumns() {
    int columns = 0;
    for (JoinedIndex index : indexes) {
      columns += index.columns();
    }
    return columns;
  }

  /** The names of those columns, in order ({@link JoinedIndex#columnNames}). */
  java.util.List<String> tagColumnNames() {
    java.util.List<String> names = new java.util.ArrayList<>();
    for (JoinedIndex index : indexes) {
      names.addAll(index.columnNames());
    }
    return names;
  }
}
