package org.ipjoin.job;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lookups a record gets, named: with one address column (the {@code --format} form, or a
 * single {@code --client}) one per index, named as the index; with several columns ({@code
 * --client src=... --client dst=...}) one per column and index, columns outer, indexes inner,
 * named {@code CLIENT.INDEX} ({@code src.block}, {@code src.geo}, {@code dst.block}, ...). Tag
 * mode writes them in this order, {@code --where} and {@code --count-by} name them, and each task
 * keeps one label id per lookup in the same order, so everything downstream treats a lookup as
 * it treats an index of a one-column join.
 */
public final class JoinColumns {

  /** {@link JoinIndexes#NAME} in words, for messages. */
  public static final String NAME_RULE = "a letter, then letters, digits, '_' or '-'";

  private final List<String> clients;
  private final List<String> indexes;

  private JoinColumns(List<String> clients, List<String> indexes) {
    this.clients = List.copyOf(clients);
    this.indexes = List.copyOf(indexes);
  }

  /**
   * The lookups of {@code clients} (column names, in order; qualified only when there are two or
   * more) in {@code indexes} (index names, in order).
   */
  public static JoinColumns of(List<String> clients, List<String> indexes) {
    return new JoinColumns(clients.size() > 1 ? clients : List.of(), indexes);
  }

  /** Whether {@code name} may name a column (the index name rule, not a --where keyword). */
  public static boolean isName(String name) {
    return JoinIndexes.NAME.matcher(name).matches() && !WhereParser.isKeyword(name);
  }

  /** Whether lookups are named {@code CLIENT.INDEX}: two or more columns. */
  public boolean qualified() {
    return !clients.isEmpty();
  }

  /** The columns whose names qualify lookups (none when unqualified). */
  public List<String> clients() {
    return clients;
  }

  /** The number of address columns: 1 when unqualified. */
  public int columnCount() {
    return Math.max(1, clients.size());
  }

  public List<String> indexes() {
    return indexes;
  }

  /** Every lookup's name, columns outer, indexes inner. */
  public List<String> names() {
    if (!qualified()) {
      return indexes;
    }
    List<String> names = new ArrayList<>();
    for (String client : clients) {
      for (String index : indexes) {
        names.add(client + "." + index);
      }
    }
    return names;
  }

  /** Each lookup's value: its index's, from {@code byIndex} (index name to value, in order). */
  public <T> Map<String, T> perLookup(Map<String, T> byIndex) {
    Map<String, T> values = new LinkedHashMap<>();
    for (String client : qualified() ? clients : List.of("")) {
      for (Map.Entry<String, T> e : byIndex.entrySet()) {
        values.put(client.isEmpty() ? e.getKey() : client + "." + e.getKey(), e.getValue());
      }
    }
    return values;
  }

  /** Each lookup's value: the value of its index in {@code byIndex} (in index order). */
  public <T> List<T> perLookup(List<T> byIndex) {
    List<T> values = new ArrayList<>();
    for (int c = 0; c < columnCount(); c++) {
      values.addAll(byIndex);
    }
    return values;
  }

  /**
   * The lookups a bare index name stands for when the columns are qualified: that index in any
   * column ({@code block} is {@code src.block or dst.block}); empty when unqualified or when
   * {@code index} is none of the join's.
   */
  public List<String> anyColumn(String index) {
    List<String> names = new ArrayList<>();
    if (qualified() && indexes.contains(index)) {
      for (String client : clients) {
        names.add(client + "." + index);
      }
    }
    return names;
  }
}
