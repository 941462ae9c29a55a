package org.ipjoin.job.options;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.job.IndexSpecs;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinColumns;
import org.ipjoin.job.JoinIndexes;
import org.ipjoin.problem.OneLine;

/**
 * The reading of {@code ipjoin.clients} ({@code --client NAME=FORMAT}, repeatable): the address
 * columns of each record, in order, in the list syntax of {@code ipjoin.index.path} ({@link
 * IndexSpecs}: a comma inside a format written {@code \,}). Empty when the key is unset: one column
 * at {@code ipjoin.format}.
 */
final class ClientColumns {

  private ClientColumns() {}

  /**
   * The columns the key names.
   *
   * @throws IllegalArgumentException one line: an item without {@code NAME=}, a bad or repeated
   *     name, a bad format (ClientIpLocators' line), or {@code ipjoin.format} set as well
   */
  static List<ClientColumn> read(Configuration conf) {
    List<String> items = IndexSpecs.split(IpJoinKeys.CLIENTS.get(conf));
    List<ClientColumn> columns = new ArrayList<>();
    if (items.isEmpty()) {
      return columns;
    }
    if (conf.get(IpJoinKeys.FORMAT.key()) != null) {
      throw new IllegalArgumentException("--client and --format (" + IpJoinKeys.CLIENTS.key()
          + " and " + IpJoinKeys.FORMAT.key() + ") cannot be given together: --format F is the one"
          + " address column, --client NAME=F names each of several");
    }
    Set<String> names = new HashSet<>();
    for (String item : items) {
      int eq = item.indexOf('=');
      String name = eq < 0 ? "" : item.substring(0, eq).trim();
      if (eq < 0 || !JoinColumns.isName(name)) {
        throw new IllegalArgumentException("bad --client '" + OneLine.of(item) + "': give NAME=FORMAT"
            + " with a column name of " + JoinColumns.NAME_RULE + " (e.g. src=json:src_ip)");
      }
      if (!names.add(name)) {
        throw new IllegalArgumentException("bad --client '" + OneLine.of(item) + "': column " + name
            + " is named twice");
      }
      ClientFormat format;
      try {
        format = ClientFormat.of(item.substring(eq + 1), IpJoinKeys.CHAIN.get(conf));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("bad --client " + name + ": " + e.getMessage(), e);
      }
      columns.add(new ClientColumn(name, format));
    }
    long tables = columns.stream().filter(c -> c.format().columnKind() != null).count();
    if (tables > 0 && (tables < columns.size() || columns.stream()
        .map(c -> c.format().columnKind()).distinct().count() > 1)) {
      throw new IllegalArgumentException("bad --client: " + write(columns) + " mixes a table"
          + " format with another format; every address column of a table row is KIND:COLUMN of"
          + " one kind (e.g. src=parquet:src_ip,dst=parquet:dst_ip)");
    }
    return columns;
  }

  /** How many columns the key names, read or not (for the counter limit, checked first). */
  static int count(Configuration conf) {
    return IndexSpecs.split(IpJoinKeys.CLIENTS.get(conf)).size();
  }

  /**
   * @throws IllegalArgumentException a column named as an index: {@code NAME.ATTR} and {@code
   *     CLIENT.INDEX} could not be told apart
   */
  static void checkNames(List<ClientColumn> columns, JoinIndexes indexes) {
    for (ClientColumn column : columns) {
      if (indexes.names().contains(column.name())) {
        throw new IllegalArgumentException("bad --client " + column + ": " + column.name()
            + " is also an index name; name the column otherwise (src, dst, ...)");
      }
    }
  }

  /** The key's value for {@code columns}, as {@link #read} reads it back. */
  static String write(List<ClientColumn> columns) {
    return IndexSpecs.join(columns.stream().map(ClientColumn::toString).toList());
  }
}
